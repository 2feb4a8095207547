file(REMOVE_RECURSE
  "CMakeFiles/ops_test_dgemm_args.dir/ops/test_dgemm_args.c.o"
  "CMakeFiles/ops_test_dgemm_args.dir/ops/test_dgemm_args.c.o.d"
  "ops/test_dgemm_args"
  "ops/test_dgemm_args.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/ops_test_dgemm_args.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
