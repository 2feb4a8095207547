/*
 * The engine's gemm through the native API (rma_dmatrix_gemm: MPI only, no
 * GA, no BLACS, so it runs in the GA-free build), at np = 1, 2, 3, 4, 6.
 *
 * Grids: every factorisation p x q of P (1 x P, P x 1 and the non-square
 * 2 x 3 and 3 x 2 at P = 6), rank order 'R', and 'C' too on grids with two
 * rows and columns or more. Matrices: each of A, B and C with its own
 * mb x nb (from 1, 2, 3, 4, 5, 7, 16, none dividing the sizes 23, 29, 37,
 * 61), its first block at grid position (rsrc, csrc) (C's at the last grid
 * row and column), a caller-owned local array with a padded LLD or
 * rma_dmatrix_alloc's, and the operation on windows at offsets ia, ja, ib,
 * jb, ic, jc off block boundaries with rows and columns beyond them.
 * Cases on each grid:
 *  - the nine transpose pairs of 'N', 'T', 'C' (m, n, k = 37, 29, 23, one
 *    of them also at 61, 37, 29), alpha 1.5, beta -0.5;
 *  - alpha / beta: beta = 0 with sub(C) all NaN (C not read), alpha = 0
 *    with A and B all NaN (A and B not read), alpha = beta = 0, beta = 1,
 *    alpha = -1;
 *  - empty and tiny: k = 0 (sub(C) = beta sub(C)), m = 0, n = 0,
 *    m = n = k = 0, m = n = k = 1, 1 x 1 blocks;
 *  - one matrix passed as A and B (C = A A^T, C = A^T A);
 *  - a case with each protocol switch off in turn (zero copy, nonblocking,
 *    locality, contention, shared memory, store kept).
 * Check, for every entry of sub(C), against the serial reference each rank
 * computes for its own entries from the generator at the global index
 * (long double), the PBLAS tester's ratio (eps = 2^-53):
 *   ratio = |C_ij - Cref_ij| / (eps (|alpha| sum_l |op(A)_il| |op(B)_lj| + |beta| |C0_ij|)) <= 16
 * (entry by entry the gauge is at most the norm form |alpha| |A| |B| k +
 * |beta| |C0|, so this is the stricter check; a zero gauge needs an exact
 * match; NaN fails). Also: rc = 0 on every rank; every entry of C outside
 * sub(C), LLD padding included, and all of A and B bitwise unchanged.
 * Prints the worst ratio; exits 1 on any failure.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"

#define THRESH 16.0

static int me, np;
static long ncases;
static rt_ratio_t gemm_ratio = RT_RATIO(
    "gemm", "|C_ij - Cref_ij| / (eps (|alpha| sum_l |op(A)_il| |op(B)_lj| + |beta| |C0_ij|))",
    THRESH);

// One matrix of a case: block sizes, first block, padding (0: rma_dmatrix_alloc).
typedef struct {
  int mb, nb, rs, cs, pad;
} shape_t;

typedef struct {
  char ta, tb;
  int m, n, k;
  double alpha, beta;
  int ia, ja, ib, jb, ic, jc;
  shape_t sa, sb, sc;
  int nan_ab, nan_c; /* A and B (or sub(C)) all NaN before the call */
  int same_ab;       /* A passed as B too */
  uint64_t seed;
} gcase_t;

// Entry of the matrix named by seed, NaN for a NaN-filled one.
static double value(uint64_t seed, int nan, long i, long j) {
  return nan ? NAN : rt_entry(seed, i, j);
}

// Fill every local entry of x with NaN (padding kept).
static void fill_nan(rma_dmatrix_t *x, int i0, int j0, int rows, int cols) {
  int lr, lc;
  rma_dmatrix_local_size(x, &lr, &lc);
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(x, li, lj, &gi, &gj);
      if (gi >= i0 && gi < i0 + rows && gj >= j0 && gj < j0 + cols)
        x->data[li + (long)lj * x->lld] = NAN;
    }
}

static int same_bits(const double *x, const double *y, long count) {
  return memcmp(x, y, sizeof(double) * (size_t)count) == 0;
}

