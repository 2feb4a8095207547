# rmala CMake package configuration.
#   find_package(rmala CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE rmala::rmala)
# rmala is a static library: its MPI, Global Arrays (+ ARMCI, gfortran) and CBLAS/LAPACKE
# dependencies are re-found here and carried by rmala::rmala.

####### Expanded from @PACKAGE_INIT@ by configure_package_config_file() #######
####### Any changes to this file will be overwritten by the next CMake run ####
####### The input file was rmalaConfig.cmake.in                            ########

get_filename_component(PACKAGE_PREFIX_DIR "${CMAKE_CURRENT_LIST_DIR}/../../../" ABSOLUTE)

macro(set_and_check _var _file)
  set(${_var} "${_file}")
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "File or directory ${_file} referenced by variable ${_var} does not exist !")
  endif()
endmacro()

macro(check_required_components _NAME)
  foreach(comp ${${_NAME}_FIND_COMPONENTS})
    if(NOT ${_NAME}_${comp}_FOUND)
      if(${_NAME}_FIND_REQUIRED_${comp})
        set(${_NAME}_FOUND FALSE)
      endif()
    endif()
  endforeach()
endmacro()

####################################################################################

include(CMakeFindDependencyMacro)

set(rmala_MPI_FLAVOR "mpich")

# Same MPI as the build: prefer the flavour's wrapper unless the caller chose one.
if(rmala_MPI_FLAVOR AND NOT DEFINED MPI_C_COMPILER AND NOT DEFINED MPI_HOME)
  find_program(_rmala_mpicc NAMES mpicc.${rmala_MPI_FLAVOR})
  if(_rmala_mpicc)
    set(MPI_C_COMPILER "${_rmala_mpicc}")
  endif()
  unset(_rmala_mpicc CACHE)
endif()
find_dependency(MPI COMPONENTS C)

# Global Arrays through the FindGlobalArrays.cmake installed next to this file.
if(NOT DEFINED GlobalArrays_MPI_FLAVOR)
  set(GlobalArrays_MPI_FLAVOR "${rmala_MPI_FLAVOR}")
endif()
if(NOT DEFINED GlobalArrays_CONFIG_EXECUTABLE AND EXISTS "/usr/lib/x86_64-linux-gnu/ga/mpich/bin/ga-config")
  set(GlobalArrays_CONFIG_EXECUTABLE "/usr/lib/x86_64-linux-gnu/ga/mpich/bin/ga-config")
endif()
set(_rmala_saved_module_path "${CMAKE_MODULE_PATH}")
list(INSERT CMAKE_MODULE_PATH 0 "${CMAKE_CURRENT_LIST_DIR}")
find_dependency(GlobalArrays)
set(CMAKE_MODULE_PATH "${_rmala_saved_module_path}")
unset(_rmala_saved_module_path)

include("${CMAKE_CURRENT_LIST_DIR}/rmalaTargets.cmake")
check_required_components(rmala)
