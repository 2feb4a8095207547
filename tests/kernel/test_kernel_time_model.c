/*
 * The threaded-kernel MODEL's factor (kernel/time_model.h:
 * rma_kmodel_thread_factor) against its definition, r^log2(C) with r the
 * ratio of the 2-thread fit's time to the 1-thread fit's at the shape,
 * clamped to [1/2, 1]:
 *  - C <= 1 and empty shapes: factor 1;
 *  - a 2-thread fit at 0.8 of the 1-thread one: 0.8^log2(C) for C 2, 4, 6, 16;
 *  - linear (0.5) and super-linear (0.3) 2-thread fits: 1/C (the clamp);
 *  - a 2-thread fit slower than one thread (1.2): factor 1 at any C.
 * No MPI, no BLAS. Prints the worst relative error; exits 1 on a failure.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernel/time_model.h"

static int failures;
static double worst;

// Compare factor (kind gemm, shape m n k, threads c) with want.
static void expect(const rma_kmodel_t *one, const rma_kmodel_t *two, int m, int c, double want) {
  double got = rma_kmodel_thread_factor(one, two, RMA_KMODEL_GEMM, m, m, m, c);
  double err = fabs(got / want - 1.0);
  worst = err > worst ? err : worst;
  if (err > 1e-12) {
    printf("FAIL: m %d, %d threads: factor %.15g, expected %.15g\n", m, c, got, want);
    failures++;
  }
}

// A gemm-only model whose time is s times that of base.
static rma_kmodel_t scaled(const rma_kmodel_t *base, double s) {
  rma_kmodel_t x = *base;
  for (int i = 0; i < RMA_KMODEL_TERMS; i++)
    x.c[RMA_KMODEL_GEMM][i] *= s;
  return x;
}

int main(void) {
  rma_kmodel_t one;
  memset(&one, 0, sizeof one);
  one.c[RMA_KMODEL_GEMM][0] = 1e-6, one.c[RMA_KMODEL_GEMM][1] = 2e-11;
  one.have[RMA_KMODEL_GEMM] = 1;
  rma_kmodel_t r08 = scaled(&one, 0.8), lin = scaled(&one, 0.5), sup = scaled(&one, 0.3),
               slow = scaled(&one, 1.2);
  const int threads[] = {2, 4, 6, 16};
  for (int i = 0; i < 4; i++) {
    int c = threads[i];
    expect(&one, &r08, 512, c, pow(0.8, log2((double)c)));
    expect(&one, &lin, 512, c, 1.0 / c);
    expect(&one, &sup, 512, c, 1.0 / c);
    expect(&one, &slow, 512, c, 1.0);
  }
  expect(&one, &r08, 512, 1, 1.0);
  expect(&one, &lin, 0, 16, 1.0); // empty shape
  printf("test_kernel_time_model: worst relative error %.3g, %d failures\n", worst, failures);
  return failures ? 1 : 0;
}
