/*
 * rma_p?potrf (s, d, c, z) against ScaLAPACK's own p?potrf_ on the same
 * local arrays.
 *
 * Grids: every factorisation of P, row- and column-major BLACS ordering.
 * Per type a seeded sweep of layouts ScaLAPACK accepts (MB = NB from 2, 3,
 * 5, 8, 16; ia = ja on a block boundary; any RSRC / CSRC; padded LLDs):
 * windows n = 1 .. 60, UPLO 'L' and 'U'. The matrix: Hermitian (symmetric
 * for s, d) in the named triangle of the window, off-diagonal entries from
 * the seeded generator rounded to the type, the diagonal's real part + n
 * (positive definite); the other triangle keeps the generator's
 * non-Hermitian entries. Every third case is not positive definite: the
 * diagonal entry jz := -1 (the leading minor of order jz + 1 is the first
 * that is not).
 * Checks (eps = the type's unit roundoff: 2^-24 for s and c, 2^-53 for d
 * and z; on the gathered windows in long double complex against A0 rebuilt
 * from the generator; L = the factor, or U^H; each fails on NaN):
 *   info    rma_p?potrf's = p?potrf_'s = jz + 1 (0 when positive
 *           definite), the same on every process;
 *   potrf   ratio = max_c sum_i |A0(i, c) - (L L^H)(i, c)| /
 *           (n eps max_c sum_i |A0(i, c)|) <= 16, every column c, or the
 *           first info - 1 ones (the factored columns; all finite);
 *   factors ratio = max|L - L_S| / (n eps max|A0|) <= 16 when positive
 *           definite (the Cholesky factor is unique: rmala's is
 *           ScaLAPACK's up to rounding on these well-conditioned matrices);
 *   every local entry outside the named triangle of the window (the other
 *   triangle, outside the window, LLD padding) bitwise unchanged.
 * The checks can fail: on every factored case the potrf ratio of L with
 * L(n - 1, 0) changed by 1 (n > 1) must exceed 16.
 * Then illegal arguments per type: rma_p?potrf gives ScaLAPACK's INFO for
 * the same call (PXERBLA's numbering: uplo, n < 0, N_A, MB_A, CSRC_A,
 * LLD_A, a window past A, uplo and LLD_A bad together), the same on every
 * process, the array unchanged, and the next legal call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

enum { NT = TE_NTYPES };
#define POTRF_RATIO "max_c sum_i |A0 - L L^H|(i,c) / (n eps max_c sum_i |A0(i,c)|)"
#define FACT_RATIO "max|L - L_S| / (n eps max|A0|)"
static rt_ratio_t ratios[2 * NT] = {
    RT_RATIO("potrf s", POTRF_RATIO, 16), RT_RATIO("potrf d", POTRF_RATIO, 16),
    RT_RATIO("potrf c", POTRF_RATIO, 16), RT_RATIO("potrf z", POTRF_RATIO, 16),
    RT_RATIO("factors s", FACT_RATIO, 16), RT_RATIO("factors d", FACT_RATIO, 16),
    RT_RATIO("factors c", FACT_RATIO, 16), RT_RATIO("factors z", FACT_RATIO, 16)};
static long ncases, ncontrols;

typedef struct {
  int t, n, ia, mb, rs, cs, pad, jz; /* ia = ja, 0-based; jz: -1 none */
  char uplo;
  uint64_t seed;
} case_t;

static int rma_potrf_t(char uplo, int n, pd_tmatrix_t *a, int ia, int ja, const int *desc) {
  switch (a->t) {
  case TE_S:
    return rma_pspotrf(uplo, n, a->data, ia, ja, desc);
  case TE_D:
    return rma_pdpotrf(uplo, n, a->data, ia, ja, desc);
  case TE_C:
    return rma_pcpotrf(uplo, n, a->data, ia, ja, desc);
  default:
    return rma_pzpotrf(uplo, n, a->data, ia, ja, desc);
  }
}

static int sca_potrf_t(char uplo, int n, pd_tmatrix_t *a, int ia, int ja, const int *desc) {
  int info = 0;
  switch (a->t) {
  case TE_S:
    pspotrf_(&uplo, &n, a->data, &ia, &ja, desc, &info, 1);
    break;
  case TE_D:
    pdpotrf_(&uplo, &n, a->data, &ia, &ja, desc, &info, 1);
    break;
  case TE_C:
    pcpotrf_(&uplo, &n, a->data, &ia, &ja, desc, &info, 1);
    break;
  default:
    pzpotrf_(&uplo, &n, a->data, &ia, &ja, desc, &info, 1);
  }
  return info;
}

static int lower_of(char uplo) { return uplo == 'L'; }

// Entry (i, j) of the case's Hermitian window A0 (both triangles).
static double complex a0_at(const case_t *c, int i, int j) {
  if (i == j)
    return i == c->jz ? -1.0 : creal(rt_tvalue(c->t, c->seed, c->ia + i, c->ia + j)) + c->n;
  if (i > j)
    return rt_tvalue(c->t, c->seed, c->ia + i, c->ia + j);
  return conj(rt_tvalue(c->t, c->seed, c->ia + j, c->ia + i));
}

