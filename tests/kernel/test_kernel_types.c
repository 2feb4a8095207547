/*
 * The typed kernels (kernel/tile_blas.h, tile_lapack.h, vector_blas.h) for s,
 * d, c and z against their definitions, the references computed naively in
 * long double (complex) from the values as stored; eps = rma_dtype_eps(type),
 * the type's own (single precision checked with single eps); |x| the modulus.
 *
 *  - gemm, every op pair (N, T, C; C is T for s and d), shapes 1 x 1 x 1,
 *    tall, wide, k = 1, k = 0, the odd sizes 1..67 and mixtures of them,
 *    alpha in {1, -1, 0, x}, beta in {0 with NaN in C, 1, -1/2, x}:
 *      ratio = max|C - Cref| / ((|alpha| k max|A| max|B| + |beta| max|C0|) eps) <= 16
 *    (a zero denominator requires C == Cref exactly); no NaN survives beta = 0;
 *    the padding columns of C (ld > n) are untouched, A's and B's hold NaN.
 *  - gemv, every op, strides 1 and 2, the same alphas and betas:
 *      ratio = max|y - yref| / ((|alpha| nx max|A| max|x| + |beta| max|y0|) eps) <= 16
 *  - scale: beta = 0 writes zeros over NaN, beta = 1 nothing, else
 *      ratio = max|C - beta C0| / (|beta| max|C0| eps) <= 16
 *  - trsm, side left / right, lower / upper, op N / T / C, unit / non-unit
 *    (the triangle not referenced, and a unit diagonal, hold NaN):
 *      ratio = max|op(T) X - alpha B| / ((t max|T| max|X| + |alpha| max|B|) eps) <= 16
 *    (t the order of T); alpha = 0 gives zeros.
 *  - getrf with and without pivoting: with P the interchanges of ipiv in order,
 *      ratio = max|P A - L U| / (k max|A| eps) <= 16,   k = min(m, n)
 *    (L unit lower m x k, U upper k x n, read from the result); ipiv and info
 *    equal LAPACKE_?getrf's on a column-major copy of A (random matrices, where
 *    ties are impossible: rounding may still split a near-tie differently,
 *    counted and printed, at most 1 % of the cases); |L| <= 1 (s, d), <= sqrt 2
 *    (c, z: cabs1 pivoting); a zero column c < k gives info = c + 1 (LAPACKE's),
 *    an exact zero pivot made by elimination too; without pivoting the zero
 *    column stops the factorization (info = c + 1, nothing divided by zero:
 *    every entry finite); padding columns untouched.
 *  - iamax: -1 for n <= 0, the first of tied entries, |re| + |im| (cabs1) for
 *    complex (not the modulus), strides; swap exact; scal and ger (unconjugated)
 *    with ratios as gemm's; the double entries equal the typed ones for d.
 * Prints the worst ratio per kernel and type.
 */
#include <complex.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/vector_blas.h"
#include "testutil.h"

typedef long double _Complex lc_t;

enum { K_GEMM, K_GEMV, K_SCALE, K_TRSM, K_GETRF, K_NOPIV, K_SCAL, K_GER, K_COUNT };
static const char *const kname[K_COUNT] = {"gemm",  "gemv",        "scale", "trsm",
                                           "getrf", "getrf_nopiv", "scal",  "ger"};

static double worst[K_COUNT][RMA_DT_COUNT];
static int cases[K_COUNT][RMA_DT_COUNT];
static int getrf_cases[RMA_DT_COUNT], pivot_differs[RMA_DT_COUNT];
static const double bound = 16.0;

// ---- values -------------------------------------------------------------------------------------
// The shared generator (tests/common) at successive indices: uniform in [-1/2, 1/2).
static long draws;
static double urand(void) { return rt_entry(0x2545f4914f6cdd1dull, draws++, 0); }

static rma_scalar_t rnd(rma_dtype_t t) {
  double re = urand();
  return rma_dtype_complex(t) ? CMPLX(re, urand()) : re;
}

// The scalar as type t holds it (the real part for s and d).
static rma_scalar_t typed(rma_dtype_t t, rma_scalar_t v) {
  return rma_dtype_complex(t) ? v : creal(v);
}

static void *alloc(rma_dtype_t t, long count) {
  return malloc(rma_dtype_size(t) * (size_t)(count > 0 ? count : 1));
}

static void put(rma_dtype_t t, void *x, long i, rma_scalar_t v) {
  rma_scalar_store(t, v, (char *)x + (size_t)i * rma_dtype_size(t));
}

static lc_t get(rma_dtype_t t, const void *x, long i) { return rma_scalar_load(t, x, i); }

static void fill(rma_dtype_t t, void *x, long count) {
  for (long i = 0; i < count; i++)
    put(t, x, i, rnd(t));
}

static int finite(lc_t v) { return isfinite(creall(v)) && isfinite(cimagl(v)); }

static void note(int kernel, rma_dtype_t t, double ratio) {
  cases[kernel][t]++;
  worst[kernel][t] = fmax(worst[kernel][t], ratio);
}

