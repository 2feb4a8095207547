/*
 * types.c — the element types gemm runs in (--dtype s, d, c, z): names, GA
 * type constants, sizes, unit roundoffs, and values stored and read in the
 * type. Every impl takes its inputs from bench_entry, so all of them see the
 * same (type-rounded) numbers: real parts rt_entry(seed, i, j), imaginary
 * parts rt_entry(RT_IMAG_SEED(seed), i, j) (tests/common/rmala_testutil).
 */
#include <complex.h>
#include <float.h>
#include <ga.h>

#include "bench.h"
#include "rmala_testutil.h"

char bench_dtype_char(bench_dtype_t dt) { return "dscz"[dt]; }

int bench_dtype_complex(bench_dtype_t dt) { return dt == DT_C || dt == DT_Z; }

int bench_dtype_ga(bench_dtype_t dt) {
  static const int ga[DT_COUNT] = {C_DBL, C_FLOAT, C_SCPL, C_DCPL};
  return ga[dt];
}

size_t bench_dtype_size(bench_dtype_t dt) { return rt_type_size(bench_dtype_ga(dt)); }

double bench_dtype_eps(bench_dtype_t dt) {
  return dt == DT_S || dt == DT_C ? FLT_EPSILON / 2 : RT_EPS;
}

const char *bench_dtype_ops(bench_dtype_t dt) {
  static const char *const names[DT_COUNT] = {"dgemm", "sgemm", "cgemm", "zgemm"};
  return names[dt];
}

void bench_value_store(bench_dtype_t dt, void *buf, size_t idx, double complex v) {
  switch (dt) {
  case DT_S:
    ((float *)buf)[idx] = (float)creal(v);
    break;
  case DT_C:
    ((float complex *)buf)[idx] = (float complex)v;
    break;
  case DT_Z:
    ((double complex *)buf)[idx] = v;
    break;
  default:
    ((double *)buf)[idx] = creal(v);
  }
}

double complex bench_value_load(bench_dtype_t dt, const void *buf, size_t idx) {
  switch (dt) {
  case DT_S:
    return ((const float *)buf)[idx];
  case DT_C:
    return ((const float complex *)buf)[idx];
  case DT_Z:
    return ((const double complex *)buf)[idx];
  default:
    return ((const double *)buf)[idx];
  }
}

double complex bench_entry(bench_dtype_t dt, uint64_t seed, long i, long j) {
  return rt_entry_type(bench_dtype_ga(dt), seed, i, j);
}
