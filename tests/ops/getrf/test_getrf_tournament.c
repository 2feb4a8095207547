/*
 * rma_lu with tournament pivoting (RMA_OPT_LU_PIVOT 1, the panel always
 * factored by its process column: RMA_OPT_LU_PANEL 2) on LAPACK's own test
 * matrices, in d and z through the native typed API, at np = 2, 3, 4, 6
 * (every grid; those with two process rows or more pivot by tournament).
 *
 * Matrices: LAPACK's test generator (dlatms / zlatms from libtmglib, as
 * xCHKGE's types via xLATB4): diagonal; upper and lower triangular;
 * general with cond 2; ill-conditioned general, cond sqrt(0.1 / eps) and
 * 0.1 / eps; scaled near underflow and near overflow; singular with the
 * first, last or a middle column zero. Geometric singular values (mode 3),
 * entries symmetric about 0; generated alike on every rank (same seed).
 * Windows: 96 x 96 and 128 x 64 (8 x 8 blocks) at (0, 0), run on the
 * caller's grid in place; 101 x 101 (8 x 8: no block divides it) and
 * 120 x 72 (tall, 8 x 6 blocks) at offsets (3, 2), run on the store's
 * near-square copy (ops/square.h); rows and columns beyond every window,
 * the first block at a grid position drawn per case. The general type in
 * every shape, the others in one each.
 * Checks (eps = 2^-53; sums in long double; each fails on NaN):
 *   factorization  ratio = ||P A - L U||_inf / (||A||_inf eps max(m, n)) <= 30
 *                  (LAPACK's test threshold), on the gathered factors;
 *   growth         ratio = g_tournament / max(g_partial, 1) <= 8, where
 *                  g = max|U| / max|A| and g_partial is LAPACKE_?getrf's on
 *                  the same matrix (CALU's growth stays within a small factor
 *                  of partial pivoting's in its authors' experiments);
 *   info: LAPACKE_?getrf's (the first exactly zero pivot; tournament
 *   panels fall back to partial pivoting there), the same on every rank;
 *   ipiv: the same on every grid column, window rows i + 1 .. m;
 *   the tournament is used: at least one general matrix's pivots differ
 *   from LAPACKE_?getrf's over the run (with partial pivoting they are the
 *   same; np >= 2 gives grids with two process rows).
 * Prints the worst ratios and the largest |L(i, j)| seen (may exceed 1).
 */
#include <complex.h>
#include <lapacke.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "typed_elem.h"

// LAPACK's test matrix generators (libtmglib; Fortran, hidden lengths last).
void dlatms_(const int *m, const int *n, const char *dist, int *iseed, const char *sym, double *d,
             const int *mode, const double *cond, const double *dmax, const int *kl, const int *ku,
             const char *pack, double *a, const int *lda, double *work, int *info, size_t, size_t,
             size_t);
void zlatms_(const int *m, const int *n, const char *dist, int *iseed, const char *sym, double *d,
             const int *mode, const double *cond, const double *dmax, const int *kl, const int *ku,
             const char *pack, double complex *a, const int *lda, double complex *work, int *info,
             size_t, size_t, size_t);

static int me, np;
static long ncases, differ, general_multi;
static double lmax_seen;
static rt_ratio_t ratios[2] = {
    RT_RATIO("factorization", "||P A - L U||_inf / (||A||_inf eps max(m,n))", 30.0),
    RT_RATIO("growth", "(max|U|/max|A|) / max(1, the same for LAPACKE_?getrf)", 8.0),
};

enum { N_TYPES = 11 };
static const char *type_name[N_TYPES] = {
    "diagonal",      "upper triangular", "lower triangular", "general",
    "zero column 1", "zero column n",    "zero column n/2",  "cond sqrt(0.1/eps)",
    "cond 0.1/eps",  "near underflow",   "near overflow"};

