/*
 * The engine's triangular inverse (s, d, c, z), front-end neutral, in
 * place on the lower or upper triangle of an n x n matrix:
 *   inv [T11 0; T21 T22] = [X11 0; -X22 T21 X11  X22]   (lower; upper alike)
 * recursively, the diagonal leaves (blocks of about a tile) inverted at
 * once by every rank that holds part of them (kernel trtri on a copy read
 * from the store's mirror), the off-diagonal blocks by two triangular
 * products each (ops/trmm on windows of the matrix).
 * rma_trtri_matrix -> store (mirror) + ops/trmm -> kernel.
 */
#ifndef RMA_OPS_TRTRI_H
#define RMA_OPS_TRTRI_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments the same everywhere.
 * a: an n x n matrix (any directory: a BLOCK_CYCLIC one of any origin and
 * either array order in place, others through a copy, store/copy.h); lower / upper triangle,
 * unit: diagonal taken as one (not read or written). The other triangle is
 * untouched. *info = j > 0 when diagonal entry j (1-based) is exactly zero
 * (non-unit only): nothing is written then. Returns 0 or a negative
 * RMA_ERR_* code, the same on every rank.
 */
int rma_trtri_matrix(int lower, int unit, const rma_matrix_t *a, int *info);

/*
 * Collective. rma_trtri_matrix's inverse on a BLOCK_CYCLIC directory whose
 * diagonal has no zero (unit, or checked): no check, no copy; the store's
 * segments are kept (the caller ends with rma_store_done). Returns 0 or a
 * negative RMA_ERR_* code, the same on every rank.
 */
int rma_trtri_blocks(int lower, int unit, const rma_matrix_t *a);

/*
 * Collective. *info = the first j (1-based) whose diagonal entry of the
 * n x n matrix a is exactly zero, 0 when none: the same on every rank.
 * Returns 0 or a negative RMA_ERR_* code.
 */
int rma_trtri_zero_diagonal(const rma_matrix_t *a, int *info);

#endif
