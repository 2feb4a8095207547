#include "kernel/tile_blas.h"

#include <cblas.h>
#include <string.h>

#include "kernel/sim_charge.h"

void rma_kernel_gemm(int transa, int transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double *c, int ldc) {
  if (m == 0 || n == 0 || k == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(RMA_KMODEL_GEMM, m, n, k);
  if (!skip)
#endif
    cblas_dgemm(CblasRowMajor, transa ? CblasTrans : CblasNoTrans,
                transb ? CblasTrans : CblasNoTrans, m, n, k, alpha, a, lda, b, ldb, 1.0, c, ldc);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_scale(int m, int n, double beta, double *c, int ldc) {
  if (beta == 1.0 || m == 0 || n == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(RMA_KMODEL_SCALE, m, n, 0);
  for (int i = 0; i < m && !skip; i++) {
#else
  for (int i = 0; i < m; i++) {
#endif
    double *row = c + (long)i * ldc;
    if (beta == 0.0)
      memset(row, 0, sizeof(double) * (size_t)n);
    else
      for (int j = 0; j < n; j++)
        row[j] *= beta;
  }
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_gemv(int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double *y, int incy) {
  if (m == 0 || n == 0)
    return;
  cblas_dgemv(CblasRowMajor, CblasNoTrans, m, n, alpha, a, lda, x, incx, 1.0, y, incy);
}
