/*
 * rma_pdgetrf: PDGETRF's arguments and semantics on ScaLAPACK's own arrays;
 * beyond ScaLAPACK, MB != NB and offsets off block boundaries are accepted.
 * Layers: descriptor checks (PXERBLA numbering) -> native front-end
 *         (rma_bcm_getrf_run) -> ops/getrf (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

int rma_pdgetrf(int m, int n, double *a, int ia, int ja, const int *desca, int *ipiv) {
  rma_desc_t da;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char what[64];
  snprintf(what, sizeof what, "m=%d n=%d", m, n);
  int rc = rma_pd_enter("rma_pdgetrf", what, desca, 6, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  rma_desc_check(&da, m, 1, n, 2, ia, ja, 6, &g, &e);
  RMA_CALL(rma_info_agree(grid->ctx->comm, "rma_pdgetrf", e.key, e.why));
  if (!rma_desc_served(&da))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, RMA_DT_D, a);
  return rma_bcm_getrf_run(m, n, &A, ia - 1, ja - 1, ipiv);
}