// The m x n matrix of test type `type` (xLATB4's parameters for xGE),
// column-major (ld m), as double complex (zero imaginary parts for d).
static double complex *make_a(int t, int type, int m, int n, int seed) {
  double eps = te_eps(t), cond = 2.0, anorm = 1.0;
  if (type == 7)
    cond = sqrt(0.1 / eps);
  if (type == 8)
    cond = 0.1 / eps;
  if (type == 9)
    anorm = sqrt(DBL_MIN / eps) * 16; // small
  if (type == 10)
    anorm = sqrt(DBL_MAX * eps) / 16; // large
  int kl = type == 0 || type == 1 ? 0 : m - 1, ku = type == 0 || type == 2 ? 0 : n - 1;
  int mode = 3, info = 0, iseed[4] = {seed & 4095, 7, 11, 2 * (seed % 2048) + 1};
  int mn = m > n ? m : n;
  // Every array ?latms reads or writes gets OVERREAD bytes more than LAPACK
  // asks: Debian bookworm's OpenBLAS 0.3.21 zgemv_n_HASWELL (zlatms ->
  // zlagge) reads past the end of its operands (OpenBLAS issue 4013, 16-byte
  // invalid reads on AMD EPYC), which killed this test once in CI with
  // SIGSEGV at an unmapped page right after the heap.
  const size_t OVERREAD = 4096;
  double *d = malloc(sizeof(double) * (size_t)mn + OVERREAD);
  double complex *a = malloc(sizeof(double complex) * (size_t)m * n + OVERREAD);
  if (t == TE_D) {
    double *ar = malloc(sizeof(double) * (size_t)m * n + OVERREAD),
           *w = malloc(sizeof(double) * 3 * mn + OVERREAD);
    dlatms_(&m, &n, "S", iseed, "N", d, &mode, &cond, &anorm, &kl, &ku, "N", ar, &m, w, &info, 1, 1,
            1);
    for (long x = 0; x < (long)m * n; x++)
      a[x] = ar[x];
    free(ar), free(w);
  } else {
    double complex *w = malloc(sizeof(double complex) * 3 * mn + OVERREAD);
    zlatms_(&m, &n, "S", iseed, "N", d, &mode, &cond, &anorm, &kl, &ku, "N", a, &m, w, &info, 1, 1,
            1);
    free(w);
  }
  free(d);
  if (info)
    rt_fail("?latms info %d (type %s)", info, type_name[type]);
  int zc = type == 4 ? 0 : type == 5 ? n - 1 : type == 6 ? n / 2 : -1;
  for (int i = 0; zc >= 0 && i < m; i++)
    a[i + (long)zc * m] = 0.0;
  return a;
}

// LAPACKE_?getrf on a copy of a: its info, pivots (k) and growth max|U| / max|A|.
static int lapack_lu(int t, int m, int n, const double complex *a, int *piv, double *growth) {
  long len = (long)m * n;
  double complex *f = malloc(sizeof(double complex) * (size_t)len);
  memcpy(f, a, sizeof(double complex) * (size_t)len);
  int info;
  if (t == TE_D) {
    double *r = malloc(sizeof(double) * (size_t)len);
    for (long x = 0; x < len; x++)
      r[x] = creal(f[x]);
    info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, n, r, m, piv);
    for (long x = 0; x < len; x++)
      f[x] = r[x];
    free(r);
  } else {
    info = LAPACKE_zgetrf(LAPACK_COL_MAJOR, m, n, f, m, piv);
  }
  double umax = 0.0, amax = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      amax = fmax(amax, cabs(a[i + (long)j * m]));
      if (i <= j)
        umax = fmax(umax, cabs(f[i + (long)j * m]));
    }
  *growth = umax / amax;
  free(f);
  return info;
}

// ||P A - L U||_inf / (||A||_inf eps max(m, n)) of the factors f with pivots piv.
static double residual(int t, int m, int n, const double complex *a, const double complex *f,
                       const int *piv) {
  int k = m < n ? m : n;
  double complex *pa = malloc(sizeof(double complex) * (size_t)m * n);
  memcpy(pa, a, sizeof(double complex) * (size_t)m * n);
  double an = 0.0, rn = 0.0;
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += cabs(pa[i + (long)j * m]);
    an = fmax(an, s);
  }
  for (int i = 0; i < k; i++)
    for (int j = 0; j < n; j++) {
      double complex x = pa[i + (long)j * m];
      pa[i + (long)j * m] = pa[piv[i] - 1 + (long)j * m], pa[piv[i] - 1 + (long)j * m] = x;
    }
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++) {
      long double complex lu = 0.0L;
      for (int l = 0; l <= i && l <= j && l < k; l++)
        lu += (long double complex)(l == i ? 1.0 : f[i + (long)l * m]) * f[l + (long)j * m];
      s += (double)cabsl((long double complex)pa[i + (long)j * m] - lu);
    }
    rn = s > rn || isnan(s) ? s : rn;
  }
  free(pa);
  return rn / (an * te_eps(t) * (m > n ? m : n));
}

static int call_getrf(const rt_tmatrix_t *a, int m, int n, int ia, int ja, int *ipiv) {
  if (a->t == TE_D) {
    rma_dmatrix_t A = RT_TMATRIX(d, a);
    return rma_dmatrix_getrf(m, n, &A, ia, ja, ipiv);
  }
  rma_zmatrix_t A = RT_TMATRIX(z, a);
  return rma_zmatrix_getrf(m, n, &A, ia, ja, ipiv);
}