// err / den, or 0 / 1e300 when the denominator is 0 (then err must be 0).
static double ratio_of(double err, double den) {
  return den > 0.0 ? err / den : err == 0.0 ? 0.0 : 1e300;
}

static const rma_scalar_t alphas[4] = {1.0, -1.0, 0.0, CMPLX(0.7, -0.45)};
static const rma_scalar_t betas[4] = {0.0, 1.0, -0.5, CMPLX(0.3, 1.55)};

// op(X)(i, l) of the row-major x (ld ldx).
static lc_t op_at(rma_dtype_t t, rma_op_t op, const void *x, int ldx, int i, int l) {
  if (op == RMA_OP_N)
    return get(t, x, (long)i * ldx + l);
  lc_t v = get(t, x, (long)l * ldx + i);
  return op == RMA_OP_C ? conjl(v) : v;
}

// ---- gemm ---------------------------------------------------------------------------------------
static void gemm_case(rma_dtype_t t, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                      rma_scalar_t alpha, rma_scalar_t beta, int pad) {
  alpha = typed(t, alpha), beta = typed(t, beta);
  int ar = opa == RMA_OP_N ? m : k, ac = opa == RMA_OP_N ? k : m;
  int br = opb == RMA_OP_N ? k : n, bc = opb == RMA_OP_N ? n : k;
  int lda = (ac > 0 ? ac : 1) + pad, ldb = (bc > 0 ? bc : 1) + pad, ldc = (n > 0 ? n : 1) + pad;
  long la = (long)ar * lda, lb = (long)br * ldb, lcn = (long)m * ldc;
  void *a = alloc(t, la), *b = alloc(t, lb), *c = alloc(t, lcn), *c0 = alloc(t, lcn);
  double amax = 0.0, bmax = 0.0, cmax = 0.0;
  for (long x = 0; x < la; x++) {
    put(t, a, x, x % lda < ac ? rnd(t) : NAN); // padding NaN: never read
    amax = x % lda < ac ? fmax(amax, cabsl(get(t, a, x))) : amax;
  }
  for (long x = 0; x < lb; x++) {
    put(t, b, x, x % ldb < bc ? rnd(t) : NAN);
    bmax = x % ldb < bc ? fmax(bmax, cabsl(get(t, b, x))) : bmax;
  }
  for (long x = 0; x < lcn; x++) {
    put(t, c, x, x % ldc >= n ? 1234.5 : beta == 0.0 ? NAN : rnd(t));
    cmax = x % ldc < n && beta != 0.0 ? fmax(cmax, cabsl(get(t, c, x))) : cmax;
  }
  memcpy(c0, c, rma_dtype_size(t) * (size_t)lcn);
  rma_kernel_gemm_dt(t, opa, opb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  double err = 0.0;
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++) {
      lc_t s = 0.0;
      for (int l = 0; l < k; l++)
        s += op_at(t, opa, a, lda, i, l) * op_at(t, opb, b, ldb, l, j);
      lc_t ref = (lc_t)alpha * s + (beta == 0.0 ? 0.0 : (lc_t)beta * get(t, c0, (long)i * ldc + j));
      lc_t v = get(t, c, (long)i * ldc + j);
      RT_CHECK(finite(v), "gemm %c op %d%d %dx%dx%d: C(%d,%d) not finite", rma_dtype_char(t), opa, opb,
            m, n, k, i, j);
      err = fmax(err, (double)cabsl(v - ref));
    }
    for (int j = n; j < ldc; j++)
      RT_CHECK(get(t, c, (long)i * ldc + j) == 1234.5, "gemm %c: padding of C written",
            rma_dtype_char(t));
  }
  // ---- ratio = max|C - Cref| / ((|alpha| k max|A| max|B| + |beta| max|C0|) eps) <= 16
  double r = ratio_of(err, (cabs(alpha) * k * amax * bmax + cabs(beta) * cmax) * rma_dtype_eps(t));
  note(K_GEMM, t, r);
  RT_CHECK(r <= bound, "gemm %c op %d%d %dx%dx%d alpha %g%+gi beta %g%+gi pad %d: ratio %.3g",
        rma_dtype_char(t), opa, opb, m, n, k, creal(alpha), cimag(alpha), creal(beta), cimag(beta),
        pad, r);
  free(a), free(b), free(c), free(c0);
}

