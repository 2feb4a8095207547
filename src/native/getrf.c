/*
 * rma_?matrix_getrf: the native front-end of the LU (s, d, c, z). ScaLAPACK's pivot
 * vectors (local, global row numbers) are written from the engine's
 * (replicated, window rows).
 * Layers: argument checks -> native window directories -> ops/getrf (the engine).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/getrf/getrf.h"

int rma_bcm_getrf(const char *routine, int m, int n, const rma_bcm_t *a, int ia, int ja,
                  int *ipiv) {
  if (!a || !a->grid)
    return -3;
  char why[160] = "";
  int bad = 0;
  if (m < 0)
    bad = 1, snprintf(why, sizeof why, "m = %d", m);
  else if (n < 0)
    bad = 2, snprintf(why, sizeof why, "n = %d", n);
  else if (rma_bcm_check(a, a->grid, why, sizeof why))
    bad = 3;
  else if (rma_bcm_check_window(a, ia, ja, m, n, why, sizeof why))
    bad = 4;
  else if (!ipiv && rma_bcm_local_rows(a) > 0)
    bad = 6, snprintf(why, sizeof why, "ipiv = NULL");
  rma_same_t same = {0};
  rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  RMA_CALL(rma_args_agree(a->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_getrf_run(m, n, a, ia, ja, ipiv);
}

int rma_bcm_getrf_run(int m, int n, const rma_bcm_t *a, int ia, int ja, int *ipiv) {
  rma_grid_t g = a->grid;
  if (m == 0 || n == 0)
    return 0;
  int steps = m < n ? m : n, info = 0;
  int *piv = malloc(sizeof(int) * (size_t)steps);
  RMA_CALL(rma_status_agree(g->ctx->comm, piv ? 0 : RMA_ERR_NO_MEMORY));
  rma_tiles_t t;
  rma_matrix_t mat;
  int rc = rma_bcm_window(a, ia, ja, m, n, &t, &mat);
  if (rc == 0) {
    rma_grid_enter(g);
    rc = rma_getrf_matrix(&mat, piv, &info);
  }
  // Window row i swapped with window row piv[i] - 1: ScaLAPACK keeps, at
  // the local index of global row ia + i, the global row (1-based).
  for (int i = 0; rc == 0 && i < steps; i++)
    if (rma_bcm_owner(ia + i, a->mb, a->rsrc, g->nprow) == g->myrow)
      ipiv[rma_bcm_local_index(ia + i, a->mb, g->nprow)] = ia + piv[i];
  free(piv);
  return rc ? rc : info;
}

// The engine's pivots (window rows, 1-based, replicated) from ScaLAPACK's
