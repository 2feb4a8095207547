/*
 * The triangle kernels (kernel/tile_triangle.h) for s, d, c and z against
 * their definitions; references naively in long double (complex) from the
 * values as stored; eps = rma_dtype_eps(type); |x| the modulus; row-major
 * arrays with ld = n + pad; sizes 1, 2, 5, 17, 33, 64, 67, 100; both
 * triangles. The triangle a kernel must not read holds NaN (and a unit
 * diagonal too), and must come back bit for bit (NaN is still NaN, the
 * padding still 1234.5).
 *
 *  - potrf on A = B B^H / n + I (Hermitian positive definite):
 *      ratio = max|A - L L^H| / (n max|A| eps) <= 16     (upper: U^H U)
 *    A with A(j, j) := -1 at j in {0, n/2, n-1}: info = j + 1 and the
 *    leading j x j triangle of the factor is the full matrix's factor's
 *    (LAPACK promises no more: the panel below may be unfinished),
 *      ratio = max|F_j - F| / (n max|A| eps) <= 16.
 *  - trtri on T (random, diagonal 2 + |x|): ratio = max|T X - I| /
 *    (n max|T| max|X| eps) <= 16, unit and non-unit; a zero diagonal entry
 *    at j gives info = j + 1.
 *  - lauum on a random triangle with a real diagonal (a Cholesky factor's): L^H L (lower) / U U^H (upper) into it,
 *      ratio = max|R - Rref| / (n max|L|^2 eps) <= 16.
 *  - herk (hermitian) and syrk (complex_sym), op N and C / T, k in {0, 1,
 *    n, 2n + 3}, alpha in {1, -1/2, 0}, beta in {0 with NaN in C, 1, 0.3}:
 *      ratio = max|C - Cref| / ((|alpha| k max|A|^2 + |beta| max|C0|) eps) <= 16
 *    on the triangle; a hermitian update's diagonal has a zero imaginary part.
 *  - trmm, every side, triangle, op and diagonal, alpha in {1, 0.7-0.45i}:
 *      ratio = max|B - alpha op(T) B0| / (t max|T| max|B0| eps) <= 16.
 * Prints the worst ratio per kernel and type.
 */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "kernel/tile_triangle.h"
#include "testutil.h"

typedef long double _Complex lc_t;

enum { K_POTRF, K_POTRF_INFO, K_TRTRI, K_LAUUM, K_HERK, K_SYRK, K_TRMM, K_COUNT };
static const char *const kname[K_COUNT] = {"potrf", "potrf info", "trtri", "lauum",
                                           "herk",  "syrk",       "trmm"};
static double worst[K_COUNT][RMA_DT_COUNT];
static int cases[K_COUNT][RMA_DT_COUNT];
static const double bound = 16.0;

static long draws;
static double urand(void) { return rt_entry(0x9e3779b97f4a7c15ull, draws++, 0); }

static rma_scalar_t rnd(rma_dtype_t t) {
  double re = urand();
  return rma_dtype_complex(t) ? CMPLX(re, urand()) : re;
}

static void *alloc(rma_dtype_t t, long count) {
  return malloc(rma_dtype_size(t) * (size_t)(count > 0 ? count : 1));
}

static void put(rma_dtype_t t, void *x, long i, rma_scalar_t v) {
  rma_scalar_store(t, v, (char *)x + (size_t)i * rma_dtype_size(t));
}

static lc_t get(rma_dtype_t t, const void *x, long i) { return rma_scalar_load(t, x, i); }

static int finite(lc_t v) { return isfinite(creall(v)) && isfinite(cimagl(v)); }

static void note(int kernel, rma_dtype_t t, double ratio, const char *what) {
  cases[kernel][t]++;
  worst[kernel][t] = fmax(worst[kernel][t], ratio);
  RT_CHECK(ratio <= bound, "%s %c: ratio %.3g", what, rma_dtype_char(t), ratio);
}

static double ratio_of(double err, double den) {
  return den > 0.0 ? err / den : err == 0.0 ? 0.0 : 1e300;
}

// 1 when (i, j) lies in the triangle (diagonal included).
static int in_tri(int lower, int i, int j) { return lower ? i >= j : i <= j; }

