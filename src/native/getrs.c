/*
 * rma_?matrix_getrs: the native front-end of the LU solve (s, d, c, z; op N, T,
 * or C, the conjugate transpose for c and z). ScaLAPACK's pivot
 * vectors (local, global row numbers) are translated to the engine's
 * (replicated, window rows).
 * Layers: argument checks -> native window directories -> ops/getrs (the engine).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/getrs/getrs.h"

// local ipiv of rows ia .. ia+n-1: each grid row's entries, read on grid
// column 0, combined over the grid. 1 when an entry is out of range.
static int gather_pivots(const rma_bcm_t *a, int ia, int n, const int *ipiv, int *piv) {
  rma_grid_t g = a->grid;
  for (int i = 0; i < n; i++) {
    piv[i] = 0;
    if (g->mycol == 0 && rma_bcm_owner(ia + i, a->mb, a->rsrc, g->nprow) == g->myrow)
      piv[i] = ipiv[rma_bcm_local_index(ia + i, a->mb, g->nprow)] - ia;
  }
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, piv, n, MPI_INT, MPI_MAX, g->ctx->comm));
  for (int i = 0; i < n; i++)
    if (piv[i] < i + 1 || piv[i] > n)
      return 1;
  return 0;
}

int rma_bcm_getrs(const char *routine, char trans, int n, int nrhs, const rma_bcm_t *a, int ia,
                  int ja, const int *ipiv, const rma_bcm_t *b, int ib, int jb) {
  if (!a || !a->grid)
    return -4;
  char why[160] = "";
  int bad = 0;
  if (!rma_trans_valid(trans))
    bad = 1, snprintf(why, sizeof why, "trans = '%c'", trans);
  else if (n < 0)
    bad = 2, snprintf(why, sizeof why, "n = %d", n);
  else if (nrhs < 0)
    bad = 3, snprintf(why, sizeof why, "nrhs = %d", nrhs);
  else if (rma_bcm_check(a, a->grid, why, sizeof why))
    bad = 4;
  else if (rma_bcm_check_window(a, ia, ja, n, n, why, sizeof why))
    bad = 5;
  else if (!ipiv && rma_bcm_local_rows(a) > 0)
    bad = 7, snprintf(why, sizeof why, "ipiv = NULL");
  else if (rma_bcm_check(b, a->grid, why, sizeof why))
    bad = 8;
  else if (rma_bcm_check_window(b, ib, jb, n, nrhs, why, sizeof why))
    bad = 9;
  rma_same_t same = {0};
  rma_same_char(&same, "trans", trans), rma_same_add(&same, "n", n);
  rma_same_add(&same, "nrhs", nrhs);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  rma_bcm_same(&same, "B (shape, blocks, grid or offsets)", b, ib, jb);
  RMA_CALL(rma_args_agree(a->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_getrs_run(trans, n, nrhs, a, ia, ja, ipiv, b, ib, jb, routine, 7);
}

int rma_bcm_getrs_run(char trans, int n, int nrhs, const rma_bcm_t *a, int ia, int ja,
                      const int *ipiv, const rma_bcm_t *b, int ib, int jb, const char *routine,
                      int ipiv_pos) {
  rma_grid_t g = a->grid;
  rma_op_t op = rma_dtype_op(a->dtype, trans);
  if (n == 0 || nrhs == 0)
    return 0;
  int *piv = malloc(sizeof(int) * (size_t)n);
  RMA_CALL(rma_status_agree(g->ctx->comm, piv ? 0 : RMA_ERR_NO_MEMORY));
  int rc = gather_pivots(a, ia, n, ipiv, piv);
  if (rc == 1)
    rc = rma_args_agree(g->ctx->comm, routine, ipiv_pos, "a pivot outside the window's rows", NULL);
  rma_tiles_t ta, tb;
  rma_matrix_t ma, mb;
  if (rc == 0)
    rc = rma_bcm_window(a, ia, ja, n, n, &ta, &ma);
  if (rc == 0)
    rc = rma_bcm_window(b, ib, jb, n, nrhs, &tb, &mb);
  if (rc == 0) {
    rma_grid_enter(g);
    rc = rma_getrs_matrices(op, &ma, piv, &mb);
  }
  free(piv);
  return rc;
}
