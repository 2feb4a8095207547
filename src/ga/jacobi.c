/*
 * rma_jacobi: the GA front-end of the Jacobi solver.
 * Layers: rma_jacobi (argument checks, GA_Sync brackets) -> ga/ga_matrix
 *         (verified tile directories) -> ops/jacobi (the engine).
 */
#include <ga.h>
#include <math.h>
#include <stdio.h>

#include "core/context.h"
#include "core/error.h"
#include "ga/ga_matrix.h"
#include "ops/jacobi/jacobi.h"

// Index of the first illegal argument (0 if none) and why.
static int jacobi_check(int g_a, int g_b, int g_x, double tol, int maxit, int mode, char *why,
                        size_t len) {
  int m, n, rows, nrhs, xr, xc;
  if (rma_ga_is_matrix(g_a, &m, &n))
    return snprintf(why, len, "g_a = %d is not a 2-D GA of doubles", g_a), 1;
  if (m != n)
    return snprintf(why, len, "g_a is %d x %d, must be square", m, n), 1;
  if (rma_ga_is_matrix(g_b, &rows, &nrhs))
    return snprintf(why, len, "g_b = %d is not a 2-D GA of doubles", g_b), 2;
  if (rows != n)
    return snprintf(why, len, "g_b has %d rows, A is %d x %d", rows, n, n), 2;
  if (g_b == g_a)
    return snprintf(why, len, "g_b = %d is also g_a", g_b), 2;
  if (rma_ga_is_matrix(g_x, &xr, &xc))
    return snprintf(why, len, "g_x = %d is not a 2-D GA of doubles", g_x), 3;
  if (xr != n || xc != nrhs)
    return snprintf(why, len, "g_x is %d x %d, b is %d x %d", xr, xc, n, nrhs), 3;
  if (g_x == g_a || g_x == g_b)
    return snprintf(why, len, "g_x = %d is also %s", g_x, g_x == g_a ? "g_a" : "g_b"), 3;
  if (!(tol >= 0.0))
    return snprintf(why, len, "tol = %g, must be >= 0", tol), 4;
  if (maxit < 0)
    return snprintf(why, len, "maxit = %d < 0", maxit), 5;
  if (mode != RMA_JACOBI_SYNC && mode != RMA_JACOBI_ASYNC && mode != RMA_JACOBI_RACY)
    return snprintf(why, len, "mode = %d, not RMA_JACOBI_SYNC, _ASYNC or _RACY", mode), 6;
  return 0;
}

// Between the GA_Sync brackets: open the handles, refuse a zero diagonal
// (argument 1, before anything is written), run the engine.
static int jacobi_body(rma_context_t *ctx, int g_a, int g_b, int g_x, double tol, int maxit,
                       int mode, int *iters, double *resid) {
  rma_ga_matrix_t ma, mb, mx;
  RMA_CALL(rma_ga_matrix_open(g_a, ctx->comm, &ma));
  int rc = rma_ga_matrix_open(g_b, ctx->comm, &mb);
  if (rc != 0) {
    rma_ga_matrix_close(&ma, 0);
    return rc;
  }
  rc = rma_ga_matrix_open(g_x, ctx->comm, &mx);
  if (rc != 0) {
    rma_ga_matrix_close(&mb, 0), rma_ga_matrix_close(&ma, 0);
    return rc;
  }
  rma_matrix_t a = rma_ga_matrix_view(&ma), b = rma_ga_matrix_view(&mb), x = rma_ga_matrix_view(&mx);
  int zero = rma_jacobi_zero_diagonal(&a);
  zero = zero < 0 ? a.tiles->m : zero;
  MPI_Allreduce(MPI_IN_PLACE, &zero, 1, MPI_INT, MPI_MIN, ctx->comm);
  int ran = zero == a.tiles->m;
  if (!ran) {
    char why[96];
    snprintf(why, sizeof why, "A(%d,%d) = 0: Jacobi divides by the diagonal", zero, zero);
    rc = rma_args_agree(ctx->comm, "rma_jacobi", 1, why, NULL);
  } else {
    rc = rma_jacobi_matrices(&a, &b, &x, tol, maxit, mode, iters, resid);
  }
  rma_ga_matrix_close(&mx, ran && rc >= 0);
  rma_ga_matrix_close(&mb, 0);
  rma_ga_matrix_close(&ma, 0);
  return rc;
}

int rma_jacobi(int g_a, int g_b, int g_x, double tol, int maxit, rma_jacobi_mode_t mode,
               int *iters, double *resid) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[128] = "";
  int bad = jacobi_check(g_a, g_b, g_x, tol, maxit, (int)mode, why, sizeof why);
  rma_same_t same = {0};
  rma_same_add(&same, "g_a", g_a), rma_same_add(&same, "g_b", g_b);
  rma_same_add(&same, "g_x", g_x), rma_same_scalar(&same, "tol", tol);
  rma_same_add(&same, "maxit", maxit), rma_same_add(&same, "mode", (int)mode);
  RMA_CALL(rma_args_agree(ctx->comm, "rma_jacobi", bad, why, &same));
  int it = 0;
  double res = 0.0;
  GA_Sync();
  int rc = jacobi_body(ctx, g_a, g_b, g_x, tol, maxit, (int)mode, &it, &res);
  GA_Sync();
  rc = rma_status_agree(ctx->comm, rc);
  if (rc >= 0 && iters)
    *iters = it;
  if (rc >= 0 && resid)
    *resid = res;
  return rc;
}