// The bytes of every entry outside the triangle (unit: and the diagonal),
// padding included, equal those of the copy made before the call.
static void check_outside(rma_dtype_t t, int lower, int unit, int n, int ld, const void *now,
                          const void *before, const char *what) {
  size_t es = rma_dtype_size(t);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < ld; j++) {
      if (j < n && in_tri(lower, i, j) && !(unit && i == j))
        continue;
      size_t at = es * ((size_t)i * (size_t)ld + (size_t)j);
      RT_CHECK(!memcmp((const char *)now + at, (const char *)before + at, es),
               "%s %c n %d: entry (%d, %d) outside the triangle written", what, rma_dtype_char(t),
               n, i, j);
    }
}

// A square n x n (ld) array: the triangle from gen, NaN in the other
// triangle, 1234.5 in the padding.
static void *tri_make(rma_dtype_t t, int lower, int n, int ld, rma_scalar_t (*gen)(rma_dtype_t, int, int)) {
  void *a = alloc(t, (long)n * ld);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < ld; j++)
      put(t, a, (long)i * ld + j, j >= n ? 1234.5 : in_tri(lower, i, j) ? gen(t, i, j) : NAN);
  return a;
}

// ---- potrf ----------------------------------------------------------------------------------------
static void *hpd_b; // the n x n random B behind A = B B^H / n + I
static int hpd_n;
static rma_scalar_t hpd_gen(rma_dtype_t t, int i, int j) {
  lc_t s = 0.0;
  for (int l = 0; l < hpd_n; l++)
    s += get(t, hpd_b, (long)i * hpd_n + l) * conjl(get(t, hpd_b, (long)j * hpd_n + l));
  s = s / hpd_n + (i == j ? 1.0 : 0.0);
  return i == j ? (rma_scalar_t)creall(s) : (rma_scalar_t)s;
}

// The factor's entry (i, j) of the full product: L L^H (lower) or U^H U.
static lc_t llh(rma_dtype_t t, int lower, const void *f, int ld, int i, int j) {
  lc_t s = 0.0;
  for (int l = 0; l < hpd_n; l++) {
    if (lower) {
      lc_t x = l <= i ? get(t, f, (long)i * ld + l) : 0.0, y = l <= j ? get(t, f, (long)j * ld + l) : 0.0;
      s += x * conjl(y);
    } else {
      lc_t x = l <= i ? get(t, f, (long)l * ld + i) : 0.0, y = l <= j ? get(t, f, (long)l * ld + j) : 0.0;
      s += conjl(x) * y;
    }
  }
  return s;
}

static void potrf_case(rma_dtype_t t, int lower, int n, int pad) {
  int ld = n + pad;
  size_t bytes = rma_dtype_size(t) * (size_t)n * (size_t)ld;
  hpd_n = n;
  hpd_b = alloc(t, (long)n * n);
  for (long x = 0; x < (long)n * n; x++)
    put(t, hpd_b, x, rnd(t));
  void *a = tri_make(t, lower, n, ld, hpd_gen), *a0 = alloc(t, (long)n * ld);
  memcpy(a0, a, bytes);
  double amax = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (in_tri(lower, i, j))
        amax = fmax(amax, (double)cabsl(get(t, a, (long)i * ld + j)));
  int info = rma_kernel_potrf_dt(t, lower, n, a, ld);
  RT_CHECK(info == 0, "potrf %c n %d: info %d on a positive definite matrix", rma_dtype_char(t), n,
           info);
  check_outside(t, lower, 0, n, ld, a, a0, "potrf");
  double err = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (in_tri(lower, i, j))
        err = fmax(err, (double)cabsl(llh(t, lower, a, ld, i, j) - get(t, a0, (long)i * ld + j)));
  // ---- ratio = max|A - L L^H| / (n max|A| eps) <= 16
  note(K_POTRF, t, ratio_of(err, n * amax * rma_dtype_eps(t)), "potrf");
  // Not positive definite at j: info = j + 1, the first j columns as the full factor's.
  int js[3] = {0, n / 2, n - 1};
  for (int c = 0; c < 3; c++) {
    int j = js[c];
    void *b = alloc(t, (long)n * ld);
    memcpy(b, a0, bytes);
    put(t, b, (long)j * ld + j, -1.0);
    int got = rma_kernel_potrf_dt(t, lower, n, b, ld);
    RT_CHECK(got == j + 1, "potrf %c n %d: A(%d,%d) = -1 gives info %d, not %d", rma_dtype_char(t),
             n, j, j, got, j + 1);
    double e = 0.0;
    for (int x = 0; x < j; x++)
      for (int y = 0; y <= x; y++) {
        long at = lower ? (long)x * ld + y : (long)y * ld + x; // column y of L, row y of U
        e = fmax(e, (double)cabsl(get(t, b, at) - get(t, a, at)));
      }
    // ---- ratio = max|F_j - F| / (n max|A| eps) on the leading j x j triangle <= 16
    note(K_POTRF_INFO, t, ratio_of(e, n * amax * rma_dtype_eps(t)), "potrf info columns");
    free(b);
  }
  free(a), free(a0), free(hpd_b);
}

