/*
 * The triangular solve with many right-hand sides and the Cholesky solve in
 * the four element types through the native typed API (rma_?matrix_trsm,
 * rma_?matrix_potrs for s, d, c, z), MPI only (it runs in the GA-free
 * build), at np = 1, 2, 3, 4, 6.
 *
 * Grids: every factorisation p x q of P, rank orders 'R' and 'C'
 * (rt_each_grid). Per type and grid: every SIDE (L, R) x UPLO (L, U) x
 * TRANSA (N, T, C) x DIAG (N, U), each with a seeded draw of m and n (0, 1
 * and sizes no block divides: 1 .. 29), blocks mb x nb from 2, 3, 4, 5, 7
 * (mb != nb too) for A and B independently, first blocks at a drawn grid
 * position, padded LLDs, windows A(ia:, ja:) and B(ib:, jb:) at offsets
 * 0..6 off block boundaries, alpha 1, a general alpha (complex for c and
 * z) or 0; plus 61 x 45 in 8 x 8 blocks for every SIDE/UPLO/TRANSA (the
 * pipeline over many steps and lookahead), four of them with shared memory
 * off (RMA_OPT_SHARED_MEMORY 0: node neighbours' slots written by RMA);
 * A of order 300 with 5 .. 8 right-hand sides in 8 x 8 blocks (several
 * blocks of the local solve of grids with one row / column across lines). A's window is triangular
 * and diagonally dominant (|a_ii| >= k); its other triangle and, for DIAG 'U', its diagonal hold
 * NaN in the caller's array (never read: a NaN read would reach X). For alpha = 0 the whole of A
 * holds NaN. potrs: UPLO L and U, n from 1 .. 29 and 61, nrhs 1 .. 5, the factor T the window's
 * triangle (positive real diagonal, other triangle NaN). Checks (eps = the type's unit roundoff,
 * te_eps; |x| the modulus; max norms; residuals in long double complex on the gathered X against
 * the factors and B0 rebuilt from the generator; NaN fails): trsm   ratio = max|op(T) X - alpha B0|
 * (side L; X op(T) for R) / ((k max|T| max|X| + |alpha| max|B0|) k eps) <= 16 with T the triangle
 * read (unit diagonal for DIAG U), k its order; alpha = 0: sub(B) exactly zero; potrs  ratio =
 * max|M X - B0| / (k^2 max|T|^2 max|X| eps) <= 16, M = T T^H (UPLO L) or T^H T (U) in long double;
 *   B outside sub(B) (LLD padding included) and A's local array bitwise
 *   unchanged.
 * The checks can fail: for every case with 1 < k <= 64 the same ratio of
 * the wrong op (N <-> T, and C checked as T for c and z) must exceed 16
 * (at order 300 the k^2 eps of single precision is too coarse for it).
 * Then illegal arguments per type: the public numbering's -i on every rank,
 * A and B bitwise unchanged, and the next call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "typed_elem.h"

enum { NTYPES = TE_NTYPES };
#define TRSM_RATIO "max|op(T) X - alpha B0| / ((k max|T| max|X| + |alpha| max|B0|) k eps)"
#define POTRS_RATIO "max|M X - B0| / (k^2 max|T|^2 max|X| eps), M = T T^H or T^H T"
static rt_ratio_t ratios[2 * NTYPES] = {
    RT_RATIO("trsm s", TRSM_RATIO, 16),   RT_RATIO("trsm d", TRSM_RATIO, 16),
    RT_RATIO("trsm c", TRSM_RATIO, 16),   RT_RATIO("trsm z", TRSM_RATIO, 16),
    RT_RATIO("potrs s", POTRS_RATIO, 16), RT_RATIO("potrs d", POTRS_RATIO, 16),
    RT_RATIO("potrs c", POTRS_RATIO, 16), RT_RATIO("potrs z", POTRS_RATIO, 16)};
static long ncases, ncontrols;

// A case: type, side, uplo, transa, diag, sizes, windows and distributions.
typedef struct {
  int t;
  char side, uplo, trans, diag;
  int m, n, k; // B m x n, A k x k
  int ia, ja, amb, anb, ars, acs, apad;
  int ib, jb, bmb, bnb, brs, bcs, bpad;
  double complex alpha;
  uint64_t aseed, bseed;
} tcase_t;

static int call_trsm(const tcase_t *c, const rt_tmatrix_t *a, const rt_tmatrix_t *b, int m, int n,
                     int ia, int ja, int ib, int jb) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), B = RT_TMATRIX(p, b);                                  \
    return rma_##p##matrix_trsm(c->side, c->uplo, c->trans, c->diag, m, n, (TE_T_##p)c->alpha, &A, \
                                ia, ja, &B, ib, jb);                                               \
  }
  TE_DISPATCH(c->t, TYPED)
#undef TYPED
}

static int call_potrs(int t, char uplo, int n, int nrhs, const rt_tmatrix_t *a, int ia, int ja,
                      const rt_tmatrix_t *b, int ib, int jb) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), B = RT_TMATRIX(p, b);                                  \
    return rma_##p##matrix_potrs(uplo, n, nrhs, &A, ia, ja, &B, ib, jb);                           \
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

// alpha as the library sees it in type t.
static double complex rounded(int t, double complex v) {
  char buf[16];
  te_put(t, buf, 0, v);
  return te_get(t, buf, 0);
}

// Local entries of x outside the rows x cols window at (i0, j0), LLD
// padding included, that differ from before's.
static long changed_outside(const rt_tmatrix_t *x, const void *before, int i0, int j0, int rows,
                            int cols) {
  size_t es = te_size(x->t);
  long changed = 0;
  for (int lj = 0; lj < (x->lc > 0 ? x->lc : 1); lj++)
    for (int li = 0; li < x->d.lld; li++) {
      long at = li + (long)lj * x->d.lld;
      int gi = -1, gj = -1;
      if (li < x->lr && lj < x->lc)
        rt_dmatrix_global(&x->d, li, lj, &gi, &gj);
      int in = gi >= i0 && gi < i0 + rows && gj >= j0 && gj < j0 + cols;
      changed += !in && memcmp((const char *)before + es * at, (char *)x->data + es * at, es);
    }
  return changed;
}

// A's window made triangular as the case reads it: the diagonal shifted
// to at least k in modulus (positive real for potrs), the other triangle
// and a unit diagonal NaN; all of A NaN when all_nan.
static void shape_a(rt_tmatrix_t *a, int ia, int ja, int k, char uplo, char diag, int all_nan) {
  double complex nan = te_complex(a->t) ? CMPLX(NAN, NAN) : NAN;
  int lower = uplo == 'L';
  for (int lj = 0; lj < a->lc; lj++)
    for (int li = 0; li < a->lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&a->d, li, lj, &gi, &gj);
      long at = li + (long)lj * a->d.lld;
      int i = gi - ia, j = gj - ja;
      if (all_nan) {
        te_put(a->t, a->data, at, nan);
        continue;
      }
      if (i < 0 || j < 0 || i >= k || j >= k)
        continue;
      if ((lower && j > i) || (!lower && i > j) || (i == j && diag == 'U'))
        te_put(a->t, a->data, at, nan);
      else if (i == j)
        te_put(a->t, a->data, at, k + 1.0 + creal(te_get(a->t, a->data, at)));
    }
}

// Element (i, j) of T (the triangle read, k x k) from the gathered window g.
static double complex t_at(const double complex *g, int k, char uplo, char diag, int i, int j) {
  if (i == j)
    return diag == 'U' ? 1.0 : g[i + (long)j * k];
  return (uplo == 'L') == (i > j) ? g[i + (long)j * k] : 0.0;
}

// Element (i, j) of op(T).
static double complex op_at(const double complex *g, int k, char uplo, char diag, char op, int cplx,
                            int i, int j) {
  if (op == 'N')
    return t_at(g, k, uplo, diag, i, j);
  double complex v = t_at(g, k, uplo, diag, j, i);
  return op == 'C' && cplx ? conj(v) : v;
}

static double max_abs(const double complex *x, long len) {
  double most = 0.0;
  for (long e = 0; e < len; e++)
    most = cabs(x[e]) > most || isnan(cabs(x[e])) ? cabs(x[e]) : most;
  return most;
}

// ======== ratio = max|op(T) X - alpha B0| / ((k max|T| max|X| + |alpha| max|B0|) k eps) ========
// (side R: X op(T)); g the gathered A window (k x k), x the gathered X
// (m x n), both column-major; op the transpose the check assumes.
static double trsm_ratio(const tcase_t *c, const double complex *g, const double complex *x,
                         char op) {
  int m = c->m, n = c->n, k = c->k, cplx = te_complex(c->t);
  double complex alpha = rounded(c->t, c->alpha);
  double tmax = 0.0, bmax = 0.0, worst = 0.0;
  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++)
      tmax = fmax(tmax, cabs(t_at(g, k, c->uplo, c->diag, i, j)));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double complex b0 = rt_tvalue(c->t, c->bseed, c->ib + i, c->jb + j);
      bmax = fmax(bmax, cabs(b0));
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += c->side == 'L' ? (long double complex)op_at(g, k, c->uplo, c->diag, op, cplx, i, l) *
                                  x[l + (long)j * m]
                            : (long double complex)x[i + (long)l * m] *
                                  op_at(g, k, c->uplo, c->diag, op, cplx, l, j);
      double d = (double)cabsl(s - (long double complex)alpha * b0);
      worst = d > worst || isnan(d) ? d : worst;
    }
  double xmax = max_abs(x, (long)m * n);
  if (isnan(xmax))
    return NAN;
  return worst / ((k * tmax * xmax + cabs(alpha) * bmax) * k * te_eps(c->t));
}

// A control: the ratio of a wrong answer must not pass.
static void control(double ratio, const char *what, int t) {
  ncontrols++;
  if (ratio <= 16.0)
    rt_fail_same("type %c: the check cannot fail: %s gives ratio %.3g", te_name(t), what, ratio);
}

// The wrong op of a control: N <-> T, C checked as T (c, z) or N (s, d).
static char wrong_op(int t, char op) {
  return op == 'N' ? 'T' : op == 'T' || !te_complex(t) ? 'N' : 'T';
}

// Make A and B of case c; 0 on every rank or a failure.
static int make_ab(rma_grid_t g, const tcase_t *c, rt_tmatrix_t *a, rt_tmatrix_t *b,
                   const char *tag) {
  int bad = rt_tmatrix_make(c->t, g, c->ia + c->k + 1, c->ja + c->k + 2, c->amb, c->anb, c->ars,
                            c->acs, c->apad, c->aseed, a);
  bad |= rt_tmatrix_make(c->t, g, c->ib + c->m + 2, c->jb + c->n + 1, c->bmb, c->bnb, c->brs,
                         c->bcs, c->bpad, c->bseed, b);
  return rt_expect_all(bad, 0, "%s: making A and B", tag);
}

static void trsm_case(rma_grid_t g, const tcase_t *c, const char *tag) {
  rt_tmatrix_t a, b;
  ncases++;
  if (!make_ab(g, c, &a, &b, tag))
    return;
  shape_a(&a, c->ia, c->ja, c->k, c->uplo, c->diag, c->alpha == 0);
  size_t es = te_size(c->t);
  long alen = rt_tmatrix_len(&a), blen = rt_tmatrix_len(&b);
  void *ab = malloc(es * (size_t)alen), *bb = malloc(es * (size_t)blen);
  memcpy(ab, a.data, es * (size_t)alen), memcpy(bb, b.data, es * (size_t)blen);
  int rc = call_trsm(c, &a, &b, c->m, c->n, c->ia, c->ja, c->ib, c->jb);
  char what[160];
  snprintf(what, sizeof what,
           "%s: type %c %c%c%c%c m=%d n=%d A(%d,%d) %dx%d B(%d,%d) %dx%d alpha %g%+gi", tag,
           te_name(c->t), c->side, c->uplo, c->trans, c->diag, c->m, c->n, c->ia, c->ja, c->amb,
           c->anb, c->ib, c->jb, c->bmb, c->bnb, creal(c->alpha), cimag(c->alpha));
  rt_expect_all(rc, 0, "%s", what);
  if (rt_any(memcmp(ab, a.data, es * (size_t)alen) != 0))
    rt_fail_same("%s: A's local array changed", what);
  if (rt_any(changed_outside(&b, bb, c->ib, c->jb, c->m, c->n) != 0))
    rt_fail_same("%s: B changed outside sub(B)", what);
  double complex *x = rt_tmatrix_gather(&b, c->ib, c->jb, c->m, c->n);
  double complex *ga = rt_tmatrix_gather(&a, c->ia, c->ja, c->k, c->k);
  if (c->alpha == 0) {
    if (max_abs(x, (long)c->m * c->n) != 0.0)
      rt_fail_same("%s: sub(B) not zero", what);
  } else if (c->m > 0 && c->n > 0) {
    double ratio = trsm_ratio(c, ga, x, c->trans);
    if (!rt_ratio(&ratios[c->t], ratio))
      rt_fail_same("%s: ratio %.3g", what, ratio);
    if (c->k > 1 && c->k <= 64) { // (order 300: k^2 eps of s and c hides a wrong op)
      char w[200];
      snprintf(w, sizeof w, "%s checked as op %c", what, wrong_op(c->t, c->trans));
      control(trsm_ratio(c, ga, x, wrong_op(c->t, c->trans)), w, c->t);
    }
  }
  free(x), free(ga), free(ab), free(bb);
  rt_tmatrix_free(&a), rt_tmatrix_free(&b);
}

// ======== ratio = max|M X - B0| / (k^2 max|T|^2 max|X| eps) ========
static double potrs_ratio(const tcase_t *c, const double complex *g, const double complex *x,
                          int conj_ok) {
  int k = c->k, n = c->n;
  double tmax = 0.0, worst = 0.0;
  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++)
      tmax = fmax(tmax, cabs(t_at(g, k, c->uplo, 'N', i, j)));
  // M X = T (T^H X) for L, T^H (T X) for U: first y = op1(T) X, then op2(T) y.
  char op1 = c->uplo == 'L' ? 'C' : 'N', op2 = c->uplo == 'L' ? 'N' : 'C';
  if (!conj_ok)
    op1 = op1 == 'C' ? 'T' : op1, op2 = op2 == 'C' ? 'T' : op2;
  int cplx = te_complex(c->t);
  long double complex *y = malloc(sizeof(long double complex) * ((size_t)k * n + 1));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < k; i++) {
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += (long double complex)op_at(g, k, c->uplo, 'N', op1, cplx, i, l) * x[l + (long)j * k];
      y[i + (long)j * k] = s;
    }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < k; i++) {
      long double complex s = 0.0L;
      for (int l = 0; l < k; l++)
        s += (long double complex)op_at(g, k, c->uplo, 'N', op2, cplx, i, l) * y[l + (long)j * k];
      double d = (double)cabsl(s - rt_tvalue(c->t, c->bseed, c->ib + i, c->jb + j));
      worst = d > worst || isnan(d) ? d : worst;
    }
  free(y);
  double xmax = max_abs(x, (long)k * n);
  return isnan(xmax) ? NAN : worst / ((double)k * k * tmax * tmax * xmax * te_eps(c->t));
}

static void potrs_case(rma_grid_t g, const tcase_t *c, const char *tag) {
  rt_tmatrix_t a, b;
  ncases++;
  if (!make_ab(g, c, &a, &b, tag))
    return;
  // A positive real diagonal: the imaginary part of the shifted diagonal is dropped.
  shape_a(&a, c->ia, c->ja, c->k, c->uplo, 'N', 0);
  for (int lj = 0; lj < a.lc; lj++)
    for (int li = 0; li < a.lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&a.d, li, lj, &gi, &gj);
      long at = li + (long)lj * a.d.lld;
      if (gi - c->ia == gj - c->ja && gi >= c->ia && gi < c->ia + c->k)
        te_put(a.t, a.data, at, creal(te_get(a.t, a.data, at)));
    }
  size_t es = te_size(c->t);
  long alen = rt_tmatrix_len(&a), blen = rt_tmatrix_len(&b);
  void *ab = malloc(es * (size_t)alen), *bb = malloc(es * (size_t)blen);
  memcpy(ab, a.data, es * (size_t)alen), memcpy(bb, b.data, es * (size_t)blen);
  int rc = call_potrs(c->t, c->uplo, c->k, c->n, &a, c->ia, c->ja, &b, c->ib, c->jb);
  char what[160];
  snprintf(what, sizeof what, "%s: type %c potrs %c n=%d nrhs=%d A(%d,%d) %dx%d B(%d,%d) %dx%d",
           tag, te_name(c->t), c->uplo, c->k, c->n, c->ia, c->ja, c->amb, c->anb, c->ib, c->jb,
           c->bmb, c->bnb);
  rt_expect_all(rc, 0, "%s", what);
  if (rt_any(memcmp(ab, a.data, es * (size_t)alen) != 0))
    rt_fail_same("%s: A's local array changed", what);
  if (rt_any(changed_outside(&b, bb, c->ib, c->jb, c->k, c->n) != 0))
    rt_fail_same("%s: B changed outside sub(B)", what);
  double complex *x = rt_tmatrix_gather(&b, c->ib, c->jb, c->k, c->n);
  double complex *ga = rt_tmatrix_gather(&a, c->ia, c->ja, c->k, c->k);
  double ratio = potrs_ratio(c, ga, x, 1);
  if (!rt_ratio(&ratios[NTYPES + c->t], ratio))
    rt_fail_same("%s: ratio %.3g", what, ratio);
  if (c->k > 1 && te_complex(c->t)) // the control: T^T instead of T^H
    control(potrs_ratio(c, ga, x, 0), what, c->t);
  free(x), free(ga), free(ab), free(bb);
  rt_tmatrix_free(&a), rt_tmatrix_free(&b);
}

// A case of type t drawn from st (the same on every rank).
static tcase_t draw(int t, unsigned *st, int npr, int npc) {
  static const int blocks[5] = {2, 3, 4, 5, 7};
  static const int sizes[8] = {0, 1, 2, 7, 13, 17, 23, 29};
  tcase_t c;
  memset(&c, 0, sizeof c);
  c.t = t, c.side = 'L', c.uplo = 'L', c.trans = 'N', c.diag = 'N';
  c.m = sizes[rt_rand(st, 8)], c.n = sizes[rt_rand(st, 8)];
  c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7), c.ib = rt_rand(st, 7), c.jb = rt_rand(st, 7);
  c.amb = blocks[rt_rand(st, 5)], c.anb = rt_rand(st, 3) ? blocks[rt_rand(st, 5)] : c.amb;
  c.bmb = blocks[rt_rand(st, 5)], c.bnb = rt_rand(st, 3) ? blocks[rt_rand(st, 5)] : c.bmb;
  c.ars = rt_rand(st, npr), c.acs = rt_rand(st, npc), c.brs = rt_rand(st, npr);
  c.bcs = rt_rand(st, npc), c.apad = rt_rand(st, 3), c.bpad = rt_rand(st, 3);
  int a = rt_rand(st, 4);
  c.alpha = a == 0 ? 0.0 : a == 1 ? 1.0 : CMPLX(-0.75, 0.5);
  c.aseed = 5000 + (uint64_t)rt_rand(st, 1 << 30), c.bseed = 7000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

static void grid_cases(rma_grid_t g, int t, unsigned st) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  for (int s = 0; s < 24; s++) {
    tcase_t c = draw(t, &st, npr, npc);
    c.side = "LR"[s % 2], c.uplo = "LU"[s / 2 % 2], c.trans = "NTC"[s / 4 % 3];
    c.diag = "NU"[s / 12];
    c.k = c.side == 'L' ? c.m : c.n;
    trsm_case(g, &c, "drawn");
  }
  for (int s = 0; s < 12; s++) { // many steps, lookahead
    tcase_t c = draw(t, &st, npr, npc);
    c.side = "LR"[s % 2], c.uplo = "LU"[s / 2 % 2], c.trans = "NTC"[s / 4];
    c.diag = "NU"[s % 3 == 0];
    c.m = 61, c.n = 45, c.amb = c.anb = c.bmb = c.bnb = 8, c.alpha = 1;
    c.k = c.side == 'L' ? c.m : c.n;
    trsm_case(g, &c, "61 x 45 in 8 x 8 blocks");
  }
  // op(A) of order 300 in 8 x 8 blocks: several of the local solve's blocks
  // (256 columns of op(A)) on grids with one row / column across lines.
  for (int s = 0; s < 4; s++) {
    tcase_t c = draw(t, &st, npr, npc);
    c.side = "LR"[s % 2], c.uplo = "LU"[s / 2], c.trans = "NCTN"[s], c.diag = "NU"[s % 2];
    c.m = c.side == 'L' ? 300 : 5 + s, c.n = c.side == 'L' ? 5 + s : 300;
    c.amb = c.anb = c.bmb = c.bnb = 8, c.alpha = 1;
    c.k = c.side == 'L' ? c.m : c.n;
    trsm_case(g, &c, "order 300");
  }
  // Node neighbours read by RMA instead of shared memory (slabs put by MPI_Put).
  rma_set_option(RMA_OPT_SHARED_MEMORY, 0);
  for (int s = 0; s < 4; s++) {
    tcase_t c = draw(t, &st, npr, npc);
    c.side = "LR"[s % 2], c.uplo = "UL"[s / 2], c.trans = "NC"[s / 2], c.diag = 'N';
    c.m = 61, c.n = 45, c.amb = c.anb = c.bmb = c.bnb = 8, c.alpha = 1;
    c.k = c.side == 'L' ? c.m : c.n;
    trsm_case(g, &c, "shared memory off");
  }
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
  for (int s = 0; s < 4; s++) {
    tcase_t c = draw(t, &st, npr, npc);
    c.uplo = "LU"[s % 2], c.k = s < 2 ? 1 + rt_rand(&st, 29) : 61, c.n = 1 + rt_rand(&st, 5);
    if (s >= 2)
      c.amb = c.anb = c.bmb = c.bnb = 8;
    c.m = c.k;
    potrs_case(g, &c, "potrs");
  }
}

// Illegal arguments of type t: -i on every rank, nothing modified, the
// next call works.
static void arg_cases(rma_grid_t g, int t) {
  rt_tmatrix_t a, b;
  tcase_t c;
  memset(&c, 0, sizeof c);
  c.t = t, c.side = 'L', c.uplo = 'L', c.trans = 'N', c.diag = 'N', c.alpha = 1;
  int bad = rt_tmatrix_make(t, g, 9, 9, 2, 3, 0, 0, 1, 21, &a);
  bad |= rt_tmatrix_make(t, g, 9, 4, 2, 2, 0, 0, 1, 22, &b);
  if (!rt_expect_all(bad, 0, "type %c: making the argument-test matrices", te_name(t)))
    return;
  shape_a(&a, 0, 0, 9, 'L', 'N', 0);
  size_t es = te_size(t);
  long alen = rt_tmatrix_len(&a), blen = rt_tmatrix_len(&b);
  void *ab = malloc(es * (size_t)alen), *bb = malloc(es * (size_t)blen);
  memcpy(ab, a.data, es * (size_t)alen), memcpy(bb, b.data, es * (size_t)blen);
  char tc = te_name(t);
  const struct {
    char side, uplo, trans, diag;
    int m, n, ia, ib, want;
  } bads[] = {{'Q', 'L', 'N', 'N', 9, 4, 0, 0, -1},  {'L', 'X', 'N', 'N', 9, 4, 0, 0, -2},
              {'L', 'L', 'Z', 'N', 9, 4, 0, 0, -3},  {'L', 'L', 'N', 'V', 9, 4, 0, 0, -4},
              {'L', 'L', 'N', 'N', -1, 4, 0, 0, -5}, {'R', 'L', 'N', 'N', 9, -2, 0, 0, -6},
              {'L', 'L', 'N', 'N', 9, 4, 1, 0, -9},  {'R', 'U', 'T', 'U', 9, 4, 6, 0, -9},
              {'L', 'L', 'N', 'N', 9, 4, 0, 1, -12}};
  for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
    tcase_t x = c;
    x.side = bads[i].side, x.uplo = bads[i].uplo, x.trans = bads[i].trans, x.diag = bads[i].diag;
    rt_expect_all(call_trsm(&x, &a, &b, bads[i].m, bads[i].n, bads[i].ia, 0, bads[i].ib, 0),
                  bads[i].want, "rma_%cmatrix_trsm illegal case %zu", tc, i);
  }
  rt_expect_all(call_potrs(t, 'Q', 9, 4, &a, 0, 0, &b, 0, 0), -1, "rma_%cmatrix_potrs uplo", tc);
  rt_expect_all(call_potrs(t, 'L', -1, 4, &a, 0, 0, &b, 0, 0), -2, "rma_%cmatrix_potrs n", tc);
  rt_expect_all(call_potrs(t, 'L', 9, -1, &a, 0, 0, &b, 0, 0), -3, "rma_%cmatrix_potrs nrhs", tc);
  rt_expect_all(call_potrs(t, 'L', 9, 4, &a, 0, 1, &b, 0, 0), -5, "rma_%cmatrix_potrs ja", tc);
  rt_expect_all(call_potrs(t, 'L', 9, 4, &a, 0, 0, &b, 1, 0), -8, "rma_%cmatrix_potrs ib", tc);
  if (rt_any(memcmp(ab, a.data, es * (size_t)alen) || memcmp(bb, b.data, es * (size_t)blen)))
    rt_fail_same("type %c: a refused call changed A or B", tc);
  rt_expect_all(call_trsm(&c, &a, &b, 9, 4, 0, 0, 0, 0), 0, "rma_%cmatrix_trsm after refused calls",
                tc);
  rt_expect_all(call_potrs(t, 'L', 9, 4, &a, 0, 0, &b, 0, 0), 0,
                "rma_%cmatrix_potrs after refused calls", tc);
  free(ab), free(bb);
  rt_tmatrix_free(&a), rt_tmatrix_free(&b);
}

// Every type on grid g, and the argument checks on the first grid.
static void grid_all(rma_grid_t g, unsigned seed) {
  static int first = 1;
  for (int t = 0; t < NTYPES; t++)
    grid_cases(g, t, seed + 7u * (unsigned)t);
  for (int t = 0; t < NTYPES && first; t++)
    arg_cases(g, t);
  first = 0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int grids = rt_each_grid(grid_all, 2468u, 131u);
  if (me == 0)
    printf("test_trsm: np %d, %d grids, %ld cases, %ld controls\n", np, grids, ncases, ncontrols);
  int status = rt_finish("test_trsm (native)", ratios, 2 * NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
