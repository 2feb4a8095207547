/*
 * rma_p?trsm / rma_p?potrs (s, d, c, z) against ScaLAPACK's own p?trsm_ /
 * p?potrs_ on the same local arrays.
 *
 * Grids: every factorisation of P, row- and column-major BLACS ordering.
 * Per type and grid: every SIDE x UPLO x TRANSA ('C' the conjugate
 * transpose for c and z) x DIAG with a seeded draw of m, n (0 .. 40), MB x
 * NB from 2, 3, 5, 8 (A and B their own), RSRC / CSRC, padded LLDs, windows
 * at offsets 0 .. 6 (PBLAS takes any) and alpha 1, -0.75 + 0.5i (the real
 * part for s and d) or 0. A's window is diagonally dominant (|a_ii| >= k +
 * 0.5 > the sum of an off-diagonal row's moduli), so op(A) is well
 * conditioned and two correct solves agree to a few k eps. P?POTRS on
 * layouts ScaLAPACK accepts (MB = NB, ia = ja = ib on a block boundary, B's
 * row blocks A's), UPLO L and U, n 1 .. 40, nrhs 1 .. 4, the factor the
 * window's triangle with a positive real diagonal.
 * Checks (eps = the type's unit roundoff; |x| the modulus; gathered
 * windows; NaN fails):
 *   trsm   ratio = max|X - X_S| / ((max|X_S| + |alpha| max|B0|) k eps) <= 16,
 *          X rmala's, X_S ScaLAPACK's, k = A's order;
 *   potrs  ratio = max|X - X_S| / (max|X_S| k eps) <= 16;
 *   alpha = 0: both sub(B) exactly zero; B outside sub(B) (padding
 *   included) bitwise the same as ScaLAPACK's; A unchanged.
 * The checks can fail: for k > 1 the same ratio between X and the
 * unsolved alpha B0 must exceed 16.
 * Then illegal arguments per type: rma_p?trsm gives PBLAS's code (the
 * numbering of PDTRSM's own checks, PB_Cchkmat's: -1 .. -4 the
 * characters, -5 / -6 M / N, -9 / -13 a window past A / B (IA, IB blamed,
 * as PBLAS prints "Parameter number 9 / 13" for them), -(1100 + j) /
 * -(1500 + j) entries of DESCA / DESCB; PBLAS aborts on them, so the codes
 * are written out), rma_p?potrs the INFO ScaLAPACK's p?potrs_
 * returns for the same call; the same on every process, arrays unchanged,
 * and the next legal call works.
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

// ScaLAPACK's routines of this test (Fortran interfaces).
#define DECLARE(x, T)                                                                              \
  void p##x##trsm_(const char *, const char *, const char *, const char *, const int *,            \
                   const int *, const T *, const T *, const int *, const int *, const int *, T *,  \
                   const int *, const int *, const int *, size_t, size_t, size_t, size_t);         \
  void p##x##potrs_(const char *, const int *, const int *, const T *, const int *, const int *,   \
                    const int *, T *, const int *, const int *, const int *, int *, size_t);
DECLARE(s, float)
DECLARE(d, double)
DECLARE(c, float _Complex)
DECLARE(z, double _Complex)

enum { NT = TE_NTYPES };
#define TRSM_RATIO "max|X - X_S| / ((max|X_S| + |alpha| max|B0|) k eps)"
#define POTRS_RATIO "max|X - X_S| / (max|X_S| k eps)"
static rt_ratio_t ratios[2 * NT] = {
    RT_RATIO("trsm s", TRSM_RATIO, 16),   RT_RATIO("trsm d", TRSM_RATIO, 16),
    RT_RATIO("trsm c", TRSM_RATIO, 16),   RT_RATIO("trsm z", TRSM_RATIO, 16),
    RT_RATIO("potrs s", POTRS_RATIO, 16), RT_RATIO("potrs d", POTRS_RATIO, 16),
    RT_RATIO("potrs c", POTRS_RATIO, 16), RT_RATIO("potrs z", POTRS_RATIO, 16)};
static long ncases, ncontrols;

typedef struct {
  int t, m, n, k, ia, ja, ib, jb;
  char side, uplo, trans, diag;
  double complex alpha;
} case_t;

static int rma_trsm_t(const case_t *c, const pd_tmatrix_t *a, pd_tmatrix_t *b) {
#define CALL(x)                                                                                    \
  return rma_p##x##trsm(c->side, c->uplo, c->trans, c->diag, c->m, c->n, (TE_T_##x)c->alpha,       \
                        a->data, c->ia + 1, c->ja + 1, a->desc, b->data, c->ib + 1, c->jb + 1,     \
                        b->desc);
  TE_DISPATCH(a->t, CALL)
#undef CALL
}

static void sca_trsm_t(const case_t *c, const pd_tmatrix_t *a, pd_tmatrix_t *b) {
  int ia = c->ia + 1, ja = c->ja + 1, ib = c->ib + 1, jb = c->jb + 1;
#define CALL(x)                                                                                    \
  {                                                                                                \
    TE_T_##x al = (TE_T_##x)c->alpha;                                                              \
    p##x##trsm_(&c->side, &c->uplo, &c->trans, &c->diag, &c->m, &c->n, &al, a->data, &ia, &ja,     \
                a->desc, b->data, &ib, &jb, b->desc, 1, 1, 1, 1);                                  \
    break;                                                                                         \
  }
  TE_DISPATCH(a->t, CALL)
#undef CALL
}

static int rma_potrs_t(char uplo, int n, int nrhs, const pd_tmatrix_t *a, int ia, const int *desca,
                       pd_tmatrix_t *b, int ib, const int *descb) {
#define CALL(x)                                                                                    \
  return rma_p##x##potrs(uplo, n, nrhs, a->data, ia, ia, desca, b->data, ib, 1, descb);
  TE_DISPATCH(a->t, CALL)
#undef CALL
}

static int sca_potrs_t(char uplo, int n, int nrhs, const pd_tmatrix_t *a, int ia, const int *desca,
                       pd_tmatrix_t *b, int ib, const int *descb) {
  int info = 0, one = 1;
#define CALL(x)                                                                                    \
  p##x##potrs_(&uplo, &n, &nrhs, a->data, &ia, &ia, desca, b->data, &ib, &one, descb, &info, 1);   \
  break;
  TE_DISPATCH(a->t, CALL)
#undef CALL
  return info;
}

// A's window (k x k at (ia, ja)) made triangular and diagonally dominant:
// |a_ii| >= k + 0.5 (positive real for potrs).
static void shape_a(pd_tmatrix_t *a, int ia, int ja, int k, int real_diag) {
  for (int lj = 0; lj < a->locc; lj++)
    for (int li = 0; li < a->locr; li++) {
      int gi, gj;
      pd_tmatrix_global(a, li, lj, &gi, &gj);
      long at = li + (long)lj * a->lld;
      if (gi - ia == gj - ja && gi >= ia && gi < ia + k) {
        double complex v = te_get(a->t, a->data, at);
        te_put(a->t, a->data, at, real_diag ? k + 1.0 + creal(v) : v + k + 1.0);
      }
    }
}

static double max_abs(const double complex *x, long len) {
  double most = 0.0;
  for (long e = 0; e < len; e++)
    most = cabs(x[e]) > most || isnan(cabs(x[e])) ? cabs(x[e]) : most;
  return most;
}

static double max_diff(const double complex *x, const double complex *y, long len) {
  double most = 0.0;
  for (long e = 0; e < len; e++)
    most = cabs(x[e] - y[e]) > most || isnan(cabs(x[e] - y[e])) ? cabs(x[e] - y[e]) : most;
  return most;
}

static void control(double ratio, const char *what) {
  ncontrols++;
  if (ratio <= 16.0)
    rt_fail_same("the check cannot fail: %s: unsolved B gives ratio %.3g", what, ratio);
}

static void trsm_case(int ictxt, const case_t *c, int mb, int nb, int bmb, int bnb, const int *src,
                      int pad, uint64_t seed) {
  int rs = src[0], cs = src[1];
  pd_tmatrix_t a, b, bs;
  ncases++;
  int bad = pd_tmatrix_make(&a, c->t, ictxt, c->ia + c->k + 1, c->ja + c->k + 2, mb, nb, rs, cs,
                            pad, seed);
  bad |= pd_tmatrix_make(&b, c->t, ictxt, c->ib + c->m + 2, c->jb + c->n + 1, bmb, bnb, src[2],
                         src[3], pad, seed + 1);
  if (!rt_expect_all(bad, 0, "making A and B"))
    return;
  shape_a(&a, c->ia, c->ja, c->k, 0);
  pd_tmatrix_copy(&bs, &b);
  size_t es = te_size(c->t);
  void *acopy = malloc(es * (size_t)a.len);
  memcpy(acopy, a.data, es * (size_t)a.len);
  char what[200];
  snprintf(what, sizeof what,
           "type %c %c%c%c%c m=%d n=%d A(%d,%d) %dx%d B(%d,%d) %dx%d alpha %g%+gi", te_name(c->t),
           c->side, c->uplo, c->trans, c->diag, c->m, c->n, c->ia, c->ja, mb, nb, c->ib, c->jb, bmb,
           bnb, creal(c->alpha), cimag(c->alpha));
  rt_expect_all(rma_trsm_t(c, &a, &b), 0, "rma_p?trsm %s", what);
  sca_trsm_t(c, &a, &bs);
  if (rt_any(memcmp(acopy, a.data, es * (size_t)a.len) != 0))
    rt_fail_same("%s: A changed", what);
  // Outside sub(B) both leave B as it was: compare the whole arrays there.
  double complex *x = pd_tmatrix_gather(&b, 0, 0, b.desc[2], b.desc[3]);
  double complex *xs = pd_tmatrix_gather(&bs, 0, 0, b.desc[2], b.desc[3]);
  int M = b.desc[2];
  long outside = 0;
  for (int j = 0; j < b.desc[3]; j++)
    for (int i = 0; i < M; i++)
      if (i < c->ib || i >= c->ib + c->m || j < c->jb || j >= c->jb + c->n)
        outside += memcmp(&x[i + (long)j * M], &xs[i + (long)j * M], sizeof(double complex)) != 0;
  if (outside)
    rt_fail_same("%s: %ld entries outside sub(B) differ from ScaLAPACK's", what, outside);
  double complex *w = pd_tmatrix_gather(&b, c->ib, c->jb, c->m, c->n);
  double complex *ws = pd_tmatrix_gather(&bs, c->ib, c->jb, c->m, c->n);
  long len = (long)c->m * c->n;
  double complex alpha = (TE_T_z)c->alpha;
  if (!te_complex(c->t))
    alpha = creal(alpha);
  if (c->alpha == 0) {
    if (max_abs(w, len) != 0.0 || max_abs(ws, len) != 0.0)
      rt_fail_same("%s: sub(B) not zero", what);
  } else if (len > 0) {
    double bmax = 0.0;
    double complex *b0 = malloc(sizeof(double complex) * (size_t)len);
    for (int j = 0; j < c->n; j++)
      for (int i = 0; i < c->m; i++) {
        b0[i + (long)j * c->m] = alpha * rt_tvalue(c->t, seed + 1, c->ib + i, c->jb + j);
        bmax = fmax(bmax, cabs(rt_tvalue(c->t, seed + 1, c->ib + i, c->jb + j)));
      }
    double scale = (max_abs(ws, len) + cabs(alpha) * bmax) * c->k * te_eps(c->t);
    double ratio = max_diff(w, ws, len) / scale;
    if (!rt_ratio(&ratios[c->t], ratio))
      rt_fail_same("%s: ratio %.3g", what, ratio);
    if (c->k > 1)
      control(max_diff(b0, ws, len) / scale, what);
    free(b0);
  }
  free(x), free(xs), free(w), free(ws), free(acopy);
  pd_tmatrix_free(&a), pd_tmatrix_free(&b), pd_tmatrix_free(&bs);
}

static void potrs_case(int ictxt, int t, char uplo, int n, int nrhs, int nb, int bnb, int rs,
                       int cs, int blk, int pad, uint64_t seed) {
  pd_tmatrix_t a, b, bs;
  int ia = blk * nb; // on a block boundary; B's rows aligned with A's
  ncases++;
  int bad = pd_tmatrix_make(&a, t, ictxt, ia + n + 3, ia + n + 1, nb, nb, rs, cs, pad, seed);
  bad |= pd_tmatrix_make(&b, t, ictxt, ia + n + 2, nrhs + 1, nb, bnb, rs, cs, pad, seed + 1);
  if (!rt_expect_all(bad, 0, "making A and B"))
    return;
  shape_a(&a, ia, ia, n, 1);
  pd_tmatrix_copy(&bs, &b);
  char what[160];
  snprintf(what, sizeof what, "type %c potrs %c n=%d nrhs=%d ia=%d nb=%d", te_name(t), uplo, n,
           nrhs, ia + 1, nb);
  rt_expect_all(rma_potrs_t(uplo, n, nrhs, &a, ia + 1, a.desc, &b, ia + 1, b.desc), 0,
                "rma_p?potrs %s", what);
  rt_expect_all(sca_potrs_t(uplo, n, nrhs, &a, ia + 1, a.desc, &bs, ia + 1, bs.desc), 0,
                "p?potrs_ %s", what);
  double complex *w = pd_tmatrix_gather(&b, ia, 0, n, nrhs);
  double complex *ws = pd_tmatrix_gather(&bs, ia, 0, n, nrhs);
  double complex *b0 = malloc(sizeof(double complex) * (size_t)n * nrhs);
  for (int j = 0; j < nrhs; j++)
    for (int i = 0; i < n; i++)
      b0[i + (long)j * n] = rt_tvalue(t, seed + 1, ia + i, j);
  double scale = max_abs(ws, (long)n * nrhs) * n * te_eps(t);
  double ratio = max_diff(w, ws, (long)n * nrhs) / scale;
  if (!rt_ratio(&ratios[NT + t], ratio))
    rt_fail_same("%s: ratio %.3g", what, ratio);
  if (n > 1)
    control(max_diff(b0, ws, (long)n * nrhs) / scale, what);
  free(w), free(ws), free(b0);
  pd_tmatrix_free(&a), pd_tmatrix_free(&b), pd_tmatrix_free(&bs);
}

static void sweep(int nprow, int npcol, const char *order, unsigned seed) {
  int ictxt;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, order, nprow, npcol);
  static const int blocks[4] = {2, 3, 5, 8};
  unsigned st = seed;
  for (int t = 0; t < NT; t++) {
    for (int s = 0; s < 24; s++) {
      case_t c = {t,
                  rt_rand(&st, 41),
                  rt_rand(&st, 41),
                  0,
                  rt_rand(&st, 7),
                  rt_rand(&st, 7),
                  rt_rand(&st, 7),
                  rt_rand(&st, 7),
                  "LR"[s % 2],
                  "LU"[s / 2 % 2],
                  "NTC"[s / 4 % 3],
                  "NU"[s / 12],
                  1.0};
      int a = rt_rand(&st, 4);
      c.alpha = a == 0 ? 0.0 : a == 1 ? 1.0 : CMPLX(-0.75, 0.5);
      c.k = c.side == 'L' ? c.m : c.n;
      int mb = blocks[rt_rand(&st, 4)], nb = blocks[rt_rand(&st, 4)];
      int bmb = blocks[rt_rand(&st, 4)], bnb = blocks[rt_rand(&st, 4)];
      int src[4] = {rt_rand(&st, nprow), rt_rand(&st, npcol), rt_rand(&st, nprow),
                    rt_rand(&st, npcol)};
      trsm_case(ictxt, &c, mb, nb, bmb, bnb, src, rt_rand(&st, 3),
                3000 + (uint64_t)rt_rand(&st, 1 << 30));
    }
    for (int s = 0; s < 4; s++) {
      int nb = blocks[rt_rand(&st, 4)];
      potrs_case(ictxt, t, "LU"[s % 2], 1 + rt_rand(&st, 40), 1 + rt_rand(&st, 4), nb,
                 blocks[rt_rand(&st, 4)], rt_rand(&st, nprow), rt_rand(&st, npcol), rt_rand(&st, 2),
                 rt_rand(&st, 3), 5000 + (uint64_t)rt_rand(&st, 1 << 30));
    }
  }
  Cblacs_gridexit(ictxt);
}

// Illegal arguments of type t.
static void arg_cases(int ictxt, int t) {
  pd_tmatrix_t a, b;
  pd_tmatrix_make(&a, t, ictxt, 9, 9, 3, 3, 0, 0, 0, 11);
  pd_tmatrix_make(&b, t, ictxt, 9, 4, 3, 2, 0, 0, 0, 12);
  shape_a(&a, 0, 0, 9, 1);
  size_t es = te_size(t);
  void *ac = malloc(es * (size_t)a.len), *bc = malloc(es * (size_t)b.len);
  memcpy(ac, a.data, es * (size_t)a.len), memcpy(bc, b.data, es * (size_t)b.len);
  int d[9];
#define SPOIL(desc, entry, value) (memcpy(d, (desc), sizeof d), d[(entry)-1] = (value), d)
  const struct {
    char side, uplo, trans, diag;
    int m, n, ia, ib, spoil_a, spoil_b, want;
  } bads[] = {
      {'Q', 'L', 'N', 'N', 9, 4, 1, 1, 0, 0, -1},    {'L', 'X', 'N', 'N', 9, 4, 1, 1, 0, 0, -2},
      {'L', 'L', 'Z', 'N', 9, 4, 1, 1, 0, 0, -3},    {'L', 'L', 'N', 'V', 9, 4, 1, 1, 0, 0, -4},
      {'L', 'L', 'N', 'N', -1, 4, 1, 1, 0, 0, -5},   {'R', 'L', 'N', 'N', 9, -1, 1, 1, 0, 0, -6},
      {'L', 'L', 'N', 'N', 9, 4, 2, 1, 0, 0, -9},    {'L', 'L', 'N', 'N', 9, 4, 1, 2, 0, 0, -13},
      {'L', 'L', 'N', 'N', 9, 4, 1, 1, 5, 0, -1105}, {'L', 'L', 'N', 'N', 9, 4, 1, 1, 0, 9, -1509}};
  char tc = te_name(t);
  for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
    const int *da = bads[i].spoil_a ? SPOIL(a.desc, bads[i].spoil_a, 0) : a.desc;
    int db[9];
    memcpy(db, b.desc, sizeof db);
    if (bads[i].spoil_b)
      db[bads[i].spoil_b - 1] = 0;
    int rc;
#define CALL(x)                                                                                    \
  rc = rma_p##x##trsm(bads[i].side, bads[i].uplo, bads[i].trans, bads[i].diag, bads[i].m,          \
                      bads[i].n, 1, a.data, bads[i].ia, 1, da, b.data, bads[i].ib, 1, db);         \
  break;
    TE_DISPATCH(t, CALL)
#undef CALL
    rt_expect_all(rc, bads[i].want, "rma_p%ctrsm illegal case %zu", tc, i);
  }
  // rma_p?potrs against p?potrs_: uplo, n, nrhs, MB_A, LLD_B.
  const struct {
    char uplo;
    int n, nrhs, spoil_a, spoil_b;
  } pb[] = {{'Q', 9, 4, 0, 0},
            {'L', -1, 4, 0, 0},
            {'U', 9, -1, 0, 0},
            {'L', 9, 4, 5, 0},
            {'U', 9, 4, 0, 9}};
  for (size_t i = 0; i < sizeof pb / sizeof pb[0]; i++) {
    int da[9], db[9];
    memcpy(da, a.desc, sizeof da), memcpy(db, b.desc, sizeof db);
    if (pb[i].spoil_a)
      da[pb[i].spoil_a - 1] = 0;
    if (pb[i].spoil_b)
      db[pb[i].spoil_b - 1] = 0;
    int want = sca_potrs_t(pb[i].uplo, pb[i].n, pb[i].nrhs, &a, 1, da, &b, 1, db);
    int got = rma_potrs_t(pb[i].uplo, pb[i].n, pb[i].nrhs, &a, 1, da, &b, 1, db);
    rt_expect_all(want < 0, 1, "p%cpotrs_ illegal case %zu: INFO %d", tc, i, want);
    rt_expect_all(got, want, "rma_p%cpotrs illegal case %zu (ScaLAPACK's INFO %d)", tc, i, want);
  }
  if (rt_any(memcmp(ac, a.data, es * (size_t)a.len) || memcmp(bc, b.data, es * (size_t)b.len)))
    rt_fail_same("type %c: a refused call changed A or B", tc);
  case_t c = {t, 9, 4, 9, 0, 0, 0, 0, 'L', 'L', 'N', 'N', 1.0};
  rt_expect_all(rma_trsm_t(&c, &a, &b), 0, "rma_p%ctrsm after refused calls", tc);
  rt_expect_all(rma_potrs_t('L', 9, 4, &a, 1, a.desc, &b, 1, b.desc), 0,
                "rma_p%cpotrs after refused calls", tc);
  free(ac), free(bc);
  pd_tmatrix_free(&a), pd_tmatrix_free(&b);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np, ictxt;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  unsigned seed = 8642;
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      sweep(p, np / p, "Row", seed += 97);
      if (p > 1 && np / p > 1)
        sweep(p, np / p, "Col", seed += 97);
    }
  int p = np % 2 == 0 ? 2 : 1;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, "Row", p, np / p);
  for (int t = 0; t < NT; t++)
    arg_cases(ictxt, t);
  Cblacs_gridexit(ictxt);
  if (me == 0)
    printf("test_ptrsm_types: np %d, %ld cases, %ld controls\n", np, ncases, ncontrols);
  int status = rt_finish("test_ptrsm_types", ratios, 2 * NT);
  rma_finalize();
  MPI_Finalize();
  return status;
}
