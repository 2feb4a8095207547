#include "kernel/tile_region.h"

#include <complex.h>

#include "kernel/tile_blas.h"

// Columns [*y0, *y1) of row x inside R(lo, hi) of an n-column array; 0 when empty.
static int row_part(int x, int n, int lo, int hi, int *y0, int *y1) {
  long a = (long)x + lo, b = (long)x + hi + 1;
  *y0 = a < 0 ? 0 : a > n ? n : (int)a;
  *y1 = b < 0 ? 0 : b > n ? n : (int)b;
  return *y1 > *y0;
}

void rma_kernel_region_scale_dt(rma_dtype_t t, int m, int n, int lo, int hi, rma_scalar_t beta,
                                void *c, int ldc) {
  size_t es = rma_dtype_size(t);
  int y0, y1;
  if (lo <= -(m - 1) && hi >= n - 1) { // the whole array: one call
    rma_kernel_scale_dt(t, m, n, beta, c, ldc);
    return;
  }
  for (int x = 0; x < m; x++)
    if (row_part(x, n, lo, hi, &y0, &y1))
      rma_kernel_scale_dt(t, 1, y1 - y0, beta, (char *)c + es * ((size_t)x * ldc + y0), ldc);
}

// The typed loops of add and set: one body per element type.
#define REGION_LOOP(T, body)                                                                       \
  for (int x = 0; x < m; x++) {                                                                    \
    int y0, y1;                                                                                    \
    if (!row_part(x, n, lo, hi, &y0, &y1))                                                         \
      continue;                                                                                    \
    T *cr = (T *)c + (size_t)x * ldc;                                                              \
    (void)cr;                                                                                      \
    for (int y = y0; y < y1; y++)                                                                  \
      body;                                                                                        \
  }

void rma_kernel_region_add_dt(rma_dtype_t t, int m, int n, int lo, int hi, const void *a, int lda,
                              void *c, int ldc) {
  switch (t) {
  case RMA_DT_S:
    REGION_LOOP(float, cr[y] += ((const float *)a)[(size_t)x * lda + y]);
    break;
  case RMA_DT_D:
    REGION_LOOP(double, cr[y] += ((const double *)a)[(size_t)x * lda + y]);
    break;
  case RMA_DT_C:
    REGION_LOOP(float _Complex, cr[y] += ((const float _Complex *)a)[(size_t)x * lda + y]);
    break;
  default:
    REGION_LOOP(double _Complex, cr[y] += ((const double _Complex *)a)[(size_t)x * lda + y]);
  }
}

void rma_kernel_region_set_dt(rma_dtype_t t, int m, int n, int lo, int hi, rma_scalar_t v, void *c,
                              int ldc) {
  switch (t) {
  case RMA_DT_S:
    REGION_LOOP(float, cr[y] = (float)creal(v));
    break;
  case RMA_DT_D:
    REGION_LOOP(double, cr[y] = creal(v));
    break;
  case RMA_DT_C:
    REGION_LOOP(float _Complex, cr[y] = (float _Complex)v);
    break;
  default:
    REGION_LOOP(double _Complex, cr[y] = v);
  }
}

void rma_kernel_region_real_dt(rma_dtype_t t, int m, int n, int lo, int hi, void *c, int ldc) {
  if (t == RMA_DT_C)
    REGION_LOOP(float _Complex, cr[y] = crealf(cr[y]));
  if (t == RMA_DT_Z)
    REGION_LOOP(double _Complex, cr[y] = creal(cr[y]));
}
