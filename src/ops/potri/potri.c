#include "ops/potri/potri.h"

#include "core/error.h"
#include "ops/gemm/gemm.h"
#include "ops/trtri/trtri.h"

int rma_potri_matrix(int lower, const rma_matrix_t *a, int *info) {
  int n = a->tiles->m;
  RMA_CALL(rma_trtri_matrix(lower, 0, a, info));
  if (*info || n == 0)
    return 0;
  // lauum: L^H L into the lower triangle (op(A) = L^H upper, op(B) = L
  // lower), U U^H into the upper one; both factors read from one copy.
  // The diagonal of a Hermitian inverse is real (as ?lauum leaves it).
  char cplx = (char)rma_dtype_complex(a->tiles->dtype);
  rma_op_t h = cplx ? RMA_OP_C : RMA_OP_T;
  if (lower) {
    rma_gemm_shape_t shape = {'L', 'U', 'L', 0, 0, cplx};
    return rma_gemm_shaped(&shape, h, RMA_OP_N, n, n, n, 1, a, a, 0, a);
  }
  rma_gemm_shape_t shape = {'U', 'U', 'L', 0, 0, cplx};
  return rma_gemm_shaped(&shape, RMA_OP_N, h, n, n, n, 1, a, a, 0, a);
}
