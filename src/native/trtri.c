/*
 * rma_?matrix_trtri and rma_?matrix_potri: the native front-end of the
 * triangular inverse and of the inverse from a Cholesky factor (s, d, c, z).
 * Layers: argument checks -> native window directories -> ops/trtri,
 *         ops/potri (the engine).
 */
#include <stdio.h>

#include "core/error.h"
#include "core/trans.h"
#include "native/grid.h"
#include "native/run.h"
#include "ops/potri/potri.h"
#include "ops/trtri/trtri.h"

// The index of the first illegal argument of (uplo[, diag], n, a, ia, ja)
// (0: none), diag at position 2 when has_diag.
static int check(char uplo, int has_diag, char diag, int n, const rma_bcm_t *a, int ia, int ja,
                 char *why, int len) {
  int d = has_diag;
  if (!rma_uplo_valid(uplo))
    return snprintf(why, len, "uplo = '%c'", uplo), 1;
  if (has_diag && !rma_diag_valid(diag))
    return snprintf(why, len, "diag = '%c'", diag), 2;
  if (n < 0)
    return snprintf(why, len, "n = %d", n), 2 + d;
  if (rma_bcm_check(a, a->grid, why, len))
    return 3 + d;
  if (rma_bcm_check_window(a, ia, ja, n, n, why, len))
    return 4 + d;
  return 0;
}

// The argument agreement of trtri and potri (diag 'N' for potri).
static int agree(const char *routine, char uplo, char diag, int n, const rma_bcm_t *a, int ia,
                 int ja, int bad, const char *why) {
  rma_same_t same = {0};
  rma_same_char(&same, "uplo", uplo), rma_same_char(&same, "diag", diag);
  rma_same_add(&same, "n", n);
  rma_bcm_same(&same, "A (shape, blocks, grid or offsets)", a, ia, ja);
  return rma_args_agree(a->grid->ctx->comm, routine, bad, why, &same);
}

int rma_bcm_trtri(const char *routine, char uplo, char diag, int n, const rma_bcm_t *a, int ia,
                  int ja) {
  if (!a || !a->grid)
    return -4;
  char why[160] = "";
  int bad = check(uplo, 1, diag, n, a, ia, ja, why, sizeof why);
  RMA_CALL(agree(routine, uplo, diag, n, a, ia, ja, bad, why));
  return rma_bcm_trtri_run(uplo, diag, n, a, ia, ja);
}

int rma_bcm_trtri_run(char uplo, char diag, int n, const rma_bcm_t *a, int ia, int ja) {
  if (n == 0)
    return 0;
  rma_tiles_t t;
  rma_matrix_t mat;
  int info = 0;
  RMA_CALL(rma_bcm_window(a, ia, ja, n, n, &t, &mat));
  rma_grid_enter(a->grid);
  RMA_CALL(rma_trtri_matrix(rma_uplo_lower(uplo), rma_diag_unit(diag), &mat, &info));
  return info;
}

int rma_bcm_potri(const char *routine, char uplo, int n, const rma_bcm_t *a, int ia, int ja) {
  if (!a || !a->grid)
    return -3;
  char why[160] = "";
  int bad = check(uplo, 0, 'N', n, a, ia, ja, why, sizeof why);
  RMA_CALL(agree(routine, uplo, 'N', n, a, ia, ja, bad, why));
  return rma_bcm_potri_run(uplo, n, a, ia, ja);
}

int rma_bcm_potri_run(char uplo, int n, const rma_bcm_t *a, int ia, int ja) {
  if (n == 0)
    return 0;
  rma_tiles_t t;
  rma_matrix_t mat;
  int info = 0;
  RMA_CALL(rma_bcm_window(a, ia, ja, n, n, &t, &mat));
  rma_grid_enter(a->grid);
  RMA_CALL(rma_potri_matrix(rma_uplo_lower(uplo), &mat, &info));
  return info;
}
