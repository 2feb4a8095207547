/*
 * The engine's triangular solve with many right-hand sides (s, d, c, z),
 * front-end neutral: B := alpha op(A)^-1 B or alpha B op(A)^-1 on matrices
 * described by tile directories and local segments (rma_matrix_t).
 */
#ifndef RMA_OPS_TRSM_H
#define RMA_OPS_TRSM_H

#include "kernel/tile_lapack.h"
#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments already checked and
 * the same everywhere. B (m x n, b) := alpha op(A)^-1 B (side left, A
 * m x m) or alpha B op(A)^-1 (side right, A n x n); A is the lower (lower
 * != 0) or upper triangle of a, unit != 0: unit diagonal. Only that
 * triangle of A is read, its diagonal not when unit; alpha == 0 writes
 * zeros into B without reading A or B. a and b of one element type; b's
 * directory any (a GRID one is solved through a block-cyclic copy), a's any.
 * Returns 0 or a negative RMA_ERR_* code, the same on every rank.
 */
int rma_trsm_matrices(rma_side_t side, int lower, rma_op_t op, int unit, int m, int n,
                      rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b);

#endif