static int in_triangle(const case_t *c, int i, int j) {
  return lower_of(c->uplo) ? i >= j : i <= j;
}

// ==== ratio = max_c sum_{i>=c} |A0(i,c) - (L L^H)(i,c)| / (n eps max_c sum_i |A0(i,c)|) ====
// Over the first cols columns; L (column-major, ld n) lower triangular.
static double potrf_ratio(const case_t *c, const double complex *l, int cols) {
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
        x += (long double complex)l[i + (long)k * n] * conjl(l[j + (long)k * n]);
      s += (double)cabsl((long double complex)a0_at(c, i, j) - x);
    }
    rnorm = s > rnorm || isnan(s) ? s : rnorm;
  }
  return rnorm / (n * te_eps(c->t) * anorm);
}

// The factor in the gathered window w as lower L (U^H for 'U'), column-major.
static double complex *factor_of(const case_t *c, const double complex *w) {
  int n = c->n;
  double complex *l = calloc((size_t)n * n, sizeof(double complex));
  for (int j = 0; j < n; j++)
    for (int i = j; i < n; i++)
      l[i + (long)j * n] = lower_of(c->uplo) ? w[i + (long)j * n] : conj(w[j + (long)i * n]);
  return l;
}

static void run_case(int ictxt, const case_t *c) {
  int t = c->t, n = c->n, M = c->ia + n + 3;
  size_t es = te_size(t);
  pd_tmatrix_t a0, f1, f2;
  ncases++;
  pd_tmatrix_make(&a0, t, ictxt, M, M, c->mb, c->mb, c->rs, c->cs, c->pad, c->seed);
  for (int lj = 0; lj < a0.locc; lj++) // the named triangle of the window := A0
    for (int li = 0; li < a0.locr; li++) {
      int gi, gj;
      pd_tmatrix_global(&a0, li, lj, &gi, &gj);
      int i = gi - c->ia, j = gj - c->ia;
      if (i >= 0 && i < n && j >= 0 && j < n && in_triangle(c, i, j))
        te_put(t, a0.data, li + (long)lj * a0.lld, a0_at(c, i, j));
    }
  pd_tmatrix_copy(&f1, &a0), pd_tmatrix_copy(&f2, &a0);
  int info = rma_potrf_t(c->uplo, n, &f1, c->ia + 1, c->ia + 1, f1.desc);
  int sinfo = sca_potrf_t(c->uplo, n, &f2, c->ia + 1, c->ia + 1, f2.desc);
  int want = c->jz >= 0 ? c->jz + 1 : 0;
  rt_expect_all(info, want, "%c uplo %c n=%d jz=%d: rma_p?potrf info", te_name(t), c->uplo, n,
                c->jz);
  rt_expect_all(sinfo, want, "%c uplo %c n=%d jz=%d: p?potrf_ info", te_name(t), c->uplo, n,
                c->jz);
  long changed = 0;
  for (long x = 0; x < a0.len; x++) {
    int li = (int)(x % a0.lld), lj = (int)(x / a0.lld), in = 0;
    if (li < a0.locr && lj < a0.locc) {
      int gi, gj;
      pd_tmatrix_global(&a0, li, lj, &gi, &gj);
      int i = gi - c->ia, j = gj - c->ia;
      in = i >= 0 && i < n && j >= 0 && j < n && in_triangle(c, i, j);
    }
    changed += !in && memcmp((char *)a0.data + es * x, (char *)f1.data + es * x, es) != 0;
  }
  if (changed)
    rt_fail("%c uplo %c n=%d: %ld entries outside the triangle changed", te_name(t), c->uplo, n,
            changed);
  if (info >= 0) {
    double complex *w1 = pd_tmatrix_gather(&f1, c->ia, c->ia, n, n);
    double complex *w2 = pd_tmatrix_gather(&f2, c->ia, c->ia, n, n);
    double complex *l = factor_of(c, w1), *ls = factor_of(c, w2);
    int cols = info > 0 ? info - 1 : n;
    long nonfinite = 0;
    for (long x = 0; x < (long)n * n; x++)
      nonfinite += !isfinite(creal(l[x])) || !isfinite(cimag(l[x]));
    if (nonfinite)
      rt_fail_same("%c uplo %c n=%d: %ld entries not finite", te_name(t), c->uplo, n, nonfinite);
    double r = potrf_ratio(c, l, cols);
    if (!rt_ratio(&ratios[t], r))
      rt_fail_same("%c uplo %c n=%d at %d blocks %d from (%d,%d): ratio %.3g", te_name(t), c->uplo,
                   n, c->ia, c->mb, c->rs, c->cs, r);
    if (info == 0 && sinfo == 0) {
      double d = 0.0, amax = 0.0;
      for (int j = 0; j < n; j++)
        for (int i = j; i < n; i++) {
          d = fmax(d, cabs(l[i + (long)j * n] - ls[i + (long)j * n]));
          amax = fmax(amax, cabs(a0_at(c, i, j)));
        }
      double rf = d / (n * te_eps(t) * amax);
      if (!rt_ratio(&ratios[NT + t], rf))
        rt_fail_same("%c uplo %c n=%d: factors differ from ScaLAPACK's, ratio %.3g", te_name(t),
                     c->uplo, n, rf);
    }
    if (n > 1 && cols > 0) {
      l[n - 1] += 1.0;
      ncontrols++;
      double wrong = potrf_ratio(c, l, cols);
      if (!(wrong > 16))
        rt_fail_same("%c: control ratio %.3g <= 16 (n=%d)", te_name(t), wrong, n);
    }
    free(w1), free(w2), free(l), free(ls);
  }
  pd_tmatrix_free(&a0), pd_tmatrix_free(&f1), pd_tmatrix_free(&f2);
}

