# Empty dependencies file for rmala.
# This may be replaced when dependencies are built.
