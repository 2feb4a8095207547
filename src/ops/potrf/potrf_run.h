/*
 * The pipelined right-looking Cholesky of one rank, GA-free: square nb x nb
 * tiles of a row-major BLOCK_CYCLIC directory factored in place.
 * rma_potrf_matrix -> ops/square -> potrf_run -> pipeline (ring, hand-out,
 * timeline) -> rma (mailbox: put + notify); kernel.
 */
#ifndef RMA_OPS_POTRF_RUN_H
#define RMA_OPS_POTRF_RUN_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator. Cholesky of the n x n
 * Hermitian (symmetric for s, d) matrix described by t (row-major
 * BLOCK_CYCLIC, t->mb == t->nb, m == n, the first tile on grid position
 * (0, 0) of either rank numbering, any lld) whose local part is seg, in place
 * on the row-major triangle lower (A = L L^H) or upper (A = U^H U); the
 * other triangle, of every tile, is neither read nor written. *info: 0, or
 * j > 0 when the leading minor of order j is not positive definite (the
 * same on every rank): then the first j - 1 columns of L (rows of U) are
 * factored, nothing after the failing tile step is updated, and no NaN is
 * produced. Returns 0 or an RMA_ERR_* code.
 */
int rma_potrf_run(const rma_tiles_t *t, void *seg, int lower, int *info);

#endif
