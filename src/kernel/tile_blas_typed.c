/* Interim typed gemm and scale (replaced by the typed kernel set). */
#include <cblas.h>
#include <string.h>

#include "core/dtype.h"
#include "kernel/sim_charge.h"
#include "kernel/tile_blas.h"

static enum CBLAS_TRANSPOSE cblas_op(rma_op_t op) {
  return op == RMA_OP_N ? CblasNoTrans : op == RMA_OP_C ? CblasConjTrans : CblasTrans;
}

void rma_kernel_gemm_dt(rma_dtype_t dt, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                       rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                       rma_scalar_t beta, void *c, int ldc) {
  if (m == 0 || n == 0)
    return;
  double _Complex al[1], be[1]; // large enough for any type's scalar
  rma_scalar_store(dt, alpha, al);
  rma_scalar_store(dt, beta, be);
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(RMA_KMODEL_GEMM, m, n, k);
  if (!skip)
#endif
    switch (dt) {
    case RMA_DT_S:
      cblas_sgemm(CblasRowMajor, cblas_op(opa), cblas_op(opb), m, n, k, (float)creal(alpha), a, lda, b,
                  ldb, (float)creal(beta), c, ldc);
      break;
    case RMA_DT_D:
      cblas_dgemm(CblasRowMajor, cblas_op(opa), cblas_op(opb), m, n, k, creal(alpha), a, lda, b,
                  ldb, creal(beta), c, ldc);
      break;
    case RMA_DT_C:
      cblas_cgemm(CblasRowMajor, cblas_op(opa), cblas_op(opb), m, n, k, al, a, lda, b, ldb, be, c,
                  ldc);
      break;
    default:
      cblas_zgemm(CblasRowMajor, cblas_op(opa), cblas_op(opb), m, n, k, al, a, lda, b, ldb, be, c,
                  ldc);
    }
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

void rma_kernel_scale_dt(rma_dtype_t dt, int m, int n, rma_scalar_t beta, void *c, int ldc) {
  if (dt == RMA_DT_D) {
    rma_kernel_scale(m, n, creal(beta), c, ldc);
    return;
  }
  if (beta == 1 || m == 0 || n == 0)
    return;
  size_t es = rma_dtype_size(dt);
  for (int i = 0; i < m; i++) {
    char *row = (char *)c + es * (size_t)i * (size_t)ldc;
    if (beta == 0)
      memset(row, 0, es * (size_t)n);
    else
      for (int j = 0; j < n; j++)
        rma_scalar_store(dt, beta * rma_scalar_load(dt, row, j), row + es * (size_t)j);
  }
}
