/*
 * rma_?matrix_syrk / rma_?matrix_herk: the native front-end of the rank-k
 * update of one triangle (syrk: s, d, and c, z complex symmetric; herk: c,
 * z with real alpha and beta).
 * Layers: rma_bcm_syrk (argument checks) -> native window directories
 *         -> ops/syrk (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/syrk/syrk.h"
#include "ops/syrk/syrk_check.h"

int rma_bcm_syrk(const char *routine, int herk, char uplo, char trans, int n, int k,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, rma_scalar_t beta,
                 const rma_bcm_t *c, int ic, int jc) {
  if (!c || !c->grid)
    return -10;
  char why[160] = "";
  int bad = 0, t = rma_trans_is(trans);
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (!rma_syrk_trans_valid(herk, c->dtype, trans))
    bad = 2, snprintf(why, sizeof why, "trans = '%c'", trans);
  else if (n < 0)
    bad = 3, snprintf(why, sizeof why, "n = %d", n);
  else if (k < 0)
    bad = 4, snprintf(why, sizeof why, "k = %d", k);
  else if (rma_bcm_check(a, c->grid, why, sizeof why))
    bad = 6;
  else if (rma_bcm_check_window(a, ia, ja, t ? k : n, t ? n : k, why, sizeof why))
    bad = 7;
  else if (rma_bcm_check(c, c->grid, why, sizeof why))
    bad = 10;
  else if (rma_bcm_check_window(c, ic, jc, n, n, why, sizeof why))
    bad = 11;
  else if (rma_bcm_overlap(c, ic, jc, n, n, a, ia, ja, t ? k : n, t ? n : k))
    bad = 10, snprintf(why, sizeof why, "sub(C) shares memory with sub(A)");
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "trans", trans);
  rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", alpha), rma_same_scalar(&same, "beta", beta);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "C (shape, blocks, grid or offsets)", c, ic, jc);
  RMA_CALL(rma_args_agree(c->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_syrk_run(herk, uplo, trans, n, k, alpha, a, ia, ja, beta, c, ic, jc);
}

int rma_bcm_syrk_run(int herk, char uplo, char trans, int n, int k, rma_scalar_t alpha,
                     const rma_bcm_t *a, int ia, int ja, rma_scalar_t beta, const rma_bcm_t *c,
                     int ic, int jc) {
  if (n == 0 || ((k == 0 || alpha == 0) && beta == 1))
    return 0;
  int t = rma_trans_is(trans);
  rma_tiles_t tc, tA;
  rma_matrix_t mc, ma;
  RMA_CALL(rma_bcm_window(c, ic, jc, n, n, &tc, &mc));
  ma = mc;
  if (k > 0 && alpha != 0)
    RMA_CALL(rma_bcm_window(a, ia, ja, t ? k : n, t ? n : k, &tA, &ma));
  rma_grid_enter(c->grid);
  return rma_syrk_matrices(rma_uplo_lower(uplo) ? 'L' : 'U', t, herk, n, k, alpha, &ma, beta, &mc);
}
