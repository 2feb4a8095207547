#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "rmala::rmala" for configuration "Release"
set_property(TARGET rmala::rmala APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(rmala::rmala PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "C"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/librmala.a"
  )

list(APPEND _cmake_import_check_targets rmala::rmala )
list(APPEND _cmake_import_check_files_for_rmala::rmala "${_IMPORT_PREFIX}/lib/librmala.a" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
