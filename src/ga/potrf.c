/*
 * rma_potrf: the GA front-end of the Cholesky factorization, on GAs of
 * C_FLOAT, C_DBL, C_SCPL or C_DCPL (the element type comes from the
 * handle). UPLO names the triangle as GA's C API indexes the array (row i,
 * column j), which is what the engine's row-major tiles hold.
 * Layers: rma_potrf (argument checks, GA_Sync brackets) -> ga/ga_matrix
 *         (verified tile directory, typed) -> ops/potrf (the engine).
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/potrf/potrf.h"

int rma_potrf(char uplo, int g_a) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  int m = 0, n = 0, bad = 0;
  rma_dtype_t dt;
  char why[128] = "";
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (rma_ga_matrix_type(g_a, &dt, &m, &n))
    bad = 2,
    snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_a);
  else if (m != n)
    bad = 2, snprintf(why, sizeof why, "g_a is %d x %d, not square", m, n);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "g_a", g_a);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_potrf", bad, why, &same));
  GA_Sync();
  rma_ga_matrix_t mat;
  int info = 0, rc = rma_ga_matrix_open(g_a, ctx->comm, &mat);
  if (rc == 0) {
    rma_matrix_t a = rma_ga_matrix_view(&mat);
    rc = rma_potrf_matrix(&a, rma_uplo_lower(uplo), &info);
    rma_ga_matrix_close(&mat, 1);
  }
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  return rc ? rc : info;
}
