/*
 * rma_pssyrk / rma_pdsyrk / rma_pcsyrk / rma_pzsyrk and rma_pcherk /
 * rma_pzherk: P?SYRK's and P?HERK's arguments and semantics on ScaLAPACK's
 * own arrays, one body for the six routines.
 * Layers: rma_p?syrk / rma_p?herk (descriptor checks, PXERBLA numbering)
 *         -> native front-end (rma_bcm_syrk_run) -> ops/syrk (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/syrk/syrk_check.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?SYRK (herk 0) or P?HERK (herk 1) of type dt, named routine. As
// PDSYRK: the context from DESCA (argument 9), the windows checked as
// PB_Cchkmat does.
static int psyrk(rma_dtype_t dt, int herk, const char *routine, char uplo, char trans, int n, int k,
                 rma_scalar_t alpha, const void *a, int ia, int ja, const int *desca,
                 rma_scalar_t beta, void *c, int ic, int jc, const int *descc) {
  rma_desc_t da, dc;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c%c n=%d k=%d", uplo, trans, n, k);
  int rc = rma_pd_enter(routine, why, desca, 9, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  int t = rma_trans_is(trans);
  if (!rma_uplo_valid(uplo))
    snprintf(why, sizeof why, "uplo = '%c'", uplo), rma_desc_err(&e, 100, why);
  if (!rma_syrk_trans_valid(herk, dt, trans))
    snprintf(why, sizeof why, "trans = '%c'", trans), rma_desc_err(&e, 200, why);
  int kc = rma_desc_read(descc, 14, &dc);
  rma_desc_err(&e, kc, "DTYPE of descc");
  if (!kc && dc.ctxt != da.ctxt)
    rma_desc_err(&e, 1402, "descc's context is not desca's");
  rma_desc_check_pblas(&da, t ? k : n, t ? 4 : 3, t ? n : k, t ? 3 : 4, ia, ja, 9, &g, &e);
  if (!kc && dc.ctxt == da.ctxt)
    rma_desc_check_pblas(&dc, n, 3, n, 3, ic, jc, 14, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "trans", trans);
  rma_same_add(&same, "n", n), rma_same_add(&same, "k", k);
  rma_same_scalar(&same, "alpha", alpha), rma_same_scalar(&same, "beta", beta);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  rma_desc_same(&same, "descc, ic or jc", &dc, kc, ic, jc);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da) || !rma_desc_served(&dc))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a), C = rma_desc_matrix(&dc, grid, dt, c);
  return rma_bcm_syrk_run(herk, uplo, trans, n, k, alpha, &A, ia - 1, ja - 1, beta, &C, ic - 1,
                          jc - 1);
}

// The entry points: the same body on their element type (R: herk's real scalars).
#define RMA_PSYRK(p, T, DT)                                                                        \
  int rma_p##p##syrk(char uplo, char trans, int n, int k, T alpha, const T *a, int ia, int ja,     \
                     const int *desca, T beta, T *c, int ic, int jc, const int *descc) {           \
    return psyrk(DT, 0, "rma_p" #p "syrk", uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c,    \
                 ic, jc, descc);                                                                   \
  }
#define RMA_PHERK(p, T, R, DT)                                                                     \
  int rma_p##p##herk(char uplo, char trans, int n, int k, R alpha, const T *a, int ia, int ja,     \
                     const int *desca, R beta, T *c, int ic, int jc, const int *descc) {           \
    return psyrk(DT, 1, "rma_p" #p "herk", uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c,    \
                 ic, jc, descc);                                                                   \
  }

RMA_PSYRK(s, float, RMA_DT_S)
RMA_PSYRK(d, double, RMA_DT_D)
RMA_PSYRK(c, float _Complex, RMA_DT_C)
RMA_PSYRK(z, double _Complex, RMA_DT_Z)
RMA_PHERK(c, float _Complex, float, RMA_DT_C)
RMA_PHERK(z, double _Complex, double, RMA_DT_Z)