// One case on grid g; failures are this rank's (it checks its own entries).
static void run_case(rma_grid_t g, const gcase_t *cs, const char *tag) {
  int ta = cs->ta != 'N', tb = cs->tb != 'N';
  int ar = ta ? cs->k : cs->m, ac = ta ? cs->m : cs->k;
  int br = tb ? cs->n : cs->k, bc = tb ? cs->k : cs->n;
  uint64_t sa = cs->seed, sb = cs->same_ab ? cs->seed : cs->seed + 1, sc = cs->seed + 2;
  rma_dmatrix_t A, B, C;
  // Two rows and columns beyond every window.
  int ok = !rt_dmatrix_make(g, cs->ia + ar + 2, cs->ja + ac + 2, cs->sa.mb, cs->sa.nb, cs->sa.rs,
                            cs->sa.cs, cs->sa.pad, sa, &A);
  if (!cs->same_ab)
    ok &= !rt_dmatrix_make(g, cs->ib + br + 2, cs->jb + bc + 2, cs->sb.mb, cs->sb.nb, cs->sb.rs,
                           cs->sb.cs, cs->sb.pad, sb, &B);
  ok &= !rt_dmatrix_make(g, cs->ic + cs->m + 2, cs->jc + cs->n + 2, cs->sc.mb, cs->sc.nb, cs->sc.rs,
                         cs->sc.cs, cs->sc.pad, sc, &C);
  ncases++;
  if (!rt_expect_all(!ok, 0, "%s: making the matrices", tag))
    return;
  const rma_dmatrix_t *pb = cs->same_ab ? &A : &B;
  if (cs->nan_ab) {
    fill_nan(&A, 0, 0, A.m, A.n);
    if (!cs->same_ab)
      fill_nan(&B, 0, 0, B.m, B.n);
  }
  if (cs->nan_c)
    fill_nan(&C, cs->ic, cs->jc, cs->m, cs->n);
  long la = rt_dmatrix_len(&A), lb = rt_dmatrix_len(pb), lc = rt_dmatrix_len(&C);
  double *a0 = malloc(sizeof(double) * (size_t)la), *b0 = malloc(sizeof(double) * (size_t)lb);
  double *c0 = malloc(sizeof(double) * (size_t)lc);
  memcpy(a0, A.data, sizeof(double) * (size_t)la);
  memcpy(b0, pb->data, sizeof(double) * (size_t)lb);
  memcpy(c0, C.data, sizeof(double) * (size_t)lc);
  int rc = rma_dmatrix_gemm(cs->ta, cs->tb, cs->m, cs->n, cs->k, cs->alpha, &A, cs->ia, cs->ja, pb,
                            cs->ib, cs->jb, cs->beta, &C, cs->ic, cs->jc);
  rt_expect_all(rc, 0, "%s: rma_dmatrix_gemm's return", tag);
  if (!same_bits(a0, A.data, la) || !same_bits(b0, pb->data, lb))
    rt_fail("%s: A or B modified", tag);
  // ======== ratio = |C_ij - Cref_ij| / (eps (|alpha| sum |op(A)_il op(B)_lj| + |beta C0_ij|))
  int lr, lcols;
  rma_dmatrix_local_size(&C, &lr, &lcols);
  double mine = 0.0;
  long outside = 0;
  for (int lj = 0; lj < (lcols > 0 ? lcols : 1); lj++)
    for (int li = 0; li < C.lld; li++) {
      long at = li + (long)lj * C.lld;
      int gi = -1, gj = -1;
      if (li < lr && lj < lcols) {
        rt_dmatrix_global(&C, li, lj, &gi, &gj);
        gi -= cs->ic, gj -= cs->jc;
      }
      if (gi < 0 || gi >= cs->m || gj < 0 || gj >= cs->n) {
        outside += !same_bits(&c0[at], &C.data[at], 1);
        continue;
      }
      long double ref = 0.0L, gauge = 0.0L;
      if (cs->alpha != 0.0)
        for (int l = 0; l < cs->k; l++) {
          double a = ta ? value(sa, cs->nan_ab, cs->ia + l, cs->ja + gi)
                        : value(sa, cs->nan_ab, cs->ia + gi, cs->ja + l);
          double b = tb ? value(sb, cs->nan_ab, cs->ib + gj, cs->jb + l)
                        : value(sb, cs->nan_ab, cs->ib + l, cs->jb + gj);
          ref += (long double)a * b;
          gauge += fabsl((long double)a * b);
        }
      ref *= cs->alpha, gauge *= fabs(cs->alpha);
      if (cs->beta != 0.0) {
        ref += (long double)cs->beta * c0[at];
        gauge += fabs(cs->beta) * fabs(c0[at]);
      }
      double diff = (double)fabsl((long double)C.data[at] - ref);
      double r = gauge > 0.0L ? diff / (RT_EPS * (double)gauge) : (diff == 0.0 ? 0.0 : INFINITY);
      if (!isfinite(C.data[at]))
        r = INFINITY;
      rt_ratio(&gemm_ratio, r);
      mine = r > mine || isnan(r) ? r : mine;
    }
  if (!(mine <= THRESH) || outside)
    rt_fail("%s: %c%c m=%d n=%d k=%d alpha=%g beta=%g at (%d,%d) (%d,%d) (%d,%d), blocks "
            "%dx%d %dx%d %dx%d from (%d,%d) (%d,%d) (%d,%d), pad %d %d %d: ratio %.3g, %ld "
            "entries outside sub(C) changed",
            tag, cs->ta, cs->tb, cs->m, cs->n, cs->k, cs->alpha, cs->beta, cs->ia, cs->ja, cs->ib,
            cs->jb, cs->ic, cs->jc, cs->sa.mb, cs->sa.nb, cs->sb.mb, cs->sb.nb, cs->sc.mb,
            cs->sc.nb, cs->sa.rs, cs->sa.cs, cs->sb.rs, cs->sb.cs, cs->sc.rs, cs->sc.cs, cs->sa.pad,
            cs->sb.pad, cs->sc.pad, mine, outside);
  free(a0), free(b0), free(c0);
  rt_dmatrix_free(&A, cs->sa.pad), rt_dmatrix_free(&C, cs->sc.pad);
  if (!cs->same_ab)
    rt_dmatrix_free(&B, cs->sb.pad);
}

