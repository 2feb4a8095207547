/*
 * Where the square-tile pipelines (ops/getrf, ops/potrf) run, whatever the
 * caller's distribution: their one-rank steps (getrf_run, potrf_run) take a
 * plain row-major BLOCK_CYCLIC directory with square tiles, where one BLAS
 * call updates all of a rank's tiles of a tile column. A matrix is run
 *  - in place when it is that already (GA's ScaLAPACK-layout arrays);
 *  - in its local re-layout when it has the plain tiles and owners but
 *    other local arrays (GA's tiled layout, ScaLAPACK's column-major
 *    arrays; store/relayout.h: each rank's own tiles, no communication);
 *  - else through the store's ScaLAPACK-layout copy on a near-square grid
 *    (store/copy.h: windows off block boundaries, MB != NB, GA's regular
 *    distributions), gathered, run and copied back.
 * What travels, both ways, is the operation's whole matrix, or in the
 * re-layout only the part it touches: entries a run leaves alone come back
 * (or stay) bitwise unchanged.
 *
 * ops/<op> -> here -> store (relayout, copy).
 */
#ifndef RMA_OPS_SQUARE_H
#define RMA_OPS_SQUARE_H

#include "store/relayout.h"
#include "tiles/tiles.h"

/* One rank's run of a square-tile pipeline on the plain row-major
 * BLOCK_CYCLIC directory t (t->mb == t->nb) with local part seg; arg is the
 * operation's (its outputs). Collective; returns 0 or an RMA_ERR_* code. */
typedef int (*rma_square_run_t)(const rma_tiles_t *t, void *seg, void *arg);

/*
 * Collective over the current context. Run run(arg) on matrix a by the
 * cheapest of the three ways above; part: the tiles run reads and writes
 * (store/relayout.h: all, or one triangle's), the only ones the local
 * re-layout copies (the store's copy moves all). Returns 0 or an RMA_ERR_*
 * code, the same on every rank (the caller then releases the store,
 * rma_store_done).
 */
int rma_square_run(const rma_matrix_t *a, rma_relayout_part_t part, rma_square_run_t run,
                   void *arg);

#endif
