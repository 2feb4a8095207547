/*
 * The engine's Jacobi through the GA front-end (the only one that reaches
 * it): rma_jacobi in its three modes (run at np = 1, 2, 3, 4, 6).
 *
 * Systems: A = random entries in [-0.5, 0.5) plus a diagonal of 0.6 n + 1
 * (strictly diagonally dominant: |a_ii| - sum_{j != i} |a_ij| >= delta > 0),
 * b random, x0 random; n in {1, 2, 17, 500}, nrhs in {1, 3}; GA tiled,
 * ScaLAPACK block-cyclic and regular layouts; tol = 1e-10. Checks (eps =
 * 2^-53, residuals summed in long double; each check also fails on NaN):
 *   rc = 0, iters and resid bitwise the same on every rank, iters <= maxit;
 *   own residual   rho = ||b - A x||_inf / (||A||_inf ||x||_inf + ||b||_inf)
 *                  ratio_res = rho / (tol + 4 n eps) <= 1, and the returned
 *                  resid agrees: |resid - rho| <= 4 n eps;
 *   against rma_lu (no pivoting) + rma_lu_solve on the same system: with
 *                  ||A^-1||_inf <= 1 / delta (Varah) and LU's HPL bound
 *                  ||b - A x_lu|| <= 16 n eps (||A|| ||x_lu|| + ||b||),
 *                  ratio_lu = ||x - x_lu||_inf * delta /
 *                    (tol (||A|| ||x|| + ||b||) + 16 n eps (||A|| ||x_lu|| + ||b||) + 4 n eps)
 * <= 1. A non-dominant random matrix (diagonal 0.05, Jacobi diverges): every mode returns 1 on
 * every rank with iters = maxit (30) and the same resid. Illegal arguments (bad handle, A not
 * square, b with the wrong rows, x not n x nrhs, tol < 0 and NaN, maxit < 0, a bad mode, a zero
 * diagonal entry): the same -i on every rank, x, A and b bitwise unchanged, and the next call
 * converges. Prints the worst ratios; exits 1 on failure.
 */
#include <ga.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"

static int me, np;
static long ncases;
static double mode_time[3], lu_time;
static rt_ratio_t ratios[2] = {
    RT_RATIO("own residual",
             "(||b - A x||_inf / (||A||_inf ||x||_inf + ||b||_inf)) / (tol + 4 n eps)", 1.0),
    RT_RATIO("against rma_lu_solve",
             "||x - x_lu||_inf delta / (tol (||A|| ||x|| + ||b||) + 16 n eps (||A|| ||x_lu|| + "
             "||b||) + 4 n eps)",
             1.0)};

static const char *const mode_name[3] = {"sync", "async", "racy"};

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

// Every rank checks the same gathered x: a failure is everyone's.
static void fail(const char *what, int n, int nrhs, int lay, int mode, double v) {
  rt_fail_same("%s: n=%d nrhs=%d lay=%d mode=%s value=%g", what, n, nrhs, lay,
               mode >= 0 && mode < 3 ? mode_name[mode] : "?", v);
}

static double amax(const double *v, long len) {
  double w = 0;
  for (long i = 0; i < len; i++)
    w = fabs(v[i]) > w || isnan(v[i]) ? fabs(v[i]) : w;
  return w;
}

// ||A||_inf and delta = min_i |a_ii| - sum_{j != i} |a_ij|.
static void norms(const double *a, int n, double *an, double *delta) {
  *an = 0, *delta = INFINITY;
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += fabs(a[(long)i * n + j]);
    *an = s > *an ? s : *an;
    double dd = 2 * fabs(a[(long)i * n + i]) - s;
    *delta = dd < *delta ? dd : *delta;
  }
}

// Largest scaled residual over the columns, in long double.
static double scaled_residual(const double *a, const double *b, const double *x, int n, int nrhs) {
  double an, delta, worst = 0;
  norms(a, n, &an, &delta);
  for (int c = 0; c < nrhs; c++) {
    double rn = 0, xn = 0, bn = 0;
    for (int i = 0; i < n; i++) {
      long double s = b[(long)i * nrhs + c];
      for (int j = 0; j < n; j++)
        s -= (long double)a[(long)i * n + j] * x[(long)j * nrhs + c];
      double r = (double)fabsl(s);
      rn = r > rn || isnan(r) ? r : rn;
      xn = fabs(x[(long)i * nrhs + c]) > xn || isnan(x[(long)i * nrhs + c])
               ? fabs(x[(long)i * nrhs + c])
               : xn;
      bn = fabs(b[(long)i * nrhs + c]) > bn ? fabs(b[(long)i * nrhs + c]) : bn;
    }
    double q = rn == 0 ? 0 : rn / (an * xn + bn);
    worst = q > worst || isnan(q) ? q : worst;
  }
  return worst;
}

