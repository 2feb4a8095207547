# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for ops_test_dgemm_args.
