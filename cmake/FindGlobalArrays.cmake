# FindGlobalArrays
# ----------------
# Finds Global Arrays (GA) and its ARMCI runtime.
#
# Strategy:
#   1. ga-config (Debian ships one per MPI flavour under <libdir>/ga/<flavour>/bin; /usr/bin/ga-config
#      is the default flavour). Its --cppflags/--ldflags/--libs/--network_ldflags/--network_libs/--flibs
#      output is parsed and every -l is resolved to a full path where possible.
#   2. Otherwise find_path/find_library for ga.h, libga and libarmci under GA_ROOT/GlobalArrays_ROOT,
#      plus libgfortran (GA and ARMCI are built with Fortran; linking needs _gfortran_* symbols).
#      Extra libraries (BLAS/ScaLAPACK GA was built with) go in GlobalArrays_EXTRA_LIBRARIES.
#
# Input variables:
#   GlobalArrays_MPI_FLAVOR   openmpi | mpich | "" : picks Debian's libga-<flavour>/libarmci-<flavour>
#   GA_ROOT, GlobalArrays_ROOT  install prefix hints
#   GlobalArrays_CONFIG_EXECUTABLE  path to ga-config (cache; set to "" / NOTFOUND to skip it)
#   GlobalArrays_EXTRA_LIBRARIES    extra link items appended after GA/ARMCI (cache)
#
# Result variables:
#   GlobalArrays_FOUND, GlobalArrays_INCLUDE_DIRS, GlobalArrays_LIBRARIES, GlobalArrays_VERSION
#
# Imported target:
#   GlobalArrays::GlobalArrays  (GA + ARMCI + their BLAS/ScaLAPACK + gfortran + MPI::MPI_C)

include(FindPackageHandleStandardArgs)

set(GlobalArrays_MPI_FLAVOR "${GlobalArrays_MPI_FLAVOR}" CACHE STRING
    "MPI flavour of the GA/ARMCI libraries (openmpi, mpich or empty for the default)")

set(_ga_hints)
foreach(_r IN ITEMS "${GA_ROOT}" "$ENV{GA_ROOT}" "${GlobalArrays_ROOT}" "$ENV{GlobalArrays_ROOT}")
  if(_r)
    list(APPEND _ga_hints "${_r}")
  endif()
endforeach()

# Debian's multiarch directory holding ga/<flavour>/bin/ga-config.
set(_ga_multiarch_dirs)
if(CMAKE_LIBRARY_ARCHITECTURE)
  list(APPEND _ga_multiarch_dirs "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}")
endif()
list(APPEND _ga_multiarch_dirs /usr/lib64 /usr/lib)

# --- 1. ga-config -------------------------------------------------------------------------------
if(NOT DEFINED GlobalArrays_CONFIG_EXECUTABLE)
  set(_ga_cfg_hints)
  foreach(_h IN LISTS _ga_hints)
    list(APPEND _ga_cfg_hints "${_h}/bin")
  endforeach()
  if(GlobalArrays_MPI_FLAVOR)
    foreach(_d IN LISTS _ga_multiarch_dirs)
      list(APPEND _ga_cfg_hints "${_d}/ga/${GlobalArrays_MPI_FLAVOR}/bin")
    endforeach()
    # With a flavour, only accept a flavour-specific ga-config (or one under the given roots).
    find_program(GlobalArrays_CONFIG_EXECUTABLE NAMES ga-config
                 HINTS ${_ga_cfg_hints} NO_DEFAULT_PATH)
    if(NOT GlobalArrays_CONFIG_EXECUTABLE AND NOT _ga_hints)
      find_program(GlobalArrays_CONFIG_EXECUTABLE NAMES ga-config)
    endif()
  else()
    find_program(GlobalArrays_CONFIG_EXECUTABLE NAMES ga-config HINTS ${_ga_cfg_hints})
  endif()
endif()

set(_ga_include_dirs)
set(_ga_link_dirs)
set(_ga_libs)
set(_ga_other_flags)

