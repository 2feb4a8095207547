/*
 * The distributed triangular solve with many right-hand sides on a
 * row-major uniform B, GA-free: each rank solves and updates only its own
 * tiles of B, in place. rma_trsm_matrices -> here -> pipeline (ring, tree,
 * timeline) -> rma mailbox (put + notify), rma patch (A's tiles) -> kernel.
 */
#ifndef RMA_OPS_TRSM_RUN_H
#define RMA_OPS_TRSM_RUN_H

#include "kernel/tile_lapack.h"
#include "rma/win.h"
#include "tiles/tiles.h"

/* The solve as the run sees it: every matrix row-major (column-major
 * operands already read as their transposes by rma_trsm_matrices). */
typedef struct {
  rma_side_t side; /* op(A) left or right of X */
  int lower;       /* A's stored triangle is the lower one (row-major) */
  rma_op_t op;     /* N, T or C */
  int unit;        /* unit diagonal, never read */
} rma_trsm_shape_t;

/*
 * Collective over the library communicator. B := op(A)^-1 B (side left) or
 * B op(A)^-1 (side right) for B (directory tb: TILED or BLOCK_CYCLIC,
 * row-major, any window origin; bseg this rank's segment, written in place)
 * and A read through its store mirror (wa, ta: k x k, k = tb->m for left,
 * tb->n for right; only the triangle of sh is read, its diagonal not when
 * unit). Returns 0 or a negative RMA_ERR_* code, the same on every rank.
 */
int rma_trsm_run(const rma_trsm_shape_t *sh, const rma_tiles_t *tb, void *bseg, const rma_win_t *wa,
                 const rma_tiles_t *ta);

#endif
