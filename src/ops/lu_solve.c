/*
 * rma_lu_solve: solve with the factors of rma_lu.
 * Layers: rma_lu_solve (GA entry, checks) -> tiles -> ops/lu_solve_run
 * (square-tiled factors: each rank works on its own tiles, reductions and
 * broadcasts in process rows and columns) or, for any other distribution,
 * the strip solve below (rma patch gets) -> kernel.
 * The right-hand side is replicated on every rank (n x nrhs); each rank
 * writes back the parts of B it owns.
 */
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "tiles/ga_matrix.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "ops/lu_solve_run.h"
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

// Index of the first illegal argument (0 if none) and why.
static int solve_check(char trans, int g_a, const int *ipiv, int g_b, char *why, size_t len) {
  int m, n, rows, nrhs;
  if (trans != 'N' && trans != 'n' && trans != 'T' && trans != 't' && trans != 'C' && trans != 'c')
    return snprintf(why, len, "trans = '%c', must be N or T", trans), 1;
  if (rma_ga_is_matrix(g_a, &m, &n))
    return snprintf(why, len, "g_a = %d is not a 2-D GA of doubles", g_a), 2;
  if (m != n)
    return snprintf(why, len, "g_a is %d x %d, must be square", m, n), 2;
  for (int i = 0; ipiv && i < n; i++)
    if (ipiv[i] < i + 1 || ipiv[i] > n)
      return snprintf(why, len, "ipiv[%d] = %d outside [%d, %d]", i, ipiv[i], i + 1, n), 3;
  if (rma_ga_is_matrix(g_b, &rows, &nrhs))
    return snprintf(why, len, "g_b = %d is not a 2-D GA of doubles", g_b), 4;
  if (rows != n)
    return snprintf(why, len, "g_b has %d rows, A is %d x %d", rows, n, n), 4;
  if (g_b == g_a)
    return snprintf(why, len, "g_b = %d is also g_a", g_b), 4;
  return 0;
}

static int solve_body(int trans, int g_a, const int *ipiv, int g_b) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t ma, mb;
  rma_win_t *wa = NULL, *wb = NULL;
  RMA_CALL(rma_ga_matrix_open(g_a, ctx->comm, &ma));
  int rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
  if (rc != 0) {
    rma_ga_matrix_close(&ma, 0);
    return rc;
  }
  int n = ma.tiles.m, nrhs = mb.tiles.n;
  int distributed = !ma.regular && ma.tiles.mb == ma.tiles.nb; // else: the strip solve
  double *x = malloc(sizeof(double) * (size_t)n * nrhs);
  double *s = distributed ? NULL : malloc(sizeof(double) * (size_t)STRIP * n);
  rc = rma_status_agree(ctx->comm, x && (distributed || s) ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0 && !distributed)
    rc = rma_status_agree(ctx->comm,
                          rma_store_mirror(RMA_STORE_A, &ma.tiles, ma.seg, ma.seglen, &wa));
  if (rc == 0)
    rc = rma_status_agree(ctx->comm,
                          rma_store_mirror(RMA_STORE_B, &mb.tiles, mb.seg, mb.seglen, &wb));
  rma_rect_t all = {0, 0, n, nrhs};
  if (rc == 0)
    rc = rma_status_agree(ctx->comm, rma_patch_copy(wb, &mb.tiles, 0, all, x, nrhs));
  if (rc == 0 && !trans)
    permute(x, n, nrhs, ipiv, 1);
  if (rc == 0 && distributed)
    rc = rma_status_agree(ctx->comm, rma_lu_solve_run(&ma.tiles, ma.seg, trans, nrhs, x));
  else if (rc == 0)
    rc = rma_status_agree(ctx->comm, solve_strips(trans, n, nrhs, wa, &ma.tiles, x, s));
  if (rc == 0 && trans)
    permute(x, n, nrhs, ipiv, 0);
  // Every rank holds the whole solution; each writes the tiles of B it owns.
  for (int bi = 0; rc == 0 && bi < mb.tiles.mt; bi++)
    for (int bj = 0; bj < mb.tiles.nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(&mb.tiles, bi, bj, &tile);
      if (tile.owner != ctx->rank)
        continue;
      for (int i = 0; i < tile.rows; i++)
        memcpy(mb.seg + tile.disp + (long)i * tile.ld, x + (long)(tile.r0 + i) * nrhs + tile.c0,
               sizeof(double) * (size_t)tile.cols);
    }
  // Nobody frees or reuses the store while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  int rc2 = rma_store_done();
  rc = rc ? rc : rc2;
  free(x), free(s);
  rma_ga_matrix_close(&mb, 1);
  rma_ga_matrix_close(&ma, 0);
  return rc;
}

int rma_lu_solve(char trans, int g_a, const int *ipiv, int g_b) {
  rma_context_t *ctx = rma_context();
  if (!ctx->initialized)
    return RMA_ERR_NOT_INITIALIZED;
  char why[128] = "";
  int bad = solve_check(trans, g_a, ipiv, g_b, why, sizeof why);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu_solve", bad, why));
  GA_Sync();
  int rc = solve_body(trans != 'N' && trans != 'n', g_a, ipiv, g_b);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}