// ---- trtri ----------------------------------------------------------------------------------------
static rma_scalar_t tri_gen(rma_dtype_t t, int i, int j) {
  rma_scalar_t v = rnd(t);
  return i == j ? v + (creal(v) >= 0 ? 2.0 : -2.0) : v;
}

// op-free element (i, j) of the triangle of a (zero outside; 1 on a unit diagonal).
static lc_t tri_at(rma_dtype_t t, int lower, int unit, const void *a, int ld, int i, int j) {
  if (!in_tri(lower, i, j))
    return 0.0;
  if (unit && i == j)
    return 1.0;
  return get(t, a, (long)i * ld + j);
}

static void trtri_case(rma_dtype_t t, int lower, int unit, int n, int pad) {
  int ld = n + pad;
  size_t bytes = rma_dtype_size(t) * (size_t)n * (size_t)ld;
  void *a = tri_make(t, lower, n, ld, tri_gen), *a0 = alloc(t, (long)n * ld);
  if (unit)
    for (int i = 0; i < n; i++)
      put(t, a, (long)i * ld + i, NAN);
  memcpy(a0, a, bytes);
  int info = rma_kernel_trtri_dt(t, lower, unit, n, a, ld);
  RT_CHECK(info == 0, "trtri %c n %d: info %d", rma_dtype_char(t), n, info);
  check_outside(t, lower, unit, n, ld, a, a0, "trtri");
  double err = 0.0, tmax = 0.0, xmax = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      lc_t s = 0.0;
      for (int l = 0; l < n; l++)
        s += tri_at(t, lower, unit, a0, ld, i, l) * tri_at(t, lower, unit, a, ld, l, j);
      err = fmax(err, (double)cabsl(s - (i == j ? 1.0 : 0.0)));
      tmax = fmax(tmax, (double)cabsl(tri_at(t, lower, unit, a0, ld, i, j)));
      xmax = fmax(xmax, (double)cabsl(tri_at(t, lower, unit, a, ld, i, j)));
    }
  // ---- ratio = max|T X - I| / (n max|T| max|X| eps) <= 16
  note(K_TRTRI, t, ratio_of(err, n * tmax * xmax * rma_dtype_eps(t)), "trtri");
  if (!unit) { // a zero diagonal entry at j: info = j + 1
    int j = n / 3;
    memcpy(a, a0, bytes);
    put(t, a, (long)j * ld + j, 0.0);
    int got = rma_kernel_trtri_dt(t, lower, 0, n, a, ld);
    RT_CHECK(got == j + 1, "trtri %c n %d: zero T(%d,%d) gives info %d", rma_dtype_char(t), n, j,
             j, got);
  }
  free(a), free(a0);
}

// ---- lauum ----------------------------------------------------------------------------------------
static rma_scalar_t rnd_gen(rma_dtype_t t, int i, int j) {
  (void)i, (void)j;
  return rnd(t);
}

// A triangle with a real diagonal, as a Cholesky factor's.
static rma_scalar_t factor_gen(rma_dtype_t t, int i, int j) {
  return i == j ? creal(rnd(t)) : rnd(t);
}

static void lauum_case(rma_dtype_t t, int lower, int n, int pad) {
  int ld = n + pad;
  size_t bytes = rma_dtype_size(t) * (size_t)n * (size_t)ld;
  void *a = tri_make(t, lower, n, ld, factor_gen), *a0 = alloc(t, (long)n * ld);
  memcpy(a0, a, bytes);
  rma_kernel_lauum_dt(t, lower, n, a, ld);
  check_outside(t, lower, 0, n, ld, a, a0, "lauum");
  double err = 0.0, lmax = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (!in_tri(lower, i, j))
        continue;
      lc_t s = 0.0; // lower: (L^H L)(i, j) = sum_l conj(L(l, i)) L(l, j); upper: sum_l U(i, l) conj(U(j, l))
      for (int l = 0; l < n; l++)
        s += lower ? conjl(tri_at(t, 1, 0, a0, ld, l, i)) * tri_at(t, 1, 0, a0, ld, l, j)
                   : tri_at(t, 0, 0, a0, ld, i, l) * conjl(tri_at(t, 0, 0, a0, ld, j, l));
      err = fmax(err, (double)cabsl(get(t, a, (long)i * ld + j) - s));
      lmax = fmax(lmax, (double)cabsl(get(t, a0, (long)i * ld + j)));
    }
  // ---- ratio = max|R - Rref| / (n max|L|^2 eps) <= 16
  note(K_LAUUM, t, ratio_of(err, n * lmax * lmax * rma_dtype_eps(t)), "lauum");
  free(a), free(a0);
}

