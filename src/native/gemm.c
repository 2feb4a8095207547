/*
 * rma_?matrix_gemm: the native front-end of gemm (s, d, c, z).
 * Layers: rma_bcm_gemm (argument checks) -> native window directories
 *         -> ops/gemm (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/gemm/gemm.h"
#include "ops/gemm/gemm_check.h"


int rma_bcm_overlap(const rma_bcm_t *x, int xi, int xj, int xr, int xc, const rma_bcm_t *y, int yi,
                    int yj, int yr, int yc) {
  if (x->data != y->data || !x->data || xr <= 0 || xc <= 0 || yr <= 0 || yc <= 0)
    return 0;
  return xi < yi + yr && yi < xi + xr && xj < yj + yc && yj < xj + xc;
}

// The index of the first illegal argument (0: none), the reason in why.
static int gemm_check(char transa, char transb, int m, int n, int k, const rma_bcm_t *a, int ia,
                      int ja, const rma_bcm_t *b, int ib, int jb, const rma_bcm_t *c, int ic,
                      int jc, char *why, int len) {
  int bad = rma_gemm_check_scalars(transa, transb, m, n, k, why, (size_t)len);
  if (bad)
    return bad;
  int ar = rma_trans_is(transa) ? k : m, ac = rma_trans_is(transa) ? m : k;
  int br = rma_trans_is(transb) ? n : k, bc = rma_trans_is(transb) ? k : n;
  if (rma_bcm_check(a, c->grid, why, len))
    return 7;
  if (rma_bcm_check_window(a, ia, ja, ar, ac, why, len))
    return 8;
  if (rma_bcm_check(b, c->grid, why, len))
    return 10;
  if (rma_bcm_check_window(b, ib, jb, br, bc, why, len))
    return 11;
  if (rma_bcm_check(c, c->grid, why, len))
    return 14;
  if (rma_bcm_check_window(c, ic, jc, m, n, why, len))
    return 15;
  if (rma_bcm_overlap(c, ic, jc, m, n, a, ia, ja, ar, ac) ||
      rma_bcm_overlap(c, ic, jc, m, n, b, ib, jb, br, bc))
    return snprintf(why, len, "sub(C) shares memory with sub(A) or sub(B)"), 14;
  return 0;
}

int rma_bcm_gemm(const char *routine, char transa, char transb, int m, int n, int k,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                 int ib, int jb, rma_scalar_t beta, const rma_bcm_t *c, int ic, int jc) {
  // Without C's grid there is no one to agree with: the same answer everywhere anyway.
  if (!c || !c->grid)
    return -14;
  char why[160] = "";
  int bad = gemm_check(transa, transb, m, n, k, a, ia, ja, b, ib, jb, c, ic, jc, why, sizeof why);
  rma_same_t same = {0};
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "transb", transb);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", alpha), rma_same_scalar(&same, "beta", beta);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "B (shape, blocks, grid or offsets)", b, ib, jb);
  rma_bcm_same(&same, "C (shape, blocks, grid or offsets)", c, ic, jc);
  RMA_CALL(rma_args_agree(c->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_gemm_run(transa, transb, m, n, k, alpha, a, ia, ja, b, ib, jb, beta, c, ic, jc);
}

int rma_bcm_gemm_run(char transa, char transb, int m, int n, int k, rma_scalar_t alpha,
                     const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b, int ib, int jb,
                     rma_scalar_t beta, const rma_bcm_t *c, int ic, int jc) {
  // Trivial work returns before any communication.
  if (m == 0 || n == 0 || ((k == 0 || alpha == 0) && beta == 1))
    return 0;
  int ta = rma_trans_is(transa), tb = rma_trans_is(transb), inputs = k > 0 && alpha != 0;
  rma_op_t opa = rma_dtype_op(c->dtype, transa), opb = rma_dtype_op(c->dtype, transb);
  rma_tiles_t tc, tA, tB;
  rma_matrix_t mc, ma, mb;
  RMA_CALL(rma_bcm_window(c, ic, jc, m, n, &tc, &mc));
  ma = mb = mc;
  if (inputs) {
    RMA_CALL(rma_bcm_window(a, ia, ja, ta ? k : m, ta ? m : k, &tA, &ma));
    RMA_CALL(rma_bcm_window(b, ib, jb, tb ? n : k, tb ? k : n, &tB, &mb));
  }
  // The same window read twice (A^T A) is mirrored once.
  int same = inputs && a->data == b->data && a->mb == b->mb && a->nb == b->nb &&
             a->rsrc == b->rsrc && a->csrc == b->csrc && a->lld == b->lld && ia == ib && ja == jb && (ta ? k : m) == (tb ? n : k) &&
             (ta ? m : k) == (tb ? k : n);
  rma_grid_enter(c->grid);
  return rma_gemm_matrices(opa, opb, m, n, k, alpha, &ma, same ? &ma : &mb, beta, &mc);
}
