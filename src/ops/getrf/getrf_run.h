/*
 * The pipelined right-looking LU of one rank, GA-free: square nb x nb tiles
 * (TILED or BLOCK_CYCLIC directory) factored in place in the local segment.
 * rma_lu -> getrf_run -> pipeline (ring, hand-out, tree, timeline) -> rma
 * (mailbox: put + notify); kernel.
 */
#ifndef RMA_OPS_GETRF_RUN_H
#define RMA_OPS_GETRF_RUN_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator. Factor the matrix described by
 * t (t->mb == t->nb) whose local part is seg: P*A = L*U with partial
 * pivoting when ipiv != NULL (min(m,n) 1-based pivots written on every rank),
 * without pivoting otherwise. *info: 0, or the 1-based index of the first
 * exactly zero U(i,i) (the same on every rank; without pivoting the
 * factorization stops there). Returns 0 or an RMA_ERR_* code.
 */
int rma_getrf_run(const rma_tiles_t *t, void *seg, int *ipiv, int *info);

#endif
