/*
 * The engine's getrf and getrs through the GA front-end: rma_lu /
 * rma_lu_solve on GA arrays of every layout (run at np = 1, 2, 3, 4, 6).
 *
 * Checks (eps = 2^-53; products summed in long double; every check also fails on NaN):
 *   factorization  ||P A - L U||_inf / (||A||_inf * eps * max(m,n))       <= 1
 *   solve          ||A x - b||_inf / (||A||_inf * ||x||_inf * eps * n)     <= 1
 *   HPL            ||A x - b||_inf / (eps * (||A||_inf ||x||_inf + ||b||_inf) * n) < 16
 * over square and rectangular sizes, tile sizes {1,2,3,4,32} (and unequal
 * mb x nb, and GA's regular distribution, both through the tiled copy), grids
 * 1xp, px1, 2x2, 2x3; no pivoting on diagonally dominant matrices, partial
 * pivoting on random ones; 'N' and 'T' solves with nrhs in {1,3,9}; a sample
 * again with shared memory off, with the store freed after each call, and
 * with the panel always factored by its process column / always on one rank.
 * Singular matrices return LAPACK dgetrf's info on every rank with ipiv in
 * range; at np = 1 ipiv equals LAPACKE_dgetrf's. GA arrays cannot be empty,
 * so n = 0 is not exercised. Prints the worst ratios; exits 1 on failure.
 */
#include <ga.h>
#include <lapacke.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"

static int me, np;
static long ncases;
static rt_ratio_t ratios[3] = {
    RT_RATIO("factorization", "||P A - L U||_inf / (||A||_inf eps max(m,n))", 1.0),
    RT_RATIO("solve", "||op(A) x - b||_inf / (||op(A)||_inf ||x||_inf eps n)", 1.0),
    RT_RATIO_BELOW("HPL", "||op(A) x - b||_inf / (eps (||op(A)||_inf ||x||_inf + ||b||_inf) n)",
                   16.0)};

typedef struct {
  int lay; /* 0 tiled, 1 scalapack, 2 regular */
  int mb, nb, prow, pcol;
} dist_t;

static int make(int m, int n, dist_t d, const char *name) {
  if (d.lay == 2)
    return rt_create_regular(m, n, name);
  int g = 0, p = d.prow, q = d.pcol;
  int mt = (m + d.mb - 1) / d.mb, nt = (n + d.nb - 1) / d.nb;
  if (p * q != np || p > mt || q > nt)
    p = q = 0;
  int rc = rma_matrix_create(m, n, d.mb, d.nb, p, q,
                             d.lay ? RMA_LAYOUT_SCALAPACK : RMA_LAYOUT_TILED, name, &g);
  if (rc == RMA_ERR_NO_GRID)
    return rt_create_regular(m, n, name);
  if (rc != 0)
    MPI_Abort(MPI_COMM_WORLD, 3);
  return g;
}

// Every rank checks the same gathered factors and solutions: a failure is everyone's.
static void fail(const char *what, int m, int n, dist_t d, int pivot, double v) {
  rt_fail_same("%s: m=%d n=%d lay=%d %dx%d grid %dx%d pivot=%d value=%g", what, m, n, d.lay, d.mb,
               d.nb, d.prow, d.pcol, pivot, v);
}

static double norm_inf(const double *a, int m, int n) {
  double w = 0;
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += fabs(a[(long)i * n + j]);
    w = s > w || isnan(s) ? s : w;
  }
  return w;
}

