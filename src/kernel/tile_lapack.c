#include "kernel/tile_lapack.h"

#include <cblas.h>
#include <lapacke.h>

#include "kernel/sim_charge.h"

int rma_kernel_getrf(int m, int n, double *a, int lda, int *ipiv) {
  if (m == 0 || n == 0)
    return 0;
#ifdef RMALA_SIMULATE
  if (rma_kernel_sim_begin(RMA_KMODEL_GETRF, m, n, 0)) {
    // No values to pivot on (shared-malloc mode): no interchanges.
    for (int i = 0; i < (m < n ? m : n); i++)
      ipiv[i] = i + 1;
    return rma_kernel_sim_end();
  }
#endif
  lapack_int info = LAPACKE_dgetrf(LAPACK_ROW_MAJOR, m, n, a, lda, ipiv);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
  return info > 0 ? (int)info : 0;
}

void rma_kernel_trsm(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                     double *b, int ldb) {
  if (m == 0 || n == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(RMA_KMODEL_TRSM, m, n, 0);
  if (!skip)
#endif
    cblas_dtrsm(CblasRowMajor, CblasLeft, lower ? CblasLower : CblasUpper,
                trans ? CblasTrans : CblasNoTrans, unit ? CblasUnit : CblasNonUnit, m, n, 1.0, a,
                lda, b, ldb);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

// Right-looking elimination of a narrow (or short) panel, column by column.
static int getrf_nopiv_unblocked(int m, int n, double *a, int lda) {
  int steps = m < n ? m : n;
  for (int j = 0; j < steps; j++) {
    double piv = a[(long)j * lda + j];
    if (piv == 0.0)
      return j + 1;
    const double *urow = a + (long)j * lda;
    for (int i = j + 1; i < m; i++) {
      double *row = a + (long)i * lda;
      double l = row[j] / piv;
      row[j] = l;
      for (int c = j + 1; c < n; c++)
        row[c] -= l * urow[c];
    }
  }
  return 0;
}

static int getrf_nopiv_rec(int m, int n, double *a, int lda);

int rma_kernel_getrf_nopiv(int m, int n, double *a, int lda) {
  if (m == 0 || n == 0)
    return 0;
#ifdef RMALA_SIMULATE
  // One charge for the whole recursion (its trsm and gemm calls below are
  // BLAS's own, not the kernels', so they charge nothing themselves).
  if (rma_kernel_sim_begin(RMA_KMODEL_GETRF_NOPIV, m, n, 0))
    return rma_kernel_sim_end();
  int info = getrf_nopiv_rec(m, n, a, lda);
  rma_kernel_sim_end();
  return info;
#else
  return getrf_nopiv_rec(m, n, a, lda);
#endif
}

static int getrf_nopiv_rec(int m, int n, double *a, int lda) {
  int steps = m < n ? m : n;
  if (steps <= 16)
    return getrf_nopiv_unblocked(m, n, a, lda);
  // Split the columns: factor the left part, then U12 = L11^-1 A12,
  // A22 -= L21 U12, and factor A22.
  int n1 = steps / 2;
  int info = getrf_nopiv_rec(m, n1, a, lda);
  if (info)
    return info;
  double *a12 = a + n1, *a21 = a + (long)n1 * lda, *a22 = a21 + n1;
  cblas_dtrsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasUnit, n1, n - n1, 1.0, a, lda,
              a12, lda);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m - n1, n - n1, n1, -1.0, a21, lda, a12,
              lda, 1.0, a22, lda);
  info = getrf_nopiv_rec(m - n1, n - n1, a22, lda);
  return info ? info + n1 : 0;
}
