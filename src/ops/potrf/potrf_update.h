/*
 * rma_potrf's trailing updates on one rank (points 3 to 5 of potrf_run.c),
 * on the state of its run (potrf_state.h), with step k's panel tiles read
 * where they landed in the ring's slots. Internal to ops/potrf.
 *
 * ops/potrf/potrf_run -> here -> kernel; pipeline ring (the sums handed
 * over: credit, put, notify, wait).
 */
#ifndef RMA_OPS_POTRF_UPDATE_H
#define RMA_OPS_POTRF_UPDATE_H

#include "ops/potrf/potrf_state.h"

/* Local. Tile columns [rows] one gemm of the update takes at most (the
 * size of s->gather, in tiles). */
int rma_potrf_group_tiles(const rma_potrf_state_t *s);

/* Local. Step k's update of my diagonal tile (x, x): its triangle only. */
void rma_potrf_update_diag(rma_potrf_state_t *s, int k, int x);

/* Local. The lookahead's update of step k on my tiles of tile column
 * [row] x = k + 1 in tile rows [columns] y, lo <= y < hi, below [right of]
 * its diagonal tile: one gemm. */
void rma_potrf_update_part(rma_potrf_state_t *s, int k, int x, int lo, int hi);

/* Local. Step k's trailing update of my tile columns [rows] in [lo, hi)
 * (their diagonal tiles too unless diag is 0). */
void rma_potrf_update(rma_potrf_state_t *s, int k, int lo, int hi, int diag);

/* Local (one-sided). Step k's updates of the tiles I update for other
 * ranks (potrf_help.h): with due = 1 those whose owner needs them next (x
 * = k + 2), then handed over; with due = 0 the others. Returns 0 or the
 * ring's error. */
int rma_potrf_help_step(rma_potrf_state_t *s, int k, int due);

/* Local (one-sided). On an owner at step k: when another rank updated my
 * tiles of tile column [row] x, wait for its sums and add them (a diagonal
 * tile's triangle only). Returns 0 or the ring's error. */
int rma_potrf_help_apply(rma_potrf_state_t *s, int k, int x);

#endif
