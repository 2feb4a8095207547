#include "kernel/tile_triangle.h"

#include <cblas.h>
#include <lapacke.h>

#include "kernel/cblas_dt.h"
#include "kernel/sim_charge.h"

// The simulation build charges these kernels as the gemm (or trsm) of the
// same number of multiply-adds: a MODEL assumption until they are fitted
// on their own (sim/calibrate.c fits gemm, trsm and the LU panel).

// LAPACK's uplo for the row-major triangle "lower": the column-major view is
// the transpose, whose other triangle holds the same numbers.
static char flip(int lower) { return lower ? 'U' : 'L'; }

int rma_kernel_potrf_dt(rma_dtype_t t, int lower, int n, void *a, int lda) {
  if (n <= 0)
    return 0;
  // Row-major lower L of A = L L^H is column-major upper U = L^T of A^T =
  // U^H U: LAPACK's 'U' on the view factors the same numbers in place.
  int info = 0;
  RMA_SIM_CHARGE(t, RMA_KMODEL_GEMM, n, n, n / 6 + 1);
  RMA_SIM_COMPUTE {
    switch (t) {
    case RMA_DT_S:
      info = LAPACKE_spotrf_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    case RMA_DT_D:
      info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    case RMA_DT_C:
      info = LAPACKE_cpotrf_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    default:
      info = LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
    }
  }
  RMA_SIM_END;
  return info;
}

int rma_kernel_trtri_dt(rma_dtype_t t, int lower, int unit, int n, void *a, int lda) {
  if (n <= 0)
    return 0;
  // inv(T^T) = inv(T)^T: the view's inverse is the inverse's view.
  char diag = unit ? 'U' : 'N';
  int info = 0;
  RMA_SIM_CHARGE(t, RMA_KMODEL_GEMM, n, n, n / 6 + 1);
  RMA_SIM_COMPUTE {
    switch (t) {
    case RMA_DT_S:
      info = LAPACKE_strtri_work(LAPACK_COL_MAJOR, flip(lower), diag, n, a, lda);
      break;
    case RMA_DT_D:
      info = LAPACKE_dtrtri_work(LAPACK_COL_MAJOR, flip(lower), diag, n, a, lda);
      break;
    case RMA_DT_C:
      info = LAPACKE_ctrtri_work(LAPACK_COL_MAJOR, flip(lower), diag, n, a, lda);
      break;
    default:
      info = LAPACKE_ztrtri_work(LAPACK_COL_MAJOR, flip(lower), diag, n, a, lda);
    }
  }
  RMA_SIM_END;
  return info;
}

void rma_kernel_lauum_dt(rma_dtype_t t, int lower, int n, void *a, int lda) {
  if (n <= 0)
    return;
  // Row-major lower L is column-major upper U = L^T; LAPACK's U U^H =
  // L^T conj(L) = (L^H L)^T: the view of L^H L, as asked.
  RMA_SIM_CHARGE(t, RMA_KMODEL_GEMM, n, n, n / 6 + 1);
  RMA_SIM_COMPUTE {
    switch (t) {
    case RMA_DT_S:
      LAPACKE_slauum_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    case RMA_DT_D:
      LAPACKE_dlauum_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    case RMA_DT_C:
      LAPACKE_clauum_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
      break;
    default:
      LAPACKE_zlauum_work(LAPACK_COL_MAJOR, flip(lower), n, a, lda);
    }
  }
  RMA_SIM_END;
}

void rma_kernel_herk_dt(rma_dtype_t t, int lower, rma_op_t op, int complex_sym, int n, int k,
                        rma_scalar_t alpha, const void *a, int lda, rma_scalar_t beta, void *c,
                        int ldc) {
  if (n <= 0)
    return;
  enum CBLAS_UPLO up = lower ? CblasLower : CblasUpper;
  int herm = rma_dtype_complex(t) && !complex_sym;
  enum CBLAS_TRANSPOSE tr =
    op == RMA_OP_N ? CblasNoTrans : herm ? CblasConjTrans : CblasTrans;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha), be = rma_cblas_scalar(t, beta);
  double ar = creal(alpha), br = creal(beta);
  if (k == 0) // BLAS reads A with k = 0 as nothing; C := beta C on the triangle below
    ar = 0.0, al = rma_cblas_scalar(t, 0.0);
  RMA_SIM_CHARGE(t, RMA_KMODEL_GEMM, n, n / 2 + 1, k > 0 ? k : 1);
  RMA_SIM_COMPUTE {
    switch (t) {
    case RMA_DT_S:
      cblas_ssyrk(CblasRowMajor, up, tr, n, k, al.s, a, lda, be.s, c, ldc);
      break;
    case RMA_DT_D:
      cblas_dsyrk(CblasRowMajor, up, tr, n, k, al.d, a, lda, be.d, c, ldc);
      break;
    case RMA_DT_C:
      if (herm)
        cblas_cherk(CblasRowMajor, up, tr, n, k, (float)ar, a, lda, (float)br, c, ldc);
      else
        cblas_csyrk(CblasRowMajor, up, tr, n, k, &al.c, a, lda, &be.c, c, ldc);
      break;
    default:
      if (herm)
        cblas_zherk(CblasRowMajor, up, tr, n, k, ar, a, lda, br, c, ldc);
      else
        cblas_zsyrk(CblasRowMajor, up, tr, n, k, &al.z, a, lda, &be.z, c, ldc);
    }
  }
  RMA_SIM_END;
}

void rma_kernel_trmm_dt(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                        int n, rma_scalar_t alpha, const void *a, int lda, void *b, int ldb) {
  if (m <= 0 || n <= 0)
    return;
  enum CBLAS_SIDE sd = side == RMA_SIDE_RIGHT ? CblasRight : CblasLeft;
  enum CBLAS_UPLO up = lower ? CblasLower : CblasUpper;
  enum CBLAS_TRANSPOSE tr = rma_cblas_op(t, op);
  enum CBLAS_DIAG dg = unit ? CblasUnit : CblasNonUnit;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha);
  RMA_SIM_CHARGE(t, RMA_KMODEL_TRSM, side == RMA_SIDE_LEFT ? m : n, side == RMA_SIDE_LEFT ? n : m, 0);
  RMA_SIM_COMPUTE {
    switch (t) {
    case RMA_DT_S:
      cblas_strmm(CblasRowMajor, sd, up, tr, dg, m, n, al.s, a, lda, b, ldb);
      break;
    case RMA_DT_D:
      cblas_dtrmm(CblasRowMajor, sd, up, tr, dg, m, n, al.d, a, lda, b, ldb);
      break;
    case RMA_DT_C:
      cblas_ctrmm(CblasRowMajor, sd, up, tr, dg, m, n, &al.c, a, lda, b, ldb);
      break;
    default:
      cblas_ztrmm(CblasRowMajor, sd, up, tr, dg, m, n, &al.z, a, lda, b, ldb);
    }
  }
  RMA_SIM_END;
}
