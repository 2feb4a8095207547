/*
 * rma_trsm and rma_potrs: the GA front-end of the triangular solve with
 * many right-hand sides and of the Cholesky solve, on GAs of C_FLOAT,
 * C_DBL, C_SCPL or C_DCPL (the element type comes from g_a; g_b must share
 * it). GA's own GA_Llt_solve factors and solves in one call (ScaLAPACK's
 * pdpotrf + pdpotrs underneath); rma_potrs is its solve half, after
 * rma_potrf, and rma_trsm is the PDTRSM GA offers no routine for.
 * Layers: rma_trsm / rma_potrs (argument checks, GA_Sync brackets) ->
 *         ga/ga_matrix (verified tile directories) -> ops/trsm, ops/potrs.
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/potrs/potrs.h"
#include "ops/trsm/trsm.h"
#include "ops/trsm/trsm_check.h"

// g_a (k x k, *dt its type) and g_b (m x n, of g_a's type, not g_a) at
// argument positions pa and pa + 1; 0, or the position with why.
static int check_ab(int g_a, int g_b, int pa, int right, rma_dtype_t *dt, int *m, int *n, char *why,
                    size_t len) {
  int ar, ac;
  rma_dtype_t bt;
  if (rma_ga_matrix_type(g_a, dt, &ar, &ac))
    return snprintf(why, len, "g_a = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_a),
           pa;
  if (ar != ac)
    return snprintf(why, len, "g_a is %d x %d, must be square", ar, ac), pa;
  if (rma_ga_matrix_type(g_b, &bt, m, n))
    return snprintf(why, len, "g_b = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_b),
           pa + 1;
  if (bt != *dt)
    return snprintf(why, len, "g_b is a GA of %s, g_a of %s", rma_ga_type_name(bt),
                    rma_ga_type_name(*dt)),
           pa + 1;
  if ((right ? *n : *m) != ar)
    return snprintf(why, len, "g_b is %d x %d, A is %d x %d (side %s)", *m, *n, ar, ac,
                    right ? "R" : "L"),
           pa + 1;
  if (g_b == g_a)
    return snprintf(why, len, "g_b = %d is also g_a", g_b), pa + 1;
  return 0;
}

// The work between the GA_Syncs: open the handles and solve (trsm when
// potrs_uplo is 0, else potrs with that uplo).
static int body(char potrs_uplo, rma_side_t side, int lower, rma_op_t op, int unit,
                rma_scalar_t alpha, int g_a, int g_b, int m, int n) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t ma, mb;
  RMA_CALL(rma_ga_matrix_open(g_a, ctx->comm, &ma));
  int rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
  if (rc != 0) {
    rma_ga_matrix_close(&ma, 0);
    return rc;
  }
  rma_matrix_t a = rma_ga_matrix_view(&ma), b = rma_ga_matrix_view(&mb);
  rc = potrs_uplo ? rma_potrs_matrices(rma_uplo_lower(potrs_uplo), m, n, &a, &b)
                  : rma_trsm_matrices(side, lower, op, unit, m, n, alpha, &a, &b);
  rma_ga_matrix_close(&mb, 1);
  rma_ga_matrix_close(&ma, 0);
  return rc;
}

int rma_trsm(char side, char uplo, char transa, char diag, const void *alpha, int g_a, int g_b) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  rma_dtype_t dt = RMA_DT_D;
  int m = 0, n = 0, bad = rma_trsm_check_chars(side, uplo, transa, diag, why, sizeof why);
  if (!bad && !alpha)
    bad = 5, snprintf(why, sizeof why, "alpha = NULL");
  if (!bad)
    bad = check_ab(g_a, g_b, 6, rma_side_right(side), &dt, &m, &n, why, sizeof why);
  rma_scalar_t a = bad ? 0 : rma_scalar_load(dt, alpha, 0);
  rma_same_t same = {0};
  rma_same_char(&same, "side", side), rma_same_char(&same, "uplo", uplo);
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "diag", diag);
  rma_same_scalar(&same, "alpha", a);
  rma_same_add(&same, "g_a", g_a), rma_same_add(&same, "g_b", g_b);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_trsm", bad, why, &same));
  GA_Sync();
  int rc = body(0, rma_side_right(side) ? RMA_SIDE_RIGHT : RMA_SIDE_LEFT, rma_uplo_lower(uplo),
                rma_dtype_op(dt, transa), rma_diag_unit(diag), a, g_a, g_b, m, n);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}

int rma_potrs(char uplo, int g_a, int g_b) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  rma_dtype_t dt = RMA_DT_D;
  int m = 0, n = 0, bad = 0;
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c', must be L or U", uplo);
  else
    bad = check_ab(g_a, g_b, 2, 0, &dt, &m, &n, why, sizeof why);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "g_a", g_a);
  rma_same_add(&same, "g_b", g_b);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_potrs", bad, why, &same));
  GA_Sync();
  int rc = body(uplo, RMA_SIDE_LEFT, 0, RMA_OP_N, 0, 1, g_a, g_b, m, n);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}
