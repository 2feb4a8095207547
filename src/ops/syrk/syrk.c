#include "ops/syrk/syrk.h"

#include "ops/gemm/gemm.h"

int rma_syrk_matrices(char uplo, int trans, int herk, int n, int k, rma_scalar_t alpha,
                      const rma_matrix_t *a, rma_scalar_t beta, const rma_matrix_t *c) {
  // Nothing to do (?herk / ?syrk's quick return: C not touched at all).
  if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
    return 0;
  int cplx = rma_dtype_complex(c->tiles->dtype);
  rma_op_t h = herk && cplx ? RMA_OP_C : RMA_OP_T;
  rma_gemm_shape_t shape = {uplo, 0, 0, 0, 0, (char)(herk && cplx)};
  // The same matrix twice: A op(A)^H or op(A)^H A, mirrored once.
  return rma_gemm_shaped(&shape, trans ? h : RMA_OP_N, trans ? RMA_OP_N : h, n, n, k, alpha, a, a,
                         beta, c);
}
