/*
 * rma_trsm and rma_potrs on GAs of C_FLOAT, C_DBL, C_SCPL and C_DCPL (the
 * element type from the handle): tiled and ScaLAPACK layouts
 * (rma_matrix_create_type, blocks 5 x 4) and GA's regular distribution (B
 * then solved through the engine's block-cyclic copy), A and B in the same
 * layout and A tiled with B regular, at np = 1, 2, 3, 4, 6. Matrices from
 * the seeded generator, rounded to the type (imaginary parts from a second
 * seed for c and z), A's diagonal shifted by k + 1 (well conditioned).
 * Cases per type and layout: every SIDE x UPLO x TRANSA ('C' conjugates
 * for c and z) x DIAG on B 23 x 17 with alpha -0.75 + 0.5i (the real part
 * for s and d), alpha = 0 once; rma_potrs with UPLO L and U, n 23, nrhs 9.
 * Checks (eps = the type's unit roundoff, te_eps; |x| the modulus;
 * residuals in long double complex on the gathered results, T the
 * triangle read, unit diagonal for DIAG U; NaN fails):
 *   rma_trsm   ratio = max|op(T) X - alpha B0| (X op(T) for side R)
 *              / ((k max|T| max|X| + |alpha| max|B0|) k eps) <= 16;
 *              alpha = 0: B exactly zero;
 *   rma_potrs  ratio = max|M X - B0| / (k^2 max|T|^2 max|X| eps) <= 16, M =
 *              T T^H (UPLO L) or T^H T (U);
 *   rc 0 on every rank; A unchanged.
 * The checks can fail: for every trsm case the same ratio of the wrong op
 * (N <-> T, C checked as T for c and z, as N for s and d) must exceed 16.
 * Then the argument checks (side, alpha NULL, g_a not square, g_b of
 * another type or another order, uplo): -i on every rank, A and B bit for
 * bit unchanged, and the next call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <ga.h>
#include <macdecls.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

enum { NTYPES = TE_NTYPES };
#define TRSM_RATIO "max|op(T) X - alpha B0| / ((k max|T| max|X| + |alpha| max|B0|) k eps)"
#define POTRS_RATIO "max|M X - B0| / (k^2 max|T|^2 max|X| eps)"
static rt_ratio_t ratios[2 * NTYPES] = {
    RT_RATIO("rma_trsm s", TRSM_RATIO, 16),   RT_RATIO("rma_trsm d", TRSM_RATIO, 16),
    RT_RATIO("rma_trsm c", TRSM_RATIO, 16),   RT_RATIO("rma_trsm z", TRSM_RATIO, 16),
    RT_RATIO("rma_potrs s", POTRS_RATIO, 16), RT_RATIO("rma_potrs d", POTRS_RATIO, 16),
    RT_RATIO("rma_potrs c", POTRS_RATIO, 16), RT_RATIO("rma_potrs z", POTRS_RATIO, 16)};
static const char *layouts[4] = {"tiled", "ScaLAPACK", "regular", "A tiled, B regular"};
static long ncases, ncontrols;
static int me, np;

// Element (i, j) of op(T) for the k x k row-major gathered A (type t).
static double complex op_t(int t, const void *a, int k, char uplo, char diag, char op, int i,
                           int j) {
  if (op != 'N') {
    int s = i;
    i = j, j = s;
  }
  double complex v = i == j ? (diag == 'U' ? 1.0 : te_get(t, a, (long)i * k + j))
                     : (uplo == 'L') == (i > j) ? te_get(t, a, (long)i * k + j)
                                                : 0.0;
  return op == 'C' && te_complex(t) ? conj(v) : v;
}

static double max_abs_t(int t, const void *x, long len) {
  double most = 0.0;
  for (long e = 0; e < len; e++)
    most =
        cabs(te_get(t, x, e)) > most || isnan(cabs(te_get(t, x, e))) ? cabs(te_get(t, x, e)) : most;
  return most;
}

// ======== ratio = max|op(T) X - alpha B0| / ((k max|T| max|X| + |alpha| max|B0|) k eps) ========
// a: A gathered (k x k), x: X gathered (m x n), b0: B0 (m x n), all row-major.
static double trsm_ratio(int t, char side, char uplo, char diag, char op, int m, int n,
                         double complex alpha, const void *a, const void *x, const void *b0) {
  int k = side == 'L' ? m : n;
  double tmax = 0.0, worst = 0.0;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++)
      tmax = fmax(tmax, cabs(op_t(t, a, k, uplo, diag, 'N', i, j)));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += side == 'L' ? (long double complex)op_t(t, a, k, uplo, diag, op, i, l) *
                               te_get(t, x, (long)l * n + j)
                         : (long double complex)te_get(t, x, (long)i * n + l) *
                               op_t(t, a, k, uplo, diag, op, l, j);
      double d = (double)cabsl(s - (long double complex)alpha * te_get(t, b0, (long)i * n + j));
      worst = d > worst || isnan(d) ? d : worst;
    }
  double xmax = max_abs_t(t, x, (long)m * n), bmax = max_abs_t(t, b0, (long)m * n);
  return isnan(xmax) ? NAN : worst / ((k * tmax * xmax + cabs(alpha) * bmax) * k * te_eps(t));
}

// ======== ratio = max|M X - B0| / (k^2 max|T|^2 max|X| eps) ========
static double potrs_ratio(int t, char uplo, int k, int n, const void *a, const void *x,
                          const void *b0) {
  char op1 = uplo == 'L' ? 'C' : 'N', op2 = uplo == 'L' ? 'N' : 'C';
  double tmax = 0.0, worst = 0.0;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++)
      tmax = fmax(tmax, cabs(op_t(t, a, k, uplo, 'N', 'N', i, j)));
  long double complex *y = malloc(sizeof(long double complex) * (size_t)k * n);
  for (int i = 0; i < k; i++)
    for (int j = 0; j < n; j++) {
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += (long double complex)op_t(t, a, k, uplo, 'N', op1, i, l) *
             te_get(t, x, (long)l * n + j);
      y[(long)i * n + j] = s;
    }
  for (int i = 0; i < k; i++)
    for (int j = 0; j < n; j++) {
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += (long double complex)op_t(t, a, k, uplo, 'N', op2, i, l) * y[(long)l * n + j];
      double d = (double)cabsl(s - te_get(t, b0, (long)i * n + j));
      worst = d > worst || isnan(d) ? d : worst;
    }
  free(y);
  double xmax = max_abs_t(t, x, (long)k * n);
  return isnan(xmax) ? NAN : worst / ((double)k * k * tmax * tmax * xmax * te_eps(t));
}

static char wrong_op(int t, char op) {
  return op == 'N' ? 'T' : op == 'T' || !te_complex(t) ? 'N' : 'T';
}

// The handles of a case: A (k x k) and B (m x n) in layout (3: A tiled, B regular).
static void make(int t, int layout, int k, int m, int n, uint64_t seed, int *g_a, int *g_b, void *a,
                 void *b0) {
  *g_a = rt_tcreate(t, layout == 3 ? 0 : layout, k, k, 5, 4);
  *g_b = rt_tcreate(t, layout == 3 ? 2 : layout, m, n, 5, 4);
  rt_tfill(t, *g_a, k, k, seed, k + 1.0, a);
  rt_tfill(t, *g_b, m, n, seed + 1, 0.0, b0);
}

static void trsm_case(int t, int layout, char side, char uplo, char trans, char diag,
                      double complex alpha, uint64_t seed) {
  int m = 23, n = 17, k = side == 'L' ? m : n, g_a, g_b;
  size_t es = te_size(t);
  void *a = malloc(es * k * k), *a2 = malloc(es * k * k), *b0 = malloc(es * m * n),
       *x = malloc(es * m * n);
  ncases++;
  make(t, layout, k, m, n, seed, &g_a, &g_b, a, b0);
  char al[16];
  te_put(t, al, 0, alpha);
  double complex alpha_t = te_get(t, al, 0);
  int rc = rma_trsm(side, uplo, trans, diag, al, g_a, g_b);
  rt_expect_all(rc, 0, "type %c %s: rma_trsm %c%c%c%c", te_name(t), layouts[layout], side, uplo,
                trans, diag);
  rt_tgather(t, g_a, k, k, a2);
  rt_tgather(t, g_b, m, n, x);
  if (memcmp(a, a2, es * k * k))
    rt_fail_same("type %c %s: rma_trsm changed A", te_name(t), layouts[layout]);
  if (alpha == 0) {
    if (max_abs_t(t, x, (long)m * n) != 0.0)
      rt_fail_same("type %c %s: alpha = 0 left B nonzero", te_name(t), layouts[layout]);
  } else {
    double r = trsm_ratio(t, side, uplo, diag, trans, m, n, alpha_t, a, x, b0);
    if (!rt_ratio(&ratios[t], r))
      rt_fail_same("type %c %s: rma_trsm %c%c%c%c ratio %.3g", te_name(t), layouts[layout], side,
                   uplo, trans, diag, r);
    ncontrols++;
    double w = trsm_ratio(t, side, uplo, diag, wrong_op(t, trans), m, n, alpha_t, a, x, b0);
    if (w <= 16)
      rt_fail_same("type %c: the check cannot fail: op %c checked as %c gives %.3g", te_name(t),
                   trans, wrong_op(t, trans), w);
  }
  GA_Destroy(g_a), GA_Destroy(g_b);
  free(a), free(a2), free(b0), free(x);
}

static void potrs_case(int t, int layout, char uplo, uint64_t seed) {
  int k = 23, n = 9, g_a, g_b;
  size_t es = te_size(t);
  void *a = malloc(es * k * k), *b0 = malloc(es * k * n), *x = malloc(es * k * n);
  ncases++;
  make(t, layout, k, k, n, seed, &g_a, &g_b, a, b0);
  rt_expect_all(rma_potrs(uplo, g_a, g_b), 0, "type %c %s: rma_potrs %c", te_name(t),
                layouts[layout], uplo);
  rt_tgather(t, g_b, k, n, x);
  double r = potrs_ratio(t, uplo, k, n, a, x, b0);
  if (!rt_ratio(&ratios[NTYPES + t], r))
    rt_fail_same("type %c %s: rma_potrs %c ratio %.3g", te_name(t), layouts[layout], uplo, r);
  GA_Destroy(g_a), GA_Destroy(g_b);
  free(a), free(b0), free(x);
}

// Illegal arguments of type t: -i everywhere, nothing modified, then a call that works.
static void arg_cases(int t) {
  int k = 12, n = 8, g_a, g_b, other = t == TE_D ? TE_Z : TE_D;
  size_t es = te_size(t);
  void *a = malloc(es * k * k), *b0 = malloc(es * k * n), *x = malloc(es * k * n);
  make(t, 1, k, k, n, 77, &g_a, &g_b, a, b0);
  int g_o = rt_tcreate(other, 1, k, n, 5, 4), g_w = rt_tcreate(t, 1, k, k + 1, 5, 4);
  char one[16];
  te_put(t, one, 0, 1.0);
  char tc = te_name(t);
  rt_expect_all(rma_trsm('Q', 'L', 'N', 'N', one, g_a, g_b), -1, "type %c side", tc);
  rt_expect_all(rma_trsm('L', 'L', 'N', 'X', one, g_a, g_b), -4, "type %c diag", tc);
  rt_expect_all(rma_trsm('L', 'L', 'N', 'N', NULL, g_a, g_b), -5, "type %c alpha NULL", tc);
  rt_expect_all(rma_trsm('L', 'L', 'N', 'N', one, g_w, g_b), -6, "type %c g_a not square", tc);
  rt_expect_all(rma_trsm('L', 'L', 'N', 'N', one, g_a, g_o), -7, "type %c g_b other type", tc);
  rt_expect_all(rma_trsm('R', 'L', 'N', 'N', one, g_a, g_b), -7, "type %c g_b order (side R)", tc);
  rt_expect_all(rma_potrs('Z', g_a, g_b), -1, "type %c potrs uplo", tc);
  rt_expect_all(rma_potrs('L', g_a, g_a), -3, "type %c potrs g_b = g_a", tc);
  rt_tgather(t, g_b, k, n, x);
  if (memcmp(x, b0, es * k * n))
    rt_fail_same("type %c: a refused call changed B", tc);
  rt_expect_all(rma_trsm('L', 'U', 'C', 'N', one, g_a, g_b), 0, "type %c after refused calls", tc);
  GA_Destroy(g_a), GA_Destroy(g_b), GA_Destroy(g_o), GA_Destroy(g_w);
  free(a), free(b0), free(x);
}

int main(int argc, char **argv) {
  rt_ga_float_safe();
  rt_init(&argc, &argv, &me, &np);
  for (int t = 0; t < NTYPES; t++) {
    for (int layout = 0; layout < 4; layout++) {
      uint64_t seed = 300 + 17 * (uint64_t)t + 5 * (uint64_t)layout;
      for (int s = 0; s < 24; s++)
        trsm_case(t, layout, "LR"[s % 2], "LU"[s / 2 % 2], "NTC"[s / 4 % 3], "NU"[s / 12],
                  CMPLX(-0.75, 0.5), seed + (uint64_t)s);
      trsm_case(t, layout, 'L', 'U', 'T', 'N', 0.0, seed + 99);
      potrs_case(t, layout, 'L', seed + 100);
      potrs_case(t, layout, 'U', seed + 101);
    }
    arg_cases(t);
  }
  if (me == 0)
    printf("test_trsm_types (GA): np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_trsm_types (GA)", ratios, 2 * NTYPES);
  rt_finalize();
  return status;
}
