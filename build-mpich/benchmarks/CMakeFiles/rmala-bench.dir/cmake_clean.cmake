file(REMOVE_RECURSE
  "CMakeFiles/rmala-bench.dir/cases.c.o"
  "CMakeFiles/rmala-bench.dir/cases.c.o.d"
  "CMakeFiles/rmala-bench.dir/check.c.o"
  "CMakeFiles/rmala-bench.dir/check.c.o.d"
  "CMakeFiles/rmala-bench.dir/impl_ga.c.o"
  "CMakeFiles/rmala-bench.dir/impl_ga.c.o.d"
  "CMakeFiles/rmala-bench.dir/impl_limit.c.o"
  "CMakeFiles/rmala-bench.dir/impl_limit.c.o.d"
  "CMakeFiles/rmala-bench.dir/impl_rma.c.o"
  "CMakeFiles/rmala-bench.dir/impl_rma.c.o.d"
  "CMakeFiles/rmala-bench.dir/impl_scalapack.c.o"
  "CMakeFiles/rmala-bench.dir/impl_scalapack.c.o.d"
  "CMakeFiles/rmala-bench.dir/main.c.o"
  "CMakeFiles/rmala-bench.dir/main.c.o.d"
  "CMakeFiles/rmala-bench.dir/options.c.o"
  "CMakeFiles/rmala-bench.dir/options.c.o.d"
  "CMakeFiles/rmala-bench.dir/output.c.o"
  "CMakeFiles/rmala-bench.dir/output.c.o.d"
  "CMakeFiles/rmala-bench.dir/timing.c.o"
  "CMakeFiles/rmala-bench.dir/timing.c.o.d"
  "rmala-bench"
  "rmala-bench.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rmala-bench.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
