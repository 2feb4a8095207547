/*
 * The engine's Cholesky factorization, front-end neutral.
 */
#ifndef RMA_OPS_POTRF_H
#define RMA_OPS_POTRF_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator. Cholesky of the square
 * Hermitian (symmetric for s, d) matrix a in place, on the row-major
 * triangle lower (A = L L^H) or upper (A = U^H U) as the directory
 * describes a (a column-major caller flips the triangle: ops/square.h
 * relayouts keep the matrix as it is); any distribution. *info gets
 * LAPACK's INFO (j > 0: the leading minor of order j is not positive
 * definite; columns of L / rows of U before j are factored). Returns 0 or a
 * negative RMA_ERR_* code, the same on every rank.
 */
int rma_potrf_matrix(const rma_matrix_t *a, int lower, int *info);

#endif