// ---- herk / syrk ----------------------------------------------------------------------------------
static void herk_case(rma_dtype_t t, int lower, rma_op_t op, int sym, int n, int k, double alpha,
                      double beta, int pad) {
  int ar = op == RMA_OP_N ? n : k, ac = op == RMA_OP_N ? k : n, lda = (ac > 0 ? ac : 1) + pad;
  int ldc = n + pad, herm = rma_dtype_complex(t) && !sym;
  void *a = alloc(t, (long)ar * lda);
  double amax = 0.0, cmax = 0.0;
  for (long x = 0; x < (long)ar * lda; x++) {
    put(t, a, x, x % lda < ac ? rnd(t) : NAN);
    amax = x % lda < ac ? fmax(amax, (double)cabsl(get(t, a, x))) : amax;
  }
  rma_scalar_t (*gen)(rma_dtype_t, int, int) = rnd_gen;
  void *c = tri_make(t, lower, n, ldc, gen), *c0 = alloc(t, (long)n * ldc);
  for (int i = 0; i < n; i++) {
    if (herm) // a Hermitian C's diagonal is real
      put(t, c, (long)i * ldc + i, creal(get(t, c, (long)i * ldc + i)));
    for (int j = 0; j < n; j++)
      if (in_tri(lower, i, j)) {
        if (beta == 0.0)
          put(t, c, (long)i * ldc + j, NAN);
        else
          cmax = fmax(cmax, (double)cabsl(get(t, c, (long)i * ldc + j)));
      }
  }
  memcpy(c0, c, rma_dtype_size(t) * (size_t)n * (size_t)ldc);
  rma_kernel_herk_dt(t, lower, op, sym, n, k, alpha, a, lda, beta, c, ldc);
  check_outside(t, lower, 0, n, ldc, c, c0, sym ? "syrk" : "herk");
  double err = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (!in_tri(lower, i, j))
        continue;
      lc_t s = 0.0;
      for (int l = 0; l < k; l++) {
        lc_t x = op == RMA_OP_N ? get(t, a, (long)i * lda + l) : get(t, a, (long)l * lda + i);
        lc_t y = op == RMA_OP_N ? get(t, a, (long)j * lda + l) : get(t, a, (long)l * lda + j);
        if (op != RMA_OP_N && herm)
          x = conjl(x), y = conjl(y);
        s += x * (herm ? conjl(y) : y);
      }
      lc_t ref = alpha * s + (beta == 0.0 ? 0.0 : beta * get(t, c0, (long)i * ldc + j));
      lc_t v = get(t, c, (long)i * ldc + j);
      RT_CHECK(finite(v), "herk %c: C(%d,%d) not finite", rma_dtype_char(t), i, j);
      if (herm && i == j)
        RT_CHECK(cimagl(v) == 0.0, "herk %c: C(%d,%d) has an imaginary part", rma_dtype_char(t),
                 i, i);
      err = fmax(err, (double)cabsl(v - ref));
    }
  // ---- ratio = max|C - Cref| / ((|alpha| k max|A|^2 + |beta| max|C0|) eps) <= 16
  note(sym && rma_dtype_complex(t) ? K_SYRK : K_HERK, t,
       ratio_of(err, (fabs(alpha) * k * amax * amax + fabs(beta) * cmax) * rma_dtype_eps(t)),
       sym ? "syrk" : "herk");
  free(a), free(c), free(c0);
}

