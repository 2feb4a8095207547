/*
 * Operations on a library-owned copy: a matrix of any distribution (GA's
 * regular grids, tiled arrays, ScaLAPACK windows) copied into a plain
 * ScaLAPACK-layout matrix (row-major BLOCK_CYCLIC, square tiles, near-square
 * grid) in the store's WORK segment, worked on there, and copied back, each
 * rank reading what it needs from the published copies. The LU, the
 * triangular inverse and potri take this path for distributions their
 * distributed algorithms do not address.
 * ops -> store/copy -> store (mirror, WORK) -> rma/patch
 */
#ifndef RMA_STORE_COPY_H
#define RMA_STORE_COPY_H

#include "tiles/tiles.h"

/* Tile side of the copy of a GRID directory (uniform directories keep the
 * smaller of their tile sides). */
#define RMA_STORE_COPY_NB 64

/*
 * Collective over the library communicator. Copy mat into the WORK segment
 * (directory *copy->tiles: plain BLOCK_CYCLIC, row-major), call
 * run(copy, arg) on every rank, then write the copy back into mat (each rank
 * its own tiles). run may mirror operands into the A and B roles and call
 * operations that end with rma_store_done (held meanwhile); it must not use
 * WORK. Returns run's status, the same on every rank, or a negative
 * RMA_ERR_* code (then mat may be partly written only if run failed).
 */
int rma_store_through_copy(const rma_matrix_t *mat, int (*run)(const rma_matrix_t *copy, void *arg),
                           void *arg);

#endif
