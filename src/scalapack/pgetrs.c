/*
 * rma_psgetrs / rma_pdgetrs / rma_pcgetrs / rma_pzgetrs: P?GETRS's arguments
 * and semantics on ScaLAPACK's own arrays, with the factors and pivots of
 * rma_p?getrf or ScaLAPACK's P?GETRF, one body for the four types ('C' is
 * the conjugate transpose for c and z).
 * Layers: rma_p?getrs (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_bcm_getrs_run) -> ops/getrs (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?GETRS of type dt, named routine.
static int pgetrs(rma_dtype_t dt, const char *routine, char trans, int n, int nrhs, const void *a,
                  int ia, int ja, const int *desca, const int *ipiv, void *b, int ib, int jb,
                  const int *descb) {
  rma_desc_t da, db;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c n=%d nrhs=%d", trans, n, nrhs);
  int rc = rma_pd_enter(routine, why, desca, 7, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  if (!rma_trans_valid(trans))
    snprintf(why, sizeof why, "trans = '%c'", trans), rma_desc_err(&e, 100, why);
  int kb = rma_desc_read(descb, 12, &db);
  rma_desc_err(&e, kb, "DTYPE of descb");
  rma_desc_check(&da, n, 2, n, 2, ia, ja, 7, &g, &e);
  if (!kb)
    rma_pd_check_second(&db, da.ctxt, n, 2, nrhs, 3, ib, jb, 12, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "trans", trans), rma_same_add(&same, "n", n);
  rma_same_add(&same, "nrhs", nrhs);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  rma_desc_same(&same, "descb, ib or jb", &db, kb, ib, jb);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da) || !rma_desc_served(&db))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a);
  rma_bcm_t B = rma_desc_matrix(&db, grid, dt, b);
  return rma_bcm_getrs_run(trans, n, nrhs, &A, ia - 1, ja - 1, ipiv, &B, ib - 1, jb - 1, routine,
                           8);
}

// The four entry points: the same body on their element type.
#define RMA_PGETRS(p, T, DT)                                                                       \
  int rma_p##p##getrs(char trans, int n, int nrhs, const T *a, int ia, int ja, const int *desca,   \
                      const int *ipiv, T *b, int ib, int jb, const int *descb) {                   \
    return pgetrs(DT, "rma_p" #p "getrs", trans, n, nrhs, a, ia, ja, desca, ipiv, b, ib, jb,       \
                  descb);                                                                          \
  }

RMA_PGETRS(s, float, RMA_DT_S)
RMA_PGETRS(d, double, RMA_DT_D)
RMA_PGETRS(c, float _Complex, RMA_DT_C)
RMA_PGETRS(z, double _Complex, RMA_DT_Z)
