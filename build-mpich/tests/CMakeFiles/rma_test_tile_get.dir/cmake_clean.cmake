file(REMOVE_RECURSE
  "CMakeFiles/rma_test_tile_get.dir/rma/test_tile_get.c.o"
  "CMakeFiles/rma_test_tile_get.dir/rma/test_tile_get.c.o.d"
  "rma/test_tile_get"
  "rma/test_tile_get.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rma_test_tile_get.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
