/*
 * rma_lu: the GA front-end of the LU, on GAs of C_FLOAT, C_DBL, C_SCPL or
 * C_DCPL (the element type comes from the handle).
 * Layers: rma_lu (argument checks, GA_Sync brackets) -> ga/ga_matrix
 *         (verified tile directory, typed) -> ops/getrf (the engine).
 */
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "ga/ga_matrix.h"
#include "ops/getrf/getrf.h"

int rma_lu(int g_a, int *ipiv) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  int m, n, bad = 0;
  rma_dtype_t dt;
  char why[128] = "";
  if (rma_ga_matrix_type(g_a, &dt, &m, &n))
    bad = 1,
    snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_a);
  rma_same_t same = {0};
  rma_same_add(&same, "g_a", g_a);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_lu", bad, why, &same));
  GA_Sync();
  rma_ga_matrix_t mat;
  int info = 0, rc = rma_ga_matrix_open(g_a, ctx->comm, &mat);
  if (rc == 0) {
    rma_matrix_t a = rma_ga_matrix_view(&mat);
    rc = rma_getrf_matrix(&a, ipiv, &info);
    rma_ga_matrix_close(&mat, 1);
  }
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  return rc ? rc : info;
}
