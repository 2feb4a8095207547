/*
 * The engine's triangular solve, front-end neutral. Column-major operands
 * (ScaLAPACK's arrays) are read as the row-major arrays of their
 * transposes (rma_tiles_transpose: no data moves): B^T's solve is the other
 * side's, with op(A)^T; A^T has the other triangle and op's TRANS bit
 * flipped, so with both column-major N, T and C stay what they are. Then
 * B := alpha B on its owners, A is mirrored into the store, and
 * ops/trsm/trsm_run solves in place on B's own tiles (TILED or
 * BLOCK_CYCLIC, any window origin). A B of GA's regular distribution
 * (GRID) is solved in the store's block-cyclic copy (store/copy.h).
 * rma_trsm_matrices -> store (mirror, copy) -> ops/trsm/trsm_run -> kernel.
 */
#include "ops/trsm/trsm.h"

#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "ops/trsm/trsm_run.h"
#include "store/copy.h"
#include "store/store.h"

// x := alpha x on this rank's tiles of directory t (segment seg).
static void scale_own(const rma_tiles_t *t, void *seg, rma_scalar_t alpha) {
  int rank = rma_context()->rank;
  size_t es = rma_tiles_esize(t);
  int cm = t->kind != RMA_TILES_GRID && t->o.colmajor;
  for (int bi = 0; bi < t->mt; bi++)
    for (int bj = 0; bj < t->nt; bj++) {
      rma_tile_t tl;
      rma_tiles_locate(t, bi, bj, &tl);
      if (tl.owner == rank)
        rma_kernel_scale_dt(t->dtype, cm ? tl.cols : tl.rows, cm ? tl.rows : tl.cols, alpha,
                            (char *)seg + es * (size_t)tl.disp, tl.ld);
    }
}

// Mirror A (directory ta, the caller's a->seg) into the store and solve
// on B's own tiles tb / bseg.
static int solve(const rma_trsm_shape_t *sh, const rma_tiles_t *tb, void *bseg,
                 const rma_tiles_t *ta, const rma_matrix_t *a) {
  rma_context_t *ctx = rma_context();
  rma_win_t *wa = NULL;
  const rma_tiles_t *sa = NULL;
  int rc =
      rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_A, ta, a->seg, a->seglen, &wa, &sa));
  if (rc == 0)
    rc = rma_trsm_run(sh, tb, bseg, wa, sa);
  return rc;
}

// A GRID B is solved in the store's block-cyclic copy (store/copy.h).
typedef struct {
  const rma_trsm_shape_t *sh;
  const rma_tiles_t *ta;
  const rma_matrix_t *a;
} on_copy_t;

static int solve_on_copy(const rma_matrix_t *copy, void *arg) {
  on_copy_t *c = arg;
  return solve(c->sh, copy->tiles, copy->seg, c->ta, c->a);
}

int rma_trsm_matrices(rma_side_t side, int lower, rma_op_t op, int unit, int m, int n,
                      rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b) {
  rma_context_t *ctx = rma_context();
  if (m == 0 || n == 0)
    return 0;
  if (alpha == 0) { // B := 0, A not read
    scale_own(b->tiles, b->seg, 0);
    return 0;
  }
  rma_trsm_shape_t sh = {side, lower, op, unit};
  rma_tiles_t bt, at;
  const rma_tiles_t *tb = b->tiles, *ta = a->tiles;
  if (tb->kind != RMA_TILES_GRID && tb->o.colmajor) {
    RMA_CALL(rma_tiles_transpose(&bt, tb));
    tb = &bt, sh.side = side == RMA_SIDE_LEFT ? RMA_SIDE_RIGHT : RMA_SIDE_LEFT;
    sh.op ^= RMA_OP_TRANS;
  }
  if (ta->kind != RMA_TILES_GRID && ta->o.colmajor) {
    RMA_CALL(rma_tiles_transpose(&at, ta));
    ta = &at, sh.lower = !lower;
    sh.op ^= RMA_OP_TRANS;
  }
  // conj(A) without a transpose is left only by operands of mixed
  // layouts, which no front-end makes.
  if (sh.op == RMA_OP_CONJ)
    return RMA_ERR_NOT_IMPLEMENTED;
  scale_own(tb, b->seg, alpha);
  int rc = tb->kind == RMA_TILES_GRID
               ? rma_store_through_copy(b, solve_on_copy, &(on_copy_t){&sh, ta, a})
               : solve(&sh, tb, b->seg, ta, a);
  int rc2 = rma_store_done();
  return rma_status_agree(ctx->comm, rc ? rc : rc2);
}
