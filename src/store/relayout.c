#include "store/relayout.h"

#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "store/store.h"

int rma_relayout_possible(const rma_tiles_t *t) {
  const rma_tiles_origin_t *o = &t->o;
  return t->kind != RMA_TILES_GRID && t->mb == t->nb && !o->ioff && !o->joff && !o->rsrc &&
         !o->csrc && !o->gridcol;
}

// Copy this rank's tiles between mat and work (directory t): out = 1 mat ->
// work, 0 back.
static void copy_tiles(const rma_matrix_t *mat, const rma_tiles_t *t, double *work, int out) {
  int me = rma_context()->rank;
  for (int bi = 0; bi < t->mt; bi++)
    for (int bj = 0; bj < t->nt; bj++) {
      rma_tile_t w;
      rma_tiles_locate(t, bi, bj, &w);
      if (w.owner != me)
        continue;
      rma_rect_t r = {w.r0, w.c0, w.rows, w.cols};
      rma_tiles_local_copy(mat->tiles, mat->seg, r, work + w.disp, w.ld, out);
    }
}

int rma_relayout_in(const rma_matrix_t *mat, rma_tiles_t *t, double **work) {
  const rma_tiles_t *src = mat->tiles;
  RMA_CALL(rma_tiles_init_uniform(t, RMA_TILES_BLOCK_CYCLIC, src->m, src->n, src->mb, src->nb,
                                  src->p0, src->p1));
  RMA_CALL(rma_status_agree(rma_context()->comm,
                            rma_store_scratch(rma_tiles_segment_max(t), work)));
  copy_tiles(mat, t, *work, 1);
  return 0;
}

void rma_relayout_out(const rma_matrix_t *mat, const rma_tiles_t *t, const double *work) {
  copy_tiles(mat, t, (double *)work, 0);
}
