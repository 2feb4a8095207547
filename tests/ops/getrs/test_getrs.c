/*
 * The engine's LU solve (getrs) on native matrices (MPI only, no GA, no
 * BLACS, so it runs in the GA-free build), at np = 1, 2, 3, 4, 6: factors
 * and pivots of rma_dmatrix_getrf solved by rma_dmatrix_getrs, and factors
 * without pivoting solved by the engine's own entries (rma_getrf_matrix /
 * rma_getrs_matrices with ipiv NULL on the native front-end's window
 * directories: the native API always pivots).
 *
 * Grids: every factorisation p x q of P (1 x P, P x 1, 2 x 3, 3 x 2), rank
 * order 'R', and 'C' too on grids with two rows and columns or more. A and B
 * each with their own mb x nb (2, 3, 4, 5, 7, 16; none divides n = 1, 13,
 * 37, 61), first block, padded LLD or rma_dmatrix_alloc's array; windows
 * sub(A) = A(ia:, ja:) n x n and sub(B) = B(ib:, jb:) n x nrhs off block
 * boundaries, with rows and columns beyond them.
 * Cases on each grid: trans 'N', 'T' and 'C' with nrhs 1, 3 and 7; without
 * pivoting 'N' and 'T' on diagonally dominant A (diagonal + n); n = 0 and
 * nrhs = 0 (nothing changes); a sample with shared memory off and with the
 * store freed after each call.
 * Checks (eps = 2^-53, residuals summed in long double, op(A) = A or A^T;
 * each fails on NaN), on the gathered X against A0 and B0 rebuilt from the
 * generator (the thresholds of ops/getrf/test_getrf_ga.c):
 *   solve  ratio = max_c ||op(A0) x_c - b_c||_inf / (||op(A0)||_inf max_c ||x_c||_inf eps n) <= 1
 *   HPL    ratio = max_c ||op(A0) x_c - b_c||_inf / (eps (||op(A0)||_inf max_c ||x_c||_inf
 *                  + max_c ||b_c||_inf) n) < 16
 *   rc = 0 on every rank; the factors (all of A's local array) and every
 *   entry of B outside sub(B), LLD padding included, bitwise unchanged.
 * Prints the worst ratios; exits 1 on any failure.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "native/grid.h"
#include "ops/getrf/getrf.h"
#include "ops/getrs/getrs.h"
#include "rmala.h"
#include "testutil.h"

static int me, np;
static long ncases;
static rt_ratio_t ratios[2] = {
    RT_RATIO("solve", "max_c ||op(A0) x_c - b_c||_inf / (||op(A0)||_inf max_c ||x_c||_inf eps n)",
             1.0),
    RT_RATIO_BELOW("HPL",
                   "max_c ||op(A0) x_c - b_c||_inf / (eps (||op(A0)||_inf max_c ||x_c||_inf + "
                   "max_c ||b_c||_inf) n)",
                   16.0)};

typedef struct {
  int mb, nb, rs, cs, pad;
} shape_t;

typedef struct {
  char trans;
  int n, nrhs, ia, ja, ib, jb;
  shape_t sa, sb;
  int pivot; /* 0: the engine without pivoting, on a diagonally dominant A */
  uint64_t seed;
} scase_t;

// A0(ia + i, ja + j) of the case's window.
static double a0_at(const scase_t *c, int i, int j) {
  return rt_entry(c->seed, c->ia + i, c->ja + j) + (!c->pivot && i == j ? c->n : 0.0);
}

// ======== solve = max_c ||op(A0) x_c - b_c|| / (||op(A0)|| max_c ||x_c|| eps n) ========
// ======== HPL = max_c ||op(A0) x_c - b_c|| / (eps (||op(A0)|| max_c ||x_c|| + max_c ||b_c||) n)
// Both of the solution x (column-major, ld n) of op(A0) X = B0; norms _inf.
static void solve_ratios(const scase_t *c, const double *x, double *solve, double *hpl) {
  int n = c->n, t = c->trans != 'N';
  double an = 0.0, rmax = 0.0, xmax = 0.0, bmax = 0.0;
  for (int i = 0; i < n; i++) { // ||op(A0)||_inf: row sums of op(A0)
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += fabs(t ? a0_at(c, j, i) : a0_at(c, i, j));
    an = s > an ? s : an;
  }
  for (int r = 0; r < c->nrhs; r++)
    for (int i = 0; i < n; i++) {
      double b = rt_entry(c->seed + 1, c->ib + i, c->jb + r);
      long double s = -(long double)b;
      for (int j = 0; j < n; j++)
        s += (long double)(t ? a0_at(c, j, i) : a0_at(c, i, j)) * x[j + (long)r * n];
      double res = (double)fabsl(s), xv = fabs(x[i + (long)r * n]);
      rmax = res > rmax || isnan(res) ? res : rmax;
      xmax = xv > xmax || isnan(xv) ? xv : xmax;
      bmax = fabs(b) > bmax ? fabs(b) : bmax;
    }
  *solve = rmax / (an * xmax * RT_EPS * n);
  *hpl = rmax / (RT_EPS * (an * xmax + bmax) * n);
}

