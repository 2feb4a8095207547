/*
 * rma_p?getrf / rma_p?getrs (s, d, c, z) against ScaLAPACK's own
 * p?getrf_ / p?getrs_ on the same local arrays.
 *
 * Grids: every factorisation of P, row- and column-major BLACS ordering.
 * Per type a seeded sweep of layouts ScaLAPACK accepts (MB = NB from 2, 3,
 * 5, 8, 16; ia = ja = ib on a block boundary; B's row blocks aligned with
 * A's; any RSRC / CSRC; padded LLDs): square windows n = 1 .. 60 (some up
 * to 100) of random matrices (the seeded generator rounded to the type,
 * imaginary parts from a second seed: no ties between pivot candidates),
 * nrhs 1..4, trans 'N', 'T', 'C' ('C' the conjugate transpose for c and
 * z); some with window column j zero.
 * Checks (eps = the type's unit roundoff: 2^-24 for s and c, 2^-53 for d
 * and z; |x| the modulus; on the gathered windows, residuals in long double
 * complex against A0 and B0 rebuilt from the generator; each fails on NaN):
 *   info   rma_p?getrf's = p?getrf_'s (0, or j + 1 for the zero column j),
 *          the same on every process;
 *   ipiv   rma_p?getrf's local pivots = p?getrf_'s, entry for entry;
 *   getrf  ratio = max|P A0 - L U| / (n max|A0| eps) <= 16 (rmala's factors);
 *   factors ratio = max|L U - L_S U_S| / (n max|A0| eps) <= 16: with the
 *          same P, rmala's product reproduces ScaLAPACK's (L_S, U_S). Not
 *          entry by entry: the factors of two correct LUs differ by the
 *          factorization's condition times eps (max|L - L_S|, |U - U_S| up
 *          to 38 n max|A0| eps over 4000 of these random matrices);
 *   getrs  ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) <= 16 for
 *          rma_p?getrs on rmala's factors, rma_p?getrs on ScaLAPACK's
 *          factors, and p?getrs_ on rmala's factors; ScaLAPACK's own
 *          p?getrf_ + p?getrs_ reported beside them as a reference
 *          ("ScaLAPACK <t>", same formula and limit);
 *   LLD padding untouched.
 * The checks can fail: on every case the same ratios are computed for a
 * wrong answer (rmala's factors without the row interchanges; rmala's
 * factors against A0 unfactored, read as factors; X against the wrong op:
 * 'N' <-> 'T', 'C' as the transpose without conjugation for c and z) and
 * must exceed 16.
 * Then illegal arguments per type: rma_p?getrf / rma_p?getrs give
 * ScaLAPACK's INFO for the same call (PXERBLA's numbering: m, n, nrhs < 0,
 * trans, MB_A, LLD_A, LLD_B, M_B), the same on every process, arrays
 * unchanged, and the next legal call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

enum { NT = TE_NTYPES };
#define GETRF_RATIO "max|P A0 - L U| / (n max|A0| eps)"
#define FACT_RATIO "max|L U - L_S U_S| / (n max|A0| eps)"
#define GETRS_RATIO "max|op(A0) X - B0| / (max|A0| max|X| n eps)"
static rt_ratio_t ratios[4 * NT] = {
    RT_RATIO("getrf s", GETRF_RATIO, 16),     RT_RATIO("getrf d", GETRF_RATIO, 16),
    RT_RATIO("getrf c", GETRF_RATIO, 16),     RT_RATIO("getrf z", GETRF_RATIO, 16),
    RT_RATIO("factors s", FACT_RATIO, 16),    RT_RATIO("factors d", FACT_RATIO, 16),
    RT_RATIO("factors c", FACT_RATIO, 16),    RT_RATIO("factors z", FACT_RATIO, 16),
    RT_RATIO("getrs s", GETRS_RATIO, 16),     RT_RATIO("getrs d", GETRS_RATIO, 16),
    RT_RATIO("getrs c", GETRS_RATIO, 16),     RT_RATIO("getrs z", GETRS_RATIO, 16),
    RT_RATIO("ScaLAPACK s", GETRS_RATIO, 16), RT_RATIO("ScaLAPACK d", GETRS_RATIO, 16),
    RT_RATIO("ScaLAPACK c", GETRS_RATIO, 16), RT_RATIO("ScaLAPACK z", GETRS_RATIO, 16)};
enum { R_GETRF = 0, R_FACT = NT, R_GETRS = 2 * NT, R_REF = 3 * NT };
static long ncases, ncontrols;

// ---- The typed routines, rmala's and ScaLAPACK's ----

static int rma_getrf_t(int n, pd_tmatrix_t *a, int ia, int ja, int *ipiv) {
#define CALL(x) return rma_p##x##getrf(n, n, a->data, ia, ja, a->desc, ipiv);
  TE_DISPATCH(a->t, CALL)
#undef CALL
}

static int sca_getrf_t(int m, int n, pd_tmatrix_t *a, int ia, int ja, const int *desca, int *ipiv) {
  int info = 0;
#define CALL(x)                                                                                    \
  p##x##getrf_(&m, &n, a->data, &ia, &ja, desca, ipiv, &info);                                     \
  break;
  TE_DISPATCH(a->t, CALL)
#undef CALL
  return info;
}

static int rma_getrs_t(char tr, int n, int nrhs, const pd_tmatrix_t *a, int ia, int ja,
                       const int *desca, const int *ipiv, pd_tmatrix_t *b, int ib, int jb,
                       const int *descb) {
#define CALL(x)                                                                                    \
  return rma_p##x##getrs(tr, n, nrhs, a->data, ia, ja, desca, ipiv, b->data, ib, jb, descb);
  TE_DISPATCH(a->t, CALL)
#undef CALL
}

static int sca_getrs_t(char tr, int n, int nrhs, const pd_tmatrix_t *a, int ia, int ja,
                       const int *desca, const int *ipiv, pd_tmatrix_t *b, int ib, int jb,
                       const int *descb) {
  int info = 0;
#define CALL(x)                                                                                    \
  p##x##getrs_(&tr, &n, &nrhs, a->data, &ia, &ja, desca, ipiv, b->data, &ib, &jb, descb, &info,    \
               1);                                                                                 \
  break;
  TE_DISPATCH(a->t, CALL)
#undef CALL
  return info;
}

// ---- Cases ----

typedef struct {
  int t, n, nrhs, mb, nbB, rsA, csA, csB, ia, jb, padA, padB, zero_col;
  char trans;
  uint64_t seed;
} case_t;

static void draw(int t, unsigned *st, int nprow, int npcol, int big, case_t *c) {
  static const int blocks[5] = {2, 3, 5, 8, 16};
  c->t = t;
  c->n = 1 + rt_rand(st, big ? 100 : 60), c->nrhs = 1 + rt_rand(st, 4);
  c->mb = blocks[rt_rand(st, 5)], c->nbB = blocks[rt_rand(st, 5)];
  c->rsA = rt_rand(st, nprow), c->csA = c->rsA % npcol, c->csB = rt_rand(st, npcol);
  c->ia = rt_rand(st, 2) * c->mb, c->jb = rt_rand(st, 3);
  c->padA = rt_rand(st, 3), c->padB = rt_rand(st, 3);
  c->zero_col = rt_rand(st, 6) == 0 ? rt_rand(st, c->n) : -1;
  c->trans = "NTC"[rt_rand(st, 3)];
  c->seed = 7000 + (uint64_t)rt_rand(st, 1 << 30);
}

// Entry (i, j) of the window of A0 (0-based in the window).
static double complex a0_at(const case_t *c, int i, int j) {
  return j == c->zero_col ? 0.0 : rt_tvalue(c->t, c->seed, c->ia + i, c->ia + j);
}

static double a0_max(const case_t *c) {
  double most = 0.0;
  for (int j = 0; j < c->n; j++)
    for (int i = 0; i < c->n; i++)
      most = fmax(most, cabs(a0_at(c, i, j)));
  return most;
}

// ======== ratio = max|P A0 - L U| / (n max|A0| eps) ========
// Of the gathered factors f (n x n, ld n) and window pivots piv (NULL: none).
static double getrf_ratio(const case_t *c, const double complex *f, const int *piv) {
  int n = c->n;
  double complex *pa = malloc(sizeof(double complex) * ((size_t)n * n + 1));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      pa[i + (long)j * n] = a0_at(c, i, j);
  for (int i = 0; piv && i < n; i++)
    for (int j = 0; j < n; j++) {
      double complex s = pa[i + (long)j * n];
      pa[i + (long)j * n] = pa[piv[i] - 1 + (long)j * n], pa[piv[i] - 1 + (long)j * n] = s;
    }
  double worst = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      long double complex lu = 0.0L;
      for (int l = 0; l <= i && l <= j; l++)
        lu += (long double complex)(l == i ? 1.0 : f[i + (long)l * n]) * f[l + (long)j * n];
      double d = (double)cabsl((long double complex)pa[i + (long)j * n] - lu);
      worst = d > worst || isnan(d) ? d : worst;
    }
  free(pa);
  return worst / (n * a0_max(c) * te_eps(c->t));
}

// ======== ratio = max|L U - L_S U_S| / (n max|A0| eps) ========
// Of the gathered factors f (rmala's) and g (ScaLAPACK's), both n x n, ld n.
static double factors_ratio(const case_t *c, const double complex *f, const double complex *g) {
  int n = c->n;
  double worst = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      long double complex d = 0.0L;
      for (int l = 0; l <= i && l <= j; l++)
        d += (long double complex)(l == i ? 1.0 : f[i + (long)l * n]) * f[l + (long)j * n] -
             (long double complex)(l == i ? 1.0 : g[i + (long)l * n]) * g[l + (long)j * n];
      double v = (double)cabsl(d);
      worst = v > worst || isnan(v) ? v : worst;
    }
  return worst / (n * a0_max(c) * te_eps(c->t));
}

// ======== ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) ========
// Of the gathered X (n x nrhs, ld n) for op; B0 from bseed at (ib, jb).
static double getrs_ratio(const case_t *c, char op, const double complex *x, uint64_t bseed) {
  int n = c->n, conj_a = op == 'C' && te_complex(c->t);
  double xmax = 0.0, worst = 0.0;
  for (long e = 0; e < (long)n * c->nrhs; e++)
    xmax = cabs(x[e]) > xmax || isnan(creal(x[e])) ? cabs(x[e]) : xmax;
  for (int r = 0; r < c->nrhs; r++)
    for (int i = 0; i < n; i++) {
      long double complex s = 0.0L;
      for (int j = 0; j < n; j++) {
        double complex a = op == 'N' ? a0_at(c, i, j) : a0_at(c, j, i);
        s += (long double complex)(conj_a ? conj(a) : a) * x[j + (long)r * n];
      }
      double d = (double)cabsl(s - rt_tvalue(c->t, bseed, c->ia + i, c->jb + r));
      worst = d > worst || isnan(d) ? d : worst;
    }
  return worst / (a0_max(c) * xmax * n * te_eps(c->t));
}

// A control: the ratio of a wrong answer must not pass.
static void control(double ratio, const char *what, const case_t *c) {
  ncontrols++;
  if (ratio <= 16.0)
    rt_fail_same("type %c: the check cannot fail: %s gives ratio %.3g (n=%d)", te_name(c->t), what,
                 ratio, c->n);
}

static int padding_intact(const pd_tmatrix_t *x) {
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = x->locr; li < x->lld; li++)
      if (te_get(x->t, x->data, li + (long)lj * x->lld) != -7.0 - (te_complex(x->t) ? 3.0 * I : 0))
        return 0;
  return 1;
}

// The window pivots (1-based window rows) from a local ipiv, on every process.
static int *window_pivots(const case_t *c, const pd_tmatrix_t *a, const int *ipiv) {
  int *piv = malloc(sizeof(int) * (size_t)(c->n + 1));
  for (int i = 0; i < c->n; i++)
    piv[i] = INT_MIN;
  for (int li = 0; li < a->locr; li++) {
    int gi, gj;
    pd_tmatrix_global(a, li, 0, &gi, &gj);
    if (gi >= c->ia && gi < c->ia + c->n)
      piv[gi - c->ia] = ipiv[li] - c->ia;
  }
  MPI_Allreduce(MPI_IN_PLACE, piv, c->n, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return piv;
}

// Solve with factors f / pivots piv by rmala (who = 0) or ScaLAPACK (1);
// the ratio goes to ratios[slot].
static void solve(int who, const case_t *c, const pd_tmatrix_t *f, const int *piv,
                  const pd_tmatrix_t *b0, uint64_t bseed, int slot, const char *what) {
  pd_tmatrix_t x;
  pd_tmatrix_copy(&x, b0);
  int ia = c->ia + 1, ib = c->ia + 1, jb = c->jb + 1;
  int info =
      who ? sca_getrs_t(c->trans, c->n, c->nrhs, f, ia, ia, f->desc, piv, &x, ib, jb, x.desc)
          : rma_getrs_t(c->trans, c->n, c->nrhs, f, ia, ia, f->desc, piv, &x, ib, jb, x.desc);
  rt_expect_all(info, 0, "type %c %s: info", te_name(c->t), what);
  if (rt_any(!padding_intact(&x)))
    rt_fail_same("type %c %s: B's padding changed", te_name(c->t), what);
  double complex *xg = pd_tmatrix_gather(&x, c->ia, c->jb, c->n, c->nrhs);
  double ratio = getrs_ratio(c, c->trans, xg, bseed);
  if (!rt_ratio(&ratios[slot + c->t], ratio))
    rt_fail_same("type %c %s: %c n=%d nrhs=%d mb=%d ia=%d: ratio %.3g", te_name(c->t), what,
                 c->trans, c->n, c->nrhs, c->mb, c->ia, ratio);
  char wrong = c->trans == 'N' ? 'T' : c->trans == 'T' || !te_complex(c->t) ? 'N' : 'T';
  if (c->n > 1 && slot == R_GETRS) {
    char w[96];
    snprintf(w, sizeof w, "%s: X of op %c checked as op %c", what, c->trans, wrong);
    control(getrs_ratio(c, wrong, xg, bseed), w, c);
  }
  free(xg);
  pd_tmatrix_free(&x);
}

static void run_case(int ictxt, const case_t *c) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  int n = c->n, t = c->t;
  pd_tmatrix_t a0, f1, f2, b0;
  uint64_t bseed = c->seed + 31;
  ncases++;
  if (pd_tmatrix_make(&a0, t, ictxt, c->ia + n + 2, c->ia + n + 1, c->mb, c->mb, c->rsA, c->csA,
                      c->padA, c->seed) ||
      pd_tmatrix_make(&b0, t, ictxt, c->ia + n + 1, c->jb + c->nrhs, c->mb, c->nbB, c->rsA, c->csB,
                      c->padB, bseed)) {
    rt_fail("type %c: could not make the matrices", te_name(t));
    return;
  }
  for (int lj = 0; lj < a0.locc && c->zero_col >= 0; lj++)
    for (int li = 0; li < a0.locr; li++) {
      int gi, gj;
      pd_tmatrix_global(&a0, li, lj, &gi, &gj);
      if (gj == c->ia + c->zero_col && gi >= c->ia && gi < c->ia + n)
        te_put(t, a0.data, li + (long)lj * a0.lld, 0.0);
    }
  pd_tmatrix_copy(&f1, &a0), pd_tmatrix_copy(&f2, &a0);
  int *ip1 = malloc(sizeof(int) * (size_t)(a0.locr + c->mb + 1));
  int *ip2 = malloc(sizeof(int) * (size_t)(a0.locr + c->mb + 1));
  int ia = c->ia + 1;
  int info1 = rma_getrf_t(n, &f1, ia, ia, ip1);
  int info2 = sca_getrf_t(n, n, &f2, ia, ia, f2.desc, ip2);
  int want = c->zero_col >= 0 ? c->zero_col + 1 : 0;
  rt_expect_all(info1, info2, "type %c: rma_p%cgetrf info vs ScaLAPACK's (n=%d zero column %d)",
                te_name(t), te_name(t), n, c->zero_col);
  rt_expect_all(info1, want, "type %c: rma_p%cgetrf info (n=%d zero column %d)", te_name(t),
                te_name(t), n, c->zero_col);
  if (rt_any(!padding_intact(&f1)))
    rt_fail_same("type %c: rma_p%cgetrf changed A's padding", te_name(t), te_name(t));
  // The pivots, entry for entry on every process (every process column).
  int differ = -1;
  for (int li = 0; li < a0.locr && differ < 0; li++) {
    int gi, gj;
    pd_tmatrix_global(&a0, li, 0, &gi, &gj);
    if (gi >= c->ia && gi < c->ia + n && ip1[li] != ip2[li])
      differ = gi;
  }
  MPI_Allreduce(MPI_IN_PLACE, &differ, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (differ >= 0)
    rt_fail_same("type %c n=%d mb=%d ia=%d: pivots differ from p%cgetrf_'s (global row %d)",
                 te_name(t), n, c->mb, c->ia, te_name(t), differ);
  if (info1 == 0 && differ < 0) {
    double complex *g1 = pd_tmatrix_gather(&f1, c->ia, c->ia, n, n);
    double complex *g2 = pd_tmatrix_gather(&f2, c->ia, c->ia, n, n);
    double complex *g0 = pd_tmatrix_gather(&a0, c->ia, c->ia, n, n);
    int *piv = window_pivots(c, &f1, ip1), swapped = 0;
    double r = getrf_ratio(c, g1, piv);
    if (!rt_ratio(&ratios[R_GETRF + t], r))
      rt_fail_same("type %c getrf n=%d mb=%d ia=%d: ratio %.3g", te_name(t), n, c->mb, c->ia, r);
    r = factors_ratio(c, g1, g2);
    if (!rt_ratio(&ratios[R_FACT + t], r))
      rt_fail_same("type %c factors n=%d mb=%d ia=%d: ratio %.3g", te_name(t), n, c->mb, c->ia, r);
    for (int i = 0; i < n; i++)
      swapped |= piv[i] != i + 1;
    if (swapped)
      control(getrf_ratio(c, g1, NULL), "the factors without the interchanges", c);
    if (n > 1)
      control(factors_ratio(c, g1, g0), "the factors against A0 unfactored", c);
    solve(0, c, &f1, ip1, &b0, bseed, R_GETRS, "rma_p?getrf + rma_p?getrs");
    solve(0, c, &f2, ip2, &b0, bseed, R_GETRS, "p?getrf_ + rma_p?getrs");
    solve(1, c, &f1, ip1, &b0, bseed, R_GETRS, "rma_p?getrf + p?getrs_");
    solve(1, c, &f2, ip2, &b0, bseed, R_REF, "p?getrf_ + p?getrs_");
    free(g0), free(g1), free(g2), free(piv);
  }
  free(ip1), free(ip2);
  pd_tmatrix_free(&a0), pd_tmatrix_free(&f1), pd_tmatrix_free(&f2), pd_tmatrix_free(&b0);
}

// ---- Illegal arguments: ScaLAPACK's INFO for the same call ----

static void unchanged(const char *what, const pd_tmatrix_t *x, const void *copy) {
  if (rt_any(memcmp(x->data, copy, te_size(x->t) * (size_t)x->len) != 0))
    rt_fail_same("%s: an array changed", what);
}

static void arg_cases(int ictxt, int t) {
  pd_tmatrix_t A, B;
  pd_tmatrix_make(&A, t, ictxt, 8, 8, 2, 2, 0, 0, 0, 4);
  pd_tmatrix_make(&B, t, ictxt, 8, 2, 2, 2, 0, 0, 0, 5);
  size_t es = te_size(t);
  int *ipiv = calloc((size_t)A.locr + 8, sizeof(int));
  const struct {
    const char *what;
    int m, n, entry, value;
  } f[] = {
      {"m < 0", -1, 8, 0, 0}, {"n < 0", 8, -1, 0, 0}, {"MB_A", 8, 8, 5, 0}, {"LLD_A", 8, 8, 9, 0}};
  char what[128];
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
    int d[9];
    memcpy(d, A.desc, sizeof d);
    if (f[i].entry)
      d[f[i].entry - 1] = f[i].value;
    void *copy = malloc(es * (size_t)A.len);
    memcpy(copy, A.data, es * (size_t)A.len);
    int rc = 0;
    switch (t) {
    case TE_S:
      rc = rma_psgetrf(f[i].m, f[i].n, A.data, 1, 1, d, ipiv);
      break;
    case TE_D:
      rc = rma_pdgetrf(f[i].m, f[i].n, A.data, 1, 1, d, ipiv);
      break;
    case TE_C:
      rc = rma_pcgetrf(f[i].m, f[i].n, A.data, 1, 1, d, ipiv);
      break;
    default:
      rc = rma_pzgetrf(f[i].m, f[i].n, A.data, 1, 1, d, ipiv);
    }
    snprintf(what, sizeof what, "rma_p%cgetrf %s", te_name(t), f[i].what);
    unchanged(what, &A, copy);
    int info = sca_getrf_t(f[i].m, f[i].n, &A, 1, 1, d, ipiv);
    snprintf(what, sizeof what, "rma_p%cgetrf %s (ScaLAPACK says %d)", te_name(t), f[i].what, info);
    rt_expect_all(rc, info, "%s", what);
    memcpy(A.data, copy, es * (size_t)A.len);
    free(copy);
  }
  rt_expect_all(rma_getrf_t(8, &A, 1, 1, ipiv), 0, "type %c: legal rma_p?getrf", te_name(t));
  const struct {
    const char *what;
    char trans;
    int n, nrhs, which, entry, value; // which: 0 desca, 1 descb
  } s[] = {{"trans", 'Q', 8, 2, 0, 0, 0},
           {"nrhs < 0", 'C', 8, -1, 0, 0, 0},
           {"LLD_B", 'T', 8, 2, 1, 9, 0},
           {"M_B too small", 'N', 8, 2, 1, 3, 5}};
  for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
    int da[9], db[9];
    memcpy(da, A.desc, sizeof da), memcpy(db, B.desc, sizeof db);
    if (s[i].entry)
      (s[i].which ? db : da)[s[i].entry - 1] = s[i].value;
    void *copy = malloc(es * (size_t)B.len);
    memcpy(copy, B.data, es * (size_t)B.len);
    int rc = rma_getrs_t(s[i].trans, s[i].n, s[i].nrhs, &A, 1, 1, da, ipiv, &B, 1, 1, db);
    snprintf(what, sizeof what, "rma_p%cgetrs %s", te_name(t), s[i].what);
    unchanged(what, &B, copy);
    int info = sca_getrs_t(s[i].trans, s[i].n, s[i].nrhs, &A, 1, 1, da, ipiv, &B, 1, 1, db);
    snprintf(what, sizeof what, "rma_p%cgetrs %s (ScaLAPACK says %d)", te_name(t), s[i].what, info);
    rt_expect_all(rc, info, "%s", what);
    memcpy(B.data, copy, es * (size_t)B.len);
    free(copy);
  }
  rt_expect_all(rma_getrs_t('C', 8, 2, &A, 1, 1, A.desc, ipiv, &B, 1, 1, B.desc), 0,
                "type %c: legal rma_p?getrs", te_name(t));
  free(ipiv);
  pd_tmatrix_free(&A), pd_tmatrix_free(&B);
}

static void sweep(int nprow, int npcol, const char *order, int ncases_per_type, unsigned seed) {
  int ictxt;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, order, nprow, npcol);
  for (int t = 0; t < NT; t++) {
    unsigned st = seed + 1000u * (unsigned)t;
    for (int i = 0; i < ncases_per_type; i++) {
      case_t c;
      draw(t, &st, nprow, npcol, i % 5 == 4, &c);
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
  unsigned seed = 4242;
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      sweep(p, np / p, "Row", 10, seed += 97);
      sweep(p, np / p, "Col", 4, seed += 97);
    }
  int p = np % 2 == 0 ? 2 : 1;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, "Row", p, np / p);
  for (int t = 0; t < NT; t++)
    arg_cases(ictxt, t);
  Cblacs_gridexit(ictxt);
  if (me == 0)
    printf("test_pgetrf_types: np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_pgetrf_types", ratios, 4 * NT);
  rma_finalize();
  MPI_Finalize();
  return status;
}