static const double tol = 1e-10;

static double diag_of(int n) { return 0.6 * n + 1.0; }

// Every mode on one system and layout, against rma_lu_solve's answer.
static void run_system(int n, int nrhs, int lay) {
  int bs = n >= 100 ? 32 : n >= 10 ? 4 : 1;
  unsigned seed = 1000u + 7u * (unsigned)n + (unsigned)nrhs;
  int ga = make(n, n, lay, bs, "A"), gb = make(n, nrhs, lay, bs, "b");
  rt_fill(ga, seed, n, n, diag_of(n));
  rt_fill(gb, seed + 1, n, nrhs, 0.0);
  double *a = malloc(sizeof(double) * (size_t)n * n),
         *b = malloc(sizeof(double) * (size_t)n * nrhs);
  double *x = malloc(sizeof(double) * (size_t)n * nrhs),
         *xl = malloc(sizeof(double) * (size_t)n * nrhs);
  double *a2 = malloc(sizeof(double) * (size_t)n * n),
         *b2 = malloc(sizeof(double) * (size_t)n * nrhs);
  // What rt_fill wrote, generated here (bitwise the same; a gather of A costs seconds under some
  // one-sided components).
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      a[(long)i * n + j] = rt_entry(seed, i, j) + (i == j ? diag_of(n) : 0.0);
    for (int c = 0; c < nrhs; c++)
      b[(long)i * nrhs + c] = rt_entry(seed + 1, i, c);
  }
  // The reference: LU without pivoting (diagonally dominant) and the solve, on copies.
  int gl = make(n, n, lay, bs, "LU"), gs = make(n, nrhs, lay, bs, "xlu");
  rt_fill(gl, seed, n, n, diag_of(n));
  rt_fill(gs, seed + 1, n, nrhs, 0.0);
  double t = MPI_Wtime();
  int lrc = rma_lu(gl, NULL);
  int src = lrc ? lrc : rma_lu_solve('N', gl, NULL, gs);
  lu_time += MPI_Wtime() - t;
  rt_gather(gs, n, nrhs, xl);
  if (src != 0)
    fail("lu reference", n, nrhs, lay, -1, src);
  GA_Destroy(gl), GA_Destroy(gs);
  double an, delta;
  norms(a, n, &an, &delta);
  double bn = amax(b, (long)n * nrhs), xln = amax(xl, (long)n * nrhs);
  int gx = make(n, nrhs, lay, bs, "x");
  for (int mode = 0; mode < 3; mode++) {
    rt_fill(gx, seed + 2, n, nrhs, 0.0); // the same x0 for every mode
    int iters = -1, maxit = 100000;
    double resid = -1;
    double t = MPI_Wtime();
    int rc = rma_jacobi(ga, gb, gx, tol, maxit, (rma_jacobi_mode_t)mode, &iters, &resid);
    mode_time[mode] += MPI_Wtime() - t;
    ncases++;
    rt_expect_all(rc, 0, "rc: n=%d nrhs=%d lay=%d mode=%s", n, nrhs, lay, mode_name[mode]);
    if (!rt_same_everywhere(&iters, sizeof iters) || !rt_same_everywhere(&resid, sizeof resid))
      fail("iters/resid differ between ranks", n, nrhs, lay, mode, iters);
    if (iters < 0 || iters > maxit)
      fail("iters out of range", n, nrhs, lay, mode, iters);
    rt_gather(gx, n, nrhs, x);
    double rho = scaled_residual(a, b, x, n, nrhs);
    double rr = rho / (tol + 4 * n * RT_EPS);
    if (!rt_ratio(&ratios[0], rr))
      fail("own residual", n, nrhs, lay, mode, rho);
    if (!(fabs(resid - rho) <= 4 * n * RT_EPS))
      fail("returned resid", n, nrhs, lay, mode, resid - rho);
    double diff = 0;
    for (long i = 0; i < (long)n * nrhs; i++)
      diff = fabs(x[i] - xl[i]) > diff || isnan(x[i]) ? fabs(x[i] - xl[i]) : diff;
    double xn = amax(x, (long)n * nrhs);
    double bound =
        (tol * (an * xn + bn) + 16 * n * RT_EPS * (an * xln + bn) + 4 * n * RT_EPS) / delta;
    double lr = diff / bound;
    if (!rt_ratio(&ratios[1], lr))
      fail("against rma_lu_solve", n, nrhs, lay, mode, lr);
    if (me == 0 && n == 500 && lay == 0)
      printf("  n=%d nrhs=%d %-5s iters %d resid %.2e\n", n, nrhs, mode_name[mode], iters, resid);
  }
  GA_Destroy(gx);
  // A and b after the three calls: bitwise what they were (A of n = 500 once per layout).
  if (n < 100 || nrhs > 1)
    rt_gather(ga, n, n, a2);
  else
    memcpy(a2, a, sizeof(double) * (size_t)n * n);
  rt_gather(gb, n, nrhs, b2);
  if (memcmp(a, a2, sizeof(double) * (size_t)n * n) ||
      memcmp(b, b2, sizeof(double) * (size_t)n * nrhs))
    fail("A or b modified", n, nrhs, lay, -1, 0);
  free(a), free(b), free(x), free(xl), free(a2), free(b2);
  GA_Destroy(ga), GA_Destroy(gb);
}

