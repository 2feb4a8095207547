/*
 * The LU and its solve in the four element types through the native typed
 * API (rma_?matrix_getrf, rma_?matrix_getrs for s, d, c, z), MPI only (it
 * runs in the GA-free build), at np = 1, 2, 3, 4, 6.
 *
 * Grids: every factorisation p x q of P, rank order 'R', and 'C' too on
 * grids with two rows and columns or more. Per type and grid a seeded
 * sweep: mb x nb from 2, 3, 4, 5, 7 (mb != nb too; none divides the sizes
 * 1, 2, 7, 13, 23, 29, 37, 41), 8 x 8 for 61, 1 x 1; the first block
 * at a grid position drawn per case; padded LLDs; windows A(ia:, ja:) and
 * B(ib:, jb:) at offsets 0..6 off block boundaries, with rows and columns
 * beyond them. Matrices from the seeded generator, rounded to the type
 * (imaginary parts from a second seed for c and z).
 * Cases: getrf on square, tall (m > n) and wide (m < n) windows, 1 x 1,
 * 2 x 2, 13 x 7, 61 x 61 in 8 x 8 blocks, 1 x 1 blocks; every square one
 * then solved with trans 'N', 'T' and 'C' ('C' the conjugate transpose for
 * c and z), nrhs 1..4; 61 x 61 with the panel always and never factored by
 * its process column (RMA_OPT_LU_PANEL 2, 0) and with shared memory off;
 * singular windows (column j zero: square, tall, wide).
 * Checks (eps = the type's unit roundoff, te_eps: 2^-24 for s and c, 2^-53
 * for d and z; |x| the modulus; residuals in long double complex on the
 * gathered results against A0 and B0 rebuilt from the generator; each
 * fails on NaN):
 *   getrf  ratio = max|P A0 - L U| / (max(m, n) max|A0| eps) <= 16
 *   getrs  ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) <= 16
 *   info = 0, or for a zero window column j < min(m, n) the first exact
 *   zero pivot j + 1; the same on every rank;
 *   ipiv: the same entry on every grid column, window rows i + 1 .. m;
 *   |L(i, j)| <= 1 + 4 eps (real), <= sqrt(2) (1 + 4 eps) (complex: the
 *   pivot is the largest |re| + |im|);
 *   getrf: every entry outside the window, LLD padding included, bitwise
 *   unchanged; getrs: A's local array and B outside sub(B) bitwise
 *   unchanged.
 * The checks can fail: on every case the same ratios are computed for a
 * wrong answer (the factors against A0 without the row interchanges; X
 * against the wrong op: 'N' <-> 'T', and 'C' against the transpose without
 * conjugation for c and z) and must exceed 16.
 * Then illegal arguments per type (m < 0, windows past A or B, trans,
 * nrhs < 0): the public numbering's -i on every rank, A and B bitwise
 * unchanged, and the next call works.
 * Prints the worst ratio per type and check; exits 1 on any failure.
 */
#include <complex.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "typed_elem.h"

enum { NTYPES = TE_NTYPES };
#define GETRF_RATIO "max|P A0 - L U| / (max(m,n) max|A0| eps)"
#define GETRS_RATIO "max|op(A0) X - B0| / (max|A0| max|X| n eps)"
static rt_ratio_t ratios[2 * NTYPES] = {
    RT_RATIO("getrf s", GETRF_RATIO, 16), RT_RATIO("getrf d", GETRF_RATIO, 16),
    RT_RATIO("getrf c", GETRF_RATIO, 16), RT_RATIO("getrf z", GETRF_RATIO, 16),
    RT_RATIO("getrs s", GETRS_RATIO, 16), RT_RATIO("getrs d", GETRS_RATIO, 16),
    RT_RATIO("getrs c", GETRS_RATIO, 16), RT_RATIO("getrs z", GETRS_RATIO, 16)};
static long ncases, ncontrols;

// A factorization case: type, window, distribution, zero column (-1: none).
typedef struct {
  int t, m, n, ia, ja, mb, nb, rs, cs, pad, zero_col;
  uint64_t seed;
} fcase_t;

// ---- The typed entry points, called on rt_tmatrix_t ----

static int call_getrf(const rt_tmatrix_t *a, int m, int n, int ia, int ja, int *ipiv) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a);                                                        \
    return rma_##p##matrix_getrf(m, n, &A, ia, ja, ipiv);                                          \
  }
  TE_DISPATCH(a->t, TYPED)
