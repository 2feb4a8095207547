/*
 * Panel and triangular kernels of the LU (row-major, as GA stores tiles).
 * The panel factorisations are rmala's own recursive LU on BLAS-3 calls (no
 * LAPACK: its row-major interface copies the panel twice through a buffer it
 * allocates per call). No MPI here.
 */
#ifndef RMA_KERNEL_TILE_LAPACK_H
#define RMA_KERNEL_TILE_LAPACK_H

/* LU with partial pivoting of the m x n panel a (ld lda), in place, the
 * pivot rule of LAPACK's dgetrf (largest magnitude in the column, the first on ties);
 * ipiv[0..min(m,n)) gets 1-based panel-relative pivots. Returns 0 or the
 * 1-based column of the first exactly zero pivot (LAPACK's dgetrf info; the
 * factorization still completes). */
int rma_kernel_getrf(int m, int n, double *a, int lda, int *ipiv);

/* LU without pivoting of the m x n panel a, in place, recursive (BLAS-3).
 * Stops at the first exactly zero pivot and returns its 1-based column (0
 * when none): nothing is divided by it. */
int rma_kernel_getrf_nopiv(int m, int n, double *a, int lda);

/* B (m x n, ldb) := op(T)^-1 B, T the m x m triangle of a (lda): lower when
 * lower != 0, unit diagonal when unit != 0, transposed when trans != 0. */
void rma_kernel_trsm(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                     double *b, int ldb);

/* B (m x n, ldb) := B op(T)^-1, T the n x n triangle of a (lda), flags as
 * rma_kernel_trsm. A column-major caller's left-side solve T^-1 X is the
 * row-major X^T T^-T (sim/model's PDTRSM step). */
void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb);

#endif
