/*
 * The distributed triangular solves of rma_lu_solve on square-tiled factors,
 * GA-free: each rank touches only its own tiles. rma_lu_solve -> here ->
 * pipeline (ring: contributions to the diagonal owner; two-level hand-out
 * of each solved block) -> rma mailbox (put + notify); kernel.
 */
#ifndef RMA_OPS_GETRS_RUN_H
#define RMA_OPS_GETRS_RUN_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator. x (n x nrhs, row-major, the same
 * on every rank, elements of t's type) holds P*B (op N) or B (op T or C) on
 * entry. On return x holds U^-1 L^-1 x (N) or L^-op U^-op x (T, C) on every
 * rank, the pivots not yet undone for T and C. t: the factors' directory
 * (t->mb == t->nb, kind TILED or BLOCK_CYCLIC, square), seg: this rank's
 * segment.
 */
int rma_getrs_run(const rma_tiles_t *t, const void *seg, rma_op_t op, int nrhs, void *x);

#endif