// Jacobi diverges: 1 after maxit sweeps on every rank, the same iters and resid.
static void diverging(int n, int lay) {
  int ga = make(n, n, lay, 4, "A"), gb = make(n, 2, lay, 4, "b");
  rt_fill(ga, 77, n, n, 0.05);
  rt_fill(gb, 78, n, 2, 0.0);
  for (int mode = 0; mode < 3; mode++) {
    int gx = make(n, 2, lay, 4, "x");
    int iters = -1, maxit = 30;
    double resid = -1;
    int rc = rma_jacobi(ga, gb, gx, tol, maxit, (rma_jacobi_mode_t)mode, &iters, &resid);
    ncases++;
    rt_expect_all(rc, 1, "diverging rc: n=%d lay=%d mode=%s", n, lay, mode_name[mode]);
    rt_expect_all(iters, maxit, "diverging iters: n=%d lay=%d mode=%s", n, lay, mode_name[mode]);
    if (!rt_same_everywhere(&resid, sizeof resid) || !(resid > tol))
      fail("diverging resid", n, 2, lay, mode, resid);
    GA_Destroy(gx);
  }
  GA_Destroy(ga), GA_Destroy(gb);
}

// One illegal call: the code everywhere, nothing written.
static void illegal(const char *what, int want, int g_a, int g_b, int g_x, double t, int maxit,
                    int mode, int n, int nrhs) {
  double *before = calloc((size_t)n * nrhs, sizeof(double)),
         *after = calloc((size_t)n * nrhs, sizeof(double));
  int watch = GA_Valid_handle(g_x); // a bad x handle has nothing to look at
  if (watch)
    rt_gather(g_x, n, nrhs, before);
  int iters = -7;
  double resid = -7;
  int rc = rma_jacobi(g_a, g_b, g_x, t, maxit, (rma_jacobi_mode_t)mode, &iters, &resid);
  if (watch)
    rt_gather(g_x, n, nrhs, after);
  else
    memcpy(after, before, sizeof(double) * (size_t)n * nrhs);
  ncases++;
  rt_expect_all(rc, want, "%s (mode %d)", what, mode);
  if (memcmp(before, after, sizeof(double) * (size_t)n * nrhs) || iters != -7 || resid != -7)
    fail("illegal call wrote something", n, nrhs, 0, mode, rc);
  free(before), free(after);
}

