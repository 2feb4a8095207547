/*
 * rma_syrk / rma_herk / rma_trmm: the rank-k update of one triangle and the
 * triangular product on Global Arrays of C_FLOAT, C_DBL, C_SCPL or C_DCPL
 * (the element type comes from the handles; scalars as GA_Add takes them,
 * void * to a value of that type; herk's real).
 * Layers: rma_syrk / rma_herk / rma_trmm (argument checks, GA_Sync
 *         brackets) -> ga/ga_matrix (verified tile directories) -> ops/syrk,
 *         ops/trmm (the engine).
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/syrk/syrk.h"
#include "ops/syrk/syrk_check.h"
#include "ops/trmm/trmm.h"

// 0 when g is a 2-D GA of one of the four types (and of type want when
// want >= 0) of at least rows x cols; else 1 with why.
static int ga_operand(int g, const char *name, int want, int rows, int cols, rma_dtype_t *dt,
                      char *why, size_t len) {
  int m, n;
  if (rma_ga_matrix_type(g, dt, &m, &n))
    return snprintf(why, len, "%s = %d is not a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL", name,
                    g),
           1;
  if (want >= 0 && (int)*dt != want)
    return snprintf(why, len, "%s is a GA of %s, not %s", name, rma_ga_type_name(*dt),
                    rma_ga_type_name((rma_dtype_t)want)),
           1;
  if (m < rows || n < cols)
    return snprintf(why, len, "%s is %d x %d, needs %d x %d", name, m, n, rows, cols), 1;
  return 0;
}

// A scalar of type dt at p (NULL: 0).
static rma_scalar_t scalar(rma_dtype_t dt, const void *p) { return p ? rma_scalar_load(dt, p, 0) : 0; }

// Open g_a and g_c (g_c updated) and run the update.
static int syrk_body(int herk, char uplo, int t, int n, int k, rma_scalar_t alpha, int g_a,
                     rma_scalar_t beta, int g_c) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t ma, mc;
  int inputs = k != 0 && alpha != 0;
  RMA_CALL(rma_ga_matrix_open(g_c, ctx->comm, &mc));
  int rc = inputs ? rma_ga_matrix_open(g_a, ctx->comm, &ma) : 0;
  if (rc == 0) {
    rma_matrix_t c = rma_ga_matrix_view(&mc), a = inputs ? rma_ga_matrix_view(&ma) : c;
    rc = rma_syrk_matrices(uplo, t, herk, n, k, alpha, &a, beta, &c);
    if (inputs)
      rma_ga_matrix_close(&ma, 0);
  }
  rma_ga_matrix_close(&mc, 1);
  return rc;
}

static int syrk(int herk, const char *routine, char uplo, char trans, int n, int k,
                const void *alpha, double ralpha, int g_a, const void *beta, double rbeta,
                int g_c) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  int bad = 0, t = rma_trans_is(trans);
  rma_dtype_t dt = RMA_DT_D, dc;
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (!rma_trans_valid(trans))
    bad = 2, snprintf(why, sizeof why, "trans = '%c'", trans);
  else if (n < 0)
    bad = 3, snprintf(why, sizeof why, "n = %d", n);
  else if (k < 0)
    bad = 4, snprintf(why, sizeof why, "k = %d", k);
  else if (ga_operand(g_a, "g_a", -1, t ? k : n, t ? n : k, &dt, why, sizeof why))
    bad = 6;
  else if (herk && !rma_dtype_complex(dt))
    bad = 6, snprintf(why, sizeof why, "g_a is a GA of %s: rma_herk takes C_SCPL or C_DCPL",
                      rma_ga_type_name(dt));
  else if (!rma_syrk_trans_valid(herk, dt, trans))
    bad = 2, snprintf(why, sizeof why, "trans = '%c' with a GA of %s", trans, rma_ga_type_name(dt));
  else if (ga_operand(g_c, "g_c", (int)dt, n, n, &dc, why, sizeof why))
    bad = 8;
  else if (g_c == g_a)
    bad = 8, snprintf(why, sizeof why, "g_c = %d is also g_a", g_c);
  rma_scalar_t al = herk ? ralpha : bad ? 0 : scalar(dt, alpha);
  rma_scalar_t be = herk ? rbeta : bad ? 0 : scalar(dt, beta);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "trans", trans);
  rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", al), rma_same_scalar(&same, "beta", be);
  rma_same_add(&same, "g_a", g_a), rma_same_add(&same, "g_c", g_c);
  RMA_CALL(rma_args_agree(ctx->comm, routine, bad, why, &same));
  if (n == 0 || ((k == 0 || al == 0) && be == 1))
    return 0;
  GA_Sync();
  int rc = syrk_body(herk, rma_uplo_lower(uplo) ? 'L' : 'U', t, n, k, al, g_a, be, g_c);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}

int rma_syrk(char uplo, char trans, int n, int k, const void *alpha, int g_a, const void *beta,
             int g_c) {
  return syrk(0, "rma_syrk", uplo, trans, n, k, alpha, 0, g_a, beta, 0, g_c);
}

int rma_herk(char uplo, char trans, int n, int k, double alpha, int g_a, double beta, int g_c) {
  return syrk(1, "rma_herk", uplo, trans, n, k, NULL, alpha, g_a, NULL, beta, g_c);
}

int rma_trmm(char side, char uplo, char transa, char diag, int m, int n, const void *alpha,
             int g_a, int g_b) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  int bad = 0, na = rma_side_right(side) ? n : m;
  rma_dtype_t dt = RMA_DT_D, db;
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
  else if (ga_operand(g_a, "g_a", -1, na, na, &dt, why, sizeof why))
    bad = 8;
  else if (ga_operand(g_b, "g_b", (int)dt, m, n, &db, why, sizeof why))
    bad = 9;
  else if (g_b == g_a)
    bad = 9, snprintf(why, sizeof why, "g_b = %d is also g_a", g_b);
  rma_scalar_t al = bad ? 0 : scalar(dt, alpha);
  rma_same_t same = {0};
  rma_same_char(&same, "side", side), rma_same_char(&same, "uplo", uplo);
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_same_scalar(&same, "alpha", al);
  rma_same_add(&same, "g_a", g_a), rma_same_add(&same, "g_b", g_b);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_trmm", bad, why, &same));
  if (m == 0 || n == 0)
    return 0;
  GA_Sync();
  rma_ga_matrix_t ma, mb;
  int rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
  if (rc == 0) {
    rc = al != 0 ? rma_ga_matrix_open(g_a, ctx->comm, &ma) : 0;
    if (rc == 0) {
      rma_matrix_t b = rma_ga_matrix_view(&mb), a = al != 0 ? rma_ga_matrix_view(&ma) : b;
      rc = rma_trmm_matrices(rma_side_right(side), rma_uplo_lower(uplo), rma_dtype_op(dt, transa),
                             rma_diag_unit(diag), m, n, al, &a, &b);
      if (al != 0)
        rma_ga_matrix_close(&ma, 0);
    }
    rma_ga_matrix_close(&mb, 1);
  }
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}
