/*
 * rma_potrf on GAs of C_FLOAT, C_DBL, C_SCPL and C_DCPL (the element type
 * from the handle): tiled and ScaLAPACK layouts (rma_matrix_create_type;
 * square blocks, factored in place or in the local re-layout, and mb != nb,
 * factored through the engine's copy) and GA's regular distribution, at
 * np = 1, 2, 3, 4, 6, UPLO 'L' and 'U' (in GA's C view: row i, column j).
 * The matrix: Hermitian (symmetric for s, d) in the named triangle, off-
 * diagonal entries from the seeded generator rounded to the type, the
 * diagonal's real part + n (positive definite); the other triangle keeps
 * the generator's non-Hermitian entries.
 * Cases per type, layout and UPLO: 37 x 37 in 5 x 5 blocks, 29 x 29 in
 * 4 x 6, 1 x 1 (regular distribution, or np = 1), and 37 x 37 not positive definite at diagonal entry 12
 * (set to -1: INFO 13).
 * Checks (eps = the type's unit roundoff, te_eps; L = the factor, or U^H;
 * in long double complex on the gathered result against A0 rebuilt from the
 * generator; NaN fails):
 *   rma_potrf  ratio = max_c sum_i |A0(i, c) - (L L^H)(i, c)| /
 *              (n eps max_c sum_i |A0(i, c)|) <= 16 over every column, or
 *              the first INFO - 1 ones (all entries of the triangle finite);
 *   INFO 0 or 13 on every rank; every entry outside the named triangle
 *   bitwise unchanged.
 * The check can fail: the same ratio of L with L(n - 1, 0) changed by 1
 * must exceed 16.
 * Then the argument checks: uplo 'X' is argument 1, a C_INT GA and a
 * non-square GA argument 2, on every rank, A unchanged, and the next call
 * works.
 * Prints the worst ratio per type; exits 1 on any failure.
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

static const char *layouts[3] = {"tiled", "ScaLAPACK", "regular"};
#define POTRF_RATIO "max_c sum_i |A0 - L L^H|(i,c) / (n eps max_c sum_i |A0(i,c)|)"
static rt_ratio_t ratios[TE_NTYPES] = {
    RT_RATIO("rma_potrf s", POTRF_RATIO, 16), RT_RATIO("rma_potrf d", POTRF_RATIO, 16),
    RT_RATIO("rma_potrf c", POTRF_RATIO, 16), RT_RATIO("rma_potrf z", POTRF_RATIO, 16)};
static int me, np;
static long ncases, ncontrols;

typedef struct {
  int t, layout, n, mb, nb, jz;
  char uplo;
  uint64_t seed;
} pcase_t;

static int in_triangle(const pcase_t *c, int i, int j) { return c->uplo == 'L' ? i >= j : i <= j; }

// Entry (i, j) of the Hermitian A0 (both triangles).
static double complex a0_at(const pcase_t *c, int i, int j) {
  if (i == j)
    return i == c->jz ? -1.0 : creal(rt_tvalue(c->t, c->seed, i, j)) + c->n;
  if (i > j)
    return rt_tvalue(c->t, c->seed, i, j);
  return conj(rt_tvalue(c->t, c->seed, j, i));
}

// ==== ratio = max_c sum_{i>=c} |A0(i,c) - (L L^H)(i,c)| / (n eps max_c sum_i |A0(i,c)|) ====
// Over the first cols columns; L (row-major n x n, double complex) lower.
static double potrf_ratio(const pcase_t *c, const double complex *l, int cols) {
  int n = c->n;
  double anorm = 0.0, rnorm = 0.0;
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
      s += cabs(a0_at(c, i, j));
    anorm = fmax(anorm, s);
  }
  for (int j = 0; j < cols; j++) {
    double s = 0.0;
    for (int i = j; i < n; i++) {
      long double complex x = 0.0;
      for (int k = 0; k <= j; k++)
        x += (long double complex)l[(long)i * n + k] * conjl(l[(long)j * n + k]);
      s += (double)cabsl((long double complex)a0_at(c, i, j) - x);
    }
    rnorm = s > rnorm || isnan(s) ? s : rnorm;
  }
  return rnorm / (n * te_eps(c->t) * anorm);
}

static void potrf_case(const pcase_t *c) {
  int n = c->n, t = c->t;
  size_t es = te_size(t);
  int ga = rt_tcreate(t, c->layout, n, n, c->mb, c->nb);
  if (!rt_expect_all(ga != 0, 1, "type %c %s: creating A", te_name(t), layouts[c->layout]))
    return;
  ncases++;
  void *full = malloc(es * (size_t)n * n), *after = malloc(es * (size_t)n * n);
  rt_tfill(t, ga, n, n, c->seed, 0.0, full);
  for (int i = 0; i < n; i++) // the named triangle := A0
    for (int j = 0; j < n; j++)
      if (in_triangle(c, i, j))
        te_put(t, full, (long)i * n + j, a0_at(c, i, j));
  int lo[2] = {0, 0}, hi[2] = {n - 1, n - 1}, ld[1] = {n};
  if (me == 0)
    NGA_Put(ga, lo, hi, full, ld);
  GA_Sync();
  int info = rma_potrf(c->uplo, ga);
  int want = c->jz >= 0 ? c->jz + 1 : 0;
  rt_expect_all(info, want, "type %c %s: rma_potrf %c n=%d", te_name(t), layouts[c->layout],
                c->uplo, n);
  rt_tgather(t, ga, n, n, after);
  long changed = 0, nonfinite = 0;
  double complex *l = calloc((size_t)n * n, sizeof(double complex));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      long at = (long)i * n + j;
      if (!in_triangle(c, i, j)) {
        changed += memcmp((char *)full + es * at, (char *)after + es * at, es) != 0;
        continue;
      }
      double complex v = te_get(t, after, at);
      nonfinite += !isfinite(creal(v)) || !isfinite(cimag(v));
      if (c->uplo == 'L')
        l[at] = v;
      else
        l[(long)j * n + i] = conj(v);
    }
  if (changed)
    rt_fail_same("type %c %s %c: %ld entries outside the triangle changed", te_name(t),
                 layouts[c->layout], c->uplo, changed);
  if (nonfinite)
    rt_fail_same("type %c %s %c: %ld entries not finite", te_name(t), layouts[c->layout], c->uplo,
                 nonfinite);
  int cols = info > 0 ? info - 1 : n;
  double r = potrf_ratio(c, l, cols);
  if (!rt_ratio(&ratios[t], r))
    rt_fail_same("type %c %s: rma_potrf %c n=%d blocks %dx%d: ratio %.3g", te_name(t),
                 layouts[c->layout], c->uplo, n, c->mb, c->nb, r);
  if (n > 1) {
    l[(long)(n - 1) * n] += 1.0;
    ncontrols++;
    double wrong = potrf_ratio(c, l, cols);
    if (!(wrong > 16))
      rt_fail_same("type %c: control ratio %.3g <= 16", te_name(t), wrong);
  }
  free(full), free(after), free(l);
  GA_Destroy(ga);
}

static void type_cases(int t, int layout, uint64_t seed) {
  const char uplos[2] = {'L', 'U'};
  for (int u = 0; u < 2; u++) {
    pcase_t c = {t, layout, 37, 5, 5, -1, uplos[u], seed + (uint64_t)u};
    potrf_case(&c);
    c.n = 29, c.mb = 4, c.nb = 6;
    potrf_case(&c);
    c.n = 1, c.mb = c.nb = 1; // (rmala's own layouts need a tile on every process)
    if (layout == 2 || np == 1)
      potrf_case(&c);
    c.n = 37, c.mb = c.nb = 5, c.jz = 12;
    potrf_case(&c);
  }
}

// Illegal arguments: the code on every rank, A unchanged, the next call works.
static void args(int t) {
  int n = 9;
  size_t es = te_size(t);
  int ga = rt_tcreate(t, 1, n, n, 3, 3);
  int dims[2] = {n, n + 2}, gw = NGA_Create(C_DBL, 2, dims, "wide", NULL);
  void *before = malloc(es * (size_t)n * n), *after = malloc(es * (size_t)n * n);
  rt_tfill(t, ga, n, n, 31, (double)n, before);
  rt_expect_all(rma_potrf('X', ga), -1, "type %c: uplo 'X'", te_name(t));
  rt_expect_all(rma_potrf('L', gw), -2, "type %c: a non-square GA", te_name(t));
  rt_tgather(t, ga, n, n, after);
  if (memcmp(before, after, es * (size_t)n * n))
    rt_fail_same("type %c: rma_potrf with illegal arguments changed A", te_name(t));
  pcase_t c = {t, 1, n, 3, 3, -1, 'U', 31};
  GA_Destroy(ga), GA_Destroy(gw);
  free(before), free(after);
  potrf_case(&c);
}

// A GA of C_INT: argument 2.
static void int_ga(void) {
  int dims[2] = {6, 6}, g = NGA_Create(C_INT, 2, dims, "int", NULL);
  rt_expect_all(rma_potrf('L', g), -2, "a C_INT GA");
  GA_Destroy(g);
}

int main(int argc, char **argv) {
  rt_ga_float_safe(); // before rt_init: GA itself loses floats under MPICH otherwise
  rt_init(&argc, &argv, &me, &np);
  for (int t = 0; t < TE_NTYPES; t++)
    for (int layout = 0; layout < 3; layout++)
      type_cases(t, layout, 777u + 31u * (unsigned)t + 7u * (unsigned)layout);
  for (int t = 0; t < TE_NTYPES; t++)
    args(t);
  int_ga();
  if (me == 0)
    printf("test_potrf_types (GA): np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_potrf_types (GA)", ratios, TE_NTYPES);
  rt_finalize();
  return status;
}
