#include "kernel/vector_blas.h"

#include "kernel/cblas_dt.h"
#include "kernel/sim_charge.h"

// The simulation build charges each call the MODEL's time (kind vector: n entries, weight nvec
// its memory streams, kernel/time_model.h, and the number of operands whose stride is not 1;
// kind ger: m x n) and computes only real data. A call inside a charged kernel (the LU panel's
// row swaps in getrf, ?scal in the scale kernel) is covered by that kernel's charge: the nested
// bracket charges nothing (kernel/sim_charge.h's RMA_SIM_* brackets).
#define CHARGE_VECTOR(t, n, nvec, incx, incy) \
  RMA_SIM_CHARGE(t, RMA_KMODEL_VECTOR, n, nvec, ((incx) != 1) + ((incy) != 1))

// (With no values, shared-malloc mode, the first entry is the answer.)
int rma_kernel_iamax_dt(rma_dtype_t t, int n, const void *x, int incx) {
  if (n <= 0)
    return -1;
  int k = 0;
  CHARGE_VECTOR(t, n, 3, incx, 1);
  RMA_SIM_COMPUTE switch (t) {
  case RMA_DT_S:
    k = (int)cblas_isamax(n, x, incx);
    break;
  case RMA_DT_D:
    k = (int)cblas_idamax(n, x, incx);
    break;
  case RMA_DT_C:
    k = (int)cblas_icamax(n, x, incx);
    break;
  default:
    k = (int)cblas_izamax(n, x, incx);
  }
  RMA_SIM_END;
  return k;
}

void rma_kernel_swap_dt(rma_dtype_t t, int n, void *x, int incx, void *y, int incy) {
  if (n <= 0)
    return;
  CHARGE_VECTOR(t, n, 4, incx, incy);
  RMA_SIM_COMPUTE switch (t) {
  case RMA_DT_S:
    cblas_sswap(n, x, incx, y, incy);
    break;
  case RMA_DT_D:
    cblas_dswap(n, x, incx, y, incy);
    break;
  case RMA_DT_C:
    cblas_cswap(n, x, incx, y, incy);
    break;
  default:
    cblas_zswap(n, x, incx, y, incy);
  }
  RMA_SIM_END;
}

void rma_kernel_scal_dt(rma_dtype_t t, int n, rma_scalar_t alpha, void *x, int incx) {
  if (n <= 0)
    return;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha);
  CHARGE_VECTOR(t, n, 2, incx, 1);
  RMA_SIM_COMPUTE switch (t) {
  case RMA_DT_S:
    cblas_sscal(n, al.s, x, incx);
    break;
  case RMA_DT_D:
    cblas_dscal(n, al.d, x, incx);
    break;
  case RMA_DT_C:
    cblas_cscal(n, &al.c, x, incx);
    break;
  default:
    cblas_zscal(n, &al.z, x, incx);
  }
  RMA_SIM_END;
}

void rma_kernel_axpy_dt(rma_dtype_t t, int n, rma_scalar_t alpha, const void *x, int incx, void *y,
                        int incy) {
  if (n <= 0)
    return;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha);
  CHARGE_VECTOR(t, n, 3, incx, incy);
  RMA_SIM_COMPUTE switch (t) {
  case RMA_DT_S:
    cblas_saxpy(n, al.s, x, incx, y, incy);
    break;
  case RMA_DT_D:
    cblas_daxpy(n, al.d, x, incx, y, incy);
    break;
  case RMA_DT_C:
    cblas_caxpy(n, &al.c, x, incx, y, incy);
    break;
  default:
    cblas_zaxpy(n, &al.z, x, incx, y, incy);
  }
  RMA_SIM_END;
}

void rma_kernel_ger_dt(rma_dtype_t t, int m, int n, rma_scalar_t alpha, const void *x, int incx,
                       const void *y, int incy, void *a, int lda) {
  if (m <= 0 || n <= 0)
    return;
  rma_cblas_scalar_t al = rma_cblas_scalar(t, alpha);
  RMA_SIM_CHARGE(t, RMA_KMODEL_GER, m, n, 0);
  RMA_SIM_COMPUTE switch (t) {
  case RMA_DT_S:
    cblas_sger(CblasRowMajor, m, n, al.s, x, incx, y, incy, a, lda);
    break;
  case RMA_DT_D:
    cblas_dger(CblasRowMajor, m, n, al.d, x, incx, y, incy, a, lda);
    break;
  case RMA_DT_C:
    cblas_cgeru(CblasRowMajor, m, n, &al.c, x, incx, y, incy, a, lda);
    break;
  default:
    cblas_zgeru(CblasRowMajor, m, n, &al.z, x, incx, y, incy, a, lda);
  }
  RMA_SIM_END;
}

int rma_kernel_iamax(int n, const double *x, int incx) {
  return rma_kernel_iamax_dt(RMA_DT_D, n, x, incx);
}

void rma_kernel_swap(int n, double *x, int incx, double *y, int incy) {
  rma_kernel_swap_dt(RMA_DT_D, n, x, incx, y, incy);
}

void rma_kernel_scal(int n, double alpha, double *x, int incx) {
  rma_kernel_scal_dt(RMA_DT_D, n, alpha, x, incx);
}

void rma_kernel_ger(int m, int n, double alpha, const double *x, int incx, const double *y,
                    int incy, double *a, int lda) {
  rma_kernel_ger_dt(RMA_DT_D, m, n, alpha, x, incx, y, incy, a, lda);
}
