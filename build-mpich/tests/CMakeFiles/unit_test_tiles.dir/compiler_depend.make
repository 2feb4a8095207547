# Empty compiler generated dependencies file for unit_test_tiles.
# This may be replaced when dependencies are built.
