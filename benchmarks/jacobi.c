/*
 * rmala-bench --op jacobi: time to solution of rma_jacobi in its three modes
 * (paper 003's sync / async / racy) next to rma_lu (no pivoting) +
 * rma_lu_solve on the same diagonally dominant system, at each n of --n
 * (default 4096 and 8192), first with every rank at full speed, then with
 * one rank slowed (the last; it sleeps --jacobi-slow-us after each of its
 * sweeps, through the option RMA_OPT_JACOBI_SLOW_US),
 * where the asynchronous modes should win over SYNC.
 *
 * System: a_ij = |rt_entry(seed, i, j)| (i != j, in [0, 0.5)), a_ii = 1.2 x
 * the row's off-diagonal sum (strictly diagonally dominant, nonnegative, so
 * Jacobi's contraction is close to 1 / 1.2 and it takes ~100 sweeps to
 * tol = 1e-8), b = rt_entry(seed + 1, i, 0), x0 = 0; GA tiled layout, nb 128.
 * Every timed call starts after a barrier and is reported as the max over
 * ranks; one untimed SYNC call of 2 sweeps before the first mode pays the
 * one-time costs (windows). The LU's answer is checked by rma_jacobi itself
 * with maxit = 0 (the exact scaled residual of that x, no sweep).
 *
 * One table on stdout and one CSV row per (n, slow, method) in --csv (header
 * written into an empty file):
 *   op,impl,n,np,nodes,slow_us,time_s,iters,resid,ratio_to_lu,ratio_to_sync,status
 * ratio_to_lu = time / (rma_lu + rma_lu_solve time, unslowed); ratio_to_sync
 * = time / SYNC's time in the same slow setting. status OK when the call
 * returned 0 and resid <= tol.
 */
#include <ga.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ga_testutil.h"
#include "rmala.h"

#define JACOBI_SEED 401
#define JACOBI_NB 128

// Rows [r0, r1) of this rank's stripe: the system described above.
static void fill_system(int ga, int gb, int n) {
  int me = GA_Nodeid(), np = GA_Nnodes();
  int r0 = (int)((long)n * me / np), r1 = (int)((long)n * (me + 1) / np);
  if (r1 > r0) {
    double *a = malloc(sizeof(double) * (size_t)(r1 - r0) * n), *b = malloc(sizeof(double) * (size_t)(r1 - r0));
    for (int i = r0; i < r1; i++) {
      double *row = a + (long)(i - r0) * n, s = 0;
      for (int j = 0; j < n; j++)
        if (j != i)
          s += row[j] = fabs(rt_entry(JACOBI_SEED, i, j));
      row[i] = 1.2 * s + (n == 1);
      b[i - r0] = rt_entry(JACOBI_SEED + 1, i, 0);
    }
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, n - 1}, ld[1] = {n}, hib[2] = {r1 - 1, 0}, ldb[1] = {1};
    NGA_Put(ga, lo, hi, a, ld);
    NGA_Put(gb, lo, hib, b, ldb);
    free(a), free(b);
  }
  GA_Sync();
}

static int create(int m, int n, int *g) {
  int rc = rma_matrix_create(m, n, JACOBI_NB, m == n ? JACOBI_NB : 1, 0, 0, RMA_LAYOUT_TILED, "J", g);
  if (rc == RMA_ERR_NO_GRID) { // a grid on which every rank owns a tile does not exist: regular
    *g = rt_create_regular(m, n, "J");
    rc = 0;
  }
  return rc;
}

typedef struct {
  double t, resid;
  int rc, iters;
} jrun_t;

