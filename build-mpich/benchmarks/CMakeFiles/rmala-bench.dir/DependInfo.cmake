
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/benchmarks/cases.c" "benchmarks/CMakeFiles/rmala-bench.dir/cases.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/cases.c.o.d"
  "/work/main/benchmarks/check.c" "benchmarks/CMakeFiles/rmala-bench.dir/check.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/check.c.o.d"
  "/work/main/benchmarks/impl_ga.c" "benchmarks/CMakeFiles/rmala-bench.dir/impl_ga.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/impl_ga.c.o.d"
  "/work/main/benchmarks/impl_limit.c" "benchmarks/CMakeFiles/rmala-bench.dir/impl_limit.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/impl_limit.c.o.d"
  "/work/main/benchmarks/impl_rma.c" "benchmarks/CMakeFiles/rmala-bench.dir/impl_rma.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/impl_rma.c.o.d"
  "/work/main/benchmarks/impl_scalapack.c" "benchmarks/CMakeFiles/rmala-bench.dir/impl_scalapack.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/impl_scalapack.c.o.d"
  "/work/main/benchmarks/main.c" "benchmarks/CMakeFiles/rmala-bench.dir/main.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/main.c.o.d"
  "/work/main/benchmarks/options.c" "benchmarks/CMakeFiles/rmala-bench.dir/options.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/options.c.o.d"
  "/work/main/benchmarks/output.c" "benchmarks/CMakeFiles/rmala-bench.dir/output.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/output.c.o.d"
  "/work/main/benchmarks/timing.c" "benchmarks/CMakeFiles/rmala-bench.dir/timing.c.o" "gcc" "benchmarks/CMakeFiles/rmala-bench.dir/timing.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-mpich/CMakeFiles/rmala.dir/DependInfo.cmake"
  "/work/main/build-mpich/CMakeFiles/rmala_testutil.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
