/*
 * rma_psgetrf / rma_pdgetrf / rma_pcgetrf / rma_pzgetrf: P?GETRF's arguments
 * and semantics on ScaLAPACK's own arrays, one body for the four types;
 * beyond ScaLAPACK, MB != NB and offsets off block boundaries are accepted.
 * Layers: rma_p?getrf (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_bcm_getrf_run) -> ops/getrf (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?GETRF of type dt, named routine.
static int pgetrf(rma_dtype_t dt, const char *routine, int m, int n, void *a, int ia, int ja,
                  const int *desca, int *ipiv) {
  rma_desc_t da;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char what[64];
  snprintf(what, sizeof what, "m=%d n=%d", m, n);
  int rc = rma_pd_enter(routine, what, desca, 6, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  rma_desc_check(&da, m, 1, n, 2, ia, ja, 6, &g, &e);
  rma_same_t same = {0};
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a);
  return rma_bcm_getrf_run(m, n, &A, ia - 1, ja - 1, ipiv);
}

// The four entry points: the same body on their element type.
#define RMA_PGETRF(p, T, DT)                                                                       \
  int rma_p##p##getrf(int m, int n, T *a, int ia, int ja, const int *desca, int *ipiv) {           \
    return pgetrf(DT, "rma_p" #p "getrf", m, n, a, ia, ja, desca, ipiv);                           \
  }

RMA_PGETRF(s, float, RMA_DT_S)
RMA_PGETRF(d, double, RMA_DT_D)
RMA_PGETRF(c, float _Complex, RMA_DT_C)
RMA_PGETRF(z, double _Complex, RMA_DT_Z)
