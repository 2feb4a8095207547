/*
 * The LU panel kernels (kernel/tile_lapack.h), rmala's own recursive
 * row-major LU, against their definition and against LAPACK:
 *  - factorisation: with P the interchanges of ipiv applied in order,
 *    ratio = max|P A - L U| / (max|A| * k * eps) <= 20, k = min(m, n)
 *    (L unit lower m x k, U upper k x n, both read from the result);
 *  - partial pivoting: every |L(i, j)| <= 1;
 *  - info: the column of the first exactly zero pivot, equal to LAPACKE's
 *    dgetrf on matrices with zero columns; ipiv in range;
 *  - the pivots equal LAPACKE's dgetrf's on random matrices (rounding may
 *    split a near-tie differently: counted and printed, at most 1 % of the
 *    cases may differ);
 *  - no pivoting: on diagonally dominant matrices the same residual check;
 *    a zero leading entry of column c stops at c (info = c);
 *  - columns of the array beyond n (ld > n) are untouched.
 * Matrices from the seeded generator (rt_entry). Prints the worst ratio;
 * exits 1 on any failure.
 */
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/tile_lapack.h"
#include "testutil.h"

static rt_ratio_t lu_ratio = RT_RATIO("factorization", "max|P A - L U| / (max|A| k eps)", 20.0);
static int cases, pivot_differs;

// max|P A - L U| / (max|A| k eps) of the factored f (ld) against a (ld).
static double residual(int m, int n, const double *a, const double *f, int ld, const int *ipiv) {
  int k = m < n ? m : n;
  double *pa = malloc(sizeof(double) * (size_t)m * (size_t)ld);
  memcpy(pa, a, sizeof(double) * (size_t)m * (size_t)ld);
  for (int i = 0; ipiv && i < k; i++) {
    int p = ipiv[i] - 1;
    for (int c = 0; c < n; c++) {
      double t = pa[(long)i * ld + c];
      pa[(long)i * ld + c] = pa[(long)p * ld + c], pa[(long)p * ld + c] = t;
    }
  }
  double amax = 0.0, r = 0.0;
  for (int i = 0; i < m; i++)
    for (int c = 0; c < n; c++) {
      double s = 0.0;
      for (int l = 0; l < k && l <= i && l <= c; l++) {
        double lv = l == i ? 1.0 : f[(long)i * ld + l];
        s += lv * f[(long)l * ld + c];
      }
      r = fmax(r, fabs(pa[(long)i * ld + c] - s));
      amax = fmax(amax, fabs(a[(long)i * ld + c]));
    }
  free(pa);
  return r / (amax * (k ? k : 1) * DBL_EPSILON + DBL_MIN);
}

static void one(int m, int n, int pad, int pivot, int zero_col, unsigned seed) {
  int ld = n + pad, k = m < n ? m : n;
  size_t len = (size_t)m * (size_t)ld;
  double *a = malloc(sizeof(double) * len), *f = malloc(sizeof(double) * len);
  double *g = malloc(sizeof(double) * len);
  int *ipiv = calloc((size_t)k + 1, sizeof(int)), *ref = calloc((size_t)k + 1, sizeof(int));
  for (int i = 0; i < m; i++)
    for (int c = 0; c < ld; c++)
      a[(long)i * ld + c] = rt_entry(seed, i, c);
  if (!pivot) // diagonally dominant: no pivoting is stable
    for (int i = 0; i < k; i++)
      a[(long)i * ld + i] += (i % 2 ? -1.0 : 1.0) * (double)(m + n);
  if (zero_col >= 0)
    for (int i = 0; i < m; i++)
      a[(long)i * ld + zero_col] = 0.0;
  memcpy(f, a, sizeof(double) * len);
  memcpy(g, a, sizeof(double) * len);
  int info = pivot ? rma_kernel_getrf(m, n, f, ld, ipiv) : rma_kernel_getrf_nopiv(m, n, f, ld);
  cases++;
  for (int i = 0; i < m; i++)
    for (int c = n; c < ld; c++)
      RT_CHECK(f[(long)i * ld + c] == a[(long)i * ld + c], "m %d n %d: column %d beyond n written",
               m, n, c);
  if (!pivot && zero_col >= 0 && zero_col < k) {
    // The first zero pivot (the dominant diagonal keeps the others nonzero).
    RT_CHECK(info == zero_col + 1, "nopiv m %d n %d zero column %d: info %d", m, n, zero_col, info);
    goto out;
  }
  if (pivot) {
    lapack_int rinfo = LAPACKE_dgetrf(LAPACK_ROW_MAJOR, m, n, g, ld, ref);
    int expect = rinfo > 0 ? (int)rinfo : 0;
    RT_CHECK(info == expect, "m %d n %d zero column %d: info %d, LAPACK %d", m, n, zero_col, info,
             expect);
    int differs = 0;
    for (int i = 0; i < k; i++) {
      RT_CHECK(ipiv[i] >= i + 1 && ipiv[i] <= m, "m %d n %d: ipiv[%d] = %d", m, n, i, ipiv[i]);
      differs |= ipiv[i] != ref[i];
    }
    pivot_differs += differs;
    for (int i = 0; i < m; i++)
      for (int c = 0; c < k && c < i; c++)
        RT_CHECK(fabs(f[(long)i * ld + c]) <= 1.0, "m %d n %d: |L(%d,%d)| = %g > 1", m, n, i, c,
                 f[(long)i * ld + c]);
  } else {
    RT_CHECK(info == 0, "nopiv m %d n %d: info %d on a dominant matrix", m, n, info);
  }
  double r = residual(m, n, a, f, ld, pivot ? ipiv : NULL);
  RT_CHECK(rt_ratio(&lu_ratio, r), "m %d n %d pad %d pivot %d zero column %d: residual ratio %.3g",
           m, n, pad, pivot, zero_col, r);
out:
  free(a), free(f), free(g), free(ipiv), free(ref);
}

int main(void) {
  const int sizes[] = {1, 2, 7, 8, 9, 16, 17, 33, 64, 100, 257};
  const int ns = (int)(sizeof sizes / sizeof *sizes);
  unsigned seed = 7;
  for (int x = 0; x < ns; x++)
    for (int y = 0; y < ns; y++)
      for (int pivot = 0; pivot <= 1; pivot++)
        for (int variant = 0; variant < 3; variant++) {
          int m = sizes[x], n = sizes[y];
          int zero_col = variant == 2 ? (int)(seed % (unsigned)n) : -1;
          one(m, n, variant == 1 ? 3 : 0, pivot, zero_col, seed += 101);
        }
  // Tall panels as the LU factors them.
  for (int pivot = 0; pivot <= 1; pivot++)
    for (int n = 64; n <= 256; n *= 2)
      one(2048, n, 0, pivot, -1, seed += 17);
  printf("test_kernel_getrf: %d cases, pivots differing from LAPACK's in %d cases\n", cases,
         pivot_differs);
  if (pivot_differs * 100 > cases)
    rt_fail("pivots differ from LAPACK's in more than 1 %% of the cases");
  return rt_finish("test_kernel_getrf", &lu_ratio, 1);
}
