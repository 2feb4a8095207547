/*
 * rmala-bench — compares rma_?gemm (s, d, c, z) / rma_lu with ScaLAPACK
 * (p?gemm, pdgetrf), GA_?gemm and the single-process BLAS limit on identical
 * matrices.
 *
 * main.c: start-up (MPI, GA, rmala, BLAS threads), the loop over the cases
 * group by group, the final tables, and the call of the plot script.
 * See doc/benchmarks.md for the options and the fairness rules.
 */
#include <ga.h>
#include <macdecls.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "rmala.h"

void openblas_set_num_threads(int num_threads);

#ifndef RMALA_BENCH_PLOT_SOURCE
#define RMALA_BENCH_PLOT_SOURCE ""
#endif

static void env_make(bench_env_t *env) {
  env->comm = MPI_COMM_WORLD;
  MPI_Comm_rank(env->comm, &env->rank);
  MPI_Comm_size(env->comm, &env->np);
  MPI_Comm_split_type(env->comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &env->node_comm);
  int node_rank, node_size;
  MPI_Comm_rank(env->node_comm, &node_rank);
  MPI_Comm_size(env->node_comm, &node_size);
  int leader = node_rank == 0;
  MPI_Allreduce(&leader, &env->nodes, 1, MPI_INT, MPI_SUM, env->comm);
  env->node_ranks = node_size;
  MPI_Bcast(&env->node_ranks, 1, MPI_INT, 0, env->comm);
}

// One BLAS thread per rank for every impl but the limit. OpenBLAS reads
// OPENBLAS_NUM_THREADS when it loads, so setting the variable here would be
// too late: set the count through the API and say so when it differed.
static void blas_threads_one(const bench_env_t *env) {
  const char *v = getenv("OPENBLAS_NUM_THREADS");
  if (env->rank == 0 && (!v || strcmp(v, "1")))
    fprintf(stderr,
            "rmala-bench: OPENBLAS_NUM_THREADS is %s; using 1 BLAS thread per rank "
            "(openblas_set_num_threads). Export OPENBLAS_NUM_THREADS=1 to silence this.\n",
            v ? v : "unset");
  openblas_set_num_threads(1);
}

static const char *plot_script(const bench_opts_t *o, char *buf, size_t len) {
  struct stat st;
  if (o->plot_script[0])
    return o->plot_script;
  const char *e = getenv("RMALA_BENCH_PLOT");
  if (e && *e)
    return e;
  // Installed next to the binary: <prefix>/bin/rmala-bench, <prefix>/share/rmala/plot.sh
  char exe[1024];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (k > 0) {
    exe[k] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) {
      *slash = 0;
      snprintf(buf, len, "%s/../share/rmala/plot.sh", exe);
      if (!stat(buf, &st))
        return buf;
    }
  }
  return RMALA_BENCH_PLOT_SOURCE;
}

