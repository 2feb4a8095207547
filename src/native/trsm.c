/*
 * rma_?matrix_trsm and rma_?matrix_potrs: the native front-end of the
 * triangular solve with many right-hand sides and of the Cholesky solve
 * (s, d, c, z; 'C' the conjugate transpose for c and z).
 * Layers: argument checks -> native window directories -> ops/trsm,
 *         ops/potrs (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/potrs/potrs.h"
#include "ops/trsm/trsm.h"
#include "ops/trsm/trsm_check.h"

int rma_bcm_trsm(const char *routine, char side, char uplo, char transa, char diag, int m, int n,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b, int ib,
                 int jb) {
  // Without B's grid there is no one to agree with: the same answer everywhere anyway.
  if (!b || !b->grid)
    return -11;
  char why[160] = "";
  int bad = rma_trsm_check_chars(side, uplo, transa, diag, why, sizeof why), k = m;
  if (!bad && m < 0)
    bad = 5, snprintf(why, sizeof why, "m = %d", m);
  else if (!bad && n < 0)
    bad = 6, snprintf(why, sizeof why, "n = %d", n);
  if (!bad) {
    k = rma_side_right(side) ? n : m;
    if (rma_bcm_check(a, b->grid, why, sizeof why))
      bad = 8;
    else if (rma_bcm_check_window(a, ia, ja, k, k, why, sizeof why))
      bad = 9;
    else if (rma_bcm_check(b, b->grid, why, sizeof why))
      bad = 11;
    else if (rma_bcm_check_window(b, ib, jb, m, n, why, sizeof why))
      bad = 12;
  }
  rma_same_t same = {0};
  rma_same_char(&same, "side", side), rma_same_char(&same, "uplo", uplo);
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_same_scalar(&same, "alpha", alpha);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "B (shape, blocks, grid or offsets)", b, ib, jb);
  RMA_CALL(rma_args_agree(b->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_trsm_run(side, uplo, transa, diag, m, n, alpha, a, ia, ja, b, ib, jb);
}

int rma_bcm_trsm_run(char side, char uplo, char transa, char diag, int m, int n, rma_scalar_t alpha,
                     const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b, int ib, int jb) {
  // Trivial work returns before any communication.
  if (m == 0 || n == 0)
    return 0;
  int k = rma_side_right(side) ? n : m;
  rma_tiles_t ta, tb;
  rma_matrix_t ma, mb;
  RMA_CALL(rma_bcm_window(b, ib, jb, m, n, &tb, &mb));
  ma = mb; // alpha == 0: A is not read
  if (alpha != 0)
    RMA_CALL(rma_bcm_window(a, ia, ja, k, k, &ta, &ma));
  rma_grid_enter(b->grid);
  return rma_trsm_matrices(rma_side_right(side) ? RMA_SIDE_RIGHT : RMA_SIDE_LEFT,
                           rma_uplo_lower(uplo), rma_dtype_op(b->dtype, transa),
                           rma_diag_unit(diag), m, n, alpha, &ma, &mb);
}

int rma_bcm_potrs(const char *routine, char uplo, int n, int nrhs, const rma_bcm_t *a, int ia,
                  int ja, const rma_bcm_t *b, int ib, int jb) {
  if (!b || !b->grid)
    return -7;
  char why[160] = "";
  int bad = 0;
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c', must be L or U", uplo);
  else if (n < 0)
    bad = 2, snprintf(why, sizeof why, "n = %d", n);
  else if (nrhs < 0)
    bad = 3, snprintf(why, sizeof why, "nrhs = %d", nrhs);
  else if (rma_bcm_check(a, b->grid, why, sizeof why))
    bad = 4;
  else if (rma_bcm_check_window(a, ia, ja, n, n, why, sizeof why))
    bad = 5;
  else if (rma_bcm_check(b, b->grid, why, sizeof why))
    bad = 7;
  else if (rma_bcm_check_window(b, ib, jb, n, nrhs, why, sizeof why))
    bad = 8;
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "n", n);
  rma_same_add(&same, "nrhs", nrhs);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "B (shape, blocks, grid or offsets)", b, ib, jb);
  RMA_CALL(rma_args_agree(b->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_potrs_run(uplo, n, nrhs, a, ia, ja, b, ib, jb);
}

int rma_bcm_potrs_run(char uplo, int n, int nrhs, const rma_bcm_t *a, int ia, int ja,
                      const rma_bcm_t *b, int ib, int jb) {
  if (n == 0 || nrhs == 0)
    return 0;
  rma_tiles_t ta, tb;
  rma_matrix_t ma, mb;
  RMA_CALL(rma_bcm_window(a, ia, ja, n, n, &ta, &ma));
  RMA_CALL(rma_bcm_window(b, ib, jb, n, nrhs, &tb, &mb));
  rma_grid_enter(b->grid);
  return rma_potrs_matrices(rma_uplo_lower(uplo), n, nrhs, &ma, &mb);
}