// ---- gemv ---------------------------------------------------------------------------------------
static void gemv_case(rma_dtype_t t, rma_op_t op, int m, int n, rma_scalar_t alpha,
                      rma_scalar_t beta, int inc) {
  alpha = typed(t, alpha), beta = typed(t, beta);
  int nx = op == RMA_OP_N ? n : m, ny = op == RMA_OP_N ? m : n, lda = n + 1;
  void *a = alloc(t, (long)m * lda), *x = alloc(t, (long)nx * inc), *y = alloc(t, (long)ny * inc);
  void *y0 = alloc(t, (long)ny * inc);
  fill(t, a, (long)m * lda);
  fill(t, x, (long)nx * inc);
  double amax = 0.0, xmax = 0.0, ymax = 0.0;
  for (long q = 0; q < (long)m * lda; q++)
    amax = q % lda < n ? fmax(amax, cabsl(get(t, a, q))) : amax;
  for (int i = 0; i < nx; i++)
    xmax = fmax(xmax, cabsl(get(t, x, (long)i * inc)));
  for (long i = 0; i < (long)ny * inc; i++) // the gaps between strided entries: 77
    put(t, y, i, i % inc ? 77.0 : beta == 0.0 ? NAN : rnd(t));
  for (int i = 0; i < ny && beta != 0.0; i++)
    ymax = fmax(ymax, cabsl(get(t, y, (long)i * inc)));
  memcpy(y0, y, rma_dtype_size(t) * (size_t)ny * (size_t)inc);
  rma_kernel_gemv_dt(t, op, m, n, alpha, a, lda, x, inc, beta, y, inc);
  double err = 0.0;
  for (int i = 0; i < ny; i++) {
    lc_t s = 0.0;
    for (int l = 0; l < nx; l++)
      s += op_at(t, op, a, lda, i, l) * get(t, x, (long)l * inc);
    lc_t ref = (lc_t)alpha * s + (beta == 0.0 ? 0.0 : (lc_t)beta * get(t, y0, (long)i * inc));
    lc_t v = get(t, y, (long)i * inc);
    RT_CHECK(finite(v), "gemv %c op %d %dx%d: y(%d) not finite", rma_dtype_char(t), op, m, n, i);
    err = fmax(err, (double)cabsl(v - ref));
    for (int g = 1; g < inc; g++)
      RT_CHECK(get(t, y, (long)i * inc + g) == 77.0, "gemv %c: y's gap written", rma_dtype_char(t));
  }
  // ---- ratio = max|y - yref| / ((|alpha| nx max|A| max|x| + |beta| max|y0|) eps) <= 16
  double r = ratio_of(err, (cabs(alpha) * nx * amax * xmax + cabs(beta) * ymax) * rma_dtype_eps(t));
  note(K_GEMV, t, r);
  RT_CHECK(r <= bound, "gemv %c op %d %dx%d inc %d: ratio %.3g", rma_dtype_char(t), op, m, n, inc, r);
  free(a), free(x), free(y), free(y0);
}

// ---- scale --------------------------------------------------------------------------------------
static void scale_case(rma_dtype_t t, int m, int n, int pad, rma_scalar_t beta) {
  beta = typed(t, beta);
  int ldc = n + pad;
  long len = (long)m * ldc;
  void *c = alloc(t, len), *c0 = alloc(t, len);
  for (long x = 0; x < len; x++)
    put(t, c, x, x % ldc >= n ? 1234.5 : beta == 0.0 ? NAN : rnd(t));
  memcpy(c0, c, rma_dtype_size(t) * (size_t)len);
  double cmax = 0.0, err = 0.0;
  for (long x = 0; x < len && beta != 0.0; x++)
    cmax = x % ldc < n ? fmax(cmax, cabsl(get(t, c0, x))) : cmax;
  rma_kernel_scale_dt(t, m, n, beta, c, ldc);
  for (long x = 0; x < len; x++) {
    lc_t v = get(t, c, x);
    if (x % ldc >= n) {
      RT_CHECK(v == 1234.5, "scale %c %dx%d: padding written", rma_dtype_char(t), m, n);
      continue;
    }
    RT_CHECK(finite(v), "scale %c %dx%d beta %g: entry %ld not finite", rma_dtype_char(t), m, n,
          creal(beta), x);
    err = fmax(err, (double)cabsl(v - (beta == 0.0 ? 0.0 : (lc_t)beta * get(t, c0, x))));
  }
  // ---- ratio = max|C - beta C0| / (|beta| max|C0| eps) <= 16
  double r = ratio_of(err, cabs(beta) * cmax * rma_dtype_eps(t));
  note(K_SCALE, t, r);
  RT_CHECK(r <= bound, "scale %c %dx%d pad %d: ratio %.3g", rma_dtype_char(t), m, n, pad, r);
  free(c), free(c0);
}

