#include "ops/potri/potri.h"

#include "core/context.h"
#include "core/error.h"
#include "ops/gemm/gemm.h"
#include "ops/trtri/trtri.h"
#include "store/copy.h"
#include "store/store.h"

// inv(A) from the factor in a (BLOCK_CYCLIC, no zero on its diagonal).
static int inverse(const rma_matrix_t *a, void *arg) {
  int lower = *(const int *)arg, n = a->tiles->m;
  RMA_CALL(rma_trtri_blocks(lower, 0, a));
  // lauum: L^H L into the lower triangle (op(A) = L^H upper, op(B) = L
  // lower), U U^H into the upper one; both factors read from one copy. The
  // diagonal of a Hermitian inverse is real (as ?lauum leaves it).
  char cplx = (char)rma_dtype_complex(a->tiles->dtype);
  rma_op_t h = cplx ? RMA_OP_C : RMA_OP_T;
  if (lower) {
    rma_gemm_shape_t shape = {'L', 'U', 'L', 0, 0, cplx};
    return rma_gemm_shaped(&shape, h, RMA_OP_N, n, n, n, 1, a, a, 0, a);
  }
  rma_gemm_shape_t shape = {'U', 'U', 'L', 0, 0, cplx};
  return rma_gemm_shaped(&shape, RMA_OP_N, h, n, n, n, 1, a, a, 0, a);
}

int rma_potri_matrix(int lower, const rma_matrix_t *a, int *info) {
  *info = 0;
  if (a->tiles->m == 0)
    return 0;
  RMA_CALL(rma_trtri_zero_diagonal(a, info));
  if (*info)
    return 0;
  int rc = a->tiles->kind == RMA_TILES_BLOCK_CYCLIC ? inverse(a, &lower)
                                                    : rma_store_through_copy(a, inverse, &lower);
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
