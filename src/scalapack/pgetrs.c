/*
 * rma_pdgetrs: PDGETRS's arguments and semantics on ScaLAPACK's own arrays,
 * with the factors and pivots of rma_pdgetrf or ScaLAPACK's PDGETRF.
 * Layers: descriptor checks (PXERBLA numbering) -> native front-end
 *         (rma_bcm_getrs_run) -> ops/getrs (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

int rma_pdgetrs(char trans, int n, int nrhs, const double *a, int ia, int ja, const int *desca,
                const int *ipiv, double *b, int ib, int jb, const int *descb) {
  rma_desc_t da, db;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c n=%d nrhs=%d", trans, n, nrhs);
  int rc = rma_pd_enter("rma_pdgetrs", why, desca, 7, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  if (!rma_trans_valid(trans))
    snprintf(why, sizeof why, "trans = '%c'", trans), rma_desc_err(&e, 100, why);
  int kb = rma_desc_read(descb, 12, &db);
  rma_desc_err(&e, kb, "DTYPE of descb");
  if (!kb && db.ctxt != da.ctxt)
    rma_desc_err(&e, 1202, "descb's context is not desca's");
  rma_desc_check(&da, n, 2, n, 2, ia, ja, 7, &g, &e);
  if (!kb && db.ctxt == da.ctxt)
    rma_desc_check(&db, n, 2, nrhs, 3, ib, jb, 12, &g, &e);
  RMA_CALL(rma_info_agree(grid->ctx->comm, "rma_pdgetrs", e.key, e.why));
  if (!rma_desc_served(&da) || !rma_desc_served(&db))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, RMA_DT_D, a);
  rma_bcm_t B = rma_desc_matrix(&db, grid, RMA_DT_D, b);
  return rma_bcm_getrs_run(trans, n, nrhs, &A, ia - 1, ja - 1, ipiv, &B, ib - 1, jb - 1,
                               "rma_pdgetrs", 8);
}
