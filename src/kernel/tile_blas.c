#include "kernel/tile_blas.h"

#include <limits.h>
#include <string.h>

#include "kernel/cblas_dt.h"
#include "kernel/sim_charge.h"
#include "kernel/vector_blas.h"

// C (m x n, ldc) := beta C, beta != 1: zeros written for beta == 0 (C not
// read), else ?scal; one call per contiguous run (one in all when C is
// contiguous), one strided call for a single column (the LU's column scaling).
static void scale(rma_dtype_t t, int m, int n, rma_scalar_t beta, void *c, int ldc) {
  size_t es = rma_dtype_size(t);
  if (n == 1 && beta != 0.0) {
    rma_kernel_scal_dt(t, m, beta, c, ldc);
    return;
  }
  if ((ldc == n || m == 1) && (long)m * n <= INT_MAX)
    n *= m, m = 1;
  for (int i = 0; i < m; i++) {
    void *row = (char *)c + (size_t)i * (size_t)ldc * es;
    if (beta == 0.0)
      memset(row, 0, es * (size_t)n);
    else
      rma_kernel_scal_dt(t, n, beta, row, 1);
  }
}

#ifndef RMALA_SIMULATE
// OpenBLAS's thread count, when the BLAS linked is OpenBLAS (a weak
// reference: other BLAS libraries leave it null).
extern int openblas_get_num_threads(void) __attribute__((weak));
#endif

int rma_kernel_threads(void) {
#ifdef RMALA_SIMULATE
  return rma_kernel_sim_threads();
#else
  int n = openblas_get_num_threads ? openblas_get_num_threads() : 1;
  return n > 1 ? n : 1;
#endif
}

void rma_kernel_gemm_dt(rma_dtype_t t, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                        rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                        rma_scalar_t beta, void *c, int ldc) {
  if (m == 0 || n == 0)
    return;
  if (k == 0 || rma_cblas_value(t, alpha) == 0.0) { // no product: A and B are not read
    rma_kernel_scale_dt(t, m, n, beta, c, ldc);
    return;
  }
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(t, RMA_KMODEL_GEMM, m, n, k);
  if (!skip)
#endif
    rma_cblas_gemm(t, opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_scale_dt(rma_dtype_t t, int m, int n, rma_scalar_t beta, void *c, int ldc) {
  beta = rma_cblas_value(t, beta);
  if (beta == 1.0 || m == 0 || n == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(t, RMA_KMODEL_SCALE, m, n, 0);
  if (!skip)
#endif
    scale(t, m, n, beta, c, ldc);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_gemv_dt(rma_dtype_t t, rma_op_t op, int m, int n, rma_scalar_t alpha, const void *a,
                        int lda, const void *x, int incx, rma_scalar_t beta, void *y, int incy) {
  int ny = op == RMA_OP_N ? m : n, nx = op == RMA_OP_N ? n : m;
  if (ny == 0)
    return;
  beta = rma_cblas_value(t, beta);
  if (nx == 0 || rma_cblas_value(t, alpha) == 0.0) { // y := beta y: ny entries, stride incy
    if (beta != 1.0)
      scale(t, ny, 1, beta, y, incy);
    return;
  }
  enum CBLAS_TRANSPOSE tr = rma_cblas_op(t, op);
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha), be = rma_cblas_scalar(t, beta);
  switch (t) {
  case RMA_DT_S:
    cblas_sgemv(CblasRowMajor, tr, m, n, al.s, a, lda, x, incx, be.s, y, incy);
    break;
  case RMA_DT_D:
    cblas_dgemv(CblasRowMajor, tr, m, n, al.d, a, lda, x, incx, be.d, y, incy);
    break;
  case RMA_DT_C:
    cblas_cgemv(CblasRowMajor, tr, m, n, &al.c, a, lda, x, incx, &be.c, y, incy);
    break;
  default:
    cblas_zgemv(CblasRowMajor, tr, m, n, &al.z, a, lda, x, incx, &be.z, y, incy);
  }
}

void rma_kernel_gemm(int transa, int transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double *c, int ldc) {
  rma_kernel_gemm_dt(RMA_DT_D, transa ? RMA_OP_T : RMA_OP_N, transb ? RMA_OP_T : RMA_OP_N, m, n, k,
                     alpha, a, lda, b, ldb, 1.0, c, ldc);
}

void rma_kernel_scale(int m, int n, double beta, double *c, int ldc) {
  rma_kernel_scale_dt(RMA_DT_D, m, n, beta, c, ldc);
}

void rma_kernel_gemv(int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double *y, int incy) {
  rma_kernel_gemv_dt(RMA_DT_D, RMA_OP_N, m, n, alpha, a, lda, x, incx, 1.0, y, incy);
}
