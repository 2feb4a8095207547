/*
 * The engine's Cholesky (potrf) in the four element types through the
 * native typed API (rma_?matrix_potrf for s, d, c, z), MPI only (it runs in
 * the GA-free build), at np = 1, 2, 3, 4, 6.
 *
 * Grids: every factorisation p x q of P, rank order 'R', and 'C' too on
 * grids with two rows and columns or more (rt_each_grid). Per type, grid
 * and UPLO ('L', 'U'; 'l' and 'u' once) a seeded sweep: square blocks from
 * 2, 3, 4, 5, 7, 16 (none divides the sizes 1, 2, 7, 13, 29, 37), MB != NB,
 * a 61 x 61 matrix in 8 x 8 blocks, one in 2 x 2 (31 steps) and a 97 x 97
 * one in 16 x 16 (the distributed pipeline over many steps: the local
 * re-layout), windows A(ia:, ja:) off block boundaries and first blocks on
 * any grid position (the copy path), padded LLDs, one case with shared
 * memory off, n = 0.
 * The matrix: Hermitian (symmetric for s, d) in the named triangle of the
 * window, off-diagonal entries from the seeded generator rounded to the
 * type, the diagonal's real part + n (positive definite); the other
 * triangle keeps the generator's non-Hermitian entries (reading them would
 * give a wrong factor).
 * Not positive definite: the diagonal entry jz set to -1, jz = 0, a tile's
 * last and first columns, a middle one, n - 1: the leading minor of order
 * jz + 1 is the first that is not positive definite (the earlier ones are
 * diagonally dominant, and the Schur complement at jz is negative).
 * Checks (eps = the type's unit roundoff, te_eps: 2^-24 for s and c, 2^-53
 * for d and z; L = the factor, or U^H; products in long double complex on
 * the gathered window against A0 rebuilt from the generator; NaN fails):
 *   potrf   ratio = max_c sum_i |A0(i, c) - (L L^H)(i, c)| /
 *                   (n eps max_c sum_i |A0(i, c)|) <= 16
 *           over i >= c and every column c, or, when INFO = j > 0, over the
 *           first j - 1 columns only (the factored ones);
 *   INFO = 0, or jz + 1; the same on every rank;
 *   INFO = j > 0: every entry of the named triangle of the window finite;
 *   every local entry outside the named triangle of the window (the other
 *   triangle, outside the window, LLD padding) bitwise unchanged.
 * The check can fail: on every factored case the same ratio is computed
 * with L(n - 1, 0) changed by 1 (n > 1) and must exceed 16.
 * Then illegal arguments per type (uplo, n < 0, NULL matrix, a window past
 * A): the public numbering's -i on every rank, A bitwise unchanged, and the
 * next call works.
 * Prints the worst ratio per type; exits 1 on any failure.
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

#define POTRF_RATIO "max_c sum_i |A0 - L L^H|(i,c) / (n eps max_c sum_i |A0(i,c)|)"
static rt_ratio_t ratios[TE_NTYPES] = {
    RT_RATIO("potrf s", POTRF_RATIO, 16), RT_RATIO("potrf d", POTRF_RATIO, 16),
    RT_RATIO("potrf c", POTRF_RATIO, 16), RT_RATIO("potrf z", POTRF_RATIO, 16)};
static long ncases, ncontrols;

typedef struct {
  int t, n, ia, ja, mb, nb, rs, cs, pad, jz; /* jz: diagonal entry made -1, -1: none */
  char uplo;
  uint64_t seed;
} pcase_t;

static int lower_of(char uplo) { return uplo == 'L' || uplo == 'l'; }

static int call_potrf(const rt_tmatrix_t *a, char uplo, int n, int ia, int ja) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a);                                                        \
    return rma_##p##matrix_potrf(uplo, n, &A, ia, ja);                                             \
  }
  TE_DISPATCH(a->t, TYPED)
#undef TYPED
}

// Entry (i, j) of the case's Hermitian window A0 (both triangles).
static double complex a0_at(const pcase_t *c, int i, int j) {
  if (i == j)
    return i == c->jz ? -1.0 : creal(rt_tvalue(c->t, c->seed, c->ia + i, c->ja + j)) + c->n;
  if (i > j)
    return rt_tvalue(c->t, c->seed, c->ia + i, c->ja + j);
  return conj(rt_tvalue(c->t, c->seed, c->ia + j, c->ja + i));
}

// 1 when window entry (i, j) is in the named triangle.
static int in_triangle(const pcase_t *c, int i, int j) {
  return lower_of(c->uplo) ? i >= j : i <= j;
}

// ==== ratio = max_c sum_{i>=c} |A0(i,c) - (L L^H)(i,c)| / (n eps max_c sum_i |A0(i,c)|) ====
// Over the first cols columns; L (column-major, ld n) lower triangular.
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
        x += (long double complex)l[i + (long)k * n] * conjl(l[j + (long)k * n]);
      s += (double)cabsl((long double complex)a0_at(c, i, j) - x);
    }
    rnorm = s > rnorm || isnan(s) ? s : rnorm;
  }
  return rnorm / (n * te_eps(c->t) * anorm);
}

