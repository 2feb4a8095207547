/*
 * The right-side triangular solve kernel: B := B op(T)^-1 (row-major, as
 * the tile kernels). A column-major caller's left-side solve T^-1 X is the
 * row-major X^T T^-T, hence this kernel (sim/model's PDTRSM step uses it).
 * The only caller of dtrsm with side = right. No MPI here.
 */
#ifndef RMA_KERNEL_TILE_TRSM_RIGHT_H
#define RMA_KERNEL_TILE_TRSM_RIGHT_H

/* B (m x n, ldb) := B op(T)^-1, T the n x n triangle of a (lda): lower when
 * lower != 0, unit diagonal when unit != 0, transposed when trans != 0. */
void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb);

#endif
