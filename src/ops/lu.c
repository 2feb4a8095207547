/*
 * rma_lu / rma_lu_solve: the put/notify pipelined LU of the LU issue.
 * Not built yet: after the argument checks every rank returns
 * RMA_ERR_NOT_IMPLEMENTED and nothing is modified.
 */
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "dist/ga_matrix.h"

int rma_lu(int g_a, int *ipiv) {
  (void)ipiv;
  rma_context_t *ctx = rma_context();
  if (!ctx->initialized)
    return RMA_ERR_NOT_INITIALIZED;
  int m, n;
  char why[96] = "";
  int bad = 0;
  if (rma_ga_is_matrix(g_a, &m, &n))
    bad = 1, snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of doubles", g_a);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu", bad, why));
  return RMA_ERR_NOT_IMPLEMENTED;
}

int rma_lu_solve(char trans, int g_a, const int *ipiv, int g_b) {
  (void)ipiv;
  rma_context_t *ctx = rma_context();
  if (!ctx->initialized)
    return RMA_ERR_NOT_INITIALIZED;
  int m, n;
  char why[96] = "";
  int bad = 0;
  if (trans != 'N' && trans != 'n' && trans != 'T' && trans != 't')
    bad = 1, snprintf(why, sizeof why, "trans = '%c', must be N or T", trans);
  else if (rma_ga_is_matrix(g_a, &m, &n))
    bad = 2, snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of doubles", g_a);
  else if (rma_ga_is_matrix(g_b, &m, &n))
    bad = 4, snprintf(why, sizeof why, "g_b = %d is not a 2-D GA of doubles", g_b);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu_solve", bad, why));
  return RMA_ERR_NOT_IMPLEMENTED;
}