// One factorization and solve on grid g.
static void run_case(rma_grid_t g, const scase_t *c, const char *tag) {
  int n = c->n, nrhs = c->nrhs;
  rma_dmatrix_t A, B;
  ncases++;
  int bad = rt_dmatrix_make(g, c->ia + n + 2, c->ja + n + 1, c->sa.mb, c->sa.nb, c->sa.rs, c->sa.cs,
                            c->sa.pad, c->seed, &A);
  bad |= rt_dmatrix_make(g, c->ib + n + 1, c->jb + nrhs + 2, c->sb.mb, c->sb.nb, c->sb.rs, c->sb.cs,
                         c->sb.pad, c->seed + 1, &B);
  if (!rt_expect_all(bad, 0, "%s: making the matrices", tag))
    return;
  int lr, lc;
  rma_dmatrix_local_size(&A, &lr, &lc);
  for (int lj = 0; lj < lc && !c->pivot; lj++) // the dominant diagonal
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&A, li, lj, &gi, &gj);
      if (gi >= c->ia && gi < c->ia + n && gi - c->ia == gj - c->ja)
        A.data[li + (long)lj * A.lld] = a0_at(c, gi - c->ia, gj - c->ja);
    }
  int *ipiv = calloc((size_t)(lr + c->sa.mb + 1), sizeof(int));
  int info = 0;
  rma_tiles_t ta, tb;
  rma_matrix_t ma, mb;
  if (c->pivot) {
    info = rma_dmatrix_getrf(n, n, &A, c->ia, c->ja, ipiv);
  } else if (n > 0) {
    info = rma_bcm_window(&RMA_BCM(&A, RMA_DT_D), c->ia, c->ja, n, n, &ta, &ma);
    rma_grid_enter(g);
    int rc = info ? info : rma_getrf_matrix(&ma, NULL, &info);
    info = rc ? rc : info;
  }
  if (!rt_expect_all(info, 0, "%s: the factorization's info (n=%d)", tag, n)) {
    free(ipiv);
    rt_dmatrix_free(&A, c->sa.pad), rt_dmatrix_free(&B, c->sb.pad);
    return;
  }
  long la = rt_dmatrix_len(&A), lb = rt_dmatrix_len(&B);
  double *fa = malloc(sizeof(double) * (size_t)la), *b0 = malloc(sizeof(double) * (size_t)lb);
  memcpy(fa, A.data, sizeof(double) * (size_t)la);
  memcpy(b0, B.data, sizeof(double) * (size_t)lb);
  int rc = 0;
  if (c->pivot) {
    rc = rma_dmatrix_getrs(c->trans, n, nrhs, &A, c->ia, c->ja, ipiv, &B, c->ib, c->jb);
  } else if (n > 0 && nrhs > 0) {
    rc = rma_bcm_window(&RMA_BCM(&A, RMA_DT_D), c->ia, c->ja, n, n, &ta, &ma);
    if (rc == 0)
      rc = rma_bcm_window(&RMA_BCM(&B, RMA_DT_D), c->ib, c->jb, n, nrhs, &tb, &mb);
    rma_grid_enter(g);
    if (rc == 0)
      rc = rma_getrs_matrices(rma_dtype_op(RMA_DT_D, c->trans), &ma, NULL, &mb);
  }
  rt_expect_all(rc, 0, "%s: the solve's return (n=%d nrhs=%d %c)", tag, n, nrhs, c->trans);
  // The factors and B outside sub(B): bitwise unchanged.
  int blr, blc;
  rma_dmatrix_local_size(&B, &blr, &blc);
  long outside = 0;
  for (int lj = 0; lj < (blc > 0 ? blc : 1); lj++)
    for (int li = 0; li < B.lld; li++) {
      long at = li + (long)lj * B.lld;
      int gi = -1, gj = -1;
      if (li < blr && lj < blc)
        rt_dmatrix_global(&B, li, lj, &gi, &gj);
      int in = gi >= c->ib && gi < c->ib + n && gj >= c->jb && gj < c->jb + nrhs;
      outside += !in && memcmp(&b0[at], &B.data[at], sizeof(double)) != 0;
    }
  if (outside || memcmp(fa, A.data, sizeof(double) * (size_t)la))
    rt_fail("%s: %ld entries of B outside sub(B) changed, or the factors changed", tag, outside);
  if (rc == 0 && n > 0 && nrhs > 0) {
    double *x = rt_dmatrix_gather(&B, c->ib, c->jb, n, nrhs), solve, hpl;
    solve_ratios(c, x, &solve, &hpl);
    // Every rank checks the same gathered solution.
    if (!(rt_ratio(&ratios[0], solve) & rt_ratio(&ratios[1], hpl)))
      rt_fail_same("%s: n=%d nrhs=%d %c A at (%d,%d) blocks %dx%d from (%d,%d) pad %d, B at "
                   "(%d,%d) blocks %dx%d from (%d,%d) pad %d: solve ratio %.3g, HPL %.3g",
                   tag, n, nrhs, c->trans, c->ia, c->ja, c->sa.mb, c->sa.nb, c->sa.rs, c->sa.cs,
                   c->sa.pad, c->ib, c->jb, c->sb.mb, c->sb.nb, c->sb.rs, c->sb.cs, c->sb.pad,
                   solve, hpl);
    free(x);
  }
  free(fa), free(b0), free(ipiv);
  rt_dmatrix_free(&A, c->sa.pad), rt_dmatrix_free(&B, c->sb.pad);
}

