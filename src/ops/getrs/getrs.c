/*
 * The engine's solve with the factors of rma_getrf_matrix, front-end neutral.
 * Layers: rma_getrs_matrices -> ops/getrs/getrs_run (square-tiled factors:
 * each rank works on its own tiles, reductions and broadcasts in process
 * rows and columns) or, for any other distribution, the strip solve below
 * (store mirror, rma patch gets) -> kernel. The right-hand side is
 * replicated on every rank (n x nrhs); each rank writes back the parts of B
 * it owns.
 */
#include "ops/getrs/getrs.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "ops/getrs/getrs_run.h"
#include "store/relayout.h"
#include "rma/patch.h"
#include "store/store.h"

// Rows per strip of the factors read at a time.
#define STRIP 128

static void swap_rows(double *x, int ld, int a, int b) {
  for (int j = 0; j < ld; j++) {
    double t = x[(long)a * ld + j];
    x[(long)a * ld + j] = x[(long)b * ld + j];
    x[(long)b * ld + j] = t;
  }
}

// Read strip [r, r+h) x [0, n) of the factors into s (ld n).
static int strip(const rma_win_t *w, const rma_tiles_t *t, int r, int h, int n, double *s) {
  rma_rect_t p = {r, 0, h, n};
  return rma_patch_copy(w, t, 0, p, s, n);
}

// Apply P (forward) or P^T (backward) to the rows of x.
static void permute(double *x, int n, int nrhs, const int *ipiv, int forward) {
  for (int s = 0; ipiv && s < n; s++) {
    int i = forward ? s : n - 1 - s;
    if (ipiv[i] - 1 != i)
      swap_rows(x, nrhs, i, ipiv[i] - 1);
  }
}

// X (n x nrhs) := U^-1 L^-1 X ('N') or L^-T U^-T X ('T') for factors of any
// distribution: every rank reads them in row strips through the window
// (each strip twice, O(n^2) words per rank).
static int solve_strips(int trans, int n, int nrhs, const rma_win_t *w, const rma_tiles_t *t,
                        double *x, double *s) {
  if (!trans) {
    for (int r = 0; r < n; r += STRIP) { // L Y = P B, top down
      int h = n - r < STRIP ? n - r : STRIP;
      RMA_CALL(strip(w, t, r, h, n, s));
      rma_kernel_gemm(0, 0, h, nrhs, r, -1.0, s, n, x, nrhs, x + (long)r * nrhs, nrhs);
      rma_kernel_trsm(1, 0, 1, h, nrhs, s + r, n, x + (long)r * nrhs, nrhs);
    }
    for (int r = ((n - 1) / STRIP) * STRIP; r >= 0; r -= STRIP) { // U X = Y, bottom up
      int h = n - r < STRIP ? n - r : STRIP;
      RMA_CALL(strip(w, t, r, h, n, s));
      rma_kernel_gemm(0, 0, h, nrhs, n - r - h, -1.0, s + r + h, n, x + (long)(r + h) * nrhs, nrhs,
                      x + (long)r * nrhs, nrhs);
      rma_kernel_trsm(0, 0, 0, h, nrhs, s + r, n, x + (long)r * nrhs, nrhs);
    }
    return 0;
  }
  for (int r = 0; r < n; r += STRIP) { // U^T Z = B, top down
    int h = n - r < STRIP ? n - r : STRIP;
    RMA_CALL(strip(w, t, r, h, n, s));
    rma_kernel_trsm(0, 1, 0, h, nrhs, s + r, n, x + (long)r * nrhs, nrhs);
    rma_kernel_gemm(1, 0, n - r - h, nrhs, h, -1.0, s + r + h, n, x + (long)r * nrhs, nrhs,
                    x + (long)(r + h) * nrhs, nrhs);
  }
  for (int r = ((n - 1) / STRIP) * STRIP; r >= 0; r -= STRIP) { // L^T W = Z, bottom up
    int h = n - r < STRIP ? n - r : STRIP;
    RMA_CALL(strip(w, t, r, h, n, s));
    rma_kernel_trsm(1, 1, 1, h, nrhs, s + r, n, x + (long)r * nrhs, nrhs);
    rma_kernel_gemm(1, 0, r, nrhs, h, -1.0, s, n, x + (long)r * nrhs, nrhs, x, nrhs);
  }
  return 0;
}

int rma_getrs_matrices(int trans, const rma_matrix_t *a, const int *ipiv,
                          const rma_matrix_t *b) {
  rma_context_t *ctx = rma_context();
  const rma_tiles_t *ta = a->tiles, *tb = b->tiles;
  rma_win_t *wa = NULL, *wb = NULL;
  const rma_tiles_t *sa = ta, *sb = tb; // directories of the mirrors
  int n = ta->m, nrhs = tb->n;
  // Plain square tiles: each rank solves on its own tiles (in place for
  // row-major arrays, in the local re-layout otherwise); else the strip solve.
  int distributed = rma_relayout_possible(ta), relaid = distributed && !rma_tiles_plain(ta);
  rma_tiles_t tr;
  void *fa = a->seg;
  double *x = malloc(sizeof(double) * (size_t)n * nrhs);
  double *s = distributed ? NULL : malloc(sizeof(double) * (size_t)STRIP * n);
  int rc = rma_status_agree(ctx->comm, x && (distributed || s) ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0 && !distributed)
    rc = rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_A, ta, a->seg, a->seglen, &wa, &sa));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_B, tb, b->seg, b->seglen, &wb, &sb));
  rma_rect_t all = {0, 0, n, nrhs};
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_patch_copy(wb, sb, 0, all, x, nrhs));
  if (rc == 0 && !trans)
    permute(x, n, nrhs, ipiv, 1);
  if (rc == 0 && relaid && (rc = rma_relayout_in(a, &tr, &fa)) == 0)
    ta = &tr;
  if (rc == 0 && distributed)
    rc = rma_status_agree(ctx->comm, rma_getrs_run(ta, fa, trans, nrhs, x));
  else if (rc == 0)
    rc = rma_status_agree(ctx->comm, solve_strips(trans, n, nrhs, wa, sa, x, s));
  if (rc == 0 && trans)
    permute(x, n, nrhs, ipiv, 0);
  // Every rank holds the whole solution; each writes the tiles of B it owns.
  for (int bi = 0; rc == 0 && bi < tb->mt; bi++)
    for (int bj = 0; bj < tb->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(tb, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      rma_rect_t r = {tile.r0, tile.c0, tile.rows, tile.cols};
      rma_tiles_local_copy(tb, b->seg, r, x + (long)tile.r0 * nrhs + tile.c0, nrhs, 0);
    }
  // Nobody frees or reuses the store while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  int rc2 = rma_store_done();
  free(x), free(s);
  return rc ? rc : rc2;
}