// ||P A - L U||_inf / (||A||_inf eps max(m,n)) from the gathered factors f.
static double fact_ratio(const double *a, const double *f, const int *ipiv, int m, int n) {
  int k = m < n ? m : n;
  // A pivot outside 1..m (an error return leaves ipiv unset) fails the case instead of
  // swapping rows outside the matrix.
  for (int i = 0; ipiv && i < k; i++)
    if (ipiv[i] < 1 || ipiv[i] > m)
      return INFINITY;
  double *pa = malloc(sizeof(double) * (size_t)m * n), *r = malloc(sizeof(double) * (size_t)m * n);
  memcpy(pa, a, sizeof(double) * (size_t)m * n);
  for (int i = 0; ipiv && i < k; i++)
    for (int j = 0; j < n; j++) {
      double t = pa[(long)i * n + j];
      pa[(long)i * n + j] = pa[(long)(ipiv[i] - 1) * n + j];
      pa[(long)(ipiv[i] - 1) * n + j] = t;
    }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      long double s = 0;
      int top = i < j ? i : j;
      for (int l = 0; l <= top && l < k; l++) {
        double lv = l == i ? 1.0 : f[(long)i * n + l];
        s += (long double)lv * f[(long)l * n + j];
      }
      r[(long)i * n + j] = (double)(pa[(long)i * n + j] - s);
    }
  double an = norm_inf(a, m, n), rn = norm_inf(r, m, n);
  free(pa), free(r);
  double ratio = rn / (an * RT_EPS * (m > n ? m : n));
  return isnan(ratio) ? INFINITY : ratio;
}

// One factor + solve case.
static void run_case(int m, int n, dist_t d, int pivot, int nrhs, char trans) {
  double diag = pivot ? 0.0 : (double)(m > n ? m : n);
  int ga = make(m, n, d, "A");
  rt_fill(ga, 100 + m * 7 + n, m, n, diag);
  double *a = malloc(sizeof(double) * (size_t)m * n), *f = malloc(sizeof(double) * (size_t)m * n);
  rt_gather(ga, m, n, a);
  int k = m < n ? m : n, *ipiv = pivot ? malloc(sizeof(int) * (size_t)k) : NULL;
  int info = rma_lu(ga, ipiv);
  rt_gather(ga, m, n, f);
  ncases++;
  if (info != 0)
    fail("info", m, n, d, pivot, info);
  if (info < 0) { // an error code: the factors and ipiv are undefined
    free(a), free(f), free(ipiv);
    GA_Destroy(ga);
    return;
  }
  double fr = fact_ratio(a, f, ipiv, m, n);
  if (!rt_ratio(&ratios[0], fr))
    fail("factor residual", m, n, d, pivot, fr);
  if (m == n && info == 0) {
    // b = A x0 is computed serially; solve and check with ScaLAPACK's and HPL's ratios.
    int gb = make(n, nrhs, d, "B");
    rt_fill(gb, 7, n, nrhs, 0.0);
    double *b = malloc(sizeof(double) * (size_t)n * nrhs),
           *x = malloc(sizeof(double) * (size_t)n * nrhs);
    rt_gather(gb, n, nrhs, b);
    int rc = rma_lu_solve(trans, ga, ipiv, gb);
    rt_gather(gb, n, nrhs, x);
    if (rc != 0)
      fail("solve rc", m, n, d, pivot, rc);
    int t = trans == 'T';
    double rmax = 0, xmax = 0, bmax = norm_inf(b, n, nrhs);
    for (int c = 0; c < nrhs; c++) {
      double xn = 0, rn = 0, bn = 0;
      for (int i = 0; i < n; i++) {
        // The residual in extended precision, so the check adds no rounding of its own.
        long double s = 0;
        for (int j = 0; j < n; j++)
          s += (long double)(t ? a[(long)j * n + i] : a[(long)i * n + j]) * x[(long)j * nrhs + c];
        double res = (double)fabsl(s - b[(long)i * nrhs + c]);
        rn = res > rn || isnan(res) ? res : rn;
        xn = fabs(x[(long)i * nrhs + c]) > xn || isnan(x[(long)i * nrhs + c])
                 ? fabs(x[(long)i * nrhs + c])
                 : xn;
        bn = fabs(b[(long)i * nrhs + c]) > bn ? fabs(b[(long)i * nrhs + c]) : bn;
      }
      rmax = rn > rmax || isnan(rn) ? rn : rmax;
      xmax = xn > xmax || isnan(xn) ? xn : xmax;
      (void)bn;
    }
    double an = t ? 0 : norm_inf(a, n, n);
    if (t) // ||A^T||_inf = ||A||_1
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++)
          s += fabs(a[(long)i * n + j]);
        an = s > an ? s : an;
      }
    double sr = rmax / (an * xmax * RT_EPS * n);
    double hpl = rmax / (RT_EPS * (an * xmax + bmax) * n);
    if (!rt_ratio(&ratios[1], sr))
      fail("solve residual", m, n, d, pivot, sr);
    if (!rt_ratio(&ratios[2], hpl))
      fail("HPL residual", m, n, d, pivot, hpl);
    free(b), free(x);
    GA_Destroy(gb);
  }
  free(a), free(f), free(ipiv);
  GA_Destroy(ga);
}