#undef TYPED
}

static int call_getrs(char trans, int n, int nrhs, const rt_tmatrix_t *a, int ia, int ja,
                      const int *ipiv, const rt_tmatrix_t *b, int ib, int jb) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), B = RT_TMATRIX(p, b);                                  \
    return rma_##p##matrix_getrs(trans, n, nrhs, &A, ia, ja, ipiv, &B, ib, jb);                    \
  }
  TE_DISPATCH(a->t, TYPED)
#undef TYPED
}

// ---- The matrices before the call ----

// Entry (i, j) of the case's window before the factorization.
static double complex a0_at(const fcase_t *c, int i, int j) {
  return j == c->zero_col ? 0.0 : rt_tvalue(c->t, c->seed, c->ia + i, c->ja + j);
}

// max |A0| over the window.
static double a0_max(const fcase_t *c) {
  double most = 0.0;
  for (int j = 0; j < c->n; j++)
    for (int i = 0; i < c->m; i++)
      most = fmax(most, cabs(a0_at(c, i, j)));
  return most;
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

// ======== ratio = max|P A0 - L U| / (max(m, n) max|A0| eps) ========
// Of the gathered factors f (column-major, ld m) with the window pivots piv
// (1-based, k of them; NULL: no interchanges).
static double getrf_ratio(const fcase_t *c, const double complex *f, const int *piv) {
  int m = c->m, n = c->n, k = m < n ? m : n;
  double complex *pa = malloc(sizeof(double complex) * ((size_t)m * n + 1));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      pa[i + (long)j * m] = a0_at(c, i, j);
  for (int i = 0; piv && i < k; i++)
    for (int j = 0; j < n; j++) {
      double complex s = pa[i + (long)j * m];
      pa[i + (long)j * m] = pa[piv[i] - 1 + (long)j * m], pa[piv[i] - 1 + (long)j * m] = s;
    }
  double worst = 0.0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      long double complex lu = 0.0L;
      for (int l = 0; l <= i && l <= j && l < k; l++)
        lu += (long double complex)(l == i ? 1.0 : f[i + (long)l * m]) * f[l + (long)j * m];
      double d = (double)cabsl((long double complex)pa[i + (long)j * m] - lu);
      worst = d > worst || isnan(d) ? d : worst;
    }
  free(pa);
  return worst / ((m > n ? m : n) * a0_max(c) * te_eps(c->t));
}

// ======== ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) ========
// Of the gathered solution x (n x nrhs, ld n) for op (N, T, C: C conjugates
// for c and z); B0 from seed at (ib, jb).
static double getrs_ratio(const fcase_t *c, char op, const double complex *x, int nrhs,
                          uint64_t bseed, int ib, int jb) {
  int n = c->n, conj_a = op == 'C' && te_complex(c->t);
  double xmax = 0.0, worst = 0.0;
  for (long e = 0; e < (long)n * nrhs; e++)
    xmax = cabs(x[e]) > xmax || isnan(creal(x[e])) ? cabs(x[e]) : xmax;
  for (int r = 0; r < nrhs; r++)
    for (int i = 0; i < n; i++) {
      long double complex s = 0.0L;
      for (int j = 0; j < n; j++) {
        double complex a = op == 'N' ? a0_at(c, i, j) : a0_at(c, j, i);
        s += (long double complex)(conj_a ? conj(a) : a) * x[j + (long)r * n];
      }
      double d = (double)cabsl(s - rt_tvalue(c->t, bseed, ib + i, jb + r));
      worst = d > worst || isnan(d) ? d : worst;
    }
  return worst / (a0_max(c) * xmax * n * te_eps(c->t));
}

// A control: the ratio of a wrong answer must not pass.
static void control(double ratio, const char *what, const fcase_t *c) {
  ncontrols++;
  if (ratio <= 16.0)
    rt_fail_same("type %c: the check cannot fail: %s gives ratio %.3g (m=%d n=%d)", te_name(c->t),
                 what, ratio, c->m, c->n);
}

// ---- One case ----

