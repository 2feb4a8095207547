/*
 * The LU's and the solve's local re-layout: a matrix whose tiles and owners
 * are those of the plain square-tiled ScaLAPACK layout (GA's tiled arrays,
 * ScaLAPACK's column-major arrays) copied to and from a row-major
 * ScaLAPACK-layout copy of each rank's own tiles in the store's scratch
 * buffer (no communication: the same tiles on the same ranks), where the
 * distributed LU and solve pipelines work.
 */
#ifndef RMA_STORE_RELAYOUT_H
#define RMA_STORE_RELAYOUT_H

#include "tiles/tiles.h"

/* Local. 1 when t has the tiles and owners of the plain square-tiled
 * ScaLAPACK layout (whatever the local arrays look like). */
int rma_relayout_possible(const rma_tiles_t *t);

/* The tiles a re-layout copies: all, or those of one triangle (tile row >=
 * tile column, or <=; the diagonal tiles whole) for an operation that reads
 * and writes no other (the Cholesky): the rest of work is then left as it
 * was, and the rest of mat in place. */
typedef enum { RMA_RELAYOUT_ALL, RMA_RELAYOUT_LOWER, RMA_RELAYOUT_UPPER } rma_relayout_part_t;

/*
 * Collective over the current context. *t := the plain row-major directory
 * of mat's tiles and *work := the scratch buffer holding this rank's tiles
 * of mat (those of part) in it. Returns 0 or RMA_ERR_NO_MEMORY (every
 * rank).
 */
int rma_relayout_in(const rma_matrix_t *mat, rma_relayout_part_t part, rma_tiles_t *t, void **work);

/* Local. Copy the tiles of part back from work (directory t) into mat. */
void rma_relayout_out(const rma_matrix_t *mat, rma_relayout_part_t part, const rma_tiles_t *t,
                      const void *work);

#endif