// Singular matrices: info and ipiv against LAPACKE_dgetrf on the same matrix.
static void singular_case(int n, int zero_from, int zero_to, dist_t d) {
  int ga = make(n, n, d, "S");
  double *a = malloc(sizeof(double) * (size_t)n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[(long)i * n + j] = (j >= zero_from && j < zero_to) ? 0.0 : rt_entry(5, i, j);
  if (me == 0) {
    int lo[2] = {0, 0}, hi[2] = {n - 1, n - 1}, ld[1] = {n};
    NGA_Put(ga, lo, hi, a, ld);
  }
  GA_Sync();
  int *ipiv = malloc(sizeof(int) * (size_t)n), *lp = malloc(sizeof(int) * (size_t)n);
  int info = rma_lu(ga, ipiv);
  int ref = (int)LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, a, n, lp);
  ncases++;
  rt_expect_all(info, ref,
                "singular info (LAPACKE_dgetrf's): n=%d zero columns [%d,%d) lay=%d %dx%d", n,
                zero_from, zero_to, d.lay, d.mb, d.nb);
  for (int i = 0; i < n; i++)
    if (ipiv[i] < i + 1 || ipiv[i] > n)
      fail("singular ipiv range", n, zero_from, d, 1, ipiv[i]);
  // No pivoting: the first zero pivot, nothing non-finite.
  int gb = make(n, n, d, "S2");
  if (me == 0) {
    int lo[2] = {0, 0}, hi[2] = {n - 1, n - 1}, ld[1] = {n};
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        a[(long)i * n + j] =
            (j >= zero_from && j < zero_to) ? 0.0 : rt_entry(5, i, j) + (i == j ? n : 0);
    NGA_Put(gb, lo, hi, a, ld);
  }
  GA_Sync();
  int info2 = rma_lu(gb, NULL);
  rt_gather(gb, n, n, a);
  for (long i = 0; i < (long)n * n; i++)
    if (!isfinite(a[i])) {
      fail("no-pivot singular: non-finite", n, zero_from, d, 0, a[i]);
      break;
    }
  if (info2 != zero_from + 1)
    fail("no-pivot singular info", n, zero_from, d, 0, info2);
  free(a), free(ipiv), free(lp);
  GA_Destroy(ga), GA_Destroy(gb);
}

