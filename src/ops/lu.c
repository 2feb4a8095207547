/*
 * rma_lu: blocked right-looking LU with put + notify pipelining.
 * Layers: rma_lu (GA entry, checks) -> tiles (directory) -> ops/lu_run
 *         (rma mailbox -> kernel). Square-tiled arrays (tiled or ScaLAPACK
 * layout, mb == nb) are factored in the ScaLAPACK layout, where one BLAS
 * call updates all of a rank's trailing tiles: that layout in place, GA's
 * tiled layout after a local re-layout of each rank's tiles into the store's
 * scratch buffer (same tiles, same owners, no communication); any other distribution
 * is gathered into a ScaLAPACK-layout copy in the store, factored there and
 * copied back.
 */
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "tiles/ga_matrix.h"
#include "ops/lu_run.h"
#include "rma/patch.h"
#include "store/store.h"

// Tile size of the copy used for distributions that are not square-tiled.
#define RMA_LU_COPY_NB 64

// Fill this rank's tiles of directory dst (its local part seg) from the
// matrix behind (from, src): in place reach or RMA gets.
static int gather_own(const rma_tiles_t *dst, double *seg, const rma_win_t *from,
                      const rma_tiles_t *src) {
  rma_context_t *ctx = rma_context();
  for (int bi = 0; bi < dst->mt; bi++)
    for (int bj = 0; bj < dst->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(dst, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      rma_rect_t r = {tile.r0, tile.c0, tile.rows, tile.cols};
      RMA_CALL(rma_patch_copy(from, src, 0, r, seg + tile.disp, tile.ld));
    }
  return 0;
}

// Factor a tiled matrix in a ScaLAPACK-layout copy of each rank's own tiles
// in the store's local scratch buffer (a local re-layout: the same tiles on
// the same ranks; the factorization reads no other rank's copy).
static int lu_relayout(rma_ga_matrix_t *mat, int *ipiv, int *info) {
  rma_context_t *ctx = rma_context();
  const rma_tiles_t *src = &mat->tiles;
  rma_tiles_t t;
  RMA_CALL(rma_tiles_init_uniform(&t, RMA_TILES_BLOCK_CYCLIC, src->m, src->n, src->mb, src->nb,
                                  src->p0, src->p1));
  double *work = NULL;
  int rc = rma_status_agree(ctx->comm, rma_store_scratch(rma_tiles_segment_max(&t), &work));
  for (int pass = 0; pass < 2 && rc == 0; pass++) {
    // pass 0: GA tiles -> copy; pass 1 (after the factorization): back.
    for (int bi = 0; bi < t.mt; bi++)
      for (int bj = 0; bj < t.nt; bj++) {
        rma_tile_t a;
        rma_tiles_locate(src, bi, bj, &a);
        if (a.owner != ctx->rank)
          continue;
        rma_rect_t r = {a.r0, a.c0, a.rows, a.cols};
        rma_tiles_local_copy(&t, work, r, mat->seg + a.disp, a.ld, pass);
      }
    if (pass == 0)
      rc = rma_status_agree(ctx->comm, rma_lu_run(&t, work, ipiv, info));
  }
  rma_tiles_free(&t);
  return rc;
}

// Factor a matrix that is not square-tiled through a ScaLAPACK-layout copy
// in the store: the source is mirrored, each rank gathers its tiles of the copy,
// factors, and each rank gathers its part of the result back.
static int lu_through_copy(rma_ga_matrix_t *mat, int *ipiv, int *info) {
  rma_context_t *ctx = rma_context();
  int m = mat->tiles.m, n = mat->tiles.n, p0 = 1, p1 = ctx->size, nb = RMA_LU_COPY_NB;
  if (!mat->regular)
    nb = mat->tiles.mb < mat->tiles.nb ? mat->tiles.mb : mat->tiles.nb;
  // A near-square grid; for tiny matrices some ranks may hold nothing, which
  // the library's own copy allows.
  rma_grid_choose(ctx->size, ctx->size, ctx->size, &p0, &p1);
  rma_tiles_t t;
  RMA_CALL(rma_tiles_init_uniform(&t, RMA_TILES_BLOCK_CYCLIC, m, n, nb, nb, p0, p1));
  rma_win_t *src = NULL, *work = NULL;
  int rc = rma_status_agree(
      ctx->comm, rma_store_mirror(RMA_STORE_A, &mat->tiles, mat->seg, mat->seglen, &src));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm,
                          rma_store_segment(RMA_STORE_WORK, rma_tiles_segment_max(&t), &work));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, gather_own(&t, work->base, src, &mat->tiles));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_lu_run(&t, work->base, ipiv, info));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_win_publish(work));
  if (rc == 0)
    rc = gather_own(&mat->tiles, mat->seg, work, &t);
  // Nobody frees or reuses the copy while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  rma_tiles_free(&t);
  return rc;
}

int rma_lu(int g_a, int *ipiv) {
  rma_context_t *ctx = rma_context();
  if (!ctx->initialized)
    return RMA_ERR_NOT_INITIALIZED;
  int m, n, bad = 0;
  char why[96] = "";
  if (rma_ga_is_matrix(g_a, &m, &n))
    bad = 1, snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of doubles", g_a);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu", bad, why));
  GA_Sync();
  rma_ga_matrix_t mat;
  int info = 0, rc = rma_ga_matrix_open(g_a, ctx->comm, &mat);
  if (rc == 0) {
    if (!mat.regular && mat.tiles.mb == mat.tiles.nb && mat.tiles.kind == RMA_TILES_BLOCK_CYCLIC)
      rc = rma_lu_run(&mat.tiles, mat.seg, ipiv, &info);
    else if (!mat.regular && mat.tiles.mb == mat.tiles.nb)
      rc = lu_relayout(&mat, ipiv, &info);
    else
      rc = lu_through_copy(&mat, ipiv, &info);
    rma_ga_matrix_close(&mat, 1);
  }
  int rc2 = rma_store_done();
  rc = rc ? rc : rc2;
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  return rc ? rc : info;
}