# Parse compiler/linker flags into include dirs, link dirs, libraries and leftovers.
macro(_ga_parse_flags _str)
  separate_arguments(_ga_tokens UNIX_COMMAND "${_str}")
  foreach(_t IN LISTS _ga_tokens)
    if(_t MATCHES "^-I(.+)$")
      list(APPEND _ga_include_dirs "${CMAKE_MATCH_1}")
    elseif(_t MATCHES "^-L(.+)$")
      list(APPEND _ga_link_dirs "${CMAKE_MATCH_1}")
    elseif(_t MATCHES "^-l(.+)$")
      list(APPEND _ga_libs "${CMAKE_MATCH_1}")
    elseif(_t MATCHES "^-D")
      list(APPEND _ga_other_flags "${_t}")
    endif()
  endforeach()
endmacro()

if(GlobalArrays_CONFIG_EXECUTABLE)
  foreach(_opt IN ITEMS --cppflags --ldflags --libs --network_ldflags --network_libs --flibs)
    execute_process(COMMAND "${GlobalArrays_CONFIG_EXECUTABLE}" ${_opt}
                    OUTPUT_VARIABLE _ga_out OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE _ga_rc ERROR_QUIET)
    if(_ga_rc EQUAL 0)
      _ga_parse_flags("${_ga_out}")
    endif()
  endforeach()
  execute_process(COMMAND "${GlobalArrays_CONFIG_EXECUTABLE}" --version
                  OUTPUT_VARIABLE _ga_ver OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(_ga_ver MATCHES "([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
    set(GlobalArrays_VERSION "${CMAKE_MATCH_1}")
  endif()
  list(REMOVE_DUPLICATES _ga_include_dirs)
  list(REMOVE_DUPLICATES _ga_link_dirs)
  list(REMOVE_DUPLICATES _ga_libs)

  find_path(GlobalArrays_INCLUDE_DIR NAMES ga.h HINTS ${_ga_include_dirs})

  # Resolve every -lname to a full path (GA/ARMCI are static archives; keep their order).
  set(GlobalArrays_LIBRARIES)
  foreach(_l IN LISTS _ga_libs)
    if(_l MATCHES "^(m|pthread|dl|rt|c)$")
      list(APPEND GlobalArrays_LIBRARIES "${_l}") # system libraries: leave them to the linker
      continue()
    endif()
    string(MAKE_C_IDENTIFIER "${_l}" _lid)
    find_library(GlobalArrays_LIB_${_lid} NAMES ${_l} HINTS ${_ga_link_dirs})
    mark_as_advanced(GlobalArrays_LIB_${_lid})
    if(GlobalArrays_LIB_${_lid})
      list(APPEND GlobalArrays_LIBRARIES "${GlobalArrays_LIB_${_lid}}")
    else()
      list(APPEND GlobalArrays_LIBRARIES "${_l}") # not found: leave it to the linker
    endif()
  endforeach()
  # The first two resolved entries named *ga* / *armci* serve as GlobalArrays_LIBRARY / ARMCI.
  foreach(_p IN LISTS GlobalArrays_LIBRARIES)
    get_filename_component(_n "${_p}" NAME)
    if(NOT GlobalArrays_LIBRARY AND _n MATCHES "^(lib)?ga(-[a-z]+)?\\.")
      set(GlobalArrays_LIBRARY "${_p}")
    elseif(NOT GlobalArrays_ARMCI_LIBRARY AND _n MATCHES "^(lib)?armci(-[a-z]+)?\\.")
      set(GlobalArrays_ARMCI_LIBRARY "${_p}")
    endif()
  endforeach()

# --- 2. plain search ----------------------------------------------------------------------------
else()
  set(_ga_inc_hints)
  set(_ga_lib_hints)
  foreach(_h IN LISTS _ga_hints)
    list(APPEND _ga_inc_hints "${_h}/include")
    list(APPEND _ga_lib_hints "${_h}/lib" "${_h}/lib64")
  endforeach()
  find_path(GlobalArrays_INCLUDE_DIR NAMES ga.h HINTS ${_ga_inc_hints})
  set(_ga_names ga)
  set(_armci_names armci)
  if(GlobalArrays_MPI_FLAVOR)
    set(_ga_names ga-${GlobalArrays_MPI_FLAVOR} ga)
    set(_armci_names armci-${GlobalArrays_MPI_FLAVOR} armci)
  endif()
  find_library(GlobalArrays_LIBRARY NAMES ${_ga_names} NAMES_PER_DIR HINTS ${_ga_lib_hints})
  find_library(GlobalArrays_ARMCI_LIBRARY NAMES ${_armci_names} NAMES_PER_DIR
               HINTS ${_ga_lib_hints})
  # GA and ARMCI contain Fortran objects: add libgfortran as gfortran reports it.
  set(_ga_fortran_libs)
  find_program(GlobalArrays_GFORTRAN_EXECUTABLE NAMES gfortran)
  mark_as_advanced(GlobalArrays_GFORTRAN_EXECUTABLE)
  if(GlobalArrays_GFORTRAN_EXECUTABLE)
    foreach(_fl IN ITEMS gfortran quadmath)
      execute_process(COMMAND "${GlobalArrays_GFORTRAN_EXECUTABLE}" -print-file-name=lib${_fl}.so
                      OUTPUT_VARIABLE _p OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(IS_ABSOLUTE "${_p}" AND EXISTS "${_p}")
        list(APPEND _ga_fortran_libs "${_p}")
      endif()
    endforeach()
  endif()
  if(NOT _ga_fortran_libs)
    set(_ga_fortran_libs gfortran)
  endif()
  set(GlobalArrays_LIBRARIES "${GlobalArrays_LIBRARY}" ${GlobalArrays_EXTRA_LIBRARIES}
                             "${GlobalArrays_ARMCI_LIBRARY}" ${_ga_fortran_libs} m pthread)
endif()

set(GlobalArrays_EXTRA_LIBRARIES "${GlobalArrays_EXTRA_LIBRARIES}" CACHE STRING
    "Extra libraries appended to the GA link line (BLAS/ScaLAPACK GA was built with)")
if(GlobalArrays_CONFIG_EXECUTABLE AND GlobalArrays_EXTRA_LIBRARIES)
  list(APPEND GlobalArrays_LIBRARIES ${GlobalArrays_EXTRA_LIBRARIES})
endif()

if(NOT GlobalArrays_VERSION AND GlobalArrays_INCLUDE_DIR AND EXISTS "${GlobalArrays_INCLUDE_DIR}/gacommon.h")
  file(STRINGS "${GlobalArrays_INCLUDE_DIR}/gacommon.h" _ga_vlines REGEX "#define GA_VERSION_(MAJOR|MINOR|PATCH)")
  foreach(_c MAJOR MINOR PATCH)
    if(_ga_vlines MATCHES "GA_VERSION_${_c} +([0-9]+)")
      list(APPEND _ga_vparts "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(_ga_vparts)
    list(JOIN _ga_vparts "." GlobalArrays_VERSION)
  endif()
endif()

find_package_handle_standard_args(GlobalArrays
  REQUIRED_VARS GlobalArrays_LIBRARY GlobalArrays_ARMCI_LIBRARY GlobalArrays_INCLUDE_DIR
  VERSION_VAR GlobalArrays_VERSION)

if(GlobalArrays_FOUND)
  set(GlobalArrays_INCLUDE_DIRS "${GlobalArrays_INCLUDE_DIR}")
  if(NOT TARGET MPI::MPI_C)
    find_package(MPI QUIET COMPONENTS C)
  endif()
  if(NOT TARGET GlobalArrays::GlobalArrays)
    add_library(GlobalArrays::GlobalArrays INTERFACE IMPORTED)
    set_target_properties(GlobalArrays::GlobalArrays PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${GlobalArrays_INCLUDE_DIRS}"
      INTERFACE_LINK_LIBRARIES "${GlobalArrays_LIBRARIES}")
    if(_ga_other_flags)
      set_property(TARGET GlobalArrays::GlobalArrays PROPERTY
                   INTERFACE_COMPILE_OPTIONS "${_ga_other_flags}")
    endif()
    if(TARGET MPI::MPI_C)
      set_property(TARGET GlobalArrays::GlobalArrays APPEND PROPERTY
                   INTERFACE_LINK_LIBRARIES MPI::MPI_C)
    endif()
  endif()
endif()

mark_as_advanced(GlobalArrays_INCLUDE_DIR GlobalArrays_LIBRARY GlobalArrays_ARMCI_LIBRARY
                 GlobalArrays_CONFIG_EXECUTABLE)
