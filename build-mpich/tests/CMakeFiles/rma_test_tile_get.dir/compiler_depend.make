# Empty compiler generated dependencies file for rma_test_tile_get.
# This may be replaced when dependencies are built.