// Solve with the factors in a (case c, pivots ipiv) for one op and nrhs; check.
static void solve_case(const fcase_t *c, const rt_tmatrix_t *a, const int *ipiv, char op, int nrhs,
                       unsigned *st, const char *tag) {
  int npr, npc;
  rma_grid_info(a->d.grid, &npr, &npc, NULL, NULL);
  int n = c->n, ib = rt_rand(st, 7), jb = rt_rand(st, 4);
  uint64_t bseed = c->seed + 77;
  rt_tmatrix_t b;
  ncases++;
  int bad = rt_tmatrix_make(c->t, a->d.grid, ib + n + 1 + rt_rand(st, 2),
                            jb + nrhs + rt_rand(st, 2), 2 + rt_rand(st, 6), 2 + rt_rand(st, 6),
                            rt_rand(st, npr), rt_rand(st, npc), rt_rand(st, 3), bseed, &b);
  if (!rt_expect_all(bad, 0, "%s: making B", tag))
    return;
  size_t es = te_size(c->t);
  long alen = rt_tmatrix_len(a), blen = rt_tmatrix_len(&b);
  void *abefore = malloc(es * (size_t)alen), *bbefore = malloc(es * (size_t)blen);
  memcpy(abefore, a->data, es * (size_t)alen), memcpy(bbefore, b.data, es * (size_t)blen);
  int rc = call_getrs(op, n, nrhs, a, c->ia, c->ja, ipiv, &b, ib, jb);
  rt_expect_all(rc, 0, "%s: getrs %c n=%d nrhs=%d", tag, op, n, nrhs);
  if (rt_any(memcmp(abefore, a->data, es * (size_t)alen) != 0))
    rt_fail_same("%s: getrs %c changed A's local array", tag, op);
  if (rt_any(changed_outside(&b, bbefore, ib, jb, n, nrhs) != 0))
    rt_fail_same("%s: getrs %c changed B outside sub(B)", tag, op);
  double complex *x = rt_tmatrix_gather(&b, ib, jb, n, nrhs);
  double ratio = getrs_ratio(c, op, x, nrhs, bseed, ib, jb);
  if (!rt_ratio(&ratios[NTYPES + c->t], ratio))
    rt_fail_same("%s: getrs %c n=%d nrhs=%d at (%d,%d) of A (%d,%d): ratio %.3g", tag, op, n, nrhs,
                 ib, jb, c->ia, c->ja, ratio);
  // The wrong op: N <-> T, and C read without the conjugation.
  char wrong = op == 'N' ? 'T' : op == 'T' || !te_complex(c->t) ? 'N' : 'T';
  if (n > 1) {
    char what[64];
    snprintf(what, sizeof what, "X of op %c checked as op %c", op, wrong);
    control(getrs_ratio(c, wrong, x, nrhs, bseed, ib, jb), what, c);
  }
  free(x), free(abefore), free(bbefore);
  rt_tmatrix_free(&b);
}

