/*
 * The engine's triangular solve, front-end neutral. Column-major operands
 * (ScaLAPACK's arrays) are read as the row-major arrays of their
 * transposes (rma_tiles_transpose: no data moves): B^T's solve is the other
 * side's, with op(A)^T; A^T has the other triangle and op's TRANS bit
 * flipped, so with both column-major N, T and C stay what they are. Then
 * B := alpha B on its owners, A is mirrored into the store, and
 * ops/trsm/trsm_run solves in place on B's own tiles (TILED or
 * BLOCK_CYCLIC, any window origin). A B of GA's regular distribution
 * (GRID) is solved in a block-cyclic copy in the store and copied back.
 * rma_trsm_matrices -> store (mirror, copy) -> ops/trsm/trsm_run -> kernel.
 */
#include "ops/trsm/trsm.h"

#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "ops/trsm/trsm_run.h"
#include "rma/patch.h"
#include "store/store.h"

// Tile size of the block-cyclic copy of a GRID B.
#define RMA_TRSM_COPY_NB 64

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

// Copy this rank's tiles of directory dst (segment seg, row-major) from
// the matrix behind (from, src).
// TODO(merger): the shared relayout/copy dispatch factored out of
// ops/getrf/getrf.c (potrf branch) replaces this and the copy below.
static int fill_own(const rma_tiles_t *dst, void *seg, const rma_win_t *from,
                    const rma_tiles_t *src) {
  int rank = rma_context()->rank;
  size_t es = rma_tiles_esize(dst);
  for (int bi = 0; bi < dst->mt; bi++)
    for (int bj = 0; bj < dst->nt; bj++) {
      rma_tile_t tl;
      rma_tiles_locate(dst, bi, bj, &tl);
      if (tl.owner != rank)
        continue;
      rma_rect_t r = {tl.r0, tl.c0, tl.rows, tl.cols};
      RMA_CALL(rma_patch_copy(from, src, 0, r, (char *)seg + es * (size_t)tl.disp, tl.ld));
    }
  return 0;
}

// Solve with a GRID B through a plain block-cyclic copy in the store.
static int through_copy(const rma_trsm_shape_t *sh, const rma_matrix_t *b, const rma_win_t *wa,
                        const rma_tiles_t *ta) {
  rma_context_t *ctx = rma_context();
  const rma_tiles_t *src = b->tiles, *sb = NULL;
  int p0 = 1, p1 = ctx->size, nb = RMA_TRSM_COPY_NB;
  rma_grid_choose(ctx->size, (src->m + nb - 1) / nb, (src->n + nb - 1) / nb, &p0, &p1);
  if (p0 * p1 != ctx->size)
    p0 = 1, p1 = ctx->size; // some ranks then hold nothing, which the copy allows
  rma_tiles_t t;
  RMA_CALL(rma_tiles_init_uniform(&t, RMA_TILES_BLOCK_CYCLIC, src->m, src->n, nb, nb, p0, p1));
  t.dtype = src->dtype;
  size_t es = rma_tiles_esize(&t);
  rma_win_t *wb = NULL, *work = NULL;
  int rc =
      rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_B, src, b->seg, b->seglen, &wb, &sb));
  if (rc == 0)
    rc = rma_status_agree(
        ctx->comm, rma_store_segment(RMA_STORE_WORK, rma_tiles_segment_max(&t) * (long)es, &work));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, fill_own(&t, work->base, wb, sb));
  if (rc == 0)
    rc = rma_trsm_run(sh, &t, work->base, wa, ta);
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_win_publish(work));
  if (rc == 0)
    rc = fill_own(src, b->seg, work, &t);
  rma_tiles_free(&t);
  // Nobody reuses the copy while another rank still reads it.
  return rma_status_agree(ctx->comm, rc);
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
  rma_win_t *wa = NULL;
  const rma_tiles_t *sa = NULL;
  int rc =
      rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_A, ta, a->seg, a->seglen, &wa, &sa));
  if (rc == 0 && tb->kind == RMA_TILES_GRID)
    rc = through_copy(&sh, b, wa, sa);
  else if (rc == 0)
    rc = rma_trsm_run(&sh, tb, b->seg, wa, sa);
  int rc2 = rma_store_done();
  return rma_status_agree(ctx->comm, rc ? rc : rc2);
}