// ---- trmm -----------------------------------------------------------------------------------------
static void trmm_case(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                      int n, rma_scalar_t alpha) {
  alpha = rma_dtype_complex(t) ? alpha : creal(alpha);
  int nt = side == RMA_SIDE_LEFT ? m : n, ld = nt + 1, ldb = n + 1;
  void *a = tri_make(t, lower, nt, ld, tri_gen), *b = alloc(t, (long)m * ldb);
  if (unit)
    for (int i = 0; i < nt; i++)
      put(t, a, (long)i * ld + i, NAN);
  for (long x = 0; x < (long)m * ldb; x++)
    put(t, b, x, x % ldb < n ? rnd(t) : 1234.5);
  void *b0 = alloc(t, (long)m * ldb);
  memcpy(b0, b, rma_dtype_size(t) * (size_t)m * (size_t)ldb);
  rma_kernel_trmm_dt(t, side, lower, op, unit, m, n, alpha, a, ld, b, ldb);
  double err = 0.0, tmax = 0.0, bmax = 0.0;
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < nt; j++)
      tmax = fmax(tmax, (double)cabsl(tri_at(t, lower, unit, a, ld, i, j)));
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++) {
      bmax = fmax(bmax, (double)cabsl(get(t, b0, (long)i * ldb + j)));
      lc_t s = 0.0;
      for (int l = 0; l < nt; l++) {
        int r = side == RMA_SIDE_LEFT ? i : l, c = side == RMA_SIDE_LEFT ? l : j;
        lc_t tv = op == RMA_OP_N ? tri_at(t, lower, unit, a, ld, r, c)
                                 : tri_at(t, lower, unit, a, ld, c, r);
        if (op == RMA_OP_C)
          tv = conjl(tv);
        s += side == RMA_SIDE_LEFT ? tv * get(t, b0, (long)l * ldb + j)
                                   : get(t, b0, (long)i * ldb + l) * tv;
      }
      err = fmax(err, (double)cabsl(get(t, b, (long)i * ldb + j) - (lc_t)alpha * s));
    }
    RT_CHECK(get(t, b, (long)i * ldb + n) == 1234.5, "trmm %c: padding written", rma_dtype_char(t));
  }
  // ---- ratio = max|B - alpha op(T) B0| / (t max|T| max|B0| eps) <= 16
  note(K_TRMM, t, ratio_of(err, nt * tmax * bmax * cabs(alpha) * rma_dtype_eps(t)), "trmm");
  free(a), free(b), free(b0);
}

int main(void) {
  const int sizes[] = {1, 2, 5, 17, 33, 64, 67, 100};
  const int nsizes = (int)(sizeof sizes / sizeof *sizes);
  const rma_op_t ops[3] = {RMA_OP_N, RMA_OP_T, RMA_OP_C};
  const double alphas[3] = {1.0, -0.5, 0.0}, betas[3] = {0.0, 1.0, 0.3};
  for (int ti = 0; ti < RMA_DT_COUNT; ti++) {
    rma_dtype_t t = (rma_dtype_t)ti;
    for (int s = 0; s < nsizes; s++)
      for (int lower = 0; lower < 2; lower++) {
        int n = sizes[s], pad = s % 3;
        potrf_case(t, lower, n, pad);
        trtri_case(t, lower, 0, n, pad);
        trtri_case(t, lower, 1, n, pad);
        lauum_case(t, lower, n, pad);
        const int ks[4] = {0, 1, n, 2 * n + 3};
        for (int ki = 0; ki < 4; ki++)
          for (int o = 0; o < 2; o++) {
            int ab = (s + ki + o) % 9;
            rma_op_t op = o ? (rma_dtype_complex(t) ? RMA_OP_C : RMA_OP_T) : RMA_OP_N;
            herk_case(t, lower, op, 0, n, ks[ki], alphas[ab % 3], betas[ab / 3], pad);
            if (rma_dtype_complex(t))
              herk_case(t, lower, o ? RMA_OP_T : RMA_OP_N, 1, n, ks[ki], alphas[ab % 3],
                        betas[ab / 3], pad);
          }
      }
    const int shapes[][2] = {{1, 1}, {5, 3}, {3, 5}, {17, 33}, {64, 9}, {9, 67}};
    for (int s = 0; s < 6; s++)
      for (int side = 0; side < 2; side++)
        for (int lower = 0; lower < 2; lower++)
          for (int o = 0; o < 3; o++)
            for (int unit = 0; unit < 2; unit++)
              trmm_case(t, (rma_side_t)side, lower, ops[o], unit, shapes[s][0], shapes[s][1],
                        (s + o) % 2 ? 1.0 : CMPLX(0.7, -0.45));
  }
  printf("worst ratio (bound %g)      s           d           c           z\n", bound);
  for (int kd = 0; kd < K_COUNT; kd++) {
    printf("%-12s", kname[kd]);
    for (int ti = 0; ti < RMA_DT_COUNT; ti++)
      printf("  %6.3f (%4d)", worst[kd][ti], cases[kd][ti]);
    printf("\n");
  }
  return rt_finish("test_kernel_triangle", NULL, 0);
}