// One timed rma_jacobi from x0 = 0.
static jrun_t run_mode(int ga, int gb, int gx, int mode, double tol, int maxit) {
  jrun_t r;
  GA_Zero(gx);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  r.rc = rma_jacobi(ga, gb, gx, tol, maxit, (rma_jacobi_mode_t)mode, &r.iters, &r.resid);
  r.t = MPI_Wtime() - t0;
  MPI_Allreduce(MPI_IN_PLACE, &r.t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return r;
}

static void set_slow(int us) { rma_set_option(RMA_OPT_JACOBI_SLOW_US, us); }

static void row(FILE *f, const bench_env_t *env, const char *impl, int n, int slow, jrun_t r,
                double lu, double sync, double tol) {
  int ok = r.rc == 0 && r.resid <= tol;
  double rl = lu > 0 ? r.t / lu : -1, rs = sync > 0 ? r.t / sync : -1;
  if (env->rank != 0)
    return;
  char srs[16] = "-";
  if (rs >= 0)
    snprintf(srs, sizeof srs, "%.2f", rs);
  printf("%6d %8d  %-9s %9.3f %6d %10.2e %8.2f %8s  %s\n", n, slow, impl, r.t, r.iters, r.resid,
         rl, srs, ok ? "OK" : "FAILED");
  if (f)
    fprintf(f, "jacobi,%s,%d,%d,%d,%d,%.6f,%d,%.3e,%.4f,%.4f,%s\n", impl, n, env->np, env->nodes,
            slow, r.t, r.iters, r.resid, rl, rs, ok ? "OK" : "FAILED");
}

int bench_jacobi_run(const bench_env_t *env, const char *csv, const int *sizes, int nsizes,
                     int slow_us, double tol, int maxit) {
  static const char *const names[3] = {"sync", "async", "racy"};
  FILE *f = NULL;
  if (env->rank == 0) {
    f = fopen(csv, "a");
    if (f && ftell(f) == 0)
      fprintf(f, "op,impl,n,np,nodes,slow_us,time_s,iters,resid,ratio_to_lu,ratio_to_sync,status\n");
    printf("rmala-bench --op jacobi: np=%d on %d node(s), tol %g, maxit %d, x0 = 0, nonnegative A "
           "with a_ii = 1.2 x off-diagonal row sum; slowed: rank %d sleeps %d us per sweep\n"
           "%6s %8s  %-9s %9s %6s %10s %8s %8s  %s\n",
           env->np, env->nodes, tol, maxit, env->np - 1, slow_us, "n", "slow_us", "method",
           "time_s", "iters", "resid", "/lu", "/sync", "status");
  }
  int failed = 0;
  for (int k = 0; k < nsizes; k++) {
    int n = sizes[k], ga, gb, gx, gl, gs;
    if (create(n, n, &ga) || create(n, 1, &gb) || create(n, 1, &gx))
      return 1;
    fill_system(ga, gb, n);
    // rma_lu + rma_lu_solve on a copy of the same system.
    if (create(n, n, &gl) || create(n, 1, &gs))
      return 1;
    fill_system(gl, gs, n);
    MPI_Barrier(MPI_COMM_WORLD);
    jrun_t lu = {0};
    double t0 = MPI_Wtime();
    lu.rc = rma_lu(gl, NULL);
    if (lu.rc == 0)
      lu.rc = rma_lu_solve('N', gl, NULL, gs);
    lu.t = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &lu.t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    GA_Destroy(gl);
    int crc = rma_jacobi(ga, gb, gs, tol, 0, RMA_JACOBI_SYNC, &lu.iters, &lu.resid);
    lu.rc = lu.rc ? lu.rc : crc == 1 ? 1 : crc;
    GA_Destroy(gs);
    set_slow(0);
    run_mode(ga, gb, gx, 0, tol, 2); // warm-up: windows and first-touch costs
    row(f, env, "lu+solve", n, 0, lu, lu.t, 0, tol);
    failed |= !(lu.rc == 0 && lu.resid <= tol);
    for (int s = 0; s < 2; s++) {
      int slow = s ? slow_us : 0;
      if (s && slow_us <= 0)
        break;
      set_slow(slow);
      double sync = 0;
      for (int mode = 0; mode < 3; mode++) {
        jrun_t r = run_mode(ga, gb, gx, mode, tol, maxit);
        if (mode == 0)
          sync = r.t;
        row(f, env, names[mode], n, slow, r, lu.t, sync, tol);
        failed |= !(r.rc == 0 && r.resid <= tol);
      }
    }
    set_slow(0);
    GA_Destroy(ga), GA_Destroy(gb), GA_Destroy(gx);
  }
  if (f)
    fclose(f);
  return failed;
}
