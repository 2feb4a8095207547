/*
 * rma_pstrtri .. rma_pztrtri and rma_pspotri .. rma_pzpotri: P?TRTRI's and
 * P?POTRI's arguments and semantics on ScaLAPACK's own arrays, one body each
 * for the four types; beyond ScaLAPACK, MB != NB and windows whose row and
 * column offsets differ within their blocks are accepted.
 * Layers: rma_p?trtri / rma_p?potri (descriptor checks, PXERBLA numbering)
 *         -> native front-end (rma_bcm_trtri_run, rma_bcm_potri_run)
 *         -> ops/trtri, ops/potri (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?TRTRI (potri 0) or P?POTRI (potri 1) of type dt, named routine; the
// descriptor is argument 7 (6 for potri, which has no DIAG).
static int pinverse(rma_dtype_t dt, int potri, const char *routine, char uplo, char diag, int n,
                    void *a, int ia, int ja, const int *desca) {
  rma_desc_t da;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  int d = !potri;
  snprintf(why, sizeof why, "%c%c n=%d", uplo, potri ? ' ' : diag, n);
  int rc = rma_pd_enter(routine, why, desca, 6 + d, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  if (!rma_uplo_valid(uplo))
    snprintf(why, sizeof why, "uplo = '%c'", uplo), rma_desc_err(&e, 100, why);
  if (!potri && !rma_diag_valid(diag))
    snprintf(why, sizeof why, "diag = '%c'", diag), rma_desc_err(&e, 200, why);
  rma_desc_check(&da, n, 2 + d, n, 2 + d, ia, ja, 6 + d, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "n", n);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a);
  return potri ? rma_bcm_potri_run(uplo, n, &A, ia - 1, ja - 1)
               : rma_bcm_trtri_run(uplo, diag, n, &A, ia - 1, ja - 1);
}

// The entry points: the same body on their element type.
#define RMA_PINVERSE(p, T, DT)                                                                     \
  int rma_p##p##trtri(char uplo, char diag, int n, T *a, int ia, int ja, const int *desca) {       \
    return pinverse(DT, 0, "rma_p" #p "trtri", uplo, diag, n, a, ia, ja, desca);                   \
  }                                                                                                \
  int rma_p##p##potri(char uplo, int n, T *a, int ia, int ja, const int *desca) {                  \
    return pinverse(DT, 1, "rma_p" #p "potri", uplo, 'N', n, a, ia, ja, desca);                    \
  }

RMA_PINVERSE(s, float, RMA_DT_S)
RMA_PINVERSE(d, double, RMA_DT_D)
RMA_PINVERSE(c, float _Complex, RMA_DT_C)
RMA_PINVERSE(z, double _Complex, RMA_DT_Z)
