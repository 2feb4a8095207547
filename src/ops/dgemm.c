/*
 * rma_dgemm: extended SRUMMA on Global Arrays.
 * Layers: rma_dgemm (GA entry, checks) -> tiles (directories) -> store (A and
 *         B mirrored into library segments) -> ops/gemm_run (sched plan ->
 *         rma ring -> kernel). C is computed in place by its owners.
 */
#include <ga.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "tiles/ga_matrix.h"
#include "ops/gemm_run.h"
#include "store/store.h"

static int is_trans(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }
static int is_op(char t) { return t == 'N' || t == 'n' || is_trans(t); }

// Index of the first illegal argument of rma_dgemm (0 if none) and why.
static int dgemm_check(char transa, char transb, int m, int n, int k, int g_a, int g_b, int g_c,
                       char *why, size_t len) {
  int rows, cols;
  if (!is_op(transa))
    return snprintf(why, len, "transa = '%c', must be N, T or C", transa), 1;
  if (!is_op(transb))
    return snprintf(why, len, "transb = '%c', must be N, T or C", transb), 2;
  if (m < 0)
    return snprintf(why, len, "m = %d < 0", m), 3;
  if (n < 0)
    return snprintf(why, len, "n = %d < 0", n), 4;
  if (k < 0)
    return snprintf(why, len, "k = %d < 0", k), 5;
  int ar = is_trans(transa) ? k : m, ac = is_trans(transa) ? m : k;
  if (rma_ga_is_matrix(g_a, &rows, &cols))
    return snprintf(why, len, "g_a = %d is not a 2-D GA of doubles", g_a), 7;
  if (rows < ar || cols < ac)
    return snprintf(why, len, "g_a is %d x %d, op(A) needs %d x %d", rows, cols, ar, ac), 7;
  int br = is_trans(transb) ? n : k, bc = is_trans(transb) ? k : n;
  if (rma_ga_is_matrix(g_b, &rows, &cols))
    return snprintf(why, len, "g_b = %d is not a 2-D GA of doubles", g_b), 8;
  if (rows < br || cols < bc)
    return snprintf(why, len, "g_b is %d x %d, op(B) needs %d x %d", rows, cols, br, bc), 8;
  if (rma_ga_is_matrix(g_c, &rows, &cols))
    return snprintf(why, len, "g_c = %d is not a 2-D GA of doubles", g_c), 10;
  if (rows < m || cols < n)
    return snprintf(why, len, "g_c is %d x %d, C needs %d x %d", rows, cols, m, n), 10;
  if (g_c == g_a || g_c == g_b)
    return snprintf(why, len, "g_c = %d is also an input", g_c), 10;
  return 0;
}

// Open a matrix; an input (role >= 0) is mirrored into the tile store.
static int open_operand(int g, int role, rma_ga_matrix_t *mat, rma_gemm_operand_t *op) {
  rma_context_t *ctx = rma_context();
  rma_win_t *win = NULL;
  RMA_CALL(rma_ga_matrix_open(g, ctx->comm, mat));
  if (role >= 0) {
    int rc = rma_status_agree(
        ctx->comm, rma_store_mirror((rma_store_role_t)role, &mat->tiles, mat->seg, mat->seglen, &win));
    if (rc != 0) {
      rma_ga_matrix_close(mat, 0);
      return rc;
    }
  }
  *op = (rma_gemm_operand_t){&mat->tiles, win, mat->seg};
  return 0;
}

// The work between the opening GA_Sync and the closing one.
static int dgemm_body(int ta, int tb, int m, int n, int k, double alpha, int g_a, int g_b,
                      double beta, int g_c) {
  rma_context_t *ctx = rma_context();
  rma_ga_matrix_t mc, ma, mb;
  rma_gemm_operand_t c, a, b;
  RMA_CALL(open_operand(g_c, -1, &mc, &c));
  int rc;
  if (k == 0 || alpha == 0.0) {
    // Only beta*C: A and B are not touched (a NaN in them cannot reach C).
    rc = rma_gemm_run(0, 0, m, n, 0, 0.0, &c, &c, beta, &c);
  } else {
    rc = open_operand(g_a, RMA_STORE_A, &ma, &a);
    if (rc == 0) {
      rc = g_b == g_a ? 0 : open_operand(g_b, RMA_STORE_B, &mb, &b);
      if (rc == 0) {
        rc = rma_gemm_run(ta, tb, m, n, k, alpha, &a, g_b == g_a ? &a : &b, beta, &c);
        // Every rank must be done reading the store before it is reused or freed.
        rc = rma_status_agree(ctx->comm, rc);
        if (g_b != g_a)
          rma_ga_matrix_close(&mb, 0);
      }
      rma_ga_matrix_close(&ma, 0);
    }
    int rc2 = rma_store_done();
    rc = rc ? rc : rc2;
  }
  rma_ga_matrix_close(&mc, 1);
  return rc;
}

int rma_dgemm(char transa, char transb, int m, int n, int k, double alpha, int g_a, int g_b,
              double beta, int g_c) {
  rma_context_t *ctx = rma_context();
  if (!ctx->initialized)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  int bad = dgemm_check(transa, transb, m, n, k, g_a, g_b, g_c, why, sizeof why);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_dgemm", bad, why));
  // Trivial work returns before any communication.
  if (m == 0 || n == 0 || ((k == 0 || alpha == 0.0) && beta == 1.0))
    return 0;
  GA_Sync();
  int rc = dgemm_body(is_trans(transa), is_trans(transb), m, n, k, alpha, g_a, g_b, beta, g_c);
  GA_Sync();
  return rma_status_agree(ctx->comm, rc);
}