static void illegal_arguments(void) {
  int n = 17, nrhs = 2;
  int ga = make(n, n, 0, 4, "A"), gb = make(n, nrhs, 0, 4, "b"), gx = make(n, nrhs, 0, 4, "x");
  int gr = make(n, n - 1, 0, 4, "rect"), gb3 = make(n - 1, nrhs, 0, 4, "b16"),
      gx3 = make(n, nrhs + 1, 0, 4, "x3");
  rt_fill(ga, 5, n, n, diag_of(n));
  rt_fill(gb, 6, n, nrhs, 0.0);
  rt_fill(gx, 7, n, nrhs, 0.0);
  illegal("bad handle", -1, -123456, gb, gx, tol, 100, 0, n, nrhs);
  illegal("A not square", -1, gr, gb, gx, tol, 100, 1, n, nrhs);
  illegal("b rows", -2, ga, gb3, gx, tol, 100, 2, n, nrhs);
  illegal("b is A", -2, ga, ga, gx, tol, 100, 0, n, nrhs);
  illegal("x nrhs", -3, ga, gb, gx3, tol, 100, 0, n, nrhs + 1);
  illegal("x bad handle", -3, ga, gb, -99, tol, 100, 0, n, nrhs);
  illegal("tol < 0", -4, ga, gb, gx, -1e-3, 100, 1, n, nrhs);
  illegal("tol NaN", -4, ga, gb, gx, NAN, 100, 2, n, nrhs);
  illegal("maxit < 0", -5, ga, gb, gx, tol, -1, 0, n, nrhs);
  illegal("mode", -6, ga, gb, gx, tol, 100, 3, n, nrhs);
  illegal("mode", -6, ga, gb, gx, tol, 100, -1, n, nrhs);
  // A zero on the diagonal (A(5,5)): -1, nothing written.
  int gz = make(n, n, 1, 4, "Z");
  rt_fill(gz, 5, n, n, diag_of(n));
  if (me == 0) {
    int sub[2] = {5, 5}, ld[1] = {1};
    double zero = 0.0;
    NGA_Put(gz, sub, sub, &zero, ld);
  }
  GA_Sync();
  for (int mode = 0; mode < 3; mode++)
    illegal("zero diagonal", -1, gz, gb, gx, tol, 100, mode, n, nrhs);
  // The next call works.
  for (int mode = 0; mode < 3; mode++) {
    int iters;
    double resid;
    int rc = rma_jacobi(ga, gb, gx, tol, 100000, (rma_jacobi_mode_t)mode, &iters, &resid);
    ncases++;
    rt_expect_all(rc, 0, "next call (mode %s)", mode_name[mode]);
    if (!(resid <= tol))
      fail("next call resid", n, nrhs, 0, mode, resid);
  }
  // NULL iters and resid are allowed; maxit = 0 checks x0 only.
  int rc = rma_jacobi(ga, gb, gx, tol, 100000, RMA_JACOBI_ASYNC, NULL, NULL);
  rt_expect_all(rc, 0, "NULL outputs");
  int iters = -1;
  rt_fill(gx, 7, n, nrhs, 0.0);
  rc = rma_jacobi(ga, gb, gx, tol, 0, RMA_JACOBI_RACY, &iters, NULL);
  rt_expect_all(rc, 1, "maxit 0");
  if (iters != 0)
    fail("maxit 0: iters", n, nrhs, 0, 2, iters);
  ncases += 2;
  GA_Destroy(ga), GA_Destroy(gb), GA_Destroy(gx), GA_Destroy(gr), GA_Destroy(gb3);
  GA_Destroy(gx3), GA_Destroy(gz);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  double t0 = MPI_Wtime();
  static const int sizes[] = {1, 2, 17, 500};
  for (int k = 0; k < 4; k++)
    for (int nrhs = 1; nrhs <= 3; nrhs += 2)
      for (int lay = 0; lay < 3; lay++)
        run_system(sizes[k], nrhs, lay);
  double t1 = MPI_Wtime();
  for (int lay = 0; lay < 3; lay++)
    diverging(17, lay);
  double t2 = MPI_Wtime();
  illegal_arguments();
  if (me == 0)
    printf("  seconds: convergent systems %.1f, diverging %.1f, illegal arguments %.1f\n", t1 - t0,
           t2 - t1, MPI_Wtime() - t2);
  if (me == 0)
    printf("test_jacobi_ga np=%d: %ld cases, %.1f s\n", np, ncases, MPI_Wtime() - t0);
  if (me == 0)
    printf("  seconds in the convergence cases: sync %.2f async %.2f racy %.2f, rma_lu + "
           "rma_lu_solve %.2f\n",
           mode_time[0], mode_time[1], mode_time[2], lu_time);
  int status = rt_finish("test_jacobi_ga", ratios, 2);
  rt_finalize();
  return status;
}
