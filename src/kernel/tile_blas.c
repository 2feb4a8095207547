#include "kernel/tile_blas.h"

#include <cblas.h>
#include <string.h>

void rma_kernel_gemm(int transa, int transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double *c, int ldc) {
  if (m == 0 || n == 0 || k == 0)
    return;
  cblas_dgemm(CblasRowMajor, transa ? CblasTrans : CblasNoTrans, transb ? CblasTrans : CblasNoTrans,
              m, n, k, alpha, a, lda, b, ldb, 1.0, c, ldc);
}

void rma_kernel_scale(int m, int n, double beta, double *c, int ldc) {
  if (beta == 1.0)
    return;
  for (int i = 0; i < m; i++) {
    double *row = c + (long)i * ldc;
    if (beta == 0.0)
      memset(row, 0, sizeof(double) * (size_t)n);
    else
      for (int j = 0; j < n; j++)
        row[j] *= beta;
  }
}

void rma_kernel_gemv(int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double *y, int incy) {
  if (m == 0 || n == 0)
    return;
  cblas_dgemv(CblasRowMajor, CblasNoTrans, m, n, alpha, a, lda, x, incx, 1.0, y, incy);
}
