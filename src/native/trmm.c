/*
 * rma_?matrix_trmm: the native front-end of the triangular product (s, d,
 * c, z).
 * Layers: rma_bcm_trmm (argument checks) -> native window directories
 *         -> ops/trmm (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/trmm/trmm.h"

int rma_bcm_trmm(const char *routine, char side, char uplo, char transa, char diag, int m, int n,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                 int ib, int jb) {
  if (!b || !b->grid)
    return -11;
  char why[160] = "";
  int bad = 0, na = rma_side_right(side) ? n : m;
  if (!rma_side_valid(side))
    bad = 1, snprintf(why, sizeof why, "side = '%c'", side);
  else if (!rma_uplo_valid(uplo))
    bad = 2, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (!rma_trans_valid(transa))
    bad = 3, snprintf(why, sizeof why, "transa = '%c'", transa);
  else if (!rma_diag_valid(diag))
    bad = 4, snprintf(why, sizeof why, "diag = '%c'", diag);
  else if (m < 0)
    bad = 5, snprintf(why, sizeof why, "m = %d", m);
  else if (n < 0)
    bad = 6, snprintf(why, sizeof why, "n = %d", n);
  else if (rma_bcm_check(a, b->grid, why, sizeof why))
    bad = 8;
  else if (rma_bcm_check_window(a, ia, ja, na, na, why, sizeof why))
    bad = 9;
  else if (rma_bcm_check(b, b->grid, why, sizeof why))
    bad = 11;
  else if (rma_bcm_check_window(b, ib, jb, m, n, why, sizeof why))
    bad = 12;
  else if (rma_bcm_overlap(b, ib, jb, m, n, a, ia, ja, na, na))
    bad = 11, snprintf(why, sizeof why, "sub(B) shares memory with sub(A)");
  rma_same_t same = {0};
  rma_same_char(&same, "side", side), rma_same_char(&same, "uplo", uplo);
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_same_scalar(&same, "alpha", alpha);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "B (shape, blocks, grid or offsets)", b, ib, jb);
  RMA_CALL(rma_args_agree(b->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_trmm_run(side, uplo, transa, diag, m, n, alpha, a, ia, ja, b, ib, jb);
}

int rma_bcm_trmm_run(char side, char uplo, char transa, char diag, int m, int n,
                     rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                     int ib, int jb) {
  if (m == 0 || n == 0)
    return 0;
  int right = rma_side_right(side), na = right ? n : m;
  rma_tiles_t tb, ta;
  rma_matrix_t mb, ma;
  RMA_CALL(rma_bcm_window(b, ib, jb, m, n, &tb, &mb));
  ma = mb;
  if (alpha != 0)
    RMA_CALL(rma_bcm_window(a, ia, ja, na, na, &ta, &ma));
  rma_grid_enter(b->grid);
  return rma_trmm_matrices(right, rma_uplo_lower(uplo), rma_dtype_op(b->dtype, transa),
                           rma_diag_unit(diag), m, n, alpha, &ma, &mb);
}
