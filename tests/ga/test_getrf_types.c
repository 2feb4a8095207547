/*
 * rma_lu and rma_lu_solve on GAs of C_FLOAT, C_DBL, C_SCPL and C_DCPL (the
 * element type from the handle): tiled and ScaLAPACK layouts
 * (rma_matrix_create_type; square blocks, factored in place, and mb != nb,
 * factored through the engine's copy) and GA's regular distribution, at
 * np = 1, 2, 3, 4, 6. Matrices from the seeded generator, rounded to the
 * type (imaginary parts from a second seed for c and z).
 * Cases per type and layout: with partial pivoting square 37 x 37 (blocks
 * 5 x 5), 29 x 29 (4 x 6), tall 31 x 19 and wide 19 x 31; without pivoting
 * (ipiv NULL) 33 x 33 diagonally dominant (diagonal + 33); every square one
 * then solved with trans 'N', 'T' and 'C' ('C' conjugates for c and z),
 * nrhs 1..4, B a GA of the same type and layout; a singular 23 x 23 matrix
 * (column 9 zero, with and without pivoting).
 * Checks (eps = the type's unit roundoff, te_eps; |x| the modulus;
 * residuals in long double complex on the gathered results against A0 and
 * B0 rebuilt from the generator; each fails on NaN):
 *   rma_lu        ratio = max|P A0 - L U| / (max(m, n) max|A0| eps) <= 16
 *   rma_lu_solve  ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) <= 16
 *   rc 0 (the singular ones: 10, the first exact zero pivot) on every rank;
 *   ipiv in [i + 1, m] and the same on every rank; A unchanged by the solve.
 * The checks can fail: on every case the same ratios are computed for a
 * wrong answer (the factors without the row interchanges; X against the
 * wrong op: 'N' <-> 'T', 'C' as the transpose without conjugation for c
 * and z) and must exceed 16.
 * Then the argument checks: g_b of another type than g_a is argument 4
 * ("g_b is a GA of X, g_a of Y"), a C_INT GA argument 1 / 2 / 4, on every
 * rank, with A, B and ipiv bit for bit unchanged, and the next call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <ga.h>
#include <limits.h>
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
static const char *layouts[3] = {"tiled", "ScaLAPACK", "regular"};
#define LU_RATIO "max|P A0 - L U| / (max(m,n) max|A0| eps)"
#define SOLVE_RATIO "max|op(A0) X - B0| / (max|A0| max|X| n eps)"
static rt_ratio_t ratios[2 * NTYPES] = {
    RT_RATIO("rma_lu s", LU_RATIO, 16),          RT_RATIO("rma_lu d", LU_RATIO, 16),
    RT_RATIO("rma_lu c", LU_RATIO, 16),          RT_RATIO("rma_lu z", LU_RATIO, 16),
    RT_RATIO("rma_lu_solve s", SOLVE_RATIO, 16), RT_RATIO("rma_lu_solve d", SOLVE_RATIO, 16),
    RT_RATIO("rma_lu_solve c", SOLVE_RATIO, 16), RT_RATIO("rma_lu_solve z", SOLVE_RATIO, 16)};
static int me, np;
static long ncases, ncontrols;

// A case: type, layout, extent, blocks, pivoting, zero column (-1: none).
typedef struct {
  int t, layout, m, n, mb, nb, pivot, zero_col;
  uint64_t seed;
} lcase_t;

// Entry (i, j) of A0: the generator, the diagonal raised without pivoting.
static double complex a0_at(const lcase_t *c, int i, int j) {
  if (j == c->zero_col)
    return 0.0;
  double complex v = rt_tvalue(c->t, c->seed, i, j);
  if (!c->pivot && i == j) { // rounded to the type as rt_tfill stores it
    double complex r[1];
    te_put(c->t, r, 0, v + (c->m > c->n ? c->m : c->n));
    v = te_get(c->t, r, 0);
  }
  return v;
}

static double a0_max(const lcase_t *c) {
  double most = 0.0;
  for (int i = 0; i < c->m; i++)
    for (int j = 0; j < c->n; j++)
      most = fmax(most, cabs(a0_at(c, i, j)));
  return most;
}

// ======== ratio = max|P A0 - L U| / (max(m, n) max|A0| eps) ========
// Of the gathered factors f (row-major, type t) and pivots piv (NULL: none).
static double lu_ratio(const lcase_t *c, const void *f, const int *piv) {
  int m = c->m, n = c->n, k = m < n ? m : n, t = c->t;
  double complex *pa = malloc(sizeof(double complex) * ((size_t)m * n + 1));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      pa[(long)i * n + j] = a0_at(c, i, j);
  for (int i = 0; piv && i < k; i++)
    for (int j = 0; j < n; j++) {
      double complex s = pa[(long)i * n + j];
      pa[(long)i * n + j] = pa[(long)(piv[i] - 1) * n + j], pa[(long)(piv[i] - 1) * n + j] = s;
    }
  double worst = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      long double complex lu = 0.0L;
      for (int l = 0; l <= i && l <= j && l < k; l++)
        lu += (long double complex)(l == i ? 1.0 : te_get(t, f, (long)i * n + l)) *
              te_get(t, f, (long)l * n + j);
      double d = (double)cabsl((long double complex)pa[(long)i * n + j] - lu);
      worst = d > worst || isnan(d) ? d : worst;
    }
  free(pa);
  return worst / ((m > n ? m : n) * a0_max(c) * te_eps(t));
}

// ======== ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) ========
// Of the gathered X (n x nrhs, row-major, type t) for op N, T or C.
static double solve_ratio(const lcase_t *c, char op, const void *x, int nrhs, uint64_t bseed) {
  int n = c->n, t = c->t, conj_a = op == 'C' && te_complex(t);
  double xmax = 0.0, worst = 0.0;
  for (long e = 0; e < (long)n * nrhs; e++) {
    double v = cabs(te_get(t, x, e));
    xmax = v > xmax || isnan(v) ? v : xmax;
  }
  for (int i = 0; i < n; i++)
    for (int r = 0; r < nrhs; r++) {
      long double complex s = 0.0L;
      for (int j = 0; j < n; j++) {
        double complex a = op == 'N' ? a0_at(c, i, j) : a0_at(c, j, i);
        s += (long double complex)(conj_a ? conj(a) : a) * te_get(t, x, (long)j * nrhs + r);
      }
      double d = (double)cabsl(s - rt_tvalue(t, bseed, i, r));
      worst = d > worst || isnan(d) ? d : worst;
    }
  return worst / (a0_max(c) * xmax * n * te_eps(t));
}

// A control: the ratio of a wrong answer must not pass.
static void control(double ratio, const char *what, const lcase_t *c) {
  ncontrols++;
  if (ratio <= 16.0)
    rt_fail_same("type %c %s: the check cannot fail: %s gives ratio %.3g", te_name(c->t),
                 layouts[c->layout], what, ratio);
}

// Solve with the factors in ga (pivots piv, NULL: none) for op and nrhs.
static void solve_case(const lcase_t *c, int ga, const int *piv, char op, int nrhs) {
  int n = c->n, t = c->t;
  size_t es = te_size(t);
  uint64_t bseed = c->seed + 55;
  int gb = rt_tcreate(t, c->layout, n, nrhs, c->mb, 2);
  if (!rt_expect_all(gb != 0, 1, "type %c %s: creating B", te_name(t), layouts[c->layout]))
    return;
  ncases++;
  rt_tfill(t, gb, n, nrhs, bseed, 0.0, NULL);
  void *fa = malloc(es * (size_t)n * n), *fa2 = malloc(es * (size_t)n * n);
  void *x = malloc(es * (size_t)n * nrhs);
  rt_tgather(t, ga, n, n, fa);
  int rc = rma_lu_solve(op, ga, piv, gb);
  rt_expect_all(rc, 0, "type %c %s: rma_lu_solve %c n=%d nrhs=%d pivot %d", te_name(t),
                layouts[c->layout], op, n, nrhs, c->pivot);
  rt_tgather(t, ga, n, n, fa2);
  if (memcmp(fa, fa2, es * (size_t)n * n))
    rt_fail_same("type %c %s: rma_lu_solve %c changed A", te_name(t), layouts[c->layout], op);
  rt_tgather(t, gb, n, nrhs, x);
  double ratio = solve_ratio(c, op, x, nrhs, bseed);
  if (!rt_ratio(&ratios[NTYPES + t], ratio))
    rt_fail_same("type %c %s: rma_lu_solve %c n=%d nrhs=%d pivot %d blocks %dx%d: ratio %.3g",
                 te_name(t), layouts[c->layout], op, n, nrhs, c->pivot, c->mb, c->nb, ratio);
  char wrong = op == 'N' ? 'T' : op == 'T' || !te_complex(t) ? 'N' : 'T', what[64];
  snprintf(what, sizeof what, "X of op %c checked as op %c", op, wrong);
  control(solve_ratio(c, wrong, x, nrhs, bseed), what, c);
  free(fa), free(fa2), free(x);
  GA_Destroy(gb);
}

static void lu_case(const lcase_t *c, unsigned *st) {
  int m = c->m, n = c->n, k = m < n ? m : n, t = c->t;
  size_t es = te_size(t);
  int ga = rt_tcreate(t, c->layout, m, n, c->mb, c->nb);
  if (!rt_expect_all(ga != 0, 1, "type %c %s: creating A %dx%d", te_name(t), layouts[c->layout], m,
                     n))
    return;
  ncases++;
  rt_tfill(t, ga, m, n, c->seed, c->pivot ? 0.0 : (m > n ? m : n), NULL);
  if (c->zero_col >= 0) { // column zero_col := 0
    void *z = calloc((size_t)m, es);
    int lo[2] = {0, c->zero_col}, hi[2] = {m - 1, c->zero_col}, ld[1] = {1};
    if (me == 0)
      NGA_Put(ga, lo, hi, z, ld);
    GA_Sync();
    free(z);
  }
  int *piv = malloc(sizeof(int) * (size_t)(k + 1));
  for (int i = 0; i < k; i++)
    piv[i] = INT_MIN;
  int info = rma_lu(ga, c->pivot ? piv : NULL);
  int want = c->zero_col >= 0 && c->zero_col < k ? c->zero_col + 1 : 0;
  rt_expect_all(info, want, "type %c %s: rma_lu %dx%d pivot %d zero column %d", te_name(t),
                layouts[c->layout], m, n, c->pivot, c->zero_col);
  // The pivots: in range and the same on every rank.
  int *lo = malloc(sizeof(int) * (size_t)(k + 1)), *hi = malloc(sizeof(int) * (size_t)(k + 1));
  int bad = 0;
  for (int i = 0; c->pivot && i < k; i++)
    bad |= piv[i] < i + 1 || piv[i] > m;
  if (c->pivot) {
    MPI_Allreduce(piv, lo, k, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(piv, hi, k, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    bad |= memcmp(lo, hi, sizeof(int) * (size_t)k) != 0;
  }
  if (rt_any(bad))
    rt_fail_same("type %c %s: rma_lu %dx%d: pivots out of range or not the same on every rank",
                 te_name(t), layouts[c->layout], m, n);
  void *f = malloc(es * (size_t)m * n);
  rt_tgather(t, ga, m, n, f);
  if (info == 0 && !bad) {
    double ratio = lu_ratio(c, f, c->pivot ? piv : NULL);
    if (!rt_ratio(&ratios[t], ratio))
      rt_fail_same("type %c %s: rma_lu %dx%d blocks %dx%d pivot %d: ratio %.3g", te_name(t),
                   layouts[c->layout], m, n, c->mb, c->nb, c->pivot, ratio);
    int swapped = 0;
    for (int i = 0; c->pivot && i < k; i++)
      swapped |= piv[i] != i + 1;
    if (swapped)
      control(lu_ratio(c, f, NULL), "the factors without the interchanges", c);
    for (int s = 0; m == n && s < 3; s++)
      solve_case(c, ga, c->pivot ? piv : NULL, "NTC"[s], 1 + rt_rand(st, 4));
  }
  free(f), free(lo), free(hi), free(piv);
  GA_Destroy(ga);
}

static void type_cases(int t, int layout, unsigned st) {
  const struct {
    int m, n, mb, nb, pivot, zero_col;
  } cases[] = {{37, 37, 5, 5, 1, -1}, {29, 29, 4, 6, 1, -1}, {31, 19, 4, 4, 1, -1},
               {19, 31, 4, 4, 1, -1}, {33, 33, 5, 5, 0, -1}, {23, 23, 3, 3, 1, 9},
               {23, 23, 3, 3, 0, 9}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    lcase_t c = {t,           layout,         cases[i].m,        cases[i].n, cases[i].mb,
                 cases[i].nb, cases[i].pivot, cases[i].zero_col, 0};
    c.seed = 3000 + (uint64_t)rt_rand(&st, 1 << 30);
    lu_case(&c, &st);
  }
}

// A snapshot of A, B and ipiv to prove an illegal call modified nothing.
static int same_as(int t, int g, int rows, int cols, const void *before) {
  void *now = malloc(te_size(t) * (size_t)rows * cols);
  rt_tgather(t, g, rows, cols, now);
  int same = memcmp(now, before, te_size(t) * (size_t)rows * cols) == 0;
  free(now);
  return same;
}

// Type mismatches and non-float GAs: -i on every rank, nothing touched.
static void mismatch(void) {
  enum { N = 12 };
  int gz = rt_tcreate(TE_Z, 1, N, N, 3, 3), gs = rt_tcreate(TE_S, 2, N, 2, 0, 0);
  int gzb = rt_tcreate(TE_Z, 2, N, 2, 0, 0), dims[2] = {N, N};
  int gi = NGA_Create(C_INT, 2, dims, "int", NULL);
  rt_tfill(TE_Z, gz, N, N, 11, 0.0, NULL);
  rt_tfill(TE_S, gs, N, 2, 12, 0.0, NULL);
  rt_tfill(TE_Z, gzb, N, 2, 13, 0.0, NULL);
  int piv[N];
  rt_expect_all(rma_lu(gz, piv), 0, "rma_lu on C_DCPL");
  int keep[N];
  memcpy(keep, piv, sizeof keep);
  double complex a[N * N], b[N * 2];
  float s[N * 2];
  rt_tgather(TE_Z, gz, N, N, a), rt_tgather(TE_Z, gzb, N, 2, b), rt_tgather(TE_S, gs, N, 2, s);
  rt_expect_all(rma_lu_solve('C', gz, piv, gs), -4, "rma_lu_solve: C_FLOAT g_b, C_DCPL g_a");
  rt_expect_all(rma_lu_solve('N', gs, NULL, gz), -2, "rma_lu_solve: 12 x 2 C_FLOAT g_a");
  rt_expect_all(rma_lu_solve('N', gz, piv, gi), -4, "rma_lu_solve: C_INT g_b");
  rt_expect_all(rma_lu_solve('N', gi, piv, gzb), -2, "rma_lu_solve: C_INT g_a");
  rt_expect_all(rma_lu(gi, piv), -1, "rma_lu: C_INT g_a");
  rt_expect_all(rma_lu_solve('X', gz, piv, gzb), -1, "rma_lu_solve: trans 'X'");
  if (rt_any(!same_as(TE_Z, gz, N, N, a) || !same_as(TE_Z, gzb, N, 2, b) ||
             !same_as(TE_S, gs, N, 2, s) || memcmp(keep, piv, sizeof keep)))
    rt_fail_same("a refused call changed A, B or ipiv");
  // The next call works.
  rt_expect_all(rma_lu_solve('C', gz, piv, gzb), 0, "rma_lu_solve after refused calls");
  GA_Destroy(gz), GA_Destroy(gs), GA_Destroy(gzb), GA_Destroy(gi);
}

int main(int argc, char **argv) {
  rt_ga_float_safe(); // before rt_init: GA itself loses floats under MPICH otherwise
  rt_init(&argc, &argv, &me, &np);
  for (int t = 0; t < NTYPES; t++)
    for (int layout = 0; layout < 3; layout++)
      type_cases(t, layout, 555u + 31u * (unsigned)t + 7u * (unsigned)layout);
  mismatch();
  if (me == 0)
    printf("test_getrf_types (GA): np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_getrf_types (GA)", ratios, 2 * NTYPES);
  rt_finalize();
  return status;
}