static bench_impl_fn *const impl_fns[IMPL_COUNT] = {impl_rma_run, impl_scalapack_run, impl_ga_run,
                                                    impl_limit_run, impl_scalapack_run};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  // GA_Dgemm sizes its buffers from MA's free memory: give MA 32 MiB of
  // stack and of heap per rank (touched only when used).
  MA_init(C_DBL, 1 << 22, 1 << 22);
  bench_env_t env;
  env_make(&env);
  blas_threads_one(&env);
  int rc = rma_init();
  if (rc && env.rank == 0)
    fprintf(stderr, "rmala-bench: rma_init: %s\n", rma_strerror(rc));

  // --op coll [--csv FILE] [--coll-iters N]: the collectives' latency run (coll.c).
  int coll_op = 0, coll_iters = 10000;
  const char *coll_csv = "results/coll.csv";
  for (int i = 1; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "--op") && !strcmp(argv[i + 1], "coll"))
      coll_op = 1;
    else if (!strcmp(argv[i], "--csv"))
      coll_csv = argv[i + 1];
    else if (!strcmp(argv[i], "--coll-iters"))
      coll_iters = atoi(argv[i + 1]) > 0 ? atoi(argv[i + 1]) : 1;
  }
  // --op jacobi [--csv FILE] [--n LIST] [--jacobi-slow-us US] [--jacobi-tol T]
  // [--jacobi-maxit N]: the Jacobi modes against rma_lu + rma_lu_solve (jacobi.c).
  int jacobi_op = 0, jsizes[BENCH_MAX_LIST] = {4096, 8192}, njsizes = 2, slow_us = 20000, jmaxit = 100000;
  double jtol = 1e-8;
  const char *jacobi_csv = "results/jacobi.csv";
  for (int i = 1; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "--op") && !strcmp(argv[i + 1], "jacobi"))
      jacobi_op = 1;
    else if (!strcmp(argv[i], "--csv"))
      jacobi_csv = argv[i + 1];
    else if (!strcmp(argv[i], "--jacobi-slow-us"))
      slow_us = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--jacobi-tol"))
      jtol = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--jacobi-maxit"))
      jmaxit = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--n")) {
      njsizes = 0;
      for (char *p = argv[i + 1]; *p && njsizes < BENCH_MAX_LIST; p = strchr(p, ',') ? strchr(p, ',') + 1 : "")
        if (atoi(p) > 0)
          jsizes[njsizes++] = atoi(p);
    }
  }
  if (jacobi_op) {
    int jrc = njsizes > 0 ? bench_jacobi_run(&env, jacobi_csv, jsizes, njsizes, slow_us, jtol, jmaxit) : 2;
    rma_finalize();
    GA_Terminate();
    MPI_Finalize();
    return jrc ? 1 : 0;
  }
  if (coll_op) {
    int crc = bench_coll_run(&env, coll_csv, coll_iters);
    rma_finalize();
    GA_Terminate();
    MPI_Finalize();
    return crc ? 1 : 0;
  }

  bench_opts_t o;
  int prc = bench_options_parse(argc, argv, &o, &env);
  int exit_code = prc < 0 ? 2 : 0;
  bench_case_t *cases = NULL;
  int ncases = prc ? 0 : bench_cases_build(&o, &env, &cases);
  if (!prc && ncases <= 0) {
    if (env.rank == 0)
      fprintf(stderr, "rmala-bench: nothing to run\n");
    exit_code = 2;
  }
  char run_csv[1100];
  snprintf(run_csv, sizeof run_csv, "%s/run.csv", o.plot_dir);
  if (ncases > 0 && env.rank == 0 && bench_output_open(&o, o.plot ? run_csv : NULL))
    exit_code = 2;
  MPI_Bcast(&exit_code, 1, MPI_INT, 0, env.comm);
  if (exit_code)
    ncases = 0;

  if (ncases > 0 && env.rank == 0) {
    printf("rmala-bench: %d cases, np=%d on %d node(s), %d rank(s) on node 0, repeat %d after 1 "
           "warm-up\n",
           ncases, env.np, env.nodes, env.node_ranks, o.repeat);
    printf("  same matrices for every impl (seeded generator at the global index); gemm: "
           "alpha=%g, beta=%g with random C;\n  LU with pivoting: random matrix (rows move); "
           "without pivoting: random + n on the diagonal\n  (diagonally dominant; the peers, "
           "who always pivot, factor it too); solve with b = A*x0.\n",
           BENCH_ALPHA, BENCH_BETA);
    printf("  BLAS threads: 1 per rank; limit = rank 0 alone with %d threads.\n", env.node_ranks);
    // Other work on the node makes every timing meaningless: say so.
    double load = bench_loadavg();
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (load > 0.5 * (double)cpus)
      printf("  WARNING: load average %.2f on %ld CPUs before the run: other processes are "
             "busy, timings will be unreliable (loadavg_1min is in the JSON rows).\n",
             load, cpus);
    if (env.node_ranks > cpus)
      printf("  WARNING: %d ranks on %ld CPUs (oversubscribed): the timings are for correctness "
             "only.\n",
             env.node_ranks, cpus);
  }

  double t_start = MPI_Wtime();
  bench_result_t *rows = calloc((size_t)(ncases > 0 ? ncases : 1), sizeof *rows);
  bench_lu_problem_t lu = {0};
  int group_start = 0;
  for (int i = 0; i < ncases; i++) {
    const bench_case_t *c = &cases[i];
    bench_result_t *r = &rows[i];
    r->c = *c;
    r->time_best = r->time_median = r->residual = r->ratio_sp = r->ratio_limit = -1.0;
    r->time_first = r->time_warm = r->lib_mb = -1.0;
    r->moved = -1;
    r->np = env.np;
    r->nodes = env.nodes;
    if (bench_op_factor(c->op) &&
        (lu.n != c->n || lu.dd != bench_case_matrix(c) || lu.dt != c->dt)) {
      bench_lu_problem_free(&lu);
      bench_lu_problem_make_t(&env, c->dt, c->n, bench_case_matrix(c), &lu);
    }
    if (env.rank == 0) {
      char label[160];
      bench_case_label(c, label, sizeof label);
      printf("[%d/%d] %s ... ", i + 1, ncases, label);
      fflush(stdout);
    }
    impl_fns[c->impl](&env, &o, c, bench_op_factor(c->op) ? &lu : NULL, r);
    if (r->time_best > 0)
      r->gflops = bench_flops(c) / r->time_best * 1e-9;
    r->peak_rss_mb = bench_peak_rss_mb(&env);
    r->load1 = bench_loadavg();
    if (env.rank == 0)
      bench_progress_print(r);
    // End of a group: ratios, then its rows go to the files.
    if (i + 1 == ncases || cases[i + 1].group != c->group) {
      bench_ratios_compute(rows + group_start, i + 1 - group_start);
      bench_output_rows(&env, rows + group_start, i + 1 - group_start);
      group_start = i + 1;
    }
  }
  bench_lu_problem_free(&lu);

  int failed = 0, notimpl = 0, unchecked = 0;
  for (int i = 0; i < ncases; i++) {
    failed += rows[i].status == ST_FAILED || rows[i].status == ST_ERROR;
    notimpl += rows[i].status == ST_NOT_IMPLEMENTED;
    unchecked += rows[i].status == ST_UNCHECKED;
  }
  if (ncases > 0 && env.rank == 0) {
    bench_table_print(rows, ncases);
    if (o.grid_check) {
      bench_gridcheck_print(&o, &env, rows, ncases);
    } else {
      bench_ratio_table_print(rows, ncases);
      bench_ablation_table_print(rows, ncases);
    }
    printf("\n%d rows: %d OK, %d failed/error, %d not implemented, %d unchecked in %.0f s. CSV: "
           "%s  JSON: %s\n",
           ncases, ncases - failed - notimpl - unchecked, failed, notimpl, unchecked,
           MPI_Wtime() - t_start, o.csv, o.json);
    bench_output_close();
  }
  // The main job's Jacobi row (paper 003's claim): time to solution with the last rank slowed
  // 100 ms per sweep (50-100x a sweep at n 1024, np 2), ASYNC and RACY against SYNC (jacobi.c).
  if (o.main_job && !exit_code) {
    static const int jn[] = {1024};
    if (env.rank == 0)
      printf("\nJacobi, one rank slowed (results/jacobi.csv):\n");
    failed += bench_jacobi_run(&env, "results/jacobi.csv", jn, 1, 100000, 1e-8, 100000) != 0;
  }
  if (failed)
    exit_code = 1;
  free(rows);
  free(cases);

  rma_finalize();
  GA_Terminate();
  MPI_Comm_free(&env.node_comm);
  MPI_Finalize();

  // Plots after MPI is down (no fork inside MPI).
  if (ncases > 0 && o.plot && env.rank == 0) {
    char buf[1200], cmd[4096];
    const char *script = plot_script(&o, buf, sizeof buf);
    snprintf(cmd, sizeof cmd, "sh '%s' '%s' '%s'", script, run_csv, o.plot_dir);
    printf("plots: %s\n", cmd);
    fflush(stdout);
    if (!script[0] || system(cmd) != 0)
      fprintf(stderr, "rmala-bench: the plot script failed (is gnuplot installed?)\n");
  }
  return exit_code;
}
