/*
 * rma_psgemm / rma_pdgemm / rma_pcgemm / rma_pzgemm: P?GEMM's arguments and
 * semantics on ScaLAPACK's own arrays, one body for the four types.
 * Layers: rma_p?gemm (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_bcm_gemm_run) -> ops/gemm (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?GEMM of type dt, named routine. As PDGEMM: the context from DESCA (argument 10), the
// windows checked as PB_Cchkmat does (a window past M or N blames IA or JA).
static int pgemm(rma_dtype_t dt, const char *routine, char transa, char transb, int m, int n, int k,
                 rma_scalar_t alpha, const void *a, int ia, int ja, const int *desca, const void *b,
                 int ib, int jb, const int *descb, rma_scalar_t beta, void *c, int ic, int jc,
                 const int *descc) {
  rma_desc_t da, db, dc;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c%c m=%d n=%d k=%d", transa, transb, m, n, k);
  int rc = rma_pd_enter(routine, why, desca, 10, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  int ta = rma_trans_is(transa), tb = rma_trans_is(transb);
  if (!rma_trans_valid(transa))
    snprintf(why, sizeof why, "transa = '%c'", transa), rma_desc_err(&e, 100, why);
  if (!rma_trans_valid(transb))
    snprintf(why, sizeof why, "transb = '%c'", transb), rma_desc_err(&e, 200, why);
  int kb = rma_desc_read(descb, 14, &db), kc = rma_desc_read(descc, 19, &dc);
  rma_desc_err(&e, kb, "DTYPE of descb");
  rma_desc_err(&e, kc, "DTYPE of descc");
  if (!kb && db.ctxt != da.ctxt)
    rma_desc_err(&e, 1402, "descb's context is not desca's");
  if (!kc && dc.ctxt != da.ctxt)
    rma_desc_err(&e, 1902, "descc's context is not desca's");
  rma_desc_check_pblas(&da, ta ? k : m, ta ? 5 : 3, ta ? m : k, ta ? 3 : 5, ia, ja, 10, &g, &e);
  if (!kb && db.ctxt == da.ctxt)
    rma_desc_check_pblas(&db, tb ? n : k, tb ? 4 : 5, tb ? k : n, tb ? 5 : 4, ib, jb, 14, &g, &e);
  if (!kc && dc.ctxt == da.ctxt)
    rma_desc_check_pblas(&dc, m, 3, n, 4, ic, jc, 19, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "transb", transb);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", alpha), rma_same_scalar(&same, "beta", beta);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  rma_desc_same(&same, "descb, ib or jb", &db, kb, ib, jb);
  rma_desc_same(&same, "descc, ic or jc", &dc, kc, ic, jc);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da) || !rma_desc_served(&db) || !rma_desc_served(&dc))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a), B = rma_desc_matrix(&db, grid, dt, b);
  rma_bcm_t C = rma_desc_matrix(&dc, grid, dt, c);
  return rma_bcm_gemm_run(transa, transb, m, n, k, alpha, &A, ia - 1, ja - 1, &B, ib - 1, jb - 1,
                          beta, &C, ic - 1, jc - 1);
}

// The four entry points: the same body on their element type.
#define RMA_PGEMM(p, T, DT)                                                                        \
  int rma_p##p##gemm(char transa, char transb, int m, int n, int k, T alpha, const T *a, int ia,   \
                     int ja, const int *desca, const T *b, int ib, int jb, const int *descb,       \
                     T beta, T *c, int ic, int jc, const int *descc) {                             \
    return pgemm(DT, "rma_p" #p "gemm", transa, transb, m, n, k, alpha, a, ia, ja, desca, b, ib,   \
                 jb, descb, beta, c, ic, jc, descc);                                               \
  }

RMA_PGEMM(s, float, RMA_DT_S)
RMA_PGEMM(d, double, RMA_DT_D)
RMA_PGEMM(c, float _Complex, RMA_DT_C)
RMA_PGEMM(z, double _Complex, RMA_DT_Z)
