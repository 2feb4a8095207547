/*
 * rma_jacobi under uneven progress (issue 24): the asynchronous modes must
 * tolerate the slow or late processes they exist for.
 *
 * Systems (the issue's): a_ij = rt_entry(seed, i, j) + 1/2 in [0, 1) for
 * i != j, a_ii = 2 x the row's off-diagonal sum + 1 (||D^-1 (L + U)||_inf <
 * 1/2: one sweep halves the error), b random, x0 = 0; n in {17, 500}, nrhs
 * in {1, 3}; GA tiled, ScaLAPACK block-cyclic and regular layouts; tol =
 * 1e-10. For each system SYNC runs first without any hook and converges in
 * k sweeps; then maxit = 10 k and every mode runs in each scenario:
 *   even    no hook (np 3-6 on this 2-core machine: up to 3x oversubscribed);
 *           at np = 6 the whole scenario is repeated RMALA_TEST_JACOBI_REPEATS
 *           times (default 20)
 *   slowed  the last rank sleeps RMA_OPT_JACOBI_SLOW_US = 100 x its sweep's
 *           time after each sweep (the sweep costed at 2 GFLOP/s, at least 2 us)
 *   late    rank r enters rma_jacobi r x 50 ms after rank 0; and once per mode
 *           (n = 17, nrhs 1, tiled) ranks enter 2 s / (np - 1) apart
 * The guarantee of rmala.h: SYNC within maxit / 10 sweeps => every mode
 * converges within maxit. Checks (each also fails on NaN):
 *   rc = 0 on every rank, iters and resid the same everywhere;
 *   ratio_it  = iters / maxit <= 1;
 *   ratio_res = rho / (tol + 4 n eps) <= 1, rho = ||b - A x||_inf /
 *               (||A||_inf ||x||_inf + ||b||_inf) of the gathered x, summed
 *               in long double (eps = 2^-53).
 * Prints the worst ratios and the generations per scenario and mode; exits 1
 * on failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <ga.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ga_testutil.h"
#include "rmala.h"

static int me, np;
static long ncases;
static const double tol = 1e-10;
static rt_ratio_t ratios[2] = {
    RT_RATIO("generations", "iters / maxit, maxit = 10 x SYNC's sweeps", 1.0),
    RT_RATIO("own residual",
             "(||b - A x||_inf / (||A||_inf ||x||_inf + ||b||_inf)) / (tol + 4 n eps)", 1.0)};

static const char *const mode_name[3] = {"sync", "async", "racy"};
static const char *const scen_name[3] = {"even", "slowed", "late"};
static int most_iters[3][3]; // scenario x mode: the largest iters seen
static double seconds[3][3]; // scenario x mode: time in rma_jacobi (rank 0)

static int make(int m, int n, int lay, int bs, const char *name) {
  if (lay == 2)
    return rt_create_regular(m, n, name);
  int g = 0;
  int rc = rma_matrix_create(m, n, bs, bs, 0, 0, lay ? RMA_LAYOUT_SCALAPACK : RMA_LAYOUT_TILED,
                             name, &g);
  if (rc == RMA_ERR_NO_GRID)
    return rt_create_regular(m, n, name);
  if (rc != 0)
    MPI_Abort(MPI_COMM_WORLD, 3);
  return g;
}

// The system, whole on every rank (a: n x n, b: n x nrhs, row-major).
static void system_of(int n, int nrhs, unsigned seed, double *a, double *b) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      if (j != i)
        s += a[(long)i * n + j] = rt_entry(seed, i, j) + 0.5;
    a[(long)i * n + i] = 2 * s + 1;
    for (int c = 0; c < nrhs; c++)
      b[(long)i * nrhs + c] = rt_entry(seed + 1, i, c);
  }
}

// Rows [r0, r1) of a row-major m x n buffer into g (each rank a stripe).
static void put_rows(int g, const double *full, int m, int n) {
  int r0 = (int)((long)m * me / np), r1 = (int)((long)m * (me + 1) / np);
  if (r1 > r0) {
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, n - 1}, ld[1] = {n};
    NGA_Put(g, lo, hi, (double *)full + (long)r0 * n, ld);
  }
  GA_Sync();
}

// Largest scaled residual over the columns, in long double.
static double scaled_residual(const double *a, const double *b, const double *x, int n, int nrhs) {
  double an = 0, worst = 0;
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += fabs(a[(long)i * n + j]);
    an = s > an ? s : an;
  }
  for (int c = 0; c < nrhs; c++) {
    double rn = 0, xn = 0, bn = 0;
    for (int i = 0; i < n; i++) {
      long double s = b[(long)i * nrhs + c];
      for (int j = 0; j < n; j++)
        s -= (long double)a[(long)i * n + j] * x[(long)j * nrhs + c];
      double r = (double)fabsl(s), xv = fabs(x[(long)i * nrhs + c]);
      rn = r > rn || isnan(r) ? r : rn;
      xn = xv > xn || isnan(xv) ? xv : xn;
      bn = fabs(b[(long)i * nrhs + c]) > bn ? fabs(b[(long)i * nrhs + c]) : bn;
    }
    double q = rn == 0 ? 0 : rn / (an * xn + bn);
    worst = q > worst || isnan(q) ? q : worst;
  }
  return worst;
}

static void sleep_s(double s) {
  if (s <= 0)
    return;
  struct timespec ts = {(time_t)s, (long)((s - (time_t)s) * 1e9)};
  nanosleep(&ts, NULL);
}

typedef struct {
  int n, nrhs, lay, ga, gb, gx;
  double *a, *b, *x;
} sys_t;

// One call in one scenario and mode; checks it. Returns iters.
static int run(sys_t *s, int scen, int mode, int maxit, double late_s) {
  GA_Zero(s->gx);
  sleep_s(late_s * me);
  int iters = -1;
  double resid = -1, t = MPI_Wtime();
  int rc = rma_jacobi(s->ga, s->gb, s->gx, tol, maxit, (rma_jacobi_mode_t)mode, &iters, &resid);
  seconds[scen][mode] += MPI_Wtime() - t;
  ncases++;
  char what[160];
  snprintf(what, sizeof what, "%s n=%d nrhs=%d lay=%d mode=%s maxit=%d", scen_name[scen], s->n,
           s->nrhs, s->lay, mode_name[mode], maxit);
  rt_expect_all(rc, 0, "rc: %s", what);
  if (!rt_same_everywhere(&iters, sizeof iters) || !rt_same_everywhere(&resid, sizeof resid))
    rt_fail_same("iters/resid differ between ranks: %s", what);
  if (!rt_ratio(&ratios[0], (double)iters / maxit) || iters < 0)
    rt_fail_same("iters %d > maxit: %s", iters, what);
  rt_gather(s->gx, s->n, s->nrhs, s->x);
  double rho = scaled_residual(s->a, s->b, s->x, s->n, s->nrhs);
  if (!rt_ratio(&ratios[1], rho / (tol + 4 * s->n * 0x1p-53)))
    rt_fail_same("own residual %.3e (returned %.3e, iters %d): %s", rho, resid, iters, what);
  if (iters > most_iters[scen][mode])
    most_iters[scen][mode] = iters;
  return iters;
}

static void system_run(int n, int nrhs, int lay, int reps) {
  int bs = n >= 100 ? 32 : 4;
  unsigned seed = 2400u + 7u * (unsigned)n + (unsigned)nrhs;
  sys_t s = {n, nrhs, lay, 0, 0, 0, NULL, NULL, NULL};
  s.a = malloc(sizeof(double) * (size_t)n * n);
  s.b = malloc(sizeof(double) * (size_t)n * nrhs);
  s.x = malloc(sizeof(double) * (size_t)n * nrhs);
  system_of(n, nrhs, seed, s.a, s.b);
  s.ga = make(n, n, lay, bs, "A"), s.gb = make(n, nrhs, lay, bs, "b");
  s.gx = make(n, nrhs, lay, bs, "x");
  put_rows(s.ga, s.a, n, n);
  put_rows(s.gb, s.b, n, nrhs);
  // SYNC without any hook: k sweeps; the budget is 10 k.
  rma_set_option(RMA_OPT_JACOBI_SLOW_US, 0);
  int k = run(&s, 0, RMA_JACOBI_SYNC, 500, 0);
  int maxit = 10 * (k > 0 ? k : 1);
  for (int r = 0; r < reps; r++)
    for (int mode = 0; mode < 3; mode++)
      run(&s, 0, mode, maxit, 0);
  if (np > 1) {
    // One rank 100x slower: its sweep (2 h n nrhs flops at 2 GFLOP/s, >= 2 us) times 100.
    long h = (n + np - 1) / np;
    double sweep_us = 2.0 * h * n * nrhs / 2e3;
    rma_set_option(RMA_OPT_JACOBI_SLOW_US, (int)(100 * (sweep_us > 2 ? sweep_us : 2)));
    for (int mode = 0; mode < 3; mode++)
      run(&s, 1, mode, maxit, 0);
    rma_set_option(RMA_OPT_JACOBI_SLOW_US, 0);
    for (int mode = 0; mode < 3; mode++)
      run(&s, 2, mode, maxit, 0.05);
    if (n == 17 && nrhs == 1 && lay == 0)
      for (int mode = 0; mode < 3; mode++)
        run(&s, 2, mode, maxit, 2.0 / (np - 1));
  }
  GA_Destroy(s.ga), GA_Destroy(s.gb), GA_Destroy(s.gx);
  free(s.a), free(s.b), free(s.x);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  const char *rv = getenv("RMALA_TEST_JACOBI_REPEATS");
  int reps = np == 6 ? (rv && *rv ? atoi(rv) : 20) : 1;
  double t0 = MPI_Wtime();
  static const int sizes[] = {17, 500};
  for (int k = 0; k < 2; k++)
    for (int nrhs = 1; nrhs <= 3; nrhs += 2)
      for (int lay = 0; lay < 3; lay++)
        system_run(sizes[k], nrhs, lay, reps);
  if (me == 0) {
    printf("test_jacobi_imbalance np=%d: %ld cases (even scenario %d time(s)), %.1f s\n", np,
           ncases, reps, MPI_Wtime() - t0);
    for (int sc = 0; sc < 3; sc++)
      printf("  %-6s most generations: sync %d async %d racy %d; seconds in rma_jacobi: sync "
             "%.2f async %.2f racy %.2f\n",
             scen_name[sc], most_iters[sc][0], most_iters[sc][1], most_iters[sc][2], seconds[sc][0],
             seconds[sc][1], seconds[sc][2]);
  }
  int status = rt_finish("test_jacobi_imbalance", ratios, 2);
  rt_finalize();
  return status;
}
