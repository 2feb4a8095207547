#include "kernel/vector_blas.h"

#include <cblas.h>

int rma_kernel_iamax(int n, const double *x, int incx) {
  if (n <= 0)
    return -1;
  return (int)cblas_idamax(n, x, incx);
}

void rma_kernel_swap(int n, double *x, int incx, double *y, int incy) {
  if (n > 0)
    cblas_dswap(n, x, incx, y, incy);
}

void rma_kernel_scal(int n, double alpha, double *x, int incx) {
  if (n > 0)
    cblas_dscal(n, alpha, x, incx);
}

void rma_kernel_ger(int m, int n, double alpha, const double *x, int incx, const double *y,
                    int incy, double *a, int lda) {
  if (m > 0 && n > 0)
    cblas_dger(CblasRowMajor, m, n, alpha, x, incx, y, incy, a, lda);
}
