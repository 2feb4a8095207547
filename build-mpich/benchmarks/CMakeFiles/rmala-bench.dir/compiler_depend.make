# Empty compiler generated dependencies file for rmala-bench.
# This may be replaced when dependencies are built.
