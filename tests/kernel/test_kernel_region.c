/*
 * The band kernels of kernel/tile_region.h (no MPI): scale, add, set and
 * real on R(lo, hi) = {(x, y): lo <= y - x <= hi} of row-major arrays in
 * s, d, c, z, for every band of a 7 x 9 array inside a leading dimension of
 * 11 (lower and upper trapezoids, single diagonals, empty bands, the whole
 * array) against the element-by-element definition.
 * Check: every entry exactly as defined (inside: the operation, rounded in
 * the type; outside and in the padding: bit for bit unchanged); beta = 0
 * writes zeros over NaN. Exits 1 on any failure.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernel/tile_region.h"
#include "testutil.h"
#include "typed_elem.h"

enum { M = 7, N = 9, LD = 11 };

static double complex start(int t, int x, int y) {
  double complex v = (x * 13 + y * 7) % 17 - 8.0 + (te_complex(t) ? ((x + 2 * y) % 5 - 2.0) * I : 0);
  return x == 3 && y == 4 ? NAN : v; // one NaN: scale by 0 must clear it
}

static void one(int t, int lo, int hi) {
  size_t es = te_size(t);
  char c[M * LD * 16], a[M * LD * 16], before[M * LD * 16];
  for (int x = 0; x < M; x++)
    for (int y = 0; y < LD; y++) {
      te_put(t, c, (long)x * LD + y, start(t, x, y));
      te_put(t, a, (long)x * LD + y, 0.5 * x - 0.25 * y + (te_complex(t) ? 0.125 * I : 0));
    }
  memcpy(before, c, es * M * LD);
  for (int op = 0; op < 4; op++) {
    memcpy(c, before, es * M * LD);
    double complex beta = op == 0 ? 0 : 0.5;
    if (op == 0)
      rma_kernel_region_scale_dt(t, M, N, lo, hi, 0, c, LD);
    else if (op == 1)
      rma_kernel_region_add_dt(t, M, N, lo, hi, a, LD, c, LD);
    else if (op == 2)
      rma_kernel_region_set_dt(t, M, N, lo, hi, 2.5 - I, c, LD);
    else
      rma_kernel_region_real_dt(t, M, N, lo, hi, c, LD);
    for (int x = 0; x < M; x++)
      for (int y = 0; y < LD; y++) {
        long e = (long)x * LD + y;
        int in = y < N && y - x >= lo && y - x <= hi;
        char want[16];
        memcpy(want, before + es * e, es);
        if (in) {
          double complex v = te_get(t, before, e);
          v = op == 0 ? beta * v : op == 1 ? v + te_get(t, a, e) : op == 2 ? 2.5 - I : creal(v) + 0 * I;
          if (op == 0)
            v = 0;
          if (op == 3 && !te_complex(t))
            v = te_get(t, before, e);
          te_put(t, want, 0, v);
        }
        if (memcmp(want, c + es * e, es) && !(isnan(creal(te_get(t, want, 0))) && isnan(creal(te_get(t, c, e)))))
          rt_fail("type %c op %d band [%d, %d]: entry (%d, %d) is %g%+gi", te_name(t), op, lo, hi, x,
                  y, creal(te_get(t, c, e)), cimag(te_get(t, c, e)));
      }
  }
}

int main(void) {
  for (int t = 0; t < TE_NTYPES; t++) {
    for (int d = -M - 1; d <= N + 1; d++) {
      one(t, RMA_REGION_ALL_LO, d);
      one(t, d, RMA_REGION_ALL_HI);
      one(t, d, d);
    }
    one(t, 2, 1); // empty
    one(t, RMA_REGION_ALL_LO, RMA_REGION_ALL_HI);
  }
  return rt_finish("test_kernel_region", NULL, 0);
}
