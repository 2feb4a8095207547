# Empty compiler generated dependencies file for ops_test_lu_args.
# This may be replaced when dependencies are built.