// ---- trsm ---------------------------------------------------------------------------------------
static void trsm_case(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                      int n, rma_scalar_t alpha, int pad) {
  alpha = typed(t, alpha);
  int tn = side == RMA_SIDE_LEFT ? m : n, lda = tn + pad, ldb = n + pad;
  void *a = alloc(t, (long)tn * lda), *b = alloc(t, (long)m * ldb), *b0 = alloc(t, (long)m * ldb);
  // T: random strict triangle, diagonal 1 + |r| with a random sign (non-unit), NaN elsewhere.
  double tmax = unit ? 1.0 : 0.0, xmax = 0.0, bmax = 0.0;
  for (int i = 0; i < tn; i++)
    for (int j = 0; j < lda; j++) {
      int in = j < tn && (lower ? j < i : j > i);
      rma_scalar_t v = in ? rnd(t) : NAN;
      if (j == i && !unit)
        v = (1.0 + fabs(urand())) * (urand() < 0 ? -1.0 : 1.0);
      put(t, a, (long)i * lda + j, v);
      if (in || (j == i && !unit))
        tmax = fmax(tmax, cabs(v));
    }
  for (long x = 0; x < (long)m * ldb; x++) {
    put(t, b, x, x % ldb < n ? rnd(t) : 1234.5);
    bmax = x % ldb < n ? fmax(bmax, cabsl(get(t, b, x))) : bmax;
  }
  memcpy(b0, b, rma_dtype_size(t) * (size_t)m * (size_t)ldb);
  rma_kernel_trsm_dt(t, side, lower, op, unit, m, n, alpha, a, lda, b, ldb);
  for (long x = 0; x < (long)m * ldb; x++) {
    lc_t v = get(t, b, x);
    if (x % ldb >= n) {
      RT_CHECK(v == 1234.5, "trsm %c: padding of B written", rma_dtype_char(t));
      continue;
    }
    RT_CHECK(finite(v), "trsm %c side %d lower %d op %d unit %d %dx%d: X not finite",
          rma_dtype_char(t), side, lower, op, unit, m, n);
    RT_CHECK(alpha != 0.0 || v == 0.0, "trsm %c alpha 0: X not zero", rma_dtype_char(t));
    xmax = fmax(xmax, cabsl(v));
  }
  // T(i, l) as the solve reads it (0 outside the triangle, 1 on a unit diagonal), then op.
#define TR(i, l)                                                                                   \
  ((i) == (l) && unit                  ? (lc_t)1.0                                                 \
   : (lower ? (l) <= (i) : (l) >= (i)) ? get(t, a, (long)(i)*lda + (l))                            \
                                       : (lc_t)0.0)
#define OPT(i, l) (op == RMA_OP_N ? TR(i, l) : op == RMA_OP_T ? TR(l, i) : conjl(TR(l, i)))
  double err = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      lc_t s = 0.0;
      for (int l = 0; l < tn; l++)
        s += side == RMA_SIDE_LEFT ? OPT(i, l) * get(t, b, (long)l * ldb + j)
                                   : get(t, b, (long)i * ldb + l) * OPT(l, j);
      err = fmax(err, (double)cabsl(s - (lc_t)alpha * get(t, b0, (long)i * ldb + j)));
    }
#undef OPT
#undef TR
  // ---- ratio = max|op(T) X - alpha B| / ((t max|T| max|X| + |alpha| max|B|) eps) <= 16
  double r = ratio_of(err, (tn * tmax * xmax + cabs(alpha) * bmax) * rma_dtype_eps(t));
  note(K_TRSM, t, r);
  RT_CHECK(r <= bound, "trsm %c side %d lower %d op %d unit %d %dx%d: ratio %.3g", rma_dtype_char(t),
        side, lower, op, unit, m, n, r);
  free(a), free(b), free(b0);
}

// ---- getrf --------------------------------------------------------------------------------------
// LAPACKE_?getrf on the column-major copy g (ld m) of the typed matrix.
static int lapacke_getrf(rma_dtype_t t, int m, int n, void *g, lapack_int *ipiv) {
  switch (t) {
  case RMA_DT_S:
    return (int)LAPACKE_sgetrf(LAPACK_COL_MAJOR, m, n, g, m > 1 ? m : 1, ipiv);
  case RMA_DT_D:
    return (int)LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, n, g, m > 1 ? m : 1, ipiv);
  case RMA_DT_C:
    return (int)LAPACKE_cgetrf(LAPACK_COL_MAJOR, m, n, g, m > 1 ? m : 1, ipiv);
  default:
    return (int)LAPACKE_zgetrf(LAPACK_COL_MAJOR, m, n, g, m > 1 ? m : 1, ipiv);
  }
}

