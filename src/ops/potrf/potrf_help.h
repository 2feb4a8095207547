/*
 * Trailing updates of rma_potrf handed from the busiest ranks to the least
 * busy: the plan (grid geometry only; ops/potrf/potrf_run does the work).
 *
 * In lower's words (upper: the same on the transposed grid), rank a of a
 * grid with one process column holds the tile rows i with i % P == a, and
 * tile (i, x) of the triangle takes x updates. The triangle then gives the
 * ranks unequal work: upper at 1 x 2 with 8 tile columns, 50 : 34 units
 * (a unit: one tile's gemm update; a diagonal tile's herk and a panel
 * tile's solve half of one), and the pipeline runs at its busiest rank's
 * pace (zpotrf n 2048 nb 256, np 2: rank 1 updated for 0.095 s, rank 0
 * for 0.065 s and waited 0.034 s). So, on such grids only, the owner O of
 * the most work hands the trailing updates of its tiles of its last tile
 * columns x (those of steps k <= x - 2; step x - 1's, the lookahead, stays
 * on O) to the rank H with the least, one column at a time while that
 * makes the larger of the two smaller. H sums O's updates of column x into
 * a buffer of O's local rows and, after step x - 2, notifies O, which
 * reads the sums in place (same group) or finds them put into its slot of
 * step x - 1 (another group), and adds them to its tiles before its
 * lookahead update of column x. H gets the panel tiles those updates read
 * like any of their users (rma_potrf_receives).
 *
 * ops/potrf/potrf_run, potrf_handout -> here -> tiles (grid positions).
 */
#ifndef RMA_OPS_POTRF_HELP_H
#define RMA_OPS_POTRF_HELP_H

#include "tiles/tiles.h"

/* One column handed out: O's tiles of tile column [row] x, updated by
 * helper. */
typedef struct {
  int owner, x, helper;
} rma_potrf_help_item_t;

typedef struct rma_potrf_help {
  int nitems, nt, per;         /* per: ranks along the tile rows [columns] (P) */
  rma_potrf_help_item_t *item; /* sorted by helper, then x */
  int *first; /* per rank + 1: its items as helper, item[first[r] .. first[r + 1]) */
  int *cut;   /* per rank: its first tile column [row] handed out (nt: none) */
  int *along; /* per rank: its index along the tile rows [columns] */
} rma_potrf_help_t;

/*
 * Local. The plan for the lower (lower != 0) or upper Cholesky of t (a
 * uniform square-tiled directory): no item unless the grid has one process
 * column (lower) [row (upper)] and more than one rank. The same on every
 * rank. Returns 0 or RMA_ERR_NO_MEMORY; close hp either way.
 */
int rma_potrf_help_plan(rma_potrf_help_t *hp, const rma_tiles_t *t, int lower);

/* Local. Frees what the plan made; safe on a zeroed struct. */
void rma_potrf_help_close(rma_potrf_help_t *hp);

/* Local. The item of rank owner's tiles of tile column [row] x (its index
 * in hp->item), or -1 (owner updates them); _helper: its helper, or -1. */
int rma_potrf_help_item(const rma_potrf_help_t *hp, int owner, int x);
int rma_potrf_help_helper(const rma_potrf_help_t *hp, int owner, int x);

/* Local. 1 when rank reads step k's panel tile x for an update it does for
 * another rank. */
int rma_potrf_help_uses(const rma_potrf_help_t *hp, int k, int x, int rank);

#endif
