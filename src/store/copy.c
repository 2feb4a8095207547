#include "store/copy.h"

#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "rma/patch.h"
#include "store/store.h"

// Fill this rank's tiles of directory dst (its local part seg) from the
// matrix behind (from, src): in place reach or RMA gets (through buf, one
// tile, when dst's arrays are column-major).
static int gather_own(const rma_tiles_t *dst, void *seg, const rma_win_t *from,
                      const rma_tiles_t *src, void *buf) {
  rma_context_t *ctx = rma_context();
  size_t es = rma_tiles_esize(dst);
  for (int bi = 0; bi < dst->mt; bi++)
    for (int bj = 0; bj < dst->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(dst, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      rma_rect_t r = {tile.r0, tile.c0, tile.rows, tile.cols};
      if (!dst->o.colmajor) {
        RMA_CALL(rma_patch_copy(from, src, 0, r, (char *)seg + es * (size_t)tile.disp, tile.ld));
        continue;
      }
      RMA_CALL(rma_patch_copy(from, src, 0, r, buf, tile.cols));
      rma_tiles_local_copy(dst, seg, r, buf, tile.cols, 0);
    }
  return 0;
}

int rma_store_through_copy(const rma_matrix_t *mat, int (*run)(const rma_matrix_t *copy, void *arg),
                           void *arg) {
  rma_context_t *ctx = rma_context();
  const rma_tiles_t *src = mat->tiles;
  int m = src->m, n = src->n, p0 = 1, p1 = ctx->size, nb = RMA_STORE_COPY_NB;
  if (src->kind != RMA_TILES_GRID)
    nb = src->mb < src->nb ? src->mb : src->nb;
  // A near-square grid; for tiny matrices some ranks may hold nothing, which
  // the library's own copy allows.
  rma_grid_choose(ctx->size, ctx->size, ctx->size, &p0, &p1);
  rma_tiles_t t;
  RMA_CALL(rma_tiles_init_uniform(&t, RMA_TILES_BLOCK_CYCLIC, m, n, nb, nb, p0, p1));
  t.dtype = src->dtype;
  size_t es = rma_tiles_esize(&t);
  rma_win_t *from = NULL, *work = NULL;
  const rma_tiles_t *stored = NULL;
  // A tile of the source, for column-major arrays (gather_own).
  void *buf = NULL;
  if (src->o.colmajor)
    buf = malloc(es * (size_t)src->mb * (size_t)src->nb);
  rma_store_hold(1);
  int rc = rma_status_agree(ctx->comm, src->o.colmajor && !buf ? RMA_ERR_NO_MEMORY : 0);
  if (rc == 0)
    rc = rma_status_agree(
      ctx->comm, rma_store_mirror(RMA_STORE_A, src, mat->seg, mat->seglen, &from, &stored));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm,
                          rma_store_segment(RMA_STORE_WORK, rma_tiles_segment_max(&t) * (long)es,
                                            &work));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, gather_own(&t, work->base, from, stored, NULL));
  rma_matrix_t copy = {&t, work ? work->base : NULL, rma_tiles_segment_len(&t, ctx->rank)};
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, run(&copy, arg));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_win_publish(work));
  if (rc == 0)
    rc = gather_own(src, mat->seg, work, &t, buf);
  // Nobody frees or reuses the copy while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  rma_store_hold(0);
  rma_tiles_free(&t);
  free(buf);
  return rc;
}