// The factorization of a (m x n, ld lda, already filled; padding NaN) checked.
// zero_col: the column made zero (-1: none). exact: 1 for a matrix with exact
// ties, whose pivots must equal LAPACKE's (not counted against the 1 %); -1
// for one not compared with LAPACKE.
static void getrf_check(rma_dtype_t t, int m, int n, int lda, const void *a, int pivot,
                        int zero_col, int exact, const char *what) {
  int k = m < n ? m : n;
  size_t es = rma_dtype_size(t), bytes = es * (size_t)m * (size_t)lda;
  void *f = alloc(t, (long)m * lda), *pa = alloc(t, (long)m * lda), *g = alloc(t, (long)m * n);
  int *ipiv = calloc((size_t)k + 1, sizeof(int));
  lapack_int *ref = calloc((size_t)k + 1, sizeof(lapack_int));
  memcpy(f, a, bytes);
  int info = pivot ? rma_kernel_getrf_dt(t, m, n, f, lda, ipiv)
                   : rma_kernel_getrf_nopiv_dt(t, m, n, f, lda);
  for (int i = 0; i < m; i++) // padding bytes (NaN) untouched
    RT_CHECK(memcmp((char *)f + ((size_t)i * lda + n) * es,
                 (const char *)a + ((size_t)i * lda + n) * es, es * (size_t)(lda - n)) == 0,
          "getrf %c %s %dx%d: padding written", rma_dtype_char(t), what, m, n);
  if (!pivot && zero_col >= 0 && zero_col < k) {
    RT_CHECK(info == zero_col + 1, "getrf_nopiv %c %s %dx%d zero column %d: info %d",
          rma_dtype_char(t), what, m, n, zero_col, info);
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++)
        RT_CHECK(finite(get(t, f, (long)i * lda + j)), "getrf_nopiv %c %s: entry (%d,%d) not finite",
              rma_dtype_char(t), what, i, j);
    goto out;
  }
  double lbound = (rma_dtype_complex(t) ? sqrt(2.0) : 1.0) * (1.0 + 4.0 * rma_dtype_eps(t));
  if (pivot && exact >= 0) {
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++)
        put(t, g, (long)j * m + i, get(t, a, (long)i * lda + j));
    int rinfo = lapacke_getrf(t, m, n, g, ref);
    RT_CHECK(info == rinfo, "getrf %c %s %dx%d zero column %d: info %d, LAPACKE %d", rma_dtype_char(t),
          what, m, n, zero_col, info, rinfo);
    int differs = 0;
    for (int i = 0; i < k; i++) {
      RT_CHECK(ipiv[i] >= i + 1 && ipiv[i] <= m, "getrf %c %s %dx%d: ipiv[%d] = %d", rma_dtype_char(t),
            what, m, n, i, ipiv[i]);
      differs |= ipiv[i] != (int)ref[i];
    }
    RT_CHECK(!exact || !differs, "getrf %c %s %dx%d: pivots differ from LAPACKE's", rma_dtype_char(t),
          what, m, n);
    getrf_cases[t] += !exact;
    pivot_differs[t] += !exact && differs;
  }
  if (pivot) {
    for (int i = 0; i < m; i++)
      for (int j = 0; j < k && j < i; j++)
        RT_CHECK(cabsl(get(t, f, (long)i * lda + j)) <= lbound, "getrf %c %s %dx%d: |L(%d,%d)| > %g",
              rma_dtype_char(t), what, m, n, i, j, lbound);
  } else {
    RT_CHECK(info == 0, "getrf_nopiv %c %s %dx%d: info %d on a dominant matrix", rma_dtype_char(t),
          what, m, n, info);
  }
  // P A: the interchanges of ipiv in order.
  memcpy(pa, a, bytes);
  for (int i = 0; pivot && i < k; i++)
    for (int j = 0; j < n; j++) {
      long x = (long)i * lda + j, y = (long)(ipiv[i] - 1) * lda + j;
      lc_t v = get(t, pa, x);
      put(t, pa, x, get(t, pa, y)), put(t, pa, y, v);
    }
  double amax = 0.0, err = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      lc_t s = 0.0;
      for (int l = 0; l < k && l <= i && l <= j; l++)
        s += (l == i ? (lc_t)1.0 : get(t, f, (long)i * lda + l)) * get(t, f, (long)l * lda + j);
      err = fmax(err, (double)cabsl(get(t, pa, (long)i * lda + j) - s));
      amax = fmax(amax, cabsl(get(t, a, (long)i * lda + j)));
    }
  // ---- ratio = max|P A - L U| / (k max|A| eps) <= 16, k = min(m, n)
  double r = ratio_of(err, k * amax * rma_dtype_eps(t));
  note(pivot ? K_GETRF : K_NOPIV, t, r);
  RT_CHECK(r <= bound, "getrf %c %s %dx%d pivot %d zero column %d: ratio %.3g", rma_dtype_char(t),
        what, m, n, pivot, zero_col, r);
out:
  free(f), free(pa), free(g), free(ipiv), free(ref);
}

static void getrf_case(rma_dtype_t t, int m, int n, int pad, int pivot, int zero_col) {
  int lda = n + pad;
  void *a = alloc(t, (long)m * lda);
  for (long x = 0; x < (long)m * lda; x++)
    put(t, a, x, x % lda < n ? rnd(t) : NAN);
  if (!pivot) // diagonally dominant: no pivoting is stable
    for (int i = 0; i < m && i < n; i++)
      put(t, a, (long)i * lda + i, get(t, a, (long)i * lda + i) + (i % 2 ? -1.0 : 1.0) * (m + n));
  for (int i = 0; zero_col >= 0 && i < m; i++)
    put(t, a, (long)i * lda + zero_col, 0.0);
  getrf_check(t, m, n, lda, a, pivot, zero_col, 0, "random");
  free(a);
}

