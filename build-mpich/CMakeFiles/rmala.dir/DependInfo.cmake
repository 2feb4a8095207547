
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/core/context.c" "CMakeFiles/rmala.dir/src/core/context.c.o" "gcc" "CMakeFiles/rmala.dir/src/core/context.c.o.d"
  "/work/main/src/core/error.c" "CMakeFiles/rmala.dir/src/core/error.c.o" "gcc" "CMakeFiles/rmala.dir/src/core/error.c.o.d"
  "/work/main/src/core/options.c" "CMakeFiles/rmala.dir/src/core/options.c.o" "gcc" "CMakeFiles/rmala.dir/src/core/options.c.o.d"
  "/work/main/src/core/strerror.c" "CMakeFiles/rmala.dir/src/core/strerror.c.o" "gcc" "CMakeFiles/rmala.dir/src/core/strerror.c.o.d"
  "/work/main/src/core/timing.c" "CMakeFiles/rmala.dir/src/core/timing.c.o" "gcc" "CMakeFiles/rmala.dir/src/core/timing.c.o.d"
  "/work/main/src/dist/ga_matrix.c" "CMakeFiles/rmala.dir/src/dist/ga_matrix.c.o" "gcc" "CMakeFiles/rmala.dir/src/dist/ga_matrix.c.o.d"
  "/work/main/src/dist/tiles.c" "CMakeFiles/rmala.dir/src/dist/tiles.c.o" "gcc" "CMakeFiles/rmala.dir/src/dist/tiles.c.o.d"
  "/work/main/src/kernel/tile_blas.c" "CMakeFiles/rmala.dir/src/kernel/tile_blas.c.o" "gcc" "CMakeFiles/rmala.dir/src/kernel/tile_blas.c.o.d"
  "/work/main/src/kernel/tile_lapack.c" "CMakeFiles/rmala.dir/src/kernel/tile_lapack.c.o" "gcc" "CMakeFiles/rmala.dir/src/kernel/tile_lapack.c.o.d"
  "/work/main/src/ops/dgemm.c" "CMakeFiles/rmala.dir/src/ops/dgemm.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/dgemm.c.o.d"
  "/work/main/src/ops/gemm_run.c" "CMakeFiles/rmala.dir/src/ops/gemm_run.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/gemm_run.c.o.d"
  "/work/main/src/ops/init.c" "CMakeFiles/rmala.dir/src/ops/init.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/init.c.o.d"
  "/work/main/src/ops/lu.c" "CMakeFiles/rmala.dir/src/ops/lu.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/lu.c.o.d"
  "/work/main/src/ops/lu_run.c" "CMakeFiles/rmala.dir/src/ops/lu_run.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/lu_run.c.o.d"
  "/work/main/src/ops/lu_solve.c" "CMakeFiles/rmala.dir/src/ops/lu_solve.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/lu_solve.c.o.d"
  "/work/main/src/ops/lu_solve_run.c" "CMakeFiles/rmala.dir/src/ops/lu_solve_run.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/lu_solve_run.c.o.d"
  "/work/main/src/ops/matrix_create.c" "CMakeFiles/rmala.dir/src/ops/matrix_create.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/matrix_create.c.o.d"
  "/work/main/src/ops/memory.c" "CMakeFiles/rmala.dir/src/ops/memory.c.o" "gcc" "CMakeFiles/rmala.dir/src/ops/memory.c.o.d"
  "/work/main/src/rma/mailbox.c" "CMakeFiles/rmala.dir/src/rma/mailbox.c.o" "gcc" "CMakeFiles/rmala.dir/src/rma/mailbox.c.o.d"
  "/work/main/src/rma/patch.c" "CMakeFiles/rmala.dir/src/rma/patch.c.o" "gcc" "CMakeFiles/rmala.dir/src/rma/patch.c.o.d"
  "/work/main/src/rma/ring.c" "CMakeFiles/rmala.dir/src/rma/ring.c.o" "gcc" "CMakeFiles/rmala.dir/src/rma/ring.c.o.d"
  "/work/main/src/rma/win.c" "CMakeFiles/rmala.dir/src/rma/win.c.o" "gcc" "CMakeFiles/rmala.dir/src/rma/win.c.o.d"
  "/work/main/src/sched/gemm_plan.c" "CMakeFiles/rmala.dir/src/sched/gemm_plan.c.o" "gcc" "CMakeFiles/rmala.dir/src/sched/gemm_plan.c.o.d"
  "/work/main/src/store/store.c" "CMakeFiles/rmala.dir/src/store/store.c.o" "gcc" "CMakeFiles/rmala.dir/src/store/store.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
