/*
 * rma_p?trsm and rma_p?trmm (s, d, c, z): P?TRSM's and P?TRMM's arguments
 * and semantics on ScaLAPACK's own arrays ('C' is the conjugate transpose
 * for c and z). The two share PBLAS's argument list and checks, so one body
 * serves the eight entry points; only the engine run differs.
 * Layers: rma_p?trsm / rma_p?trmm (descriptor checks, PBLAS's PXERBLA
 *         numbering) -> native front-end (rma_bcm_trsm_run /
 *         rma_bcm_trmm_run) -> ops/trsm, ops/trmm (the engines).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "scalapack/blacs.h"
#include "scalapack/desc.h"

// The engine run of one of the two routines (native/run.h).
typedef int (*triangle_run_t)(char side, char uplo, char transa, char diag, int m, int n,
                              rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja,
                              const rma_bcm_t *b, int ib, int jb);

// P?TRSM or P?TRMM of type dt, named routine, run by run. PBLAS checks
// SIDE, UPLO, TRANSA, DIAG (-1 .. -4), then sub(A) (k x k, k = M for SIDE
// 'L' at position 5, N at 6 for 'R'; the context from DESCA, argument 11)
// and sub(B) (M x N, DESCB 15) with PB_Cchkmat's numbering (a window past
// A or B blames IA / JA, IB / JB); the smallest key wins.
static int ptriangle(triangle_run_t run, rma_dtype_t dt, const char *routine, char side,
                     char uplo, char transa, char diag, int m, int n, rma_scalar_t alpha,
                     const void *a, int ia, int ja, const int *desca, void *b, int ib, int jb,
                     const int *descb) {
  rma_desc_t da, db;
  rma_desc_grid_t g;
  rma_grid_t grid;
  char why[96];
  snprintf(why, sizeof why, "%c%c%c%c m=%d n=%d", side, uplo, transa, diag, m, n);
  int rc = rma_pd_enter(routine, why, desca, 11, &da, &g, &grid);
  if (rc != 0)
    return rc;
  rma_desc_err_t e = {0, ""};
  if (!rma_side_valid(side))
    snprintf(why, sizeof why, "side = '%c'", side), rma_desc_err(&e, 100, why);
  else if (!rma_uplo_valid(uplo))
    snprintf(why, sizeof why, "uplo = '%c'", uplo), rma_desc_err(&e, 200, why);
  else if (!rma_trans_valid(transa))
    snprintf(why, sizeof why, "transa = '%c'", transa), rma_desc_err(&e, 300, why);
  else if (!rma_diag_valid(diag))
    snprintf(why, sizeof why, "diag = '%c'", diag), rma_desc_err(&e, 400, why);
  int kb = rma_desc_read(descb, 15, &db), right = rma_side_right(side);
  int na = right ? n : m, npos = right ? 6 : 5;
  rma_desc_err(&e, kb, "DTYPE of descb");
  if (!kb && db.ctxt != da.ctxt)
    rma_desc_err(&e, 1502, "descb's context is not desca's");
  rma_desc_check_pblas(&da, na, npos, na, npos, ia, ja, 11, &g, &e);
  if (!kb && db.ctxt == da.ctxt)
    rma_desc_check_pblas(&db, m, 5, n, 6, ib, jb, 15, &g, &e);
  rma_same_t same = {0};
  rma_same_char(&same, "side", side), rma_same_char(&same, "uplo", uplo);
  rma_same_char(&same, "transa", transa), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_same_scalar(&same, "alpha", alpha);
  rma_desc_same(&same, "desca, ia or ja", &da, 0, ia, ja);
  rma_desc_same(&same, "descb, ib or jb", &db, kb, ib, jb);
  RMA_CALL(rma_info_agree(grid->ctx->comm, routine, e.key, e.why, &same));
  if (!rma_desc_served(&da) || !rma_desc_served(&db))
    return RMA_ERR_NOT_IMPLEMENTED;
  rma_bcm_t A = rma_desc_matrix(&da, grid, dt, a), B = rma_desc_matrix(&db, grid, dt, b);
  return run(side, uplo, transa, diag, m, n, alpha, &A, ia - 1, ja - 1, &B, ib - 1, jb - 1);
}

// The eight entry points: the same body on their routine and element type.
#define RMA_PTRIANGLE(p, name, T, DT)                                                              \
  int rma_p##p##name(char side, char uplo, char transa, char diag, int m, int n, T alpha,          \
                     const T *a, int ia, int ja, const int *desca, T *b, int ib, int jb,           \
                     const int *descb) {                                                           \
    return ptriangle(rma_bcm_##name##_run, DT, "rma_p" #p #name, side, uplo, transa, diag, m, n,   \
                     alpha, a, ia, ja, desca, b, ib, jb, descb);                                   \
  }

RMA_PTRIANGLE(s, trsm, float, RMA_DT_S)
RMA_PTRIANGLE(d, trsm, double, RMA_DT_D)
RMA_PTRIANGLE(c, trsm, float _Complex, RMA_DT_C)
RMA_PTRIANGLE(z, trsm, double _Complex, RMA_DT_Z)
RMA_PTRIANGLE(s, trmm, float, RMA_DT_S)
RMA_PTRIANGLE(d, trmm, double, RMA_DT_D)
RMA_PTRIANGLE(c, trmm, float _Complex, RMA_DT_C)
RMA_PTRIANGLE(z, trmm, double _Complex, RMA_DT_Z)
