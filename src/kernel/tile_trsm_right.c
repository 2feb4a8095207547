#include "kernel/tile_trsm_right.h"

#include <cblas.h>

void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb) {
  if (m == 0 || n == 0)
    return;
  cblas_dtrsm(CblasRowMajor, CblasRight, lower ? CblasLower : CblasUpper,
              trans ? CblasTrans : CblasNoTrans, unit ? CblasUnit : CblasNonUnit, m, n, 1.0, a, lda,
              b, ldb);
}
