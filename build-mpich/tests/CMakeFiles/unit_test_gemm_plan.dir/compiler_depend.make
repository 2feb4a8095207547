# Empty compiler generated dependencies file for unit_test_gemm_plan.
# This may be replaced when dependencies are built.
