/*
 * The engine's Cholesky solve: L L^H X = B as L Y = B, then L^H X = Y;
 * U^H U X = B as U^H Y = B, then U X = Y (conjugate transpose C is T for
 * s and d). rma_potrs_matrices -> ops/trsm (twice) -> ...
 */
#include "ops/potrs/potrs.h"

#include "core/error.h"
#include "ops/trsm/trsm.h"

int rma_potrs_matrices(int lower, int n, int nrhs, const rma_matrix_t *a, const rma_matrix_t *b) {
  rma_op_t first = lower ? RMA_OP_N : RMA_OP_C, second = lower ? RMA_OP_C : RMA_OP_N;
  RMA_CALL(rma_trsm_matrices(RMA_SIDE_LEFT, lower, first, 0, n, nrhs, 1, a, b));
  return rma_trsm_matrices(RMA_SIDE_LEFT, lower, second, 0, n, nrhs, 1, a, b);
}