// Factor, check, and (square, regular) solve with every op.
static void run_case(rma_grid_t g, const fcase_t *c, unsigned *st, const char *tag) {
  int m = c->m, n = c->n, k = m < n ? m : n;
  rt_tmatrix_t a;
  ncases++;
  int bad = rt_tmatrix_make(c->t, g, c->ia + m + 2, c->ja + n + 1, c->mb, c->nb, c->rs, c->cs,
                            c->pad, c->seed, &a);
  if (!rt_expect_all(bad, 0, "%s: making A", tag))
    return;
  for (int lj = 0; lj < a.lc && c->zero_col >= 0; lj++) // the zero column
    for (int li = 0; li < a.lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&a.d, li, lj, &gi, &gj);
      if (gi >= c->ia && gi < c->ia + m && gj == c->ja + c->zero_col)
        te_put(c->t, a.data, li + (long)lj * a.d.lld, 0.0);
    }
  size_t es = te_size(c->t);
  long len = rt_tmatrix_len(&a);
  void *before = malloc(es * (size_t)len);
  memcpy(before, a.data, es * (size_t)len);
  int *ipiv = malloc(sizeof(int) * (size_t)(a.lr + c->mb + 1));
  for (int x = 0; x < a.lr + c->mb + 1; x++)
    ipiv[x] = INT_MIN;
  int info = call_getrf(&a, m, n, c->ia, c->ja, ipiv);
  int want = c->zero_col >= 0 && c->zero_col < k ? c->zero_col + 1 : 0;
  rt_expect_all(info, want, "%s: type %c info (m=%d n=%d zero column %d)", tag, te_name(c->t), m, n,
                c->zero_col);
  long outside = changed_outside(&a, before, c->ia, c->ja, m, n);
  if (outside)
    rt_fail("%s: type %c: %ld entries outside the window changed", tag, te_name(c->t), outside);
  // The pivots of window rows 0 .. k-1: the same on every grid column.
  int *lo = malloc(sizeof(int) * (size_t)(k + 1)), *hi = malloc(sizeof(int) * (size_t)(k + 1));
  for (int i = 0; i < k; i++)
    lo[i] = INT_MAX, hi[i] = INT_MIN;
  for (int li = 0; li < a.lr; li++) {
    int gi, gj;
    rt_dmatrix_global(&a.d, li, 0, &gi, &gj);
    if (gi >= c->ia && gi < c->ia + k)
      lo[gi - c->ia] = hi[gi - c->ia] = ipiv[li] - c->ia;
  }
  MPI_Allreduce(MPI_IN_PLACE, lo, k, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, hi, k, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  char why[160] = "";
  for (int i = 0; i < k && !why[0]; i++)
    if (lo[i] != hi[i] || lo[i] < i + 1 || lo[i] > m)
      snprintf(why, sizeof why, "window row %d: pivot %d..%d over the grid columns", i, lo[i],
               hi[i]);
  double complex *f = rt_tmatrix_gather(&a, c->ia, c->ja, m, n);
  // Every rank checks the same gathered factors.
  if (why[0]) {
    rt_fail_same("%s: type %c: %s (m=%d n=%d)", tag, te_name(c->t), why, m, n);
  } else if (info != 0) {
    long nonfinite = 0;
    for (long x = 0; x < (long)m * n; x++)
      nonfinite += !isfinite(creal(f[x])) || !isfinite(cimag(f[x]));
    if (nonfinite)
      rt_fail_same("%s: type %c singular m=%d n=%d: %ld factor entries not finite", tag,
                   te_name(c->t), m, n, nonfinite);
  } else if (k > 0) {
    double ratio = getrf_ratio(c, f, lo);
    if (!rt_ratio(&ratios[c->t], ratio))
      rt_fail_same("%s: type %c m=%d n=%d at (%d,%d) blocks %dx%d from (%d,%d) pad %d: ratio %.3g",
                   tag, te_name(c->t), m, n, c->ia, c->ja, c->mb, c->nb, c->rs, c->cs, c->pad,
                   ratio);
    int swapped = 0;
    for (int i = 0; i < k; i++)
      swapped |= lo[i] != i + 1;
    if (swapped)
      control(getrf_ratio(c, f, NULL), "the factors without the interchanges", c);
    double lmax = 0.0, bound = (te_complex(c->t) ? sqrt(2.0) : 1.0) * (1 + 4 * te_eps(c->t));
    for (int j = 0; j < k; j++)
      for (int i = j + 1; i < m; i++)
        lmax = fmax(lmax, cabs(f[i + (long)j * m]));
    if (!(lmax <= bound))
      rt_fail_same("%s: type %c m=%d n=%d: max |L(i,j)| = %.9g > %.9g", tag, te_name(c->t), m, n,
                   lmax, bound);
    for (int s = 0; m == n && s < 3; s++)
      solve_case(c, &a, ipiv, "NTC"[s], 1 + rt_rand(st, 4), st, tag);
  }
  free(f), free(lo), free(hi), free(before), free(ipiv);
  rt_tmatrix_free(&a);
}

// A case of type t drawn from st (the same on every rank).
static fcase_t draw(int t, unsigned *st, int npr, int npc, int m, int n) {
  static const int blocks[5] = {2, 3, 4, 5, 7};
  fcase_t c = {t, m, n, 0, 0, 0, 0, 0, 0, 0, -1, 0};
  c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7);
  c.mb = blocks[rt_rand(st, 5)], c.nb = rt_rand(st, 3) ? blocks[rt_rand(st, 5)] : c.mb;
  c.rs = rt_rand(st, npr), c.cs = rt_rand(st, npc);
  c.pad = rt_rand(st, 3);
  c.seed = 9000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

