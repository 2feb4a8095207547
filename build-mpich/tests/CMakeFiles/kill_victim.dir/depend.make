# Empty dependencies file for kill_victim.
# This may be replaced when dependencies are built.
