/*
 * rma_pspotrs / rma_pdpotrs / rma_pcpotrs / rma_pzpotrs: P?POTRS's arguments
 * and semantics on ScaLAPACK's own arrays (the factor of P?POTRF or
 * rma_p?potrf), one body for the four types.
 * Layers: rma_p?potrs (descriptor checks, PXERBLA numbering) -> native
 *         front-end (rma_bcm_potrs_run) -> ops/potrs (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// P?POTRS of type dt, named routine: UPLO (-1), sub(A) n x n (DESCA
// argument 7), sub(B) n x nrhs (DESCB 11) as CHK1MAT checks them.
static int ppotrs(rma_dtype_t dt, const char *routine, char uplo, int n, int nrhs, const void *a,
                  int ia, int ja, const int *desca, void *b, int ib, int jb, const int *descb) {
  rma_desc_t da, db;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c n=%d nrhs=%d", uplo, n, nrhs);
  int rc = rma_pd_enter(routine, why, desca, 7, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  if (!rma_uplo_valid(uplo))
    snprintf(why, sizeof why, "uplo = '%c'", uplo), rma_desc_err(&e, 100, why);
  int kb = rma_desc_read(descb, 11, &db);
  rma_desc_err(&e, kb, "DTYPE of descb");
  rma_desc_check(&da, n, 2, n, 2, ia, ja, 7, &g, &e);
  if (!kb)
    rma_pd_check_second(&db, da.ctxt, n, 2, nrhs, 3, ib, jb, 11, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "n", n);
  rma_same_add(&same, "nrhs", nrhs);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  rma_desc_same(&same, "descb, ib or jb", &db, kb, ib, jb);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da) || !rma_desc_served(&db))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a), B = rma_desc_matrix(&db, grid, dt, b);
  return rma_bcm_potrs_run(uplo, n, nrhs, &A, ia - 1, ja - 1, &B, ib - 1, jb - 1);
}

// The four entry points: the same body on their element type.
#define RMA_PPOTRS(p, T, DT)                                                                       \
  int rma_p##p##potrs(char uplo, int n, int nrhs, const T *a, int ia, int ja, const int *desca,    \
                      T *b, int ib, int jb, const int *descb) {                                    \
    return ppotrs(DT, "rma_p" #p "potrs", uplo, n, nrhs, a, ia, ja, desca, b, ib, jb, descb);      \
  }

RMA_PPOTRS(s, float, RMA_DT_S)
RMA_PPOTRS(d, double, RMA_DT_D)
RMA_PPOTRS(c, float _Complex, RMA_DT_C)
RMA_PPOTRS(z, double _Complex, RMA_DT_Z)
