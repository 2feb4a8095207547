/*
 * The threaded-kernel MODEL's factor (kernel/time_model.h:
 * rma_kmodel_thread_factor) against its definition, r^log2(C) with r the
 * ratio of the 2-thread fit's time to the 1-thread fit's at the shape,
 * clamped to [1/2, 1]:
 *  - C <= 1 and empty shapes: factor 1;
 *  - a 2-thread fit at 0.8 of the 1-thread one: 0.8^log2(C) for C 2, 4, 6, 16;
 *  - linear (0.5) and super-linear (0.3) 2-thread fits: 1/C (the clamp);
 *  - a 2-thread fit slower than one thread (1.2): factor 1 at any C.
 * The panel kinds vector and ger (the memory-bound BLAS-1/2 calls of a
 * column-by-column LU, charged by kernel/vector_blas.c):
 *  - their names and terms as kernel/time_model.h defines them (exact);
 *  - the committed sim/models/default.txt has both, with a time > 0 for a
 *    panel column (8192 entries) and a panel update (127 x 8192): fails
 *    when a model file without them is committed as the default;
 *  - a file without them (older fits) still reads (0), has[] = 0, and
 *    their time is 0 (the simulation leaves them to SMPI's host-code
 *    timing, as before: kernel/sim_charge.h); a file without a required kind
 *    (trsm) is refused (-2).
 * No MPI, no BLAS. Prints the worst relative error; exits 1 on a failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL: " __VA_ARGS__);                                                                \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// Terms of kind at (m, n, k) equal want[1..3] exactly (x[0] = 1).
static void expect_terms(rma_kmodel_kind_t kind, int m, int n, int k, double w1, double w2,
                         double w3) {
  double x[RMA_KMODEL_TERMS];
  int rc = rma_kmodel_terms(kind, m, n, k, x);
  CHECK(rc == 0 && x[0] == 1.0 && x[1] == w1 && x[2] == w2 && x[3] == w3,
        "%s terms at (%d, %d, %d): rc %d, (%g, %g, %g)", rma_kmodel_name(kind), m, n, k, rc, x[1],
        x[2], x[3]);
}

// The panel kinds: names, terms, the committed default model, older files.
static void panel_kinds(void) {
  CHECK(rma_kmodel_name(RMA_KMODEL_VECTOR) &&
            strcmp(rma_kmodel_name(RMA_KMODEL_VECTOR), "vector") == 0,
        "kind vector's name");
  CHECK(rma_kmodel_name(RMA_KMODEL_GER) && strcmp(rma_kmodel_name(RMA_KMODEL_GER), "ger") == 0,
        "kind ger's name");
  expect_terms(RMA_KMODEL_VECTOR, 1000, 3, 0, 3000.0, 0.0, 0.0);
  expect_terms(RMA_KMODEL_VECTOR, 1000, 4, 2, 4000.0, 2000.0, 0.0);
  expect_terms(RMA_KMODEL_VECTOR, 3000, 2, 1, 6000.0, 3000.0, 3000.0); // beyond the TLB reach
  expect_terms(RMA_KMODEL_GER, 100, 2000, 0, 200000.0, 100.0, 2000.0);

  rma_kmodel_t def;
  int rc = rma_kmodel_read(RMALA_TEST_MODELS "/default.txt", &def);
  CHECK(rc == 0, "read %s: %d", RMALA_TEST_MODELS "/default.txt", rc);
  CHECK(def.have[RMA_KMODEL_VECTOR] && def.have[RMA_KMODEL_GER],
        "default.txt lacks vector (%d) or ger (%d): the LU panel would be charged nothing",
        def.have[RMA_KMODEL_VECTOR], def.have[RMA_KMODEL_GER]);
  double tv = rma_kmodel_time(&def, RMA_KMODEL_VECTOR, 8192, 2, 0),
         tg = rma_kmodel_time(&def, RMA_KMODEL_GER, 127, 8192, 0);
  CHECK(tv > 0.0 && tg > 0.0, "default.txt: vector %g s, ger %g s, want > 0", tv, tg);

  // An older file: the five required kinds only.
  char path[] = "/tmp/rmala_kmodel_XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  CHECK(f != NULL, "temporary file");
  if (!f)
    return;
  fprintf(f, "machine old\n");
  for (int kd = 0; kd < RMA_KMODEL_REQUIRED; kd++)
    fprintf(f, "%s 1e-6 1e-10 0 0\n", rma_kmodel_name((rma_kmodel_kind_t)kd));
  fclose(f);
  rma_kmodel_t old;
  rc = rma_kmodel_read(path, &old);
  CHECK(rc == 0 && !old.have[RMA_KMODEL_VECTOR] && !old.have[RMA_KMODEL_GER],
        "older file: rc %d, have vector %d, ger %d (want 0, 0, 0)", rc, old.have[RMA_KMODEL_VECTOR],
        old.have[RMA_KMODEL_GER]);
  CHECK(rma_kmodel_time(&old, RMA_KMODEL_VECTOR, 8192, 2, 0) == 0.0 &&
            rma_kmodel_time(&old, RMA_KMODEL_GER, 127, 8192, 0) == 0.0 &&
            rma_kmodel_time(&old, RMA_KMODEL_SCALE, 100, 100, 0) > 0.0,
        "older file: panel kinds must cost 0, scale > 0");
  // Without trsm (required): refused.
  f = fopen(path, "w");
  fprintf(f, "machine broken\ngemm 1e-6 1e-11 0 0\ngetrf 1 0 0 0\n");
  fclose(f);
  CHECK(rma_kmodel_read(path, &old) == -2, "a file without trsm must be refused (-2)");
  remove(path);
}

int main(void) {
  panel_kinds();
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