// At np = 1: ipiv equals LAPACKE_dgetrf's for the same matrix.
static void lapack_agreement(int n, dist_t d) {
  int ga = make(n, n, d, "P");
  rt_fill(ga, 99, n, n, 0.0);
  double *a = malloc(sizeof(double) * (size_t)n * n);
  rt_gather(ga, n, n, a);
  int *ipiv = malloc(sizeof(int) * (size_t)n), *lp = malloc(sizeof(int) * (size_t)n);
  rma_lu(ga, ipiv);
  LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, a, n, lp);
  ncases++;
  for (int i = 0; i < n; i++)
    if (ipiv[i] != lp[i]) {
      fail("ipiv differs from LAPACKE_dgetrf", n, n, d, 1, i);
      break;
    }
  free(a), free(ipiv), free(lp);
  GA_Destroy(ga);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  const int sizes[] = {1, 2, 3, 4, 10, 13, 17, 31, 57, 97};
  const int blocks[] = {1, 2, 3, 4, 32};
  const int nrhs[] = {1, 3, 9};
  int grids[4][2] = {{1, np}, {np, 1}, {2, 2}, {2, 3}};
  int c = 0;
  for (int si = 0; si < 10; si++)
    for (int bi = 0; bi < 5; bi++)
      for (int gi = 0; gi < 4; gi++) {
        if (blocks[bi] == 1 && sizes[si] > 31)
          continue; // keep 1x1 tiles to small matrices
        dist_t d = {c % 2, blocks[bi], blocks[bi], grids[gi][0], grids[gi][1]};
        int n = sizes[si];
        run_case(n, n, d, c % 3 != 0, nrhs[c % 3], c % 4 == 1 ? 'T' : 'N');
        c++;
      }
  // Rectangular, unequal tiles and regular GA (through the tiled copy).
  const int rect[][2] = {{13, 7}, {7, 13}, {31, 10}, {10, 31}, {57, 17}, {4, 97}};
  for (int r = 0; r < 6; r++)
    for (int lay = 0; lay < 3; lay++)
      for (int pivot = 0; pivot < 2; pivot++) {
        dist_t d = {lay, 3 + r % 2, 3, 0, 0};
        run_case(rect[r][0], rect[r][1], d, pivot, 1, 'N');
      }
  for (int lay = 0; lay < 3; lay++) {
    dist_t d = {lay, 4, 5, 0, 0};
    run_case(57, 57, d, 1, 3, 'T');
    run_case(57, 57, d, 0, 3, 'N');
  }
  // A larger one.
  dist_t big = {0, 32, 32, 0, 0};
  run_case(500, 500, big, 1, 3, 'N');
  big.lay = 1;
  run_case(500, 500, big, 0, 1, 'T');
  // Singular matrices.
  for (int lay = 0; lay < 2; lay++) {
    dist_t d = {lay, 4, 4, 0, 0};
    singular_case(17, 0, 1, d);   // zero first column
    singular_case(17, 16, 17, d); // zero last column
    singular_case(16, 8, 16, d);  // zero last n/2 columns
  }
  // Shared memory off (node neighbours through the RMA mailbox) and the
  // store freed after each call: a sample of the same checks.
  for (int off = 0; off < 2; off++) {
    rma_set_option(off ? RMA_OPT_STORE_KEEP : RMA_OPT_SHARED_MEMORY, 0);
    for (int lay = 0; lay < 3; lay++) {
      dist_t d = {lay, 4, lay == 2 ? 5 : 4, 0, 0};
      run_case(57, 57, d, 1, 3, 'N');
      run_case(31, 31, d, 0, 1, 'T');
    }
    // One process column of np rows, each rank its own group without
    // shared memory: the U row's tree forwards through receivers (np >= 3).
    dist_t col = {off, 8, 8, np, 1};
    run_case(57, 57, col, 1, 1, 'N');
    run_case(57, 57, col, 0, 1, 'N');
    rma_set_option(off ? RMA_OPT_STORE_KEEP : RMA_OPT_SHARED_MEMORY, 1);
  }
  // The panel factored by its process column in every step that spans two
  // tile rows or more (RMA_OPT_LU_PANEL 2; by default only where it pays,
  // never in matrices this small with pivoting) and gathered on one rank
  // (0): grids with several process rows, panels wider than the column
  // kernel's base (8), rectangular matrices.
  for (int mode = 0; mode <= 2; mode += 2) {
    rma_set_option(RMA_OPT_LU_PANEL, mode);
    for (int lay = 0; lay < 2; lay++)
      for (int pivot = 0; pivot < 2; pivot++) {
        dist_t col = {lay, 16, 16, np, 1}, any = {lay, 24, 24, 0, 0};
        run_case(97, 97, col, pivot, 3, pivot ? 'N' : 'T');
        run_case(97, 57, col, pivot, 1, 'N');
        run_case(57, 97, col, pivot, 1, 'N');
        run_case(200, 200, any, pivot, 1, 'T');
      }
  }
  rma_set_option(RMA_OPT_LU_PANEL, 1);
  if (np == 1) {
    dist_t d = {0, 32, 32, 0, 0};
    lapack_agreement(97, d);
    lapack_agreement(200, d);
  }
  if (me == 0)
    printf("test_getrf_ga np=%d: %ld cases\n", np, ncases);
  int status = rt_finish("test_getrf_ga", ratios, 3);
  rt_finalize();
  return status;
}
