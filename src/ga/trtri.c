/*
 * rma_trtri / rma_potri: the triangular inverse and the inverse from a
 * Cholesky factor on a square Global Array of C_FLOAT, C_DBL, C_SCPL or
 * C_DCPL (the element type comes from the handle), any layout rmala
 * accepts (ScaLAPACK block-cyclic in place, tiled and regular through a
 * copy). GA's GA_Spd_invert(g_a) is Cholesky then this inverse (and GA's
 * symmetrisation): rma_potrf followed by rma_potri, whose result is only the
 * factor's triangle, as ScaLAPACK's PDPOTRI leaves it.
 * Layers: rma_trtri / rma_potri (argument checks, GA_Sync brackets)
 *         -> ga/ga_matrix -> ops/trtri, ops/potri (the engine).
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/potri/potri.h"
#include "ops/trtri/trtri.h"

// P?TRTRI (potri 0) or P?POTRI (potri 1) on g_a.
static int inverse(int potri, const char *routine, char uplo, char diag, int g_a) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  int bad = 0, m = 0, n = 0, d = !potri;
  rma_dtype_t dt;
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (d && !rma_diag_valid(diag))
    bad = 2, snprintf(why, sizeof why, "diag = '%c'", diag);
  else if (rma_ga_matrix_type(g_a, &dt, &m, &n))
    bad = 2 + d,
    snprintf(why, sizeof why, "g_a = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", g_a);
  else if (m != n)
    bad = 2 + d, snprintf(why, sizeof why, "g_a is %d x %d, not square", m, n);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "g_a", g_a);
  RMA_CALL(rma_args_agree(ctx->comm, routine, bad, why, &same));
  GA_Sync();
  rma_ga_matrix_t mat;
  int info = 0, rc = rma_ga_matrix_open(g_a, ctx->comm, &mat);
  if (rc == 0) {
    rma_matrix_t a = rma_ga_matrix_view(&mat);
    rc = potri ? rma_potri_matrix(rma_uplo_lower(uplo), &a, &info)
               : rma_trtri_matrix(rma_uplo_lower(uplo), rma_diag_unit(diag), &a, &info);
    rma_ga_matrix_close(&mat, 1);
  }
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  return rc ? rc : info;
}

int rma_trtri(char uplo, char diag, int g_a) { return inverse(0, "rma_trtri", uplo, diag, g_a); }

int rma_potri(char uplo, int g_a) { return inverse(1, "rma_potri", uplo, 'N', g_a); }