// Exact small matrices, pivots equal to LAPACKE's: a zero pivot made by
// elimination (info 2; ties among the zeros below it), ties of the largest
// entry (the first wins), and the pivot of a column whose largest cabs1 is
// not its largest modulus; a subnormal pivot (its reciprocal overflows:
// L's column is divided by it, as LAPACK does).
static void getrf_exact(rma_dtype_t t) {
  const double e[3][3] = {{2, 4, 7}, {1, 2, 3}, {1, 2, 5}};
  const double tie[4][3] = {{1, 2, 0.5}, {-3, 1, 2}, {3, 2, 1}, {2, -3, 1}};
  rma_scalar_t s = rma_dtype_complex(t) ? CMPLX(1.0, 1.0) : 1.0;
  void *a = alloc(t, 12), *col = alloc(t, 4);
  for (int i = 0; i < 9; i++)
    put(t, a, i, s * e[i / 3][i % 3]);
  getrf_check(t, 3, 3, 3, a, 1, -1, 1, "exact zero pivot");
  for (int i = 0; i < 12; i++)
    put(t, a, i, s * tie[i / 3][i % 3]);
  getrf_check(t, 4, 3, 3, a, 1, -1, 1, "ties");
  double tiny =
      ldexp(1.0, rma_dtype_single(t) ? -130 : -1040); // subnormal, and so are t / 4, t / 2
  const double sub[3][2] = {{tiny / 2, 1}, {tiny, 1}, {-tiny / 4, 2}};
  for (int i = 0; i < 6; i++)
    put(t, a, i, s * sub[i / 2][i % 2]);
  getrf_check(t, 3, 2, 2, a, 1, -1, -1, "subnormal pivot");
  int ipiv[2];
  // Rows (t, 1), (-t / 4, 2), (t / 2, 1) after the interchanges: L's column (-1/4, 1/2) exactly.
  RT_CHECK(rma_kernel_getrf_dt(t, 3, 2, a, 2, ipiv) == 0 && ipiv[0] == 2 && ipiv[1] == 3 &&
            get(t, a, 2) == -0.25 && get(t, a, 4) == 0.5,
        "getrf %c subnormal pivot: ipiv %d %d, L %Lg %Lg (-0.25 and 0.5 exactly)",
        rma_dtype_char(t), ipiv[0], ipiv[1], creall(get(t, a, 2)), creall(get(t, a, 4)));
  const rma_scalar_t v[4] = {3.5, CMPLX(2, 2), CMPLX(-1, -3), CMPLX(0, 3.9)};
  for (int i = 0; i < 4; i++)
    put(t, col, i, typed(t, v[i]));
  getrf_check(t, 4, 1, 1, col, 1, -1, 1, "cabs1 pivot");
  RT_CHECK(rma_kernel_getrf_dt(t, 4, 1, col, 1, ipiv) == 0 &&
            ipiv[0] == (rma_dtype_complex(t) ? 2 : 1),
        "getrf %c: pivot of (3.5, 2+2i, -1-3i, 3.9i) is row %d", rma_dtype_char(t), ipiv[0]);
  free(a), free(col);
}

// ---- vector kernels -----------------------------------------------------------------------------
static void vector_cases(rma_dtype_t t) {
  // iamax: ties give the first (3.5 and -3.5; 2+2i and -1-3i, cabs1 4), cabs1 (2+2i before
  // 3.9i, the larger modulus); strides and offsets.
  const rma_scalar_t v[5] = {3.5, CMPLX(2, 2), CMPLX(-1, -3), CMPLX(0, 3.9), -3.5};
  void *x = alloc(t, 8), *y = alloc(t, 8);
  for (int i = 0; i < 5; i++)
    put(t, x, i, typed(t, v[i]));
  int cplx = rma_dtype_complex(t);
  RT_CHECK(rma_kernel_iamax_dt(t, 0, x, 1) == -1 && rma_kernel_iamax_dt(t, -1, x, 1) == -1,
        "iamax %c: n <= 0 is not -1", rma_dtype_char(t));
  RT_CHECK(rma_kernel_iamax_dt(t, 5, x, 1) == (cplx ? 1 : 0), "iamax %c: %d", rma_dtype_char(t),
        rma_kernel_iamax_dt(t, 5, x, 1));
  RT_CHECK(rma_kernel_iamax_dt(t, 3, x, 2) == (cplx ? 1 : 0), "iamax %c stride 2: %d",
        rma_dtype_char(t), rma_kernel_iamax_dt(t, 3, x, 2));
  RT_CHECK(rma_kernel_iamax_dt(t, 4, (char *)x + rma_dtype_size(t), 1) == (cplx ? 0 : 3),
        "iamax %c offset: %d", rma_dtype_char(t),
        rma_kernel_iamax_dt(t, 4, (char *)x + rma_dtype_size(t), 1));
  // swap (strides 2 and 1), exact.
  fill(t, x, 8), fill(t, y, 8);
  lc_t x1 = get(t, x, 2), y1 = get(t, y, 1), x3 = get(t, x, 3);
  rma_kernel_swap_dt(t, 3, x, 2, y, 1);
  RT_CHECK(get(t, x, 2) == y1 && get(t, y, 1) == x1 && get(t, x, 3) == x3, "swap %c",
        rma_dtype_char(t));
  // scal with stride 3 (the others untouched).
  rma_scalar_t al = typed(t, CMPLX(0.7, -0.45));
  fill(t, x, 8);
  void *x0 = alloc(t, 8);
  memcpy(x0, x, rma_dtype_size(t) * 8);
  rma_kernel_scal_dt(t, 3, al, x, 3);
  double err = 0.0, xm = 0.0;
  for (int i = 0; i < 8; i++) {
    lc_t want = i % 3 == 0 ? (lc_t)al * get(t, x0, i) : get(t, x0, i);
    err = fmax(err, (double)cabsl(get(t, x, i) - want));
    xm = fmax(xm, cabsl(get(t, x0, i)));
  }
  // ---- ratio = max|x - x0 scaled| / (|alpha| max|x0| eps) <= 16
  double r = ratio_of(err, cabs(al) * xm * rma_dtype_eps(t));
  note(K_SCAL, t, r);
  RT_CHECK(r <= bound, "scal %c: ratio %.3g", rma_dtype_char(t), r);
  free(x), free(y), free(x0);
  // ger: A (m x n, lda n + 2) += alpha x y^T, unconjugated; x stride 2, y stride 1.
  int m = 13, n = 7, lda = n + 2;
  void *a = alloc(t, m * lda), *a0 = alloc(t, m * lda), *gx = alloc(t, 2 * m), *gy = alloc(t, n);
  fill(t, a, m * lda), fill(t, gx, 2 * m), fill(t, gy, n);
  memcpy(a0, a, rma_dtype_size(t) * (size_t)(m * lda));
  rma_kernel_ger_dt(t, m, n, al, gx, 2, gy, 1, a, lda);
  double am = 0.0, gm = 0.0, hm = 0.0;
  err = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < lda; j++) {
      lc_t want = get(t, a0, i * lda + j);
      if (j < n)
        want += (lc_t)al * get(t, gx, 2 * i) * get(t, gy, j);
      err = fmax(err, (double)cabsl(get(t, a, i * lda + j) - want));
      am = fmax(am, cabsl(get(t, a0, i * lda + j)));
      gm = fmax(gm, cabsl(get(t, gx, 2 * i)));
      hm = j < n ? fmax(hm, cabsl(get(t, gy, j))) : hm;
    }
  // ---- ratio = max|A - (A0 + alpha x y^T)| / ((|alpha| max|x| max|y| + max|A0|) eps) <= 16
  r = ratio_of(err, (cabs(al) * gm * hm + am) * rma_dtype_eps(t));
  note(K_GER, t, r);
  RT_CHECK(r <= bound, "ger %c: ratio %.3g", rma_dtype_char(t), r);
  free(a), free(a0), free(gx), free(gy);
}

