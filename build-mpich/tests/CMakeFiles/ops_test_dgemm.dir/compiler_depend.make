# Empty compiler generated dependencies file for ops_test_dgemm.
# This may be replaced when dependencies are built.