// One factorization of type `type` on grid g.
static void run_case(rma_grid_t g, int t, int type, const int *shape, unsigned *st) {
  int m = shape[0], n = shape[1], mb = shape[2], nb = shape[3], ia = shape[4], ja = shape[5];
  int npr, npc, k = m < n ? m : n;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int seed = 1 + rt_rand(st, 1 << 20);
  double complex *a = make_a(t, type, m, n, seed);
  rt_tmatrix_t A;
  ncases++;
  int bad = rt_tmatrix_make(t, g, ia + m + 2, ja + n + 1, mb, nb, rt_rand(st, npr),
                            rt_rand(st, npc), 1, 99, &A);
  if (!rt_expect_all(bad, 0, "making A")) {
    free(a);
    return;
  }
  for (int lj = 0; lj < A.lc; lj++)
    for (int li = 0; li < A.lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&A.d, li, lj, &gi, &gj);
      if (gi >= ia && gi < ia + m && gj >= ja && gj < ja + n)
        te_put(t, A.data, li + (long)lj * A.d.lld, a[gi - ia + (long)(gj - ja) * m]);
    }
  int *ipiv = malloc(sizeof(int) * (size_t)(A.lr + mb + 1));
  int info = call_getrf(&A, m, n, ia, ja, ipiv);
  int *lp = malloc(sizeof(int) * (size_t)k);
  double gp = 0.0;
  int want = lapack_lu(t, m, n, a, lp, &gp);
  rt_expect_all(info, want, "%c %s %dx%d: info", te_name(t), type_name[type], m, n);
  // The pivots of window rows 0 .. k-1: the same on every grid column.
  int *lo = malloc(sizeof(int) * (size_t)k), *hi = malloc(sizeof(int) * (size_t)k);
  for (int i = 0; i < k; i++)
    lo[i] = INT_MAX, hi[i] = INT_MIN;
  for (int li = 0; li < A.lr; li++) {
    int gi, gj;
    rt_dmatrix_global(&A.d, li, 0, &gi, &gj);
    if (gi >= ia && gi < ia + k)
      lo[gi - ia] = hi[gi - ia] = ipiv[li] - ia;
  }
  MPI_Allreduce(MPI_IN_PLACE, lo, k, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, hi, k, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  double complex *f = rt_tmatrix_gather(&A, ia, ja, m, n);
  int ok = 1;
  for (int i = 0; i < k && ok; i++)
    if (lo[i] != hi[i] || lo[i] < i + 1 || lo[i] > m) {
      rt_fail_same("%c %s %dx%d: window row %d: pivot %d..%d over the grid columns", te_name(t),
                   type_name[type], m, n, i, lo[i], hi[i]);
      ok = 0;
    }
  if (ok && info == 0) {
    double r = residual(t, m, n, a, f, lo);
    if (!rt_ratio(&ratios[0], r))
      rt_fail_same("%c %s %dx%d on %dx%d: factorization ratio %.3g", te_name(t), type_name[type], m,
                   n, npr, npc, r);
    double umax = 0.0, amax = 0.0, lmax = 0.0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        amax = fmax(amax, cabs(a[i + (long)j * m]));
        if (i <= j)
          umax = fmax(umax, cabs(f[i + (long)j * m]));
        else if (j < k)
          lmax = fmax(lmax, cabs(f[i + (long)j * m]));
      }
    double gr = (umax / amax) / fmax(1.0, gp);
    if (!rt_ratio(&ratios[1], gr))
      rt_fail_same("%c %s %dx%d on %dx%d: growth %.3g against LAPACK's %.3g", te_name(t),
                   type_name[type], m, n, npr, npc, umax / amax, gp);
    lmax_seen = fmax(lmax_seen, lmax);
    int same = 1;
    for (int i = 0; i < k; i++)
      same &= lo[i] == lp[i];
    if (type == 3) {
      general_multi++;
      differ += !same;
    }
  }
  free(a), free(f), free(lo), free(hi), free(lp), free(ipiv);
  rt_tmatrix_free(&A);
}

static void grid_cases(rma_grid_t g, unsigned st) {
  // m, n, mb, nb, ia, ja
  const int shapes[4][6] = {
      {96, 96, 8, 8, 0, 0}, {101, 101, 8, 8, 3, 2}, {120, 72, 8, 6, 3, 2}, {128, 64, 8, 8, 0, 0}};
  for (int t = TE_D; t <= TE_Z; t += TE_Z - TE_D)
    for (int type = 0; type < N_TYPES; type++)
      for (int s = 0; s < (type == 3 ? 4 : 1); s++)
        run_case(g, t, type, shapes[type == 3 ? s : (type + t) % 4], &st);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  rma_set_option(RMA_OPT_LU_PANEL, 2);
  rma_set_option(RMA_OPT_LU_PIVOT, 1);
  int grids = rt_each_grid(grid_cases, 4242u, 31u);
  if (general_multi > 0 && differ == 0)
    rt_fail_same("on all %ld general matrices the pivots equal LAPACKE's: the tournament was "
                 "not used",
                 general_multi);
  if (me == 0)
    printf("test_getrf_tournament: np %d, %d grids, %ld cases, pivots differ from LAPACK's on "
           "%ld of %ld general ones, largest |L(i,j)| %.3g\n",
           np, grids, ncases, differ, general_multi, lmax_seen);
  int status = rt_finish("test_getrf_tournament", ratios, 2);
  MPI_Finalize();
  return status;
}