// The double entries are the typed kernels for d (bit for bit).
static void double_entries(void) {
  enum { M = 9, N = 7, K = 5 };
  double a[M * K], b[K * N], c1[M * N], c2[M * N], f1[M * N], f2[M * N];
  int p1[N], p2[N];
  fill(RMA_DT_D, a, M * K), fill(RMA_DT_D, b, K * N), fill(RMA_DT_D, c1, M * N);
  memcpy(c2, c1, sizeof c1), memcpy(f1, c1, sizeof c1), memcpy(f2, c1, sizeof c1);
  rma_kernel_gemm(0, 1, M, N, K, -0.5, a, K, b, K, c1, N);
  rma_kernel_gemm_dt(RMA_DT_D, RMA_OP_N, RMA_OP_T, M, N, K, -0.5, a, K, b, K, 1.0, c2, N);
  RT_CHECK(memcmp(c1, c2, sizeof c1) == 0, "rma_kernel_gemm differs from rma_kernel_gemm_dt");
  int i1 = rma_kernel_getrf(M, N, f1, N, p1), i2 = rma_kernel_getrf_dt(RMA_DT_D, M, N, f2, N, p2);
  RT_CHECK(i1 == i2 && memcmp(f1, f2, sizeof f1) == 0 && memcmp(p1, p2, sizeof p1) == 0,
        "rma_kernel_getrf differs from rma_kernel_getrf_dt");
  rma_kernel_trsm_right(0, 1, 0, M - 2, N, f1, N, c1, N);
  rma_kernel_trsm_dt(RMA_DT_D, RMA_SIDE_RIGHT, 0, RMA_OP_T, 0, M - 2, N, 1.0, f2, N, c2, N);
  RT_CHECK(memcmp(c1, c2, sizeof c1) == 0, "rma_kernel_trsm_right differs from rma_kernel_trsm_dt");
}

