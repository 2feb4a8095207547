#include "ops/trmm/trmm.h"

#include "ops/gemm/gemm.h"

int rma_trmm_matrices(int right, int lower, rma_op_t op, int unit, int m, int n,
                      rma_scalar_t alpha, const rma_matrix_t *t, const rma_matrix_t *b) {
  if (m == 0 || n == 0)
    return 0;
  // op(T) is lower when T is lower and not transposed, or upper and transposed.
  char tri = (lower != 0) == ((op & RMA_OP_TRANS) == 0) ? 'L' : 'U';
  rma_gemm_shape_t shape = {0};
  if (right) {
    shape.b = tri, shape.bunit = (char)unit;
    return rma_gemm_shaped(&shape, RMA_OP_N, op, m, n, n, alpha, b, t, 0, b);
  }
  shape.a = tri, shape.aunit = (char)unit;
  return rma_gemm_shaped(&shape, op, RMA_OP_N, m, n, m, alpha, t, b, 0, b);
}
