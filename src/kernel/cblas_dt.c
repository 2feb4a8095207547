#include "kernel/cblas_dt.h"

void rma_cblas_gemm(rma_dtype_t t, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                    rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                    rma_scalar_t beta, void *c, int ldc) {
  enum CBLAS_TRANSPOSE ta = rma_cblas_op(t, opa), tb = rma_cblas_op(t, opb);
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha), be = rma_cblas_scalar(t, beta);
  switch (t) {
  case RMA_DT_S:
    cblas_sgemm(CblasRowMajor, ta, tb, m, n, k, al.s, a, lda, b, ldb, be.s, c, ldc);
    break;
  case RMA_DT_D:
    cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, al.d, a, lda, b, ldb, be.d, c, ldc);
    break;
  case RMA_DT_C:
    cblas_cgemm(CblasRowMajor, ta, tb, m, n, k, &al.c, a, lda, b, ldb, &be.c, c, ldc);
    break;
  default:
    cblas_zgemm(CblasRowMajor, ta, tb, m, n, k, &al.z, a, lda, b, ldb, &be.z, c, ldc);
  }
}

void rma_cblas_trsm(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m, int n,
                    rma_scalar_t alpha, const void *a, int lda, void *b, int ldb) {
  enum CBLAS_SIDE sd = side == RMA_SIDE_RIGHT ? CblasRight : CblasLeft;
  enum CBLAS_UPLO up = lower ? CblasLower : CblasUpper;
  enum CBLAS_TRANSPOSE tr = rma_cblas_op(t, op);
  enum CBLAS_DIAG dg = unit ? CblasUnit : CblasNonUnit;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha);
  switch (t) {
  case RMA_DT_S:
    cblas_strsm(CblasRowMajor, sd, up, tr, dg, m, n, al.s, a, lda, b, ldb);
    break;
  case RMA_DT_D:
    cblas_dtrsm(CblasRowMajor, sd, up, tr, dg, m, n, al.d, a, lda, b, ldb);
    break;
  case RMA_DT_C:
    cblas_ctrsm(CblasRowMajor, sd, up, tr, dg, m, n, &al.c, a, lda, b, ldb);
    break;
  default:
    cblas_ztrsm(CblasRowMajor, sd, up, tr, dg, m, n, &al.z, a, lda, b, ldb);
  }
}
