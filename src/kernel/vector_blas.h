/*
 * BLAS-1/2 kernels on strided vectors, for the four element types
 * (rma_dtype_t; vectors void * of that type, strides > 0): the only callers
 * of i?amax, ?swap, ?scal and ?ger / ?geru (the panel of a column-by-column
 * LU, as ScaLAPACK's PDGETF2 does it; sim/model and the recursive LU's base
 * case use them). Row-major like the tile kernels (rma_kernel_ger_dt's
 * matrix). The simulation build charges each call the kernel time MODEL's
 * kinds vector (i?amax, ?scal, ?swap, ?axpy) and ger (kernel/time_model.h),
 * nothing when inside another charged kernel (kernel/sim_charge.h). No MPI
 * here.
 */
#ifndef RMA_KERNEL_VECTOR_BLAS_H
#define RMA_KERNEL_VECTOR_BLAS_H

#include "core/dtype.h"

/* Local. 0-based index of the first entry of largest |x[i * incx]| (s, d)
 * or |re| + |im| (c, z: BLAS's cabs1), i < n; -1 when n <= 0. */
int rma_kernel_iamax_dt(rma_dtype_t t, int n, const void *x, int incx);

/* Local. Exchange x[i * incx] and y[i * incy], i < n. */
void rma_kernel_swap_dt(rma_dtype_t t, int n, void *x, int incx, void *y, int incy);

/* Local. x[i * incx] *= alpha, i < n. */
void rma_kernel_scal_dt(rma_dtype_t t, int n, rma_scalar_t alpha, void *x, int incx);

/* Local. y[i * incy] += alpha x[i * incx], i < n, type t (cblas_?axpy). */
void rma_kernel_axpy_dt(rma_dtype_t t, int n, rma_scalar_t alpha, const void *x, int incx, void *y,
                        int incy);

/* Local. A (m x n, row-major, lda) += alpha x y^T, unconjugated (?ger for s
 * and d, ?geru for c and z, the update an LU needs); x has m entries (stride
 * incx), y n entries (stride incy). */
void rma_kernel_ger_dt(rma_dtype_t t, int m, int n, rma_scalar_t alpha, const void *x, int incx,
                       const void *y, int incy, void *a, int lda);

/* Local. rma_kernel_iamax_dt for d. Double entry kept until the callers carry
 * the type. */
int rma_kernel_iamax(int n, const double *x, int incx);

/* Local. rma_kernel_swap_dt for d. Double entry kept until the callers carry
 * the type. */
void rma_kernel_swap(int n, double *x, int incx, double *y, int incy);

/* Local. rma_kernel_scal_dt for d. Double entry kept until the callers carry
 * the type. */
void rma_kernel_scal(int n, double alpha, double *x, int incx);

/* Local. rma_kernel_ger_dt for d. Double entry kept until the callers carry
 * the type. */
void rma_kernel_ger(int m, int n, double alpha, const double *x, int incx, const double *y,
                    int incy, double *a, int lda);

#endif
