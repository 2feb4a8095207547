/*
 * Tile kernels: the only callers of BLAS / LAPACK. Row-major, as GA stores
 * its tiles. Every kernel takes the element type (rma_dtype_t) and dispatches
 * to the BLAS routine of that type; arrays are void * of that type, scalars
 * rma_scalar_t (the real part only for s and d; op C is T for s and d). In
 * the simulation build the charged kernels (gemm, scale) charge the time
 * MODEL (kernel/sim_charge.h). No MPI here.
 */
#ifndef RMA_KERNEL_TILE_BLAS_H
#define RMA_KERNEL_TILE_BLAS_H

#include "core/dtype.h"

/* Local. The threads one BLAS call uses on this rank: OpenBLAS's count
 * (openblas_get_num_threads, when the BLAS linked is OpenBLAS; else 1); in
 * the simulation build the cores a simulated rank stands for
 * (RMALA_SIM_THREADS, kernel/sim_charge.h). At least 1. */
int rma_kernel_threads(void);

/* Local. C (m x n, ldc) := alpha op(A) op(B) + beta C, op(A) m x k, op(B)
 * k x n, all of type t (cblas_?gemm; op C the conjugate transpose for c and
 * z). beta == 0: C is not read (a NaN in it does not survive); k == 0 or
 * alpha == 0: A and B are not read and C := beta C (rma_kernel_scale_dt);
 * m == 0 or n == 0: nothing. */
void rma_kernel_gemm_dt(rma_dtype_t t, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                        rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                        rma_scalar_t beta, void *c, int ldc);

/* Local. C (m x n, ldc, type t) := beta C; beta == 0 writes zeros (a NaN in
 * C does not survive), beta == 1 returns at once. */
void rma_kernel_scale_dt(rma_dtype_t t, int m, int n, rma_scalar_t beta, void *c, int ldc);

/* Local. y := alpha op(A) x + beta y, A m x n (lda), type t; x and y strided
 * (incx, incy > 0), of n and m entries for op N, m and n for T and C: one
 * right-hand side without gemm's packing of A (cblas_?gemv). beta == 0: y is
 * not read; an empty x (or alpha == 0) gives y := beta y; an empty y nothing. */
void rma_kernel_gemv_dt(rma_dtype_t t, rma_op_t op, int m, int n, rma_scalar_t alpha, const void *a,
                        int lda, const void *x, int incx, rma_scalar_t beta, void *y, int incy);

/* Local. rma_kernel_gemm_dt for d with beta = 1: C += alpha op(A) op(B);
 * transX: 1 = transpose. Double entry kept until the callers carry the type. */
void rma_kernel_gemm(int transa, int transb, int m, int n, int k, double alpha, const double *a,
                     int lda, const double *b, int ldb, double *c, int ldc);

/* Local. rma_kernel_scale_dt for d: C (m x n, ldc) *= beta. Double entry kept
 * until the callers carry the type. */
void rma_kernel_scale(int m, int n, double beta, double *c, int ldc);

/* Local. rma_kernel_gemv_dt for d, op N, beta = 1: y += alpha A x. Double
 * entry kept until the callers carry the type. */
void rma_kernel_gemv(int m, int n, double alpha, const double *a, int lda, const double *x,
                     int incx, double *y, int incy);

#endif
