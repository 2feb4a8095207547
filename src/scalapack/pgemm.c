/*
 * rma_pdgemm: PDGEMM's arguments and semantics on ScaLAPACK's own arrays.
 * Layers: rma_pdgemm (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_dmatrix_gemm_run) -> ops/gemm (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"


int rma_pdgemm(char transa, char transb, int m, int n, int k, double alpha, const double *a,
               int ia, int ja, const int *desca, const double *b, int ib, int jb,
               const int *descb, double beta, double *c, int ic, int jc, const int *descc) {
  rma_desc_t da, db, dc;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c%c m=%d n=%d k=%d", transa, transb, m, n, k);
  int rc = rma_pd_enter("rma_pdgemm", why, desca, 10, &da, &g, &grid);
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
  rma_desc_check(&da, ta ? k : m, ta ? 5 : 3, ta ? m : k, ta ? 3 : 5, ia, ja, 10, &g, &e);
  if (!kb && db.ctxt == da.ctxt)
    rma_desc_check(&db, tb ? n : k, tb ? 4 : 5, tb ? k : n, tb ? 5 : 4, ib, jb, 14, &g, &e);
  if (!kc && dc.ctxt == da.ctxt)
    rma_desc_check(&dc, m, 3, n, 4, ic, jc, 19, &g, &e);
  RMA_CALL(rma_info_agree(grid->ctx->comm, "rma_pdgemm", e.key, e.why));
  if (!rma_desc_served(&da) || !rma_desc_served(&db) || !rma_desc_served(&dc))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_dmatrix_t A = rma_desc_matrix(&da, grid, a), B = rma_desc_matrix(&db, grid, b);
  rma_dmatrix_t C = rma_desc_matrix(&dc, grid, c);
  return rma_dmatrix_gemm_run(transa, transb, m, n, k, alpha, &A, ia - 1, ja - 1, &B, ib - 1,
                              jb - 1, beta, &C, ic - 1, jc - 1);
}
