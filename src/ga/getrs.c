/*
 * rma_lu_solve: the GA front-end of the solve, on GAs of C_FLOAT, C_DBL,
 * C_SCPL or C_DCPL (the element type comes from g_a; g_b must share it).
 * Layers: rma_lu_solve (argument checks, GA_Sync brackets) -> ga/ga_matrix
 *         (verified tile directories, typed) -> ops/getrs (the engine).
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/getrs/getrs.h"

// Index of the first illegal argument (0 if none) and why; *dt gets g_a's
// element type when g_a is legal.
static int solve_check(char trans, int g_a, const int *ipiv, int g_b, rma_dtype_t *dt, char *why,
                       size_t len) {
  int m, n, rows, nrhs;
  rma_dtype_t bt;
  if (!rma_trans_valid(trans))
    return snprintf(why, len, "trans = '%c', must be N, T or C", trans), 1;
  if (rma_ga_matrix_type(g_a, dt, &m, &n))
    return snprintf(why, len, "g_a = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_a),
           2;
  if (m != n)
    return snprintf(why, len, "g_a is %d x %d, must be square", m, n), 2;
  for (int i = 0; ipiv && i < n; i++)
    if (ipiv[i] < i + 1 || ipiv[i] > n)
      return snprintf(why, len, "ipiv[%d] = %d outside [%d, %d]", i, ipiv[i], i + 1, n), 3;
  if (rma_ga_matrix_type(g_b, &bt, &rows, &nrhs))
    return snprintf(why, len, "g_b = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_b),
           4;
  if (bt != *dt)
    return snprintf(why, len, "g_b is a GA of %s, g_a of %s", rma_ga_type_name(bt),
                    rma_ga_type_name(*dt)),
           4;
  if (rows != n)
    return snprintf(why, len, "g_b has %d rows, A is %d x %d", rows, n, n), 4;
  if (g_b == g_a)
    return snprintf(why, len, "g_b = %d is also g_a", g_b), 4;
  return 0;
}

static int solve_body(rma_op_t op, int g_a, const int *ipiv, int g_b) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t ma, mb;
  RMA_CALL(rma_ga_matrix_open(g_a, ctx->comm, &ma));
  int rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
  if (rc != 0) {
    rma_ga_matrix_close(&ma, 0);
    return rc;
  }
  rma_matrix_t a = rma_ga_matrix_view(&ma), b = rma_ga_matrix_view(&mb);
  rc = rma_getrs_matrices(op, &a, ipiv, &b);
  rma_ga_matrix_close(&mb, 1);
  rma_ga_matrix_close(&ma, 0);
  return rc;
}

int rma_lu_solve(char trans, int g_a, const int *ipiv, int g_b) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[128] = "";
  rma_dtype_t dt = RMA_DT_D;
  int bad = solve_check(trans, g_a, ipiv, g_b, &dt, why, sizeof why);
  rma_same_t same = {0};
  rma_same_char(&same, "trans", trans), rma_same_add(&same, "g_a", g_a);
  rma_same_add(&same, "g_b", g_b);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu_solve", bad, why, &same));
  GA_Sync();
  int rc = solve_body(rma_dtype_op(dt, trans), g_a, ipiv, g_b);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}
