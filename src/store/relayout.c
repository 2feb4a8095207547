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

// Copy this rank's tiles of part between mat and work (directory t): out
// = 1 mat -> work, 0 back.
static void copy_tiles(const rma_matrix_t *mat, rma_relayout_part_t part, const rma_tiles_t *t,
                       void *work, int out) {
  int pr, pc;
  if (rma_tiles_coords(t, rma_context()->rank, &pr, &pc))
    return;
  RMA_TILES_FOR_OWNED(t, pr, pc, 0, 0, bi, bj) {
    if ((part == RMA_RELAYOUT_LOWER && bi < bj) || (part == RMA_RELAYOUT_UPPER && bi > bj))
      continue;
    rma_tile_t w;
    rma_tiles_locate(t, bi, bj, &w);
    rma_rect_t r = {w.r0, w.c0, w.rows, w.cols};
    rma_tiles_local_copy(mat->tiles, mat->seg, r, (char *)work + w.disp * rma_tiles_esize(t), w.ld,
                         out);
  }
}

int rma_relayout_in(const rma_matrix_t *mat, rma_relayout_part_t part, rma_tiles_t *t,
                    void **work) {
  const rma_tiles_t *src = mat->tiles;
  RMA_CALL(rma_tiles_init_uniform(t, RMA_TILES_BLOCK_CYCLIC, src->m, src->n, src->mb, src->nb,
                                  src->p0, src->p1));
  t->dtype = src->dtype;
  long bytes = rma_tiles_segment_max(t) * (long)rma_tiles_esize(t);
  RMA_CALL(rma_status_agree(rma_context()->comm, rma_store_scratch(bytes, work)));
  copy_tiles(mat, part, t, *work, 1);
  return 0;
}

void rma_relayout_out(const rma_matrix_t *mat, rma_relayout_part_t part, const rma_tiles_t *t,
                      const void *work) {
  copy_tiles(mat, part, t, (void *)work, 0);
}