static void run_case(rma_grid_t g, const pcase_t *c, const char *tag) {
  int n = c->n, t = c->t;
  size_t es = te_size(t);
  rt_tmatrix_t A;
  ncases++;
  int bad = rt_tmatrix_make(t, g, c->ia + n + 2, c->ja + n + 1, c->mb, c->nb, c->rs, c->cs,
                            c->pad, c->seed, &A);
  if (!rt_expect_all(bad, 0, "%s: making the matrix", tag))
    return;
  // The named triangle of the window := A0.
  for (int lj = 0; lj < A.lc; lj++)
    for (int li = 0; li < A.lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&A.d, li, lj, &gi, &gj);
      int i = gi - c->ia, j = gj - c->ja;
      if (i >= 0 && i < n && j >= 0 && j < n && in_triangle(c, i, j))
        te_put(t, A.data, li + (long)lj * A.d.lld, a0_at(c, i, j));
    }
  long len = rt_tmatrix_len(&A);
  char *before = malloc(es * (size_t)len);
  memcpy(before, A.data, es * (size_t)len);
  int info = call_potrf(&A, c->uplo, n, c->ia, c->ja);
  int want = c->jz >= 0 && c->jz < n ? c->jz + 1 : 0;
  rt_expect_all(info, want, "%s: %c info (n=%d jz=%d)", tag, te_name(t), n, c->jz);
  // Outside the named triangle of the window: bitwise unchanged.
  long changed = 0;
  for (int lj = 0; lj < (A.lc > 0 ? A.lc : 1); lj++)
    for (int li = 0; li < A.d.lld; li++) {
      long at = li + (long)lj * A.d.lld;
      int gi = -1, gj = -1;
      if (li < A.lr && lj < A.lc)
        rt_dmatrix_global(&A.d, li, lj, &gi, &gj);
      int i = gi - c->ia, j = gj - c->ja;
      int in = gi >= 0 && i >= 0 && i < n && j >= 0 && j < n && in_triangle(c, i, j);
      changed += !in && memcmp(before + es * at, (char *)A.data + es * at, es) != 0;
    }
  if (changed)
    rt_fail("%s: %c uplo %c n=%d: %ld entries outside the triangle changed", tag, te_name(t),
            c->uplo, n, changed);
  if (n > 0 && info >= 0) {
    double complex *w = rt_tmatrix_gather(&A, c->ia, c->ja, n, n);
    double complex *l = calloc((size_t)n * n, sizeof(double complex));
    long nonfinite = 0;
    for (int j = 0; j < n; j++)
      for (int i = j; i < n; i++) {
        double complex v = lower_of(c->uplo) ? w[i + (long)j * n] : conj(w[j + (long)i * n]);
        l[i + (long)j * n] = v;
        nonfinite += !isfinite(creal(v)) || !isfinite(cimag(v));
      }
    if (nonfinite)
      rt_fail_same("%s: %c uplo %c n=%d info %d: %ld entries not finite", tag, te_name(t), c->uplo,
                   n, info, nonfinite);
    int cols = info > 0 ? info - 1 : n;
    double r = potrf_ratio(c, l, cols);
    if (!rt_ratio(&ratios[t], r))
      rt_fail_same("%s: %c uplo %c n=%d at (%d,%d) blocks %dx%d from (%d,%d) info %d: ratio %.3g",
                   tag, te_name(t), c->uplo, n, c->ia, c->ja, c->mb, c->nb, c->rs, c->cs, info, r);
    if (n > 1 && cols > 0) { // the control: a wrong factor must fail
      l[n - 1] += 1.0;
      ncontrols++;
      double wrong = potrf_ratio(c, l, cols);
      if (!(wrong > 16))
        rt_fail_same("%s: control ratio %.3g <= 16 (n=%d)", tag, wrong, n);
    }
    free(w), free(l);
  }
  free(before);
  rt_tmatrix_free(&A);
}

// A case drawn from st (the same on every rank).
static pcase_t draw(unsigned *st, int t, int npr, int npc, int n, char uplo, int aligned) {
  static const int blocks[6] = {2, 3, 4, 5, 7, 16};
  pcase_t c = {t, n, 0, 0, 0, 0, 0, 0, 0, -1, uplo, 0};
  c.mb = c.nb = blocks[rt_rand(st, 6)];
  if (!aligned) {
    c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7);
    c.rs = rt_rand(st, npr), c.cs = rt_rand(st, npc);
  }
  c.pad = rt_rand(st, 2) ? 1 + rt_rand(st, 3) : 0;
  c.seed = 9000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

