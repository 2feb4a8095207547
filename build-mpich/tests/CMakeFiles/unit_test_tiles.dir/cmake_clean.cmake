file(REMOVE_RECURSE
  "CMakeFiles/unit_test_tiles.dir/unit/test_tiles.c.o"
  "CMakeFiles/unit_test_tiles.dir/unit/test_tiles.c.o.d"
  "unit/test_tiles"
  "unit/test_tiles.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/unit_test_tiles.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
