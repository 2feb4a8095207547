#include "kernel/tile_lapack.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "kernel/cblas_dt.h"
#include "kernel/sim_charge.h"
#include "kernel/vector_blas.h"

// The public solve: the simulation build charges the MODEL's time and
// computes only real data. Side right is charged as a left solve of B's
// shape (m, n), as the double kernel was: its multiply-adds are m n^2, not
// the m^2 n of the MODEL's leading term.
void rma_kernel_trsm_dt(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                        int n, rma_scalar_t alpha, const void *a, int lda, void *b, int ldb) {
  if (m == 0 || n == 0)
    return;
#ifdef RMALA_SIMULATE
  int skip = rma_kernel_sim_begin(t, RMA_KMODEL_TRSM, m, n, 0);
  if (!skip)
#endif
    rma_cblas_trsm(t, side, lower, op, unit, m, n, alpha, a, lda, b, ldb);
#ifdef RMALA_SIMULATE
  rma_kernel_sim_end();
#endif
}

// The LU below is written once for the four types: the recursion addresses
// elements through their size and does its arithmetic in the typed BLAS-3
// calls (uncharged, cblas_dt.h) and row swaps (?swap); its base case is one
// macro body instantiated per type.

// Element (i, j) of the row-major array a (ld lda) of type t.
static void *elem(rma_dtype_t t, void *a, int lda, int i, int j) {
  return (char *)a + ((ptrdiff_t)i * lda + j) * (ptrdiff_t)rma_dtype_size(t);
}

// Swap rows i and ipiv[i] - 1 (i in [k0, k1)) of columns [c0, c1), in order.
static void swap_rows(rma_dtype_t t, void *a, int lda, int c0, int c1, int k0, int k1,
                      const int *ipiv) {
  for (int i = k0; i < k1 && c1 > c0; i++) {
    int p = ipiv[i] - 1;
    if (p != i)
      rma_kernel_swap_dt(t, c1 - c0, elem(t, a, lda, i, c0), 1, elem(t, a, lda, p, c0), 1);
  }
}

// The base case, LAPACK's getf2 (right-looking, column by column) on an m x n
// panel with min(m, n) <= 8, written once as a macro body and instantiated
// per type: per column one pass finds the pivot (RMA_ABS1: |x|, or cabs1 =
// |re| + |im| for c and z as izamax; the first on ties), one fused pass over
// the rows below scales each row's L entry and updates its part of the
// trailing columns. (On BLAS calls a row-major column is strided: ?scal, ?ger
// and i?amax would be three passes, and ?ger one call per row.) L's column
// is multiplied by the pivot's reciprocal, or divided by the pivot when
// |pivot| is below the safe minimum (the reciprocal would overflow), as LAPACK
// does. ipiv == NULL: no pivoting, stop at the first zero pivot. Else a zero
// pivot is recorded and its column left as it is (all zeros below it).
#define RMA_ABS1_s(x) fabsf(x)
#define RMA_ABS1_d(x) fabs(x)
#define RMA_ABS1_c(x) (fabsf(crealf(x)) + fabsf(cimagf(x)))
#define RMA_ABS1_z(x) (fabs(creal(x)) + fabs(cimag(x)))
#define RMA_ABS_s(x) fabsf(x)
#define RMA_ABS_d(x) fabs(x)
#define RMA_ABS_c(x) cabsf(x)
#define RMA_ABS_z(x) cabs(x)
#define RMA_GETF2(ch, dt, T, R, SFMIN)                                                             \
  static int getf2_##ch(int m, int n, T *a, int lda, int *ipiv) {                                  \
    int steps = m < n ? m : n, info = 0;                                                           \
    for (int j = 0; j < steps; j++) {                                                              \
      if (ipiv) {                                                                                  \
        int p = j;                                                                                 \
        R best = RMA_ABS1_##ch(a[(ptrdiff_t)j * lda + j]);                                         \
        for (int i = j + 1; i < m; i++) {                                                          \
          R v = RMA_ABS1_##ch(a[(ptrdiff_t)i * lda + j]);                                          \
          if (v > best)                                                                            \
            best = v, p = i;                                                                       \
        }                                                                                          \
        ipiv[j] = p + 1;                                                                           \
        swap_rows(dt, a, lda, 0, n, j, j + 1, ipiv);                                               \
      }                                                                                            \
      const T *urow = a + (ptrdiff_t)j * lda;                                                      \
      T piv = urow[j];                                                                             \
      if (piv == 0) {                                                                              \
        if (!ipiv)                                                                                 \
          return j + 1;                                                                            \
        info = info ? info : j + 1;                                                                \
        continue;                                                                                  \
      }                                                                                            \
      int small = RMA_ABS_##ch(piv) < SFMIN;                                                       \
      T r = 1 / piv;                                                                               \
      for (int i = j + 1; i < m; i++) {                                                            \
        T *row = a + (ptrdiff_t)i * lda;                                                           \
        T l = small ? row[j] / piv : row[j] * r;                                                   \
        row[j] = l;                                                                                \
        for (int c = j + 1; c < n; c++)                                                            \
          row[c] -= l * urow[c];                                                                   \
      }                                                                                            \
    }                                                                                              \
    return info;                                                                                   \
  }
