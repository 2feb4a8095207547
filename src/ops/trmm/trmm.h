/*
 * The engine's triangular product (s, d, c, z), front-end neutral:
 * B := alpha op(T) B (side left) or alpha B op(T) (side right), T the lower
 * or upper triangle of its window, unit diagonal or not; B is input and
 * output. rma_trmm_matrices -> ops/gemm (rma_gemm_shaped: T a triangular
 * operand whose zero chunks are skipped and whose other triangle is never
 * used; B read from its store copy, written in place by its owners) -> kernel.
 */
#ifndef RMA_OPS_TRMM_H
#define RMA_OPS_TRMM_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments checked and the same
 * everywhere. right 0: B (m x n) := alpha op(T) B, T m x m; right 1:
 * B := alpha B op(T), T n x n. lower: T's triangle (the other is not
 * read); op N, T or C; unit: T's diagonal taken as one (not read). alpha 0
 * zeros B without reading T. t and b of one element type. Returns 0 or a
 * negative RMA_ERR_* code, the same on every rank.
 */
int rma_trmm_matrices(int right, int lower, rma_op_t op, int unit, int m, int n,
                      rma_scalar_t alpha, const rma_matrix_t *t, const rma_matrix_t *b);

#endif
