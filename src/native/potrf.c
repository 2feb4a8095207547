/*
 * rma_?matrix_potrf: the native front-end of the Cholesky factorization
 * (s, d, c, z). The window's column-major local arrays are read as the
 * matrix itself (the engine's re-layout or copy turns them row-major), so
 * UPLO names the engine's triangle as it is.
 * Layers: argument checks -> native window directories -> ops/potrf (the
 * engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/potrf/potrf.h"

int rma_bcm_potrf(const char *routine, char uplo, int n, const rma_bcm_t *a, int ia, int ja) {
  if (!a || !a->grid)
    return -3;
  char why[160] = "";
  int bad = 0;
  if (!rma_uplo_valid(uplo))
    bad = 1, snprintf(why, sizeof why, "uplo = '%c'", uplo);
  else if (n < 0)
    bad = 2, snprintf(why, sizeof why, "n = %d", n);
  else if (rma_bcm_check(a, a->grid, why, sizeof why))
    bad = 3;
  else if (rma_bcm_check_window(a, ia, ja, n, n, why, sizeof why))
    bad = 4;
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_add(&same, "n", n);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  RMA_CALL(rma_args_agree(a->grid->ctx->comm, routine, bad, why, &same));
  return rma_bcm_potrf_run(uplo, n, a, ia, ja);
}

int rma_bcm_potrf_run(char uplo, int n, const rma_bcm_t *a, int ia, int ja) {
  if (n == 0)
    return 0;
  int info = 0;
  rma_tiles_t t;
  rma_matrix_t mat;
  int rc = rma_bcm_window(a, ia, ja, n, n, &t, &mat);
  if (rc == 0) {
    rma_grid_enter(a->grid);
    rc = rma_potrf_matrix(&mat, rma_uplo_lower(uplo), &info);
  }
  return rc ? rc : info;
}
