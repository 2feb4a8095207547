# Empty compiler generated dependencies file for ops_test_matrix_create.
# This may be replaced when dependencies are built.