int main(void) {
  enum { NODD = 34 };
  int odd[NODD];
  for (int i = 0; i < NODD; i++)
    odd[i] = 2 * i + 1; // 1, 3, ..., 67
  const int gemm_shapes[][3] = {{1, 1, 1},    {67, 1, 1}, {1, 67, 1}, {1, 1, 67},
                                {67, 2, 5},   {2, 67, 5}, {5, 2, 67}, {67, 67, 1},
                                {64, 64, 64}, {7, 9, 0},  {0, 5, 3},  {5, 0, 3}};
  const int nfixed = (int)(sizeof gemm_shapes / sizeof *gemm_shapes);
  const int getrf_shapes[][2] = {{1, 1},    {67, 1},   {1, 67},   {67, 9},   {9, 67},
                                 {130, 67}, {67, 130}, {256, 40}, {40, 256}, {300, 17},
                                 {17, 8},   {16, 16},  {2, 2},    {200, 100}};
  const int ngetrf = (int)(sizeof getrf_shapes / sizeof *getrf_shapes);
  const rma_op_t ops[3] = {RMA_OP_N, RMA_OP_T, RMA_OP_C};

  for (int ti = 0; ti < RMA_DT_COUNT; ti++) {
    rma_dtype_t t = (rma_dtype_t)ti;
    // gemm: the square odd sizes, mixtures of them (tall and wide), the fixed shapes.
    for (int s = 0; s < 2 * NODD + nfixed; s++) {
      int m, n, k;
      if (s < NODD)
        m = n = k = odd[s];
      else if (s < 2 * NODD)
        m = odd[s - NODD], n = odd[((s - NODD) * 7 + 3) % NODD],
        k = odd[((s - NODD) * 13 + 5) % NODD];
      else
        m = gemm_shapes[s - 2 * NODD][0], n = gemm_shapes[s - 2 * NODD][1],
        k = gemm_shapes[s - 2 * NODD][2];
      for (int oa = 0; oa < 3; oa++)
        for (int ob = 0; ob < 3; ob++) {
          int ab = (s * 9 + oa * 3 + ob) % 16;
          gemm_case(t, ops[oa], ops[ob], m, n, k, alphas[ab % 4], betas[ab / 4], s % 3);
        }
    }
    // gemv, scale.
    for (int s = 0; s < NODD; s += 3)
      for (int o = 0; o < 3; o++) {
        int ab = (s + o) % 16, m = odd[s], n = odd[(s * 5 + 7) % NODD];
        gemv_case(t, ops[o], m, n, alphas[ab % 4], betas[ab / 4], 1 + (s + o) % 2);
        gemv_case(t, ops[o], n, m, alphas[(ab + 1) % 4], betas[(ab / 4 + 1) % 4], 1);
      }
    for (int s = 0; s < NODD; s += 4)
      for (int b = 0; b < 4; b++) {
        scale_case(t, odd[s], odd[(s * 3 + 1) % NODD], s % 3, betas[b]); // rows
        scale_case(t, odd[s], 1, 4, betas[b]);                           // one strided column
        scale_case(t, odd[s], odd[(s * 3 + 1) % NODD], 0, betas[b]);     // contiguous
      }
    // trsm: every side, triangle, op and diagonal on a few shapes.
    const int trsm_shapes[][2] = {{1, 1},   {1, 5},  {5, 1},  {17, 3}, {3, 17},
                                  {33, 33}, {67, 9}, {9, 67}, {2, 2},  {64, 31}};
    for (int s = 0; s < 10; s++)
      for (int side = 0; side < 2; side++)
        for (int lower = 0; lower < 2; lower++)
          for (int o = 0; o < 3; o++)
            for (int unit = 0; unit < 2; unit++) {
              int ai = (s + side + lower + o + unit) % 8;
              rma_scalar_t alpha = ai < 5 ? 1.0 : alphas[ai - 4];
              trsm_case(t, (rma_side_t)side, lower, ops[o], unit, trsm_shapes[s][0],
                        trsm_shapes[s][1], alpha, s % 2);
            }
    // getrf: square odd sizes, mixtures, fixed shapes; each with and without pivoting,
    // plain and with a zero column.
    for (int s = 0; s < 2 * NODD + ngetrf; s++) {
      int m, n;
      if (s < NODD)
        m = n = odd[s];
      else if (s < 2 * NODD)
        m = odd[s - NODD], n = odd[((s - NODD) * 11 + 4) % NODD];
      else
        m = getrf_shapes[s - 2 * NODD][0], n = getrf_shapes[s - 2 * NODD][1];
      for (int pivot = 0; pivot < 2; pivot++) {
        getrf_case(t, m, n, s % 3, pivot, -1);
        getrf_case(t, m, n, (s + 1) % 3, pivot, (int)((unsigned)(s * 7) % (unsigned)n));
      }
    }
    getrf_exact(t);
    vector_cases(t);
  }
  double_entries();

  printf("worst ratio (bound %g)      s           d           c           z\n", bound);
  for (int kd = 0; kd < K_COUNT; kd++) {
    printf("%-12s", kname[kd]);
    for (int ti = 0; ti < RMA_DT_COUNT; ti++)
      printf("  %6.3f (%4d)", worst[kd][ti], cases[kd][ti]);
    printf("\n");
  }
  printf("getrf pivots differing from LAPACKE's:");
  for (int ti = 0; ti < RMA_DT_COUNT; ti++) {
    printf(" %c %d/%d", rma_dtype_char((rma_dtype_t)ti), pivot_differs[ti], getrf_cases[ti]);
    if (pivot_differs[ti] * 100 > getrf_cases[ti]) {
      printf(" (over 1 %%)");
      rt_fail("%c: %d of %d getrf pivots differ from LAPACKE's", rma_dtype_char((rma_dtype_t)ti),
              pivot_differs[ti], getrf_cases[ti]);
    }
  }
  printf("\n");
  return rt_finish("test_kernel_types", NULL, 0);
}
