file(REMOVE_RECURSE
  "CMakeFiles/kill_victim.dir/kill/victim.c.o"
  "CMakeFiles/kill_victim.dir/kill/victim.c.o.d"
  "kill/victim"
  "kill/victim.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/kill_victim.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
