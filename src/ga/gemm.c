/*
 * rma_sgemm / rma_dgemm / rma_cgemm / rma_zgemm: extended SRUMMA on Global
 * Arrays (the GA front-end), GA_?gemm's arguments, one body for the types.
 * Layers: rma_?gemm (argument checks, GA_Sync brackets) -> ga/ga_matrix
 *         (verified tile directories) -> ops/gemm (the engine: store ->
 *         sched -> rma -> kernel). C is computed in place by its owners.
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "core/trans.h"
#include "ga/ga_matrix.h"
#include "ops/gemm/gemm.h"
#include "ops/gemm/gemm_check.h"


// 0 when g is a 2-D GA of type dt (its extent in rows, cols), else 1 with why.
static int typed_matrix(int g, const char *name, rma_dtype_t dt, int *rows, int *cols, char *why,
                        size_t len) {
  rma_dtype_t has;
  if (rma_ga_matrix_type(g, &has, rows, cols))
    return snprintf(why, len, "%s = %d is not a 2-D GA of %s", name, g, rma_ga_type_name(dt)), 1;
  if (has != dt)
    return snprintf(why, len, "%s = %d is a GA of %s, not %s", name, g, rma_ga_type_name(has),
                    rma_ga_type_name(dt)),
           1;
  return 0;
}

// Index of the first illegal argument of rma_?gemm (0 if none) and why.
static int gemm_check(rma_dtype_t dt, char transa, char transb, int m, int n, int k, int g_a,
                      int g_b, int g_c, char *why, size_t len) {
  int rows, cols, bad = rma_gemm_check_scalars(transa, transb, m, n, k, why, len);
  if (bad)
    return bad;
  int ar = rma_trans_is(transa) ? k : m, ac = rma_trans_is(transa) ? m : k;
  if (typed_matrix(g_a, "g_a", dt, &rows, &cols, why, len))
    return 7;
  if (rows < ar || cols < ac)
    return snprintf(why, len, "g_a is %d x %d, op(A) needs %d x %d", rows, cols, ar, ac), 7;
  int br = rma_trans_is(transb) ? n : k, bc = rma_trans_is(transb) ? k : n;
  if (typed_matrix(g_b, "g_b", dt, &rows, &cols, why, len))
    return 8;
  if (rows < br || cols < bc)
    return snprintf(why, len, "g_b is %d x %d, op(B) needs %d x %d", rows, cols, br, bc), 8;
  if (typed_matrix(g_c, "g_c", dt, &rows, &cols, why, len))
    return 10;
  if (rows < m || cols < n)
    return snprintf(why, len, "g_c is %d x %d, C needs %d x %d", rows, cols, m, n), 10;
  if (g_c == g_a || g_c == g_b)
    return snprintf(why, len, "g_c = %d is also an input", g_c), 10;
  return 0;
}

// The work between the opening GA_Sync and the closing one: open the
// handles (each once) and hand the matrices to the engine.
static int gemm_body(rma_op_t ta, rma_op_t tb, int m, int n, int k, rma_scalar_t alpha, int g_a,
                     int g_b, rma_scalar_t beta, int g_c) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t mc, ma, mb;
  int inputs = k != 0 && alpha != 0;
  RMA_CALL(rma_ga_matrix_open(g_c, ctx->comm, &mc));
  int rc = inputs ? rma_ga_matrix_open(g_a, ctx->comm, &ma) : 0;
  if (rc == 0 && inputs && g_b != g_a) {
    rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
    if (rc != 0)
      rma_ga_matrix_close(&ma, 0);
  }
  if (rc == 0) {
    rma_matrix_t c = rma_ga_matrix_view(&mc), a = c, b = c;
    if (inputs)
      a = rma_ga_matrix_view(&ma), b = g_b == g_a ? a : rma_ga_matrix_view(&mb);
    rc = rma_gemm_matrices(ta, tb, m, n, k, alpha, &a, g_b == g_a ? &a : &b, beta, &c);
    if (inputs && g_b != g_a)
      rma_ga_matrix_close(&mb, 0);
    if (inputs)
      rma_ga_matrix_close(&ma, 0);
  }
  rma_ga_matrix_close(&mc, 1);
  return rc;
}

static int gemm(rma_dtype_t dt, const char *routine, char transa, char transb, int m, int n,
                int k, rma_scalar_t alpha, int g_a, int g_b, rma_scalar_t beta, int g_c) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  int bad = gemm_check(dt, transa, transb, m, n, k, g_a, g_b, g_c, why, sizeof why);
  rma_same_t same = {0};
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "transb", transb);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", alpha), rma_same_scalar(&same, "beta", beta);
  rma_same_add(&same, "g_a", g_a), rma_same_add(&same, "g_b", g_b), rma_same_add(&same, "g_c", g_c);
  RMA_CALL(rma_args_agree(ctx->comm, routine, bad, why, &same));
  // Trivial work returns before any communication.
  if (m == 0 || n == 0 || ((k == 0 || alpha == 0) && beta == 1))
    return 0;
  GA_Sync();
  int rc = gemm_body(rma_dtype_op(dt, transa), rma_dtype_op(dt, transb), m, n, k, alpha, g_a, g_b,
                     beta, g_c);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}

// The four entry points: the same body on their element type.
#define RMA_GA_GEMM(p, T, DT)                                                                      \
  int rma_##p##gemm(char transa, char transb, int m, int n, int k, T alpha, int g_a, int g_b,     \
                    T beta, int g_c) {                                                             \
    return gemm(DT, "rma_" #p "gemm", transa, transb, m, n, k, alpha, g_a, g_b, beta, g_c);        \
  }

RMA_GA_GEMM(s, float, RMA_DT_S)
RMA_GA_GEMM(d, double, RMA_DT_D)
RMA_GA_GEMM(c, float _Complex, RMA_DT_C)
RMA_GA_GEMM(z, double _Complex, RMA_DT_Z)
