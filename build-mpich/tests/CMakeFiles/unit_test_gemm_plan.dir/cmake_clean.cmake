file(REMOVE_RECURSE
  "CMakeFiles/unit_test_gemm_plan.dir/unit/test_gemm_plan.c.o"
  "CMakeFiles/unit_test_gemm_plan.dir/unit/test_gemm_plan.c.o.d"
  "unit/test_gemm_plan"
  "unit/test_gemm_plan.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/unit_test_gemm_plan.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