RMA_GETF2(s, RMA_DT_S, float, float, FLT_MIN)
RMA_GETF2(d, RMA_DT_D, double, double, DBL_MIN)
RMA_GETF2(c, RMA_DT_C, float _Complex, float, FLT_MIN)
RMA_GETF2(z, RMA_DT_Z, double _Complex, double, DBL_MIN)

static int getrf_unblocked(rma_dtype_t t, int m, int n, void *a, int lda, int *ipiv) {
  switch (t) {
  case RMA_DT_S:
    return getf2_s(m, n, a, lda, ipiv);
  case RMA_DT_D:
    return getf2_d(m, n, a, lda, ipiv);
  case RMA_DT_C:
    return getf2_c(m, n, a, lda, ipiv);
  default:
    return getf2_z(m, n, a, lda, ipiv);
  }
}

// Recursive LU of the row-major m x n panel (BLAS-3): factor the left half,
// interchange the right half's rows, U12 = L11^-1 A12, A22 -= L21 U12,
// factor A22, interchange the left half's rows below. No workspace (LAPACKE's
// row-major getrf transposes into a buffer it allocates on every call: page
// faults on a program's first calls, two copies of the panel on every one).
static int getrf_recursive(rma_dtype_t t, int m, int n, void *a, int lda, int *ipiv) {
  int steps = m < n ? m : n;
  if (steps <= 8)
    return getrf_unblocked(t, m, n, a, lda, ipiv);
  int n1 = steps / 2;
  int info = getrf_recursive(t, m, n1, a, lda, ipiv);
  if (info && !ipiv)
    return info;
  if (ipiv)
    swap_rows(t, a, lda, n1, n, 0, n1, ipiv);
  void *a12 = elem(t, a, lda, 0, n1), *a21 = elem(t, a, lda, n1, 0);
  void *a22 = elem(t, a, lda, n1, n1);
  // Inside the panel's own charge: the uncharged BLAS-3 calls.
  rma_cblas_trsm(t, RMA_SIDE_LEFT, 1, RMA_OP_N, 1, n1, n - n1, 1.0, a, lda, a12, lda);
  rma_cblas_gemm(t, RMA_OP_N, RMA_OP_N, m - n1, n - n1, n1, -1.0, a21, lda, a12, lda, 1.0, a22,
                 lda);
  int info2 = getrf_recursive(t, m - n1, n - n1, a22, lda, ipiv ? ipiv + n1 : NULL);
  if (ipiv) {
    for (int i = n1; i < steps; i++)
      ipiv[i] += n1;
    swap_rows(t, a, lda, 0, n1, n1, steps, ipiv);
  }
  return info ? info : info2 ? info2 + n1 : 0;
}

// The public panel kernels: in the simulation build one MODEL charge for the
// whole recursion; with no values (shared-malloc mode) nothing is computed
// and no row moves.
static int getrf_kernel(rma_dtype_t t, int m, int n, void *a, int lda, int *ipiv) {
  if (m == 0 || n == 0)
    return 0;
#ifdef RMALA_SIMULATE
  if (rma_kernel_sim_begin(t, ipiv ? RMA_KMODEL_GETRF : RMA_KMODEL_GETRF_NOPIV, m, n, 0)) {
    for (int i = 0; ipiv && i < (m < n ? m : n); i++)
      ipiv[i] = i + 1;
    return rma_kernel_sim_end();
  }
  int info = getrf_recursive(t, m, n, a, lda, ipiv);
  rma_kernel_sim_end();
  return info;
#else
  return getrf_recursive(t, m, n, a, lda, ipiv);
#endif
}

int rma_kernel_getrf_dt(rma_dtype_t t, int m, int n, void *a, int lda, int *ipiv) {
  return getrf_kernel(t, m, n, a, lda, ipiv);
}

int rma_kernel_getrf_nopiv_dt(rma_dtype_t t, int m, int n, void *a, int lda) {
  return getrf_kernel(t, m, n, a, lda, NULL);
}

int rma_kernel_getrf(int m, int n, double *a, int lda, int *ipiv) {
  return rma_kernel_getrf_dt(RMA_DT_D, m, n, a, lda, ipiv);
}

int rma_kernel_getrf_nopiv(int m, int n, double *a, int lda) {
  return rma_kernel_getrf_nopiv_dt(RMA_DT_D, m, n, a, lda);
}

void rma_kernel_trsm(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                     double *b, int ldb) {
  rma_kernel_trsm_dt(RMA_DT_D, RMA_SIDE_LEFT, lower, trans ? RMA_OP_T : RMA_OP_N, unit, m, n, 1.0,
                     a, lda, b, ldb);
}

void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb) {
  rma_kernel_trsm_dt(RMA_DT_D, RMA_SIDE_RIGHT, lower, trans ? RMA_OP_T : RMA_OP_N, unit, m, n, 1.0,
                     a, lda, b, ldb);
}
