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

// Exchange rows a and b of x (ld elements of es bytes each).
static void swap_rows(char *x, size_t row_bytes, int a, int b) {
  char *ra = x + (size_t)a * row_bytes, *rb = x + (size_t)b * row_bytes;
  for (size_t j = 0; j < row_bytes; j++) {
    char t = ra[j];
    ra[j] = rb[j], rb[j] = t;
  }
}

// Read strip [r, r+h) x [0, n) of the factors into s (ld n).
static int strip(const rma_win_t *w, const rma_tiles_t *t, int r, int h, int n, void *s) {
  rma_rect_t p = {r, 0, h, n};
  return rma_patch_copy(w, t, 0, p, s, n);
}

// Apply P (forward) or P^T (backward) to the rows of x (nrhs elements of es bytes each).
static void permute(void *x, int n, size_t row_bytes, const int *ipiv, int forward) {
  for (int s = 0; ipiv && s < n; s++) {
    int i = forward ? s : n - 1 - s;
    if (ipiv[i] - 1 != i)
      swap_rows(x, row_bytes, i, ipiv[i] - 1);
  }
}

// X (n x nrhs, type dt) := U^-1 L^-1 X (op N) or L^-op U^-op X (op T or C)
// for factors of any distribution: every rank reads them in row strips
// through the window (each strip twice, O(n^2) words per rank).
static int solve_strips(rma_dtype_t dt, rma_op_t op, int n, int nrhs, const rma_win_t *w,
                        const rma_tiles_t *t, void *xv, void *sv) {
  size_t es = rma_dtype_size(dt);
  char *x = xv, *s = sv;
#define X(row) (x + es * (size_t)(row) * (size_t)nrhs)
#define S(col) (s + es * (size_t)(col))
  if (op == RMA_OP_N) {
    for (int r = 0; r < n; r += STRIP) { // L Y = P B, top down
      int h = n - r < STRIP ? n - r : STRIP;
      RMA_CALL(strip(w, t, r, h, n, s));
      rma_kernel_gemm_dt(dt, RMA_OP_N, RMA_OP_N, h, nrhs, r, -1, S(0), n, X(0), nrhs, 1, X(r), nrhs);
      rma_kernel_trsm_dt(dt, RMA_SIDE_LEFT, 1, RMA_OP_N, 1, h, nrhs, 1, S(r), n, X(r), nrhs);
    }
    for (int r = ((n - 1) / STRIP) * STRIP; r >= 0; r -= STRIP) { // U X = Y, bottom up
      int h = n - r < STRIP ? n - r : STRIP;
      RMA_CALL(strip(w, t, r, h, n, s));
      rma_kernel_gemm_dt(dt, RMA_OP_N, RMA_OP_N, h, nrhs, n - r - h, -1, S(r + h), n, X(r + h),
                         nrhs, 1, X(r), nrhs);
      rma_kernel_trsm_dt(dt, RMA_SIDE_LEFT, 0, RMA_OP_N, 0, h, nrhs, 1, S(r), n, X(r), nrhs);
    }
    return 0;
  }
  for (int r = 0; r < n; r += STRIP) { // U^op Z = B, top down
    int h = n - r < STRIP ? n - r : STRIP;
    RMA_CALL(strip(w, t, r, h, n, s));
    rma_kernel_trsm_dt(dt, RMA_SIDE_LEFT, 0, op, 0, h, nrhs, 1, S(r), n, X(r), nrhs);
    rma_kernel_gemm_dt(dt, op, RMA_OP_N, n - r - h, nrhs, h, -1, S(r + h), n, X(r), nrhs, 1,
                       X(r + h), nrhs);
  }
  for (int r = ((n - 1) / STRIP) * STRIP; r >= 0; r -= STRIP) { // L^op W = Z, bottom up
    int h = n - r < STRIP ? n - r : STRIP;
    RMA_CALL(strip(w, t, r, h, n, s));
    rma_kernel_trsm_dt(dt, RMA_SIDE_LEFT, 1, op, 1, h, nrhs, 1, S(r), n, X(r), nrhs);
    rma_kernel_gemm_dt(dt, op, RMA_OP_N, r, nrhs, h, -1, S(0), n, X(r), nrhs, 1, X(0), nrhs);
  }
#undef X
#undef S
  return 0;
}

int rma_getrs_matrices(rma_op_t op, const rma_matrix_t *a, const int *ipiv,
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
  rma_dtype_t dt = ta->dtype;
  size_t es = rma_dtype_size(dt), row = es * (size_t)nrhs;
  char *x = malloc(row * (size_t)n);
  void *s = distributed ? NULL : malloc(es * (size_t)STRIP * n);
  int rc = rma_status_agree(ctx->comm, x && (distributed || s) ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0 && !distributed)
    rc = rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_A, ta, a->seg, a->seglen, &wa, &sa));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_store_mirror(RMA_STORE_B, tb, b->seg, b->seglen, &wb, &sb));
  rma_rect_t all = {0, 0, n, nrhs};
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_patch_copy(wb, sb, 0, all, x, nrhs));
  if (rc == 0 && op == RMA_OP_N)
    permute(x, n, row, ipiv, 1);
  if (rc == 0 && relaid && (rc = rma_relayout_in(a, RMA_RELAYOUT_ALL, &tr, &fa)) == 0)
    ta = &tr;
  if (rc == 0 && distributed)
    rc = rma_status_agree(ctx->comm, rma_getrs_run(ta, fa, op, nrhs, x));
  else if (rc == 0)
    rc = rma_status_agree(ctx->comm, solve_strips(dt, op, n, nrhs, wa, sa, x, s));
  if (rc == 0 && op != RMA_OP_N)
    permute(x, n, row, ipiv, 0);
  // Every rank holds the whole solution; each writes the tiles of B it owns.
  for (int bi = 0; rc == 0 && bi < tb->mt; bi++)
    for (int bj = 0; bj < tb->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(tb, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      rma_rect_t r = {tile.r0, tile.c0, tile.rows, tile.cols};
      rma_tiles_local_copy(tb, b->seg, r, x + (size_t)tile.r0 * row + es * (size_t)tile.c0, nrhs, 0);
    }
  // Nobody frees or reuses the store while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  int rc2 = rma_store_done();
  free(x), free(s);
  return rc ? rc : rc2;
}