static void grid_type(rma_grid_t g, unsigned st, int t) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  const char uplos[2] = {'L', 'U'};
  pcase_t c;
  for (int u = 0; u < 2; u++) {
    char up = uplos[u];
    const int sizes[6] = {1, 2, 7, 13, 29, 37};
    for (int s = 0; s < 6; s++) {
      c = draw(&st, t, npr, npc, sizes[s], up, s % 2);
      run_case(g, &c, s % 2 ? "aligned" : "offsets");
    }
    c = draw(&st, t, npr, npc, 29, up, 0);
    c.nb = c.mb + 1;
    run_case(g, &c, "mb != nb");
    c = draw(&st, t, npr, npc, 61, up, 1);
    c.mb = c.nb = 8;
    run_case(g, &c, "61 in 8x8");
    // Not positive definite at jz: first, a tile's last and first columns, middle, last.
    const int jzs[5] = {0, 7, 8, 30, 60};
    for (int z = 0; z < 5; z++) {
      c = draw(&st, t, npr, npc, 61, up, z % 2);
      c.mb = c.nb = 8, c.jz = jzs[z];
      run_case(g, &c, "not positive definite");
    }
    c = draw(&st, t, npr, npc, 0, up, 0);
    run_case(g, &c, "n 0");
  }
  c = draw(&st, t, npr, npc, 13, 'l', 1);
  run_case(g, &c, "uplo l");
  c = draw(&st, t, npr, npc, 13, 'u', 0);
  run_case(g, &c, "uplo u");
  if (t == TE_D || t == TE_Z) {
    for (int u = 0; u < 2; u++) { // many steps: the ring's slots wrap around often
      c = draw(&st, t, npr, npc, 61, uplos[u], 1);
      c.mb = c.nb = 2, c.jz = u ? 47 : -1;
      run_case(g, &c, "61 in 2x2");
    }
    c = draw(&st, t, npr, npc, 97, 'L', 1);
    c.mb = c.nb = 16;
    run_case(g, &c, "97 in 16x16");
    c = draw(&st, t, npr, npc, 97, 'U', 1);
    c.mb = c.nb = 16, c.jz = 50;
    run_case(g, &c, "97 not positive definite");
  }
  // Every rank its own group: the panel tiles' transposers pass them on
  // (one node's shared memory makes every owner its own transposer).
  rma_set_option(RMA_OPT_SHARED_MEMORY, 0);
  c = draw(&st, t, npr, npc, 37, 'U', 1);
  run_case(g, &c, "shared memory off");
  c = draw(&st, t, npr, npc, 37, 'L', 0);
  run_case(g, &c, "shared memory off, lower");
  for (int u = 0; u < 2 && (t == TE_D || t == TE_Z); u++) {
    c = draw(&st, t, npr, npc, 61, uplos[u], 1);
    c.mb = c.nb = 2;
    run_case(g, &c, "61 in 2x2, shared memory off");
  }
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
}

// Illegal arguments: -i on every rank, nothing written, the next call works.
static void illegal(rma_grid_t g, int t) {
  rt_tmatrix_t A;
  if (!rt_expect_all(rt_tmatrix_make(t, g, 9, 9, 3, 3, 0, 0, 1, 77, &A), 0, "illegal: make"))
    return;
  size_t es = te_size(t);
  long len = rt_tmatrix_len(&A);
  char *before = malloc(es * (size_t)len);
  memcpy(before, A.data, es * (size_t)len);
  struct {
    char uplo;
    int n, ia, ja, want;
  } cases[] = {{'X', 4, 0, 0, -1}, {'l' + 1, 4, 0, 0, -1}, {'L', -1, 0, 0, -2},
               {'U', 5, 5, 0, -4}, {'L', 4, -1, 0, -4},    {'U', 9, 0, 1, -4}};
  for (size_t x = 0; x < sizeof cases / sizeof cases[0]; x++) {
    int rc = call_potrf(&A, cases[x].uplo, cases[x].n, cases[x].ia, cases[x].ja);
    rt_expect_all(rc, cases[x].want, "%c illegal case %zu", te_name(t), x);
  }
#define NULLCALL(p)                                                                                \
  {                                                                                                \
    rt_expect_all(rma_##p##matrix_potrf('L', 4, NULL, 0, 0), -3, "%c NULL matrix", te_name(t));    \
    break;                                                                                         \
  }
  TE_DISPATCH(t, NULLCALL)
#undef NULLCALL
  if (memcmp(before, A.data, es * (size_t)len) != 0)
    rt_fail("%c illegal arguments: the matrix changed", te_name(t));
  free(before);
  rt_tmatrix_free(&A);
  pcase_t c = {t, 9, 0, 0, 3, 3, 0, 0, 0, -1, 'L', 4242};
  run_case(g, &c, "after illegal arguments");
}

static void grid_all(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < TE_NTYPES; t++) {
    grid_type(g, seed + 17u * (unsigned)t, t);
    illegal(g, t);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int grids = rt_each_grid(grid_all, 2468u, 37u);
  if (me == 0)
    printf("test_potrf: np %d, %d grids, %ld cases, %ld controls\n", np, grids, ncases, ncontrols);
  int status = rt_finish("test_potrf", ratios, TE_NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