// A case of the given operation with matrices drawn from st (the same on every rank).
static gcase_t draw(unsigned *st, int npr, int npc, char ta, char tb, int m, int n, int k,
                    double alpha, double beta) {
  static const int blocks[6] = {2, 3, 4, 5, 7, 16};
  gcase_t c;
  memset(&c, 0, sizeof c);
  c.ta = ta, c.tb = tb, c.m = m, c.n = n, c.k = k, c.alpha = alpha, c.beta = beta;
  c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7), c.ib = rt_rand(st, 7);
  c.jb = rt_rand(st, 7), c.ic = 1 + rt_rand(st, 6), c.jc = 1 + rt_rand(st, 6);
  shape_t *s[3] = {&c.sa, &c.sb, &c.sc};
  for (int x = 0; x < 3; x++) {
    s[x]->mb = blocks[rt_rand(st, 6)], s[x]->nb = blocks[rt_rand(st, 6)];
    s[x]->rs = rt_rand(st, npr), s[x]->cs = rt_rand(st, npc);
    s[x]->pad = rt_rand(st, 2) ? 1 + rt_rand(st, 3) : 0;
  }
  c.sc.rs = npr - 1, c.sc.cs = npc - 1; // C's first block off the grid's origin
  c.seed = 1000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

// Every case on one grid.
static void grid_cases(rma_grid_t g, unsigned st) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  static const char tr[3] = {'N', 'T', 'C'};
  gcase_t c;
  // The nine transpose pairs.
  for (int x = 0; x < 3; x++)
    for (int y = 0; y < 3; y++) {
      c = draw(&st, npr, npc, tr[x], tr[y], 37, 29, 23, 1.5, -0.5);
      run_case(g, &c, "transposes");
    }
  c = draw(&st, npr, npc, 'T', 'N', 61, 37, 29, 1.5, -0.5);
  run_case(g, &c, "larger");
  // alpha / beta special values.
  c = draw(&st, npr, npc, 'N', 'T', 29, 23, 37, 2.0, 0.0);
  c.nan_c = 1;
  run_case(g, &c, "beta 0, C NaN");
  c = draw(&st, npr, npc, 'C', 'N', 29, 23, 37, 0.0, 0.7);
  c.nan_ab = 1;
  run_case(g, &c, "alpha 0, A and B NaN");
  c = draw(&st, npr, npc, 'N', 'N', 23, 29, 37, 0.0, 0.0);
  c.nan_ab = c.nan_c = 1;
  run_case(g, &c, "alpha 0, beta 0, all NaN");
  c = draw(&st, npr, npc, 'T', 'T', 23, 37, 29, 1.0, 1.0);
  run_case(g, &c, "beta 1");
  c = draw(&st, npr, npc, 'N', 'C', 37, 23, 29, -1.0, 0.25);
  run_case(g, &c, "alpha -1");
  // Empty and tiny.
  c = draw(&st, npr, npc, 'N', 'N', 29, 23, 0, 1.5, 0.7);
  run_case(g, &c, "k 0");
  c = draw(&st, npr, npc, 'T', 'N', 29, 23, 0, 1.5, 0.0);
  c.nan_c = 1;
  run_case(g, &c, "k 0, beta 0, C NaN");
  c = draw(&st, npr, npc, 'N', 'T', 0, 23, 29, 1.5, 0.7);
  run_case(g, &c, "m 0");
  c = draw(&st, npr, npc, 'T', 'T', 29, 0, 23, 1.5, 0.7);
  run_case(g, &c, "n 0");
  c = draw(&st, npr, npc, 'N', 'N', 0, 0, 0, 1.5, 0.0);
  run_case(g, &c, "m n k 0");
  c = draw(&st, npr, npc, 'C', 'T', 1, 1, 1, 1.5, -0.5);
  run_case(g, &c, "1x1x1");
  c = draw(&st, npr, npc, 'N', 'T', 9, 7, 11, 1.5, -0.5);
  c.sa = (shape_t){1, 1, npr - 1, 0, 0}, c.sb = (shape_t){1, 1, 0, npc - 1, 2};
  c.sc = (shape_t){1, 1, npr / 2, npc / 2, 1};
  run_case(g, &c, "1x1 blocks");
  // One matrix as A and B.
  c = draw(&st, npr, npc, 'N', 'T', 29, 29, 23, 1.5, -0.5);
  c.same_ab = 1, c.ib = c.ia, c.jb = c.ja;
  run_case(g, &c, "A A^T");
  c = draw(&st, npr, npc, 'T', 'N', 23, 23, 29, 1.5, -0.5);
  c.same_ab = 1, c.ib = c.ia, c.jb = c.ja;
  run_case(g, &c, "A^T A");
  // Each protocol switch off in turn.
  static const rma_option_t sw[6] = {RMA_OPT_ZERO_COPY,  RMA_OPT_NONBLOCKING,   RMA_OPT_LOCALITY,
                                     RMA_OPT_CONTENTION, RMA_OPT_SHARED_MEMORY, RMA_OPT_STORE_KEEP};
  static const char *const swname[6] = {"zero-copy off",  "nonblocking off",   "locality off",
                                        "contention off", "shared memory off", "store kept off"};
  for (int s = 0; s < 6; s++) {
    rma_set_option(sw[s], 0);
    c = draw(&st, npr, npc, tr[s % 3], tr[(s + 1) % 3], 37, 29, 23, 1.5, -0.5);
    run_case(g, &c, swname[s]);
    rma_set_option(sw[s], 1);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int grids = rt_each_grid(grid_cases, 4242u, 101u);
  if (me == 0)
    printf("test_gemm: np %d, %d grids, %ld cases\n", np, grids, ncases);
  int status = rt_finish("test_gemm", &gemm_ratio, 1);
  rma_finalize();
  MPI_Finalize();
  return status;
}
