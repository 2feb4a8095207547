/*
 * validate-model — the PBLAS/ScaLAPACK MODEL (sim/model) beside the real
 * ScaLAPACK under a real MPI, on the same matrices and the same grid.
 *
 *   validate-model [--op dgemm|lu|potrf|both|all] [--n N] [--nb NB] [--runs R]
 *
 * (both: dgemm and lu; all: the three.)
 *
 * Grid: the most square nprow x npcol of all ranks (nprow <= npcol), row
 * order, both as a BLACS grid (Cblacs_gridinit "Row") and an rma_grid_t
 * ('R'); the program stops when the two disagree on any position. Values
 * rt_entry(seed, i, j) in [-0.5, 0.5), blocks nb x nb from grid (0, 0).
 *  - dgemm: C = alpha A B + beta C0 (alpha 1.5, beta 0.5, all N x N) by
 *    pdgemm_ and by rma_model_gemm. Check: ratio = max |C_model -
 *    C_scalapack| / (eps (|alpha| n + |beta|)) over every entry < 16.
 *  - lu: pdgetrf_ and rma_model_getrf on copies of A0. Checks: (a) the
 *    pivots equal on every process's own rows; (b) when they are, the
 *    factors: max |F_model - F_scalapack| / (n eps max |F_scalapack|) < 16;
 *    (c) always, ScaLAPACK's pdgetrs_ solves A0 x = A0 * ones with the
 *    MODEL's factors and pivots (so they are in ScaLAPACK's convention):
 *    HPL ratio max|A0 x - b| / (max|A0| max|x| n eps) < 16, printed beside
 *    the same ratio for ScaLAPACK's own factors; (d) equal info.
 *    Different pivots (a near-tie decided differently after rounding) are
 *    reported and leave (c) as the check.
 *  - potrf: pdpotrf_('L') and rma_model_potrf on copies of the symmetric
 *    positive definite A0(i, j) = rt_entry(1, max(i, j), min(i, j)) + n
 *    [i == j]. Checks: both info 0; the factors (Cholesky's is unique, no
 *    pivots) on the lower triangle: max |L_model - L_scalapack| / (n eps
 *    max |L_scalapack|) < 16.
 * Bad input first: rma_model_getrf and rma_model_potrf on a matrix with
 * mb != nb must return -2 and rma_model_gemm with B's row blocks unlike
 * A's column blocks -4, the same on every rank, the matrices untouched (the
 * runs that follow are the "next call works"). Then a 3nb x 3nb matrix with
 * column nb + 3 zeroed: both LU factorisations must return info = nb + 4;
 * and a 3nb x 3nb A0 as potrf's with A0(nb + 3, nb + 3) = -1: both
 * Cholesky factorisations must return info = nb + 4.
 * Times: MPI_Wtime between barriers around each call, R runs (the order of
 * the two alternating), the median of each; ratio = model / ScaLAPACK; the
 * fastest run of each too (on a shared machine the least disturbed one).
 * Rank 0 prints per op
 *   VALIDATE,<op>,<np>,<n>,<nb>,<scalapack s>,<model s>,<model/scalapack>,
 *            <check worst ratio>,<ok|FAIL>,<scalapack min s>,<model min s>
 * and exits 1 on a failed check.
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pblas_model.h"
#include "pd_testutil.h"
#include "rmala.h"

typedef struct {
  int np, nprow, npcol, myrow, mycol, ctxt, me;
  rma_grid_t g;
  rma_model_grid_t mg;
} env_t;

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

// Sorts v; its median.
static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(double), cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double max_all(double v) {
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return v;
}

// An rma_dmatrix_t over the local array of a pd_matrix_t.
static rma_dmatrix_t view(const env_t *e, const pd_matrix_t *x, double *data) {
  return (rma_dmatrix_t){e->g,       x->desc[2], x->desc[3], x->desc[4], x->desc[5],
                         x->desc[6], x->desc[7], data,       x->lld};
}

static void report(const env_t *e, const char *op, int n, int nb, double *ts, double *tm, int runs,
                   double worst, int ok) {
  double ms = median(ts, runs), mm = median(tm, runs); // sorted: [0] is the fastest
  if (e->me == 0)
    printf("VALIDATE,%s,%d,%d,%d,%.6g,%.6g,%.3f,%.3g,%s,%.6g,%.6g\n", op, e->np, n, nb, ms, mm,
           mm / ms, worst, ok ? "ok" : "FAIL", ts[0], tm[0]);
}

static int run_gemm(const env_t *e, int n, int nb, int runs) {
  pd_matrix_t a, b, c0, cs;
  if (pd_matrix_make(&a, e->ctxt, n, n, nb, nb, 0, 0, 0, 1, 0.0) ||
      pd_matrix_make(&b, e->ctxt, n, n, nb, nb, 0, 0, 0, 2, 0.0) ||
      pd_matrix_make(&c0, e->ctxt, n, n, nb, nb, 0, 0, 0, 3, 0.0) ||
      pd_matrix_make(&cs, e->ctxt, n, n, nb, nb, 0, 0, 0, 3, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  double *cm = malloc(sizeof(double) * (size_t)c0.len);
  double *ts = malloc(sizeof(double) * (size_t)runs), *tm = malloc(sizeof(double) * (size_t)runs);
  const double alpha = 1.5, beta = 0.5;
  const int one = 1;
  rma_dmatrix_t ma = view(e, &a, a.data), mb = view(e, &b, b.data), mc = view(e, &c0, cm);
  int rc = 0;
  for (int r = 0; r < runs && rc == 0; r++) {
    memcpy(cs.data, c0.data, sizeof(double) * (size_t)c0.len);
    memcpy(cm, c0.data, sizeof(double) * (size_t)c0.len);
    for (int which = 0; which < 2; which++) {
      int model = (which + r) % 2;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      if (model)
        rc = rma_model_gemm(&e->mg, alpha, &ma, &mb, beta, &mc);
      else
        pdgemm_("N", "N", &n, &n, &n, &alpha, a.data, &one, &one, a.desc, b.data, &one, &one,
                b.desc, &beta, cs.data, &one, &one, cs.desc);
      MPI_Barrier(MPI_COMM_WORLD);
      (model ? tm : ts)[r] = MPI_Wtime() - t0;
    }
  }
  // ======== ratio = max |C_model - C_scalapack| / (eps (|alpha| n + |beta|)) < 16 ========
  double diff = 0.0;
  for (int lj = 0; lj < cs.locc; lj++)
    for (int li = 0; li < cs.locr; li++) {
      double d = fabs(cm[li + (long)lj * cs.lld] - cs.data[li + (long)lj * cs.lld]);
      diff = d > diff || d != d ? d : diff;
    }
  double worst = max_all(diff) / (DBL_EPSILON * (fabs(alpha) * n + fabs(beta)));
  int ok = rc == 0 && worst < 16.0;
  if (e->me == 0 && rc != 0)
    printf("validate-model: rma_model_gemm returned %d\n", rc);
  report(e, "dgemm", n, nb, ts, tm, runs, worst, ok);
  free(cm), free(ts), free(tm);
  pd_matrix_free(&a), pd_matrix_free(&b), pd_matrix_free(&c0), pd_matrix_free(&cs);
  return ok;
}

// HPL-style ratio of the solution of A0 x = A0 * ones (seed 1, n x n) with
// the factors f and pivots ipiv, solved by ScaLAPACK's pdgetrs_; on every rank.
static double solve_ratio(const env_t *e, const pd_matrix_t *f, const int *ipiv, int n, int nb) {
  pd_matrix_t b;
  if (pd_matrix_make(&b, e->ctxt, n, 1, nb, nb, 0, 0, 0, 1, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  for (int li = 0; li < b.locr && b.locc > 0; li++) {
    int i = rt_global(li, nb, e->myrow, 0, e->nprow);
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += rt_entry(1, i, j);
    b.data[li] = s;
  }
  int one = 1, info = 0;
  pdgetrs_("N", &n, &one, f->data, &one, &one, f->desc, ipiv, b.data, &one, &one, b.desc, &info, 1);
  double *x = calloc((size_t)n, sizeof(double));
  for (int li = 0; li < b.locr && b.locc > 0; li++)
    x[rt_global(li, nb, e->myrow, 0, e->nprow)] = b.data[li];
  MPI_Allreduce(MPI_IN_PLACE, x, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  // Each rank checks a share of the rows; the largest residual wins.
  double res = 0.0, amax = 0.0, xmax = 0.0;
  for (int i = 0; i < n; i++) {
    xmax = fabs(x[i]) > xmax ? fabs(x[i]) : xmax;
    if (i % e->np != e->me)
      continue;
    double ax = 0.0, bi = 0.0;
    for (int j = 0; j < n; j++) {
      double v = rt_entry(1, i, j);
      ax += v * x[j], bi += v;
      amax = fabs(v) > amax ? fabs(v) : amax;
    }
    res = fabs(ax - bi) > res || ax != ax ? fabs(ax - bi) : res;
  }
  res = max_all(res), amax = max_all(amax);
  free(x);
  pd_matrix_free(&b);
  // ======== HPL ratio = max|A0 x - b| / (max|A0| max|x| n eps) ========
  return info != 0 ? INFINITY : res / (amax * xmax * n * DBL_EPSILON + DBL_MIN);
}

static int run_lu(const env_t *e, int n, int nb, int runs) {
  pd_matrix_t a0, as;
  if (pd_matrix_make(&a0, e->ctxt, n, n, nb, nb, 0, 0, 0, 1, 0.0) ||
      pd_matrix_make(&as, e->ctxt, n, n, nb, nb, 0, 0, 0, 1, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  pd_matrix_t am = as; // the model's copy: same descriptor, own array
  am.data = malloc(sizeof(double) * (size_t)a0.len);
  int npiv = a0.locr + nb;
  int *ps = calloc((size_t)npiv, sizeof(int)), *pm = calloc((size_t)npiv, sizeof(int));
  double *ts = malloc(sizeof(double) * (size_t)runs), *tm = malloc(sizeof(double) * (size_t)runs);
  rma_dmatrix_t ma = view(e, &am, am.data);
  int one = 1, info_s = 0, info_m = 0;
  for (int r = 0; r < runs && info_m >= 0; r++) {
    memcpy(as.data, a0.data, sizeof(double) * (size_t)a0.len);
    memcpy(am.data, a0.data, sizeof(double) * (size_t)a0.len);
    for (int which = 0; which < 2; which++) {
      int model = (which + r) % 2;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      if (model)
        info_m = rma_model_getrf(&e->mg, &ma, pm);
      else
        pdgetrf_(&n, &n, as.data, &one, &one, as.desc, ps, &info_s);
      MPI_Barrier(MPI_COMM_WORLD);
      (model ? tm : ts)[r] = MPI_Wtime() - t0;
    }
  }
  // (a) pivots of the own rows; (b) factors when the pivots agree.
  int mismatch = 0, mn = n;
  for (int li = 0; li < a0.locr; li++)
    if (rt_global(li, nb, e->myrow, 0, e->nprow) < mn && ps[li] != pm[li])
      mismatch++;
  MPI_Allreduce(MPI_IN_PLACE, &mismatch, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  double diff = 0.0, fmax = 0.0;
  for (int lj = 0; lj < as.locc; lj++)
    for (int li = 0; li < as.locr; li++) {
      double s = as.data[li + (long)lj * as.lld], m = am.data[li + (long)lj * as.lld];
      diff = fabs(s - m) > diff || m != m ? fabs(s - m) : diff;
      fmax = fabs(s) > fmax ? fabs(s) : fmax;
    }
  // ======== factors: max |F_model - F_scalapack| / (n eps max |F_scalapack|) < 16 ========
  double fratio = max_all(diff) / (n * DBL_EPSILON * max_all(fmax) + DBL_MIN);
  double res_m = solve_ratio(e, &am, pm, n, nb), res_s = solve_ratio(e, &as, ps, n, nb);
  int ok = info_m == info_s && res_m < 16.0 && (mismatch > 0 || fratio < 16.0);
  double worst = mismatch > 0 ? res_m : (fratio > res_m ? fratio : res_m);
  if (e->me == 0)
    printf("validate-model: lu n=%d nb=%d: info model %d ScaLAPACK %d; pivots differing on %d "
           "rows; factor ratio %.3g%s; HPL ratio with the model's factors %.3g (ScaLAPACK's "
           "%.3g)\n",
           n, nb, info_m, info_s, mismatch, fratio, mismatch ? " (not checked)" : "", res_m, res_s);
  report(e, "lu", n, nb, ts, tm, runs, worst, ok);
  free(am.data), free(ps), free(pm), free(ts), free(tm);
  pd_matrix_free(&a0), pd_matrix_free(&as);
  return ok;
}

// potrf's test matrix: symmetric, |off-diagonal| < 1, n on the diagonal
// (positive definite); the caller's local entries of x (n x n).
static void fill_spd(const env_t *e, pd_matrix_t *x, int n, int nb) {
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int i = rt_global(li, nb, e->myrow, 0, e->nprow),
          j = rt_global(lj, nb, e->mycol, 0, e->npcol);
      x->data[li + (long)lj * x->lld] =
          rt_entry(1, i > j ? i : j, i > j ? j : i) + (i == j ? (double)n : 0.0);
    }
}

static int run_potrf(const env_t *e, int n, int nb, int runs) {
  pd_matrix_t a0, as;
  if (pd_matrix_make(&a0, e->ctxt, n, n, nb, nb, 0, 0, 0, 1, 0.0) ||
      pd_matrix_make(&as, e->ctxt, n, n, nb, nb, 0, 0, 0, 1, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  fill_spd(e, &a0, n, nb);
  pd_matrix_t am = as; // the model's copy: same descriptor, own array
  am.data = malloc(sizeof(double) * (size_t)a0.len);
  double *ts = malloc(sizeof(double) * (size_t)runs), *tm = malloc(sizeof(double) * (size_t)runs);
  rma_dmatrix_t ma = view(e, &am, am.data);
  int one = 1, info_s = 0, info_m = 0;
  for (int r = 0; r < runs && info_m >= 0; r++) {
    memcpy(as.data, a0.data, sizeof(double) * (size_t)a0.len);
    memcpy(am.data, a0.data, sizeof(double) * (size_t)a0.len);
    for (int which = 0; which < 2; which++) {
      int model = (which + r) % 2;
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      if (model)
        info_m = rma_model_potrf(&e->mg, &ma);
      else
        pdpotrf_("L", &n, as.data, &one, &one, as.desc, &info_s, 1);
      MPI_Barrier(MPI_COMM_WORLD);
      (model ? tm : ts)[r] = MPI_Wtime() - t0;
    }
  }
  double diff = 0.0, fmax = 0.0;
  for (int lj = 0; lj < as.locc; lj++)
    for (int li = 0; li < as.locr; li++) {
      if (rt_global(li, nb, e->myrow, 0, e->nprow) < rt_global(lj, nb, e->mycol, 0, e->npcol))
        continue; // the strictly upper triangle: neither writes it
      double s = as.data[li + (long)lj * as.lld], m = am.data[li + (long)lj * as.lld];
      diff = fabs(s - m) > diff || m != m ? fabs(s - m) : diff;
      fmax = fabs(s) > fmax ? fabs(s) : fmax;
    }
  // ======== factors: max |L_model - L_scalapack| / (n eps max |L_scalapack|) < 16 ========
  double fratio = max_all(diff) / (n * DBL_EPSILON * max_all(fmax) + DBL_MIN);
  int ok = info_m == 0 && info_s == 0 && fratio < 16.0;
  if (e->me == 0)
    printf("validate-model: potrf n=%d nb=%d: info model %d ScaLAPACK %d; factor ratio %.3g\n", n,
           nb, info_m, info_s, fratio);
  report(e, "potrf", n, nb, ts, tm, runs, fratio, ok);
  free(am.data), free(ts), free(tm);
  pd_matrix_free(&a0), pd_matrix_free(&as);
  return ok;
}

// The bad-input probes; 1 when each returned its code on every rank and
// touched nothing.
static int run_bad(const env_t *e, int nb) {
  pd_matrix_t x, y;
  if (pd_matrix_make(&x, e->ctxt, 2 * nb, 2 * nb, nb, nb, 0, 0, 0, 4, 0.0) ||
      pd_matrix_make(&y, e->ctxt, 2 * nb, 2 * nb, nb, nb, 0, 0, 0, 5, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  double before = x.len > 0 ? x.data[0] : 0.0, ybefore = y.len > 0 ? y.data[0] : 0.0;
  rma_dmatrix_t mx = view(e, &x, x.data), my = view(e, &y, y.data);
  mx.mb = nb + 1; // not what PDGETRF accepts
  int *ipiv = calloc((size_t)(x.locr + 2 * nb), sizeof(int));
  int rc_lu = rma_model_getrf(&e->mg, &mx, ipiv);
  int rc_ch = rma_model_potrf(&e->mg, &mx);
  mx.mb = nb;
  rma_dmatrix_t mb = mx;
  mb.mb = nb + 1; // B's row blocks unlike A's column blocks
  int rc_mm = rma_model_gemm(&e->mg, 1.0, &mx, &mb, 0.0, &my);
  int ok = rc_lu == -2 && rc_ch == -2 && rc_mm == -4 && (x.len == 0 || x.data[0] == before) &&
           (y.len == 0 || y.data[0] == ybefore);
  int all = ok;
  MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (e->me == 0)
    printf("validate-model: bad input: getrf mb != nb -> %d, potrf mb != nb -> %d, gemm blocks "
           "unlike -> %d: %s\n",
           rc_lu, rc_ch, rc_mm, all ? "ok" : "FAIL");
  free(ipiv);
  pd_matrix_free(&x), pd_matrix_free(&y);
  // A zero column: U(nb+4, nb+4) = 0 exactly, in both.
  int n3 = 3 * nb, zc = nb + 3, one = 1, info_s = 0;
  if (pd_matrix_make(&x, e->ctxt, n3, n3, nb, nb, 0, 0, 0, 6, 0.0) ||
      pd_matrix_make(&y, e->ctxt, n3, n3, nb, nb, 0, 0, 0, 6, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  for (int lj = 0; lj < x.locc; lj++)
    if (rt_global(lj, nb, e->mycol, 0, e->npcol) == zc)
      for (int li = 0; li < x.locr; li++)
        x.data[li + (long)lj * x.lld] = y.data[li + (long)lj * y.lld] = 0.0;
  ipiv = calloc((size_t)(x.locr + nb), sizeof(int));
  int *ipiv_s = calloc((size_t)(x.locr + nb), sizeof(int));
  my = view(e, &y, y.data);
  int info_m = rma_model_getrf(&e->mg, &my, ipiv);
  pdgetrf_(&n3, &n3, x.data, &one, &one, x.desc, ipiv_s, &info_s);
  int zok = info_m == zc + 1 && info_s == zc + 1;
  MPI_Allreduce(MPI_IN_PLACE, &zok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (e->me == 0)
    printf("validate-model: zero column %d: info model %d, ScaLAPACK %d (want %d): %s\n", zc + 1,
           info_m, info_s, zc + 1, zok ? "ok" : "FAIL");
  free(ipiv), free(ipiv_s);
  pd_matrix_free(&x), pd_matrix_free(&y);
  // Not positive definite: A0(nb+3, nb+3) = -1, so the minor of order nb + 4 fails, in both.
  if (pd_matrix_make(&x, e->ctxt, n3, n3, nb, nb, 0, 0, 0, 1, 0.0) ||
      pd_matrix_make(&y, e->ctxt, n3, n3, nb, nb, 0, 0, 0, 1, 0.0))
    MPI_Abort(MPI_COMM_WORLD, 2);
  fill_spd(e, &x, n3, nb);
  for (int lj = 0; lj < x.locc; lj++)
    for (int li = 0; li < x.locr; li++)
      if (rt_global(li, nb, e->myrow, 0, e->nprow) == zc &&
          rt_global(lj, nb, e->mycol, 0, e->npcol) == zc)
        x.data[li + (long)lj * x.lld] = -1.0;
  memcpy(y.data, x.data, sizeof(double) * (size_t)x.len);
  my = view(e, &y, y.data);
  info_m = rma_model_potrf(&e->mg, &my);
  pdpotrf_("L", &n3, x.data, &one, &one, x.desc, &info_s, 1);
  int pok = info_m == zc + 1 && info_s == zc + 1;
  MPI_Allreduce(MPI_IN_PLACE, &pok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (e->me == 0)
    printf("validate-model: potrf, minor %d not positive definite: info model %d, ScaLAPACK %d "
           "(want %d): %s\n",
           zc + 1, info_m, info_s, zc + 1, pok ? "ok" : "FAIL");
  pd_matrix_free(&x), pd_matrix_free(&y);
  return all && zok && pok;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  env_t e;
  MPI_Comm_rank(MPI_COMM_WORLD, &e.me);
  MPI_Comm_size(MPI_COMM_WORLD, &e.np);
  const char *op = "both";
  int n = 512, nb = 64, runs = 3, bad = 0;
  for (int i = 1; i < argc; i++) {
    if (i + 1 < argc && strcmp(argv[i], "--op") == 0)
      op = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--n") == 0)
      n = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--nb") == 0)
      nb = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--runs") == 0)
      runs = atoi(argv[++i]);
    else
      bad = 1;
  }
  int all = strcmp(op, "all") == 0, both = all || strcmp(op, "both") == 0;
  int do_gemm = both || strcmp(op, "dgemm") == 0, do_lu = both || strcmp(op, "lu") == 0;
  int do_potrf = all || strcmp(op, "potrf") == 0;
  if (bad || n < 1 || nb < 1 || runs < 1 || !(do_gemm || do_lu || do_potrf)) {
    if (e.me == 0)
      fprintf(stderr, "usage: validate-model [--op dgemm|lu|potrf|both|all] [--n N] [--nb NB] "
                      "[--runs R]\n");
    MPI_Finalize();
    return 2;
  }
  rt_grid_shape(e.np, &e.nprow, &e.npcol);
  int sys = 0;
  Cblacs_get(-1, 0, &sys);
  e.ctxt = sys;
  Cblacs_gridinit(&e.ctxt, "Row", e.nprow, e.npcol);
  Cblacs_gridinfo(e.ctxt, &e.nprow, &e.npcol, &e.myrow, &e.mycol);
  int rc = rma_grid_create(MPI_COMM_WORLD, e.nprow, e.npcol, 'R', &e.g);
  int r_row = -1, r_col = -1;
  if (rc == 0)
    rma_grid_info(e.g, NULL, NULL, &r_row, &r_col);
  int differ = rc != 0 || r_row != e.myrow || r_col != e.mycol;
  MPI_Allreduce(MPI_IN_PLACE, &differ, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (differ || rma_model_grid_open(MPI_COMM_WORLD, e.g, &e.mg) != 0) {
    if (e.me == 0)
      fprintf(stderr, "validate-model: the BLACS grid and the rmala grid disagree\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (e.me == 0)
    printf("validate-model: MODEL of ScaLAPACK 2.x (sim/model) against ScaLAPACK, %d ranks "
           "(%d x %d), n=%d nb=%d, median of %d runs\n",
           e.np, e.nprow, e.npcol, n, nb, runs);
  int ok = run_bad(&e, nb);
  if (do_gemm)
    ok &= run_gemm(&e, n, nb, runs);
  if (do_lu)
    ok &= run_lu(&e, n, nb, runs);
  if (do_potrf)
    ok &= run_potrf(&e, n, nb, runs);
  rma_model_grid_close(&e.mg);
  rma_grid_free(&e.g);
  Cblacs_gridexit(e.ctxt);
  MPI_Finalize();
  return ok ? 0 : 1;
}