static void draw(int t, unsigned *st, int nprow, int npcol, int i, case_t *c) {
  static const int blocks[5] = {2, 3, 5, 8, 16};
  c->t = t, c->n = 1 + rt_rand(st, 60), c->mb = blocks[rt_rand(st, 5)];
  c->ia = c->mb * rt_rand(st, 3);
  c->rs = rt_rand(st, nprow), c->cs = rt_rand(st, npcol);
  c->pad = rt_rand(st, 2) ? rt_rand(st, 4) : 0;
  c->uplo = i % 2 ? 'U' : 'L';
  c->jz = i % 3 == 2 ? rt_rand(st, c->n) : -1;
  c->seed = 7000 + (uint64_t)rt_rand(st, 1 << 30);
}

// ---- Illegal arguments: ScaLAPACK's INFO for the same call ----

static void arg_cases(int ictxt, int t) {
  pd_tmatrix_t A;
  pd_tmatrix_make(&A, t, ictxt, 8, 8, 2, 2, 0, 0, 0, 4);
  size_t es = te_size(t);
  const struct {
    const char *what;
    char uplo;
    int n, ja, entry, value;
  } f[] = {{"uplo", 'X', 8, 1, 0, 0},        {"n < 0", 'L', -1, 1, 0, 0},
           {"N_A", 'U', 8, 1, 4, 6},         {"MB_A", 'L', 8, 1, 5, 0},
           {"CSRC_A", 'U', 8, 1, 8, 99},     {"LLD_A", 'L', 8, 1, 9, 0},
           {"window past A", 'U', 8, 3, 0, 0}, {"uplo and LLD_A", 'Q', 8, 1, 9, 0}};
  char what[128];
  void *copy = malloc(es * (size_t)A.len);
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
    int d[9];
    memcpy(d, A.desc, sizeof d);
    if (f[i].entry)
      d[f[i].entry - 1] = f[i].value;
    memcpy(copy, A.data, es * (size_t)A.len);
    int rc = rma_potrf_t(f[i].uplo, f[i].n, &A, 1, f[i].ja, d);
    if (rt_any(memcmp(A.data, copy, es * (size_t)A.len) != 0))
      rt_fail_same("rma_p%cpotrf %s: the array changed", te_name(t), f[i].what);
    int info = sca_potrf_t(f[i].uplo, f[i].n, &A, 1, f[i].ja, d);
    snprintf(what, sizeof what, "rma_p%cpotrf %s (ScaLAPACK says %d)", te_name(t), f[i].what, info);
    rt_expect_all(rc, info, "%s", what);
    memcpy(A.data, copy, es * (size_t)A.len);
  }
  free(copy);
  pd_tmatrix_free(&A);
  case_t c = {t, 8, 0, 2, 0, 0, 0, -1, 'L', 99};
  run_case(ictxt, &c);
}

static void sweep(int nprow, int npcol, const char *order, int ncases_per_type, unsigned seed) {
  int ictxt;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, order, nprow, npcol);
  for (int t = 0; t < NT; t++) {
    unsigned st = seed + 1000u * (unsigned)t;
    for (int i = 0; i < ncases_per_type; i++) {
      case_t c;
      draw(t, &st, nprow, npcol, i, &c);
      run_case(ictxt, &c);
    }
  }
  Cblacs_gridexit(ictxt);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np, ictxt;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  unsigned seed = 5151;
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      sweep(p, np / p, "Row", 12, seed += 97);
      sweep(p, np / p, "Col", 6, seed += 97);
    }
  int p = np % 2 == 0 ? 2 : 1;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, "Row", p, np / p);
  for (int t = 0; t < NT; t++)
    arg_cases(ictxt, t);
  Cblacs_gridexit(ictxt);
  if (me == 0)
    printf("test_ppotrf_types: np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_ppotrf_types", ratios, 2 * NT);
  rma_finalize();
  MPI_Finalize();
  return status;
}
