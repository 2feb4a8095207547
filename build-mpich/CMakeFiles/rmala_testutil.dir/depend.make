# Empty dependencies file for rmala_testutil.
# This may be replaced when dependencies are built.
