/*
 * types.c — the element types gemm runs in (--dtype s, d, c, z): names, GA
 * type constants, sizes, unit roundoffs, and values stored and read in the
 * type. Every impl takes its inputs from bench_entry, so all of them see the
 * same (type-rounded) numbers: rt_tvalue's (tests/common/testutil.h), the
 * elements through tests/common/typed_elem.h.
 */
#include <complex.h>
#include <float.h>
#include <ga.h>

#include "bench.h"
#include "testutil.h"
#include "typed_elem.h"

char bench_dtype_char(bench_dtype_t dt) { return "dscz"[dt]; }

int bench_dtype_complex(bench_dtype_t dt) { return dt == DT_C || dt == DT_Z; }

int bench_dtype_ga(bench_dtype_t dt) {
  static const int ga[DT_COUNT] = {C_DBL, C_FLOAT, C_SCPL, C_DCPL};
  return ga[dt];
}

int bench_dtype_te(bench_dtype_t dt) {
  static const int te[DT_COUNT] = {TE_D, TE_S, TE_C, TE_Z};
  return te[dt];
}

size_t bench_dtype_size(bench_dtype_t dt) { return te_size(bench_dtype_te(dt)); }

double bench_dtype_eps(bench_dtype_t dt) {
  return dt == DT_S || dt == DT_C ? FLT_EPSILON / 2 : RT_EPS;
}

const char *bench_dtype_ops(bench_dtype_t dt) {
  static const char *const names[DT_COUNT] = {"dgemm", "sgemm", "cgemm", "zgemm"};
  return names[dt];
}

const char *bench_dtype_lu(bench_dtype_t dt) {
  static const char *const names[DT_COUNT] = {"dgetrf", "sgetrf", "cgetrf", "zgetrf"};
  return names[dt];
}

const char *bench_dtype_trsm(bench_dtype_t dt) {
  static const char *const names[DT_COUNT] = {"dtrsm", "strsm", "ctrsm", "ztrsm"};
  return names[dt];
}

const char *bench_dtype_potrf(bench_dtype_t dt) {
  static const char *const names[DT_COUNT] = {"dpotrf", "spotrf", "cpotrf", "zpotrf"};
  return names[dt];
}

void bench_value_store(bench_dtype_t dt, void *buf, size_t idx, double complex v) {
  te_put(bench_dtype_te(dt), buf, (long)idx, v);
}

double complex bench_value_load(bench_dtype_t dt, const void *buf, size_t idx) {
  return te_get(bench_dtype_te(dt), buf, (long)idx);
}

double complex bench_entry(bench_dtype_t dt, uint64_t seed, long i, long j) {
  return rt_tvalue(bench_dtype_te(dt), seed, i, j);
}
