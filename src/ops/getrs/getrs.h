/*
 * The engine's triangular solves with LU factors, front-end neutral.
 */
#ifndef RMA_OPS_GETRS_H
#define RMA_OPS_GETRS_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments already checked.
 * B := op(A)^-1 B (op N, T or C) with the factors of rma_getrf_matrix in a
 * (n x n) and its pivots ipiv (NULL: none); b is n x nrhs, of a's type.
 * Returns 0 or a negative RMA_ERR_* code, the same on every rank.
 */
int rma_getrs_matrices(rma_op_t op, const rma_matrix_t *a, const int *ipiv,
                       const rma_matrix_t *b);

#endif
