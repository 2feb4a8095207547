/*
 * rma_pspotrf / rma_pdpotrf / rma_pcpotrf / rma_pzpotrf: P?POTRF's arguments
 * and semantics on ScaLAPACK's own arrays, one body for the four types.
 * Arguments are checked in P?POTRF's order: the descriptor and the window
 * (CHK1MAT: n is argument 2, desca 6), then UPLO (-1). Beyond ScaLAPACK,
 * windows off block boundaries (P?POTRF's -4, -5) and MB != NB (its -606)
 * are accepted. INFO = j > 0 as P?POTRF's, the same on every process.
 * Layers: rma_p?potrf (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_bcm_potrf_run) -> ops/potrf (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?POTRF of type dt, named routine.
static int ppotrf(rma_dtype_t dt, const char *routine, char uplo, int n, void *a, int ia, int ja,
                  const int *desca) {
  rma_desc_t da;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[64];
  snprintf(why, sizeof why, "%c n=%d", uplo, n);
  int rc = rma_pd_enter(routine, why, desca, 6, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  rma_desc_check(&da, n, 2, n, 2, ia, ja, 6, &g, &e);
  if (e.key == 0 && !rma_uplo_valid(uplo))
    snprintf(why, sizeof why, "uplo = '%c'", uplo), rma_desc_err(&e, 100, why);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "n", n);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a);
  return rma_bcm_potrf_run(uplo, n, &A, ia - 1, ja - 1);
}

// The four entry points: the same body on their element type.
#define RMA_PPOTRF(p, T, DT)                                                                       \
  int rma_p##p##potrf(char uplo, int n, T *a, int ia, int ja, const int *desca) {                  \
    return ppotrf(DT, "rma_p" #p "potrf", uplo, n, a, ia, ja, desca);                              \
  }

RMA_PPOTRF(s, float, RMA_DT_S)
RMA_PPOTRF(d, double, RMA_DT_D)
RMA_PPOTRF(c, float _Complex, RMA_DT_C)
RMA_PPOTRF(z, double _Complex, RMA_DT_Z)
