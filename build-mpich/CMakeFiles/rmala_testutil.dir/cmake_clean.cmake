file(REMOVE_RECURSE
  "CMakeFiles/rmala_testutil.dir/tests/common/rmala_testutil.c.o"
  "CMakeFiles/rmala_testutil.dir/tests/common/rmala_testutil.c.o.d"
  "librmala_testutil.a"
  "librmala_testutil.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rmala_testutil.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
