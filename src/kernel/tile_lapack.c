#include "kernel/tile_lapack.h"

#include <cblas.h>
#include <math.h>
#include <stddef.h>

#include "kernel/sim_charge.h"

// B (m x n) := op(T)^-1 B (left) or B op(T)^-1 (right).
static void trsm(CBLAS_SIDE side, int lower, int trans, int unit, int m, int n, const double *a,
                 int lda, double *b, int ldb) {
  cblas_dtrsm(CblasRowMajor, side, lower ? CblasLower : CblasUpper,
              trans ? CblasTrans : CblasNoTrans, unit ? CblasUnit : CblasNonUnit, m, n, 1.0, a, lda,
              b, ldb);
}

// The public solves: the simulation build charges the MODEL's time (side
// right counted as a trsm of the same extent) and computes only real data.
static void trsm_kernel(CBLAS_SIDE side, int lower, int trans, int unit, int m, int n,
                        const double *a, int lda, double *b, int ldb) {
  if (m == 0 || n == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(RMA_KMODEL_TRSM, m, n, 0);
  if (!skip)
#endif
    trsm(side, lower, trans, unit, m, n, a, lda, b, ldb);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_trsm(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                     double *b, int ldb) {
  trsm_kernel(CblasLeft, lower, trans, unit, m, n, a, lda, b, ldb);
}

void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb) {
  trsm_kernel(CblasRight, lower, trans, unit, m, n, a, lda, b, ldb);
}

// Swap rows i and ipiv[i] - 1 (i in [k0, k1)) of columns [c0, c1), in order.
static void swap_rows(double *a, int lda, int c0, int c1, int k0, int k1, const int *ipiv) {
  for (int i = k0; i < k1 && c1 > c0; i++) {
    int p = ipiv[i] - 1;
    if (p == i)
      continue;
    double *x = a + (long)i * lda + c0, *y = a + (long)p * lda + c0;
    for (int c = 0; c < c1 - c0; c++) {
      double t = x[c];
      x[c] = y[c], y[c] = t;
    }
  }
}

// Right-looking elimination of a narrow (or short) panel, column by column.
// ipiv == NULL: no pivoting, stop at the first zero pivot. Else partial
// pivoting (the largest magnitude of the column; rows are contiguous in
// row-major, so an interchange swaps two runs), a zero pivot is recorded and
// its column left as it is, as LAPACK's dgetf2 does.
static int getrf_unblocked(int m, int n, double *a, int lda, int *ipiv) {
  int steps = m < n ? m : n, info = 0;
  for (int j = 0; j < steps; j++) {
    if (ipiv) {
      int p = j;
      double best = fabs(a[(long)j * lda + j]);
      for (int i = j + 1; i < m; i++) {
        double v = fabs(a[(long)i * lda + j]);
        if (v > best)
          best = v, p = i;
      }
      ipiv[j] = p + 1;
      swap_rows(a, lda, 0, n, j, j + 1, ipiv);
    }
    double piv = a[(long)j * lda + j];
    if (piv == 0.0) {
      if (!ipiv)
        return j + 1;
      info = info ? info : j + 1;
      continue;
    }
    const double *urow = a + (long)j * lda;
    double r = 1.0 / piv;
    for (int i = j + 1; i < m; i++) {
      double *row = a + (long)i * lda;
      double l = row[j] * r;
      row[j] = l;
      for (int c = j + 1; c < n; c++)
        row[c] -= l * urow[c];
    }
  }
  return info;
}

// Recursive LU of the row-major m x n panel (BLAS-3): factor the left half,
// interchange the right half's rows, U12 = L11^-1 A12, A22 -= L21 U12,
// factor A22, interchange the left half's rows below. No workspace (LAPACKE's
// row-major dgetrf transposes into a buffer it allocates on every call: page
// faults on a program's first calls, two copies of the panel on every one).
static int getrf_recursive(int m, int n, double *a, int lda, int *ipiv) {
  int steps = m < n ? m : n;
  if (steps <= 8)
    return getrf_unblocked(m, n, a, lda, ipiv);
  int n1 = steps / 2;
  int info = getrf_recursive(m, n1, a, lda, ipiv);
  if (info && !ipiv)
    return info;
  if (ipiv)
    swap_rows(a, lda, n1, n, 0, n1, ipiv);
  double *a12 = a + n1, *a21 = a + (long)n1 * lda, *a22 = a21 + n1;
  trsm(CblasLeft, 1, 0, 1, n1, n - n1, a, lda, a12, lda); // inside the panel's own charge
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m - n1, n - n1, n1, -1.0, a21, lda, a12,
              lda, 1.0, a22, lda);
  int info2 = getrf_recursive(m - n1, n - n1, a22, lda, ipiv ? ipiv + n1 : NULL);
  if (ipiv) {
    for (int i = n1; i < steps; i++)
      ipiv[i] += n1;
    swap_rows(a, lda, 0, n1, n1, steps, ipiv);
  }
  return info ? info : info2 ? info2 + n1 : 0;
}

// The public panel kernels: in the simulation build one MODEL charge for the
// whole recursion; with no values (shared-malloc mode) nothing is computed
// and no row moves.
static int getrf_kernel(int m, int n, double *a, int lda, int *ipiv) {
  if (m == 0 || n == 0)
    return 0;
#ifdef RMALA_SIMULATE
  if (rma_kernel_sim_begin(ipiv ? RMA_KMODEL_GETRF : RMA_KMODEL_GETRF_NOPIV, m, n, 0)) {
    for (int i = 0; ipiv && i < (m < n ? m : n); i++)
      ipiv[i] = i + 1;
    return rma_kernel_sim_end();
  }
  int info = getrf_recursive(m, n, a, lda, ipiv);
  rma_kernel_sim_end();
  return info;
#else
  return getrf_recursive(m, n, a, lda, ipiv);
#endif
}

int rma_kernel_getrf(int m, int n, double *a, int lda, int *ipiv) {
  return getrf_kernel(m, n, a, lda, ipiv);
}

int rma_kernel_getrf_nopiv(int m, int n, double *a, int lda) {
  return getrf_kernel(m, n, a, lda, NULL);
}