static void grid_cases(rma_grid_t g, int t, unsigned st) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  fcase_t c;
  const int shapes[][2] = {{37, 37}, {41, 23}, {23, 41}, {1, 1}, {2, 2}, {13, 7}};
  for (int s = 0; s < 6; s++) {
    c = draw(t, &st, npr, npc, shapes[s][0], shapes[s][1]);
    run_case(g, &c, &st, "regular");
  }
  c = draw(t, &st, npr, npc, 61, 61);
  c.mb = c.nb = 8;
  run_case(g, &c, &st, "61 in 8 x 8 blocks");
  c = draw(t, &st, npr, npc, 11, 9);
  c.mb = c.nb = 1;
  run_case(g, &c, &st, "1 x 1 blocks");
  // The panel always / never factored by its process column, and node
  // neighbours read by RMA instead of shared memory.
  for (int mode = 0; mode < 3; mode++) {
    rma_set_option(mode < 2 ? RMA_OPT_LU_PANEL : RMA_OPT_SHARED_MEMORY, mode == 1 ? 2 : 0);
    c = draw(t, &st, npr, npc, 61, 61);
    c.mb = c.nb = 8;
    run_case(g, &c, &st,
             mode == 0   ? "panel on one rank"
             : mode == 1 ? "panel by its process column"
                         : "shared memory off");
  }
  rma_set_option(RMA_OPT_LU_PANEL, 1);
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
  // Singular: column j zero gives info j + 1 (square, tall, wide).
  const int zero[][3] = {{29, 29, 0}, {29, 29, 17}, {29, 19, 18}, {19, 29, 11}};
  for (int z = 0; z < 4; z++) {
    c = draw(t, &st, npr, npc, zero[z][0], zero[z][1]);
    c.zero_col = zero[z][2];
    run_case(g, &c, &st, "singular");
  }
}

// Illegal arguments of type t: -i on every rank, nothing modified, the
// next call works.
static void arg_cases(rma_grid_t g, int t) {
  rt_tmatrix_t a, b;
  int bad = rt_tmatrix_make(t, g, 9, 9, 2, 3, 0, 0, 1, 21, &a);
  bad |= rt_tmatrix_make(t, g, 9, 2, 2, 2, 0, 0, 1, 22, &b);
  if (!rt_expect_all(bad, 0, "type %c: making the argument-test matrices", te_name(t)))
    return;
  size_t es = te_size(t);
  long alen = rt_tmatrix_len(&a), blen = rt_tmatrix_len(&b);
  void *ab = malloc(es * (size_t)alen), *bb = malloc(es * (size_t)blen);
  memcpy(ab, a.data, es * (size_t)alen), memcpy(bb, b.data, es * (size_t)blen);
  int *ipiv = malloc(sizeof(int) * (size_t)(a.lr + a.d.mb + 1));
  for (int x = 0; x < a.lr + a.d.mb + 1; x++)
    ipiv[x] = 1;
  char tc = te_name(t);
  rt_expect_all(call_getrf(&a, -1, 9, 0, 0, ipiv), -1, "rma_%cmatrix_getrf m = -1", tc);
  rt_expect_all(call_getrf(&a, 9, 9, 1, 0, ipiv), -4, "rma_%cmatrix_getrf window past A", tc);
  rt_expect_all(call_getrs('Q', 9, 2, &a, 0, 0, ipiv, &b, 0, 0), -1, "rma_%cmatrix_getrs trans 'Q'",
                tc);
  rt_expect_all(call_getrs('C', 9, -1, &a, 0, 0, ipiv, &b, 0, 0), -3,
                "rma_%cmatrix_getrs nrhs = -1", tc);
  rt_expect_all(call_getrs('C', 9, 2, &a, 0, 0, ipiv, &b, 0, 1), -9,
                "rma_%cmatrix_getrs window past B", tc);
  if (rt_any(memcmp(ab, a.data, es * (size_t)alen) || memcmp(bb, b.data, es * (size_t)blen)))
    rt_fail_same("type %c: a refused call changed A or B", tc);
  rt_expect_all(call_getrf(&a, 9, 9, 0, 0, ipiv), 0, "rma_%cmatrix_getrf after refused calls", tc);
  rt_expect_all(call_getrs('C', 9, 2, &a, 0, 0, ipiv, &b, 0, 0), 0,
                "rma_%cmatrix_getrs after refused calls", tc);
  free(ab), free(bb), free(ipiv);
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
  int grids = rt_each_grid(grid_all, 4321u, 101u);
  if (me == 0)
    printf("test_getrf_types: np %d, %d grids, %ld cases, %ld controls\n", np, grids, ncases,
           ncontrols);
  int status = rt_finish("test_getrf_types (native)", ratios, 2 * NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