// A case drawn from st (the same on every rank).
static scase_t draw(unsigned *st, int npr, int npc, char trans, int n, int nrhs, int pivot) {
  static const int blocks[6] = {2, 3, 4, 5, 7, 16};
  scase_t c;
  memset(&c, 0, sizeof c);
  c.trans = trans, c.n = n, c.nrhs = nrhs, c.pivot = pivot;
  c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7), c.ib = rt_rand(st, 7), c.jb = rt_rand(st, 4);
  shape_t *s[2] = {&c.sa, &c.sb};
  for (int x = 0; x < 2; x++) {
    s[x]->mb = blocks[rt_rand(st, 6)], s[x]->nb = blocks[rt_rand(st, 6)];
    s[x]->rs = rt_rand(st, npr), s[x]->cs = rt_rand(st, npc);
    s[x]->pad = rt_rand(st, 2) ? 1 + rt_rand(st, 3) : 0;
  }
  c.seed = 9000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

static void grid_cases(rma_grid_t g, unsigned st) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  static const char tr[3] = {'N', 'T', 'C'};
  static const int nrhs[3] = {1, 3, 7}, sizes[3] = {37, 61, 13};
  scase_t c;
  for (int t = 0; t < 3; t++)
    for (int r = 0; r < 3; r++) {
      c = draw(&st, npr, npc, tr[t], sizes[(t + r) % 3], nrhs[r], 1);
      run_case(g, &c, "pivoting");
    }
  c = draw(&st, npr, npc, 'N', 1, 2, 1);
  run_case(g, &c, "n 1");
  for (int t = 0; t < 2; t++) {
    c = draw(&st, npr, npc, tr[t], 37, 3, 0);
    run_case(g, &c, "no pivoting");
  }
  c = draw(&st, npr, npc, 'N', 0, 3, 1);
  run_case(g, &c, "n 0");
  c = draw(&st, npr, npc, 'T', 13, 0, 1);
  run_case(g, &c, "nrhs 0");
  rma_set_option(RMA_OPT_SHARED_MEMORY, 0);
  c = draw(&st, npr, npc, 'T', 61, 3, 1);
  run_case(g, &c, "shared memory off");
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
  rma_set_option(RMA_OPT_STORE_KEEP, 0);
  c = draw(&st, npr, npc, 'N', 37, 2, 0);
  run_case(g, &c, "store kept off");
  rma_set_option(RMA_OPT_STORE_KEEP, 1);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int grids = rt_each_grid(grid_cases, 31337u, 89u);
  if (me == 0)
    printf("test_getrs: np %d, %d grids, %ld cases\n", np, grids, ncases);
  int status = rt_finish("test_getrs", ratios, 2);
  rma_finalize();
  MPI_Finalize();
  return status;
}
