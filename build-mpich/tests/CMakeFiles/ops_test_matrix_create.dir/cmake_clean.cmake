file(REMOVE_RECURSE
  "CMakeFiles/ops_test_matrix_create.dir/ops/test_matrix_create.c.o"
  "CMakeFiles/ops_test_matrix_create.dir/ops/test_matrix_create.c.o.d"
  "ops/test_matrix_create"
  "ops/test_matrix_create.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ops_test_matrix_create.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
