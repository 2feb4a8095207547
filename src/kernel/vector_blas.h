/*
 * BLAS-1/2 kernels on strided vectors: the only callers of idamax, dswap,
 * dscal and dger (the panel of a column-by-column LU, as ScaLAPACK's
 * PDGETF2 does it; sim/model uses them). Row-major like the tile kernels
 * (rma_kernel_ger's matrix). No MPI here.
 */
#ifndef RMA_KERNEL_VECTOR_BLAS_H
#define RMA_KERNEL_VECTOR_BLAS_H

/* 0-based index of the first entry of largest |x[i * incx]|, i < n; -1
 * when n <= 0. */
int rma_kernel_iamax(int n, const double *x, int incx);

/* Exchange x[i * incx] and y[i * incy], i < n. */
void rma_kernel_swap(int n, double *x, int incx, double *y, int incy);

/* x[i * incx] *= alpha, i < n. */
void rma_kernel_scal(int n, double alpha, double *x, int incx);

/* A (m x n, row-major, lda) += alpha * x y^T; x has m entries (stride
 * incx), y n entries (stride incy). */
void rma_kernel_ger(int m, int n, double alpha, const double *x, int incx, const double *y,
                    int incy, double *a, int lda);

#endif
