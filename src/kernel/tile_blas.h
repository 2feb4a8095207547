/*
 * Tile kernels: the only callers of BLAS / LAPACK. Row-major, as GA stores
 * its tiles. No MPI here.
 */
#ifndef RMA_KERNEL_TILE_BLAS_H
#define RMA_KERNEL_TILE_BLAS_H

/* C(m x n, ldc) += alpha * op(A) * op(B); op(A) is m x k. transX: 1 = transpose. */
void rma_kernel_gemm(int transa, int transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double *c, int ldc);

/* C(m x n, ldc) *= beta; beta == 0 writes zeros (a NaN in C does not survive). */
void rma_kernel_scale(int m, int n, double beta, double *c, int ldc);

/* y(m, stride incy) += alpha * A(m x n, lda) * x(n, stride incx): one right-hand side
 * without gemm's packing of A. */
void rma_kernel_gemv(int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double *y, int incy);

#include "core/dtype.h"

/* Interim typed entry points (the typed kernel set replaces them):
 * C = alpha op(A) op(B) + beta C, op N / T / C; C *= beta. */
void rma_kernel_gemm_dt(rma_dtype_t dt, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                       rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                       rma_scalar_t beta, void *c, int ldc);
void rma_kernel_scale_dt(rma_dtype_t dt, int m, int n, rma_scalar_t beta, void *c, int ldc);

#endif
