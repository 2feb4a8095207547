file(REMOVE_RECURSE
  "CMakeFiles/ops_test_lu.dir/ops/test_lu.c.o"
  "CMakeFiles/ops_test_lu.dir/ops/test_lu.c.o.d"
  "ops/test_lu"
  "ops/test_lu.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ops_test_lu.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
