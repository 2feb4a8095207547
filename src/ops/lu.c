/*
 * rma_lu: blocked right-looking LU with put + notify pipelining.
 * Layers: rma_lu (GA entry, checks) -> dist (directory) -> ops/lu_run
 *         (rma mailbox -> kernel). Square-tiled arrays (tiled or ScaLAPACK
 * layout, mb == nb) are factored in place; any other distribution is copied
 * into a library-owned tiled copy, factored there and copied back.
 */
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "dist/ga_matrix.h"
#include "ops/lu_run.h"
#include "rma/patch.h"

// Tile size of the copy used for distributions that are not square-tiled.
#define RMA_LU_COPY_NB 64

// Move every tile of directory t owned by this rank between buf (its local
// segment) and the GA matrix behind (win, gt): get when put == 0.
static int copy_tiles(const rma_tiles_t *t, double *buf, const rma_win_t *win,
                      const rma_tiles_t *gt, int put) {
  rma_context_t *ctx = rma_context();
  for (int bi = 0; bi < t->mt; bi++)
    for (int bj = 0; bj < t->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      rma_rect_t r = {tile.r0, tile.c0, tile.rows, tile.cols};
      RMA_CALL(rma_patch_copy(win, gt, put, r, buf + tile.disp, tile.ld));
    }
  return 0;
}

// Factor a matrix that is not square-tiled through a tiled copy.
static int lu_through_copy(rma_ga_matrix_t *mat, int *ipiv, int *info) {
  rma_context_t *ctx = rma_context();
  int m = mat->tiles.m, n = mat->tiles.n, p0 = 1, p1 = ctx->size, nb = RMA_LU_COPY_NB;
  if (!mat->regular)
    nb = mat->tiles.mb < mat->tiles.nb ? mat->tiles.mb : mat->tiles.nb;
  // A near-square grid; for tiny matrices some ranks may hold nothing, which
  // the library's own copy allows.
  rma_grid_choose(ctx->size, ctx->size, ctx->size, &p0, &p1);
  rma_tiles_t t;
  RMA_CALL(rma_tiles_init_uniform(&t, RMA_TILES_TILED, m, n, nb, nb, p0, p1));
  long len = rma_tiles_segment_len(&t, ctx->rank);
  double *buf = malloc(sizeof(double) * (size_t)(len > 0 ? len : 1));
  rma_win_t win = {MPI_WIN_NULL, 0, 0, 0};
  int rc = rma_status_agree(ctx->comm, buf ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_win_create(ctx->comm, mat->seg, mat->seglen, &win));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, copy_tiles(&t, buf, &win, &mat->tiles, 0));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_lu_run(&t, buf, ipiv, info));
  if (rc == 0)
    rc = copy_tiles(&t, buf, &win, &mat->tiles, 1);
  int rc2 = rma_win_free(&win);
  rc = rc ? rc : rc2;
  free(buf);
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
    if (!mat.regular && mat.tiles.mb == mat.tiles.nb)
      rc = rma_lu_run(&mat.tiles, mat.seg, ipiv, &info);
    else
      rc = lu_through_copy(&mat, ipiv, &info);
    rma_ga_matrix_close(&mat, 1);
  }
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  return rc ? rc : info;
}
