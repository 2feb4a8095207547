file(REMOVE_RECURSE
  "CMakeFiles/ops_test_dgemm.dir/ops/test_dgemm.c.o"
  "CMakeFiles/ops_test_dgemm.dir/ops/test_dgemm.c.o.d"
  "ops/test_dgemm"
  "ops/test_dgemm.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ops_test_dgemm.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
