/*
 * The engine's LU (getrf) on native matrices (MPI only, no GA, no BLACS, so
 * it runs in the GA-free build), at np = 1, 2, 3, 4, 6: with partial
 * pivoting through the native API (rma_dmatrix_getrf), without pivoting
 * through the engine's own entry (rma_getrf_matrix with ipiv NULL on the
 * native front-end's window directory: the native API always pivots).
 *
 * Grids: every factorisation p x q of P (1 x P, P x 1, 2 x 3, 3 x 2), rank
 * order 'R', and 'C' too on grids with two rows and columns or more.
 * Matrices: mb x nb from 2, 3, 4, 5, 7, 16 (mb != nb too; none divides the
 * sizes 13, 29, 37, 61, 97), the first block at a grid position drawn per
 * case, padded LLDs or rma_dmatrix_alloc's arrays, windows m x n at (ia, ja)
 * off block boundaries with rows and columns beyond them.
 * Cases on each grid: with pivoting square, tall (m > n) and wide (m < n)
 * windows, 1 x 1, 2 x 2 and 13 x 7, a 97 x 97 one, 1 x 1 blocks; without
 * pivoting on diagonally dominant matrices (diagonal + max(m, n)), square,
 * tall and wide; singular windows (a zero column j); m = 0 and n = 0; a
 * sample with shared memory off, the store freed after each call, and the
 * panel always / never factored by its process column (RMA_OPT_LU_PANEL 2
 * and 0).
 * Checks (eps = 2^-53, products summed in long double; each fails on NaN):
 *   factorization  ratio = ||P A - L U||_inf / (||A||_inf eps max(m, n)) <= 1
 *                  (ops/getrf/test_getrf_ga.c's threshold), on the gathered
 *                  factors against A rebuilt from the generator;
 *   info = 0, and for a zero window column j the first zero pivot: with
 *   pivoting LAPACKE_dgetrf's info on the same matrix, without it j + 1,
 *   the factors then finite; the same on every rank;
 *   ipiv: the same entry on every grid column, window rows i + 1 .. m;
 *   with pivoting every |L(i, j)| <= 1 + 4 eps;
 *   every entry outside the window, LLD padding included, bitwise unchanged;
 *   at np = 1 the pivots of a 97 x 97 matrix equal LAPACKE_dgetrf's.
 * Prints the worst ratio; exits 1 on any failure.
 */
#include <lapacke.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "native/grid.h"
#include "ops/getrf/getrf.h"
#include "rmala.h"
#include "testutil.h"

static int me, np;
static long ncases;
static rt_ratio_t fact_ratio =
    RT_RATIO("factorization", "||P A - L U||_inf / (||A||_inf eps max(m,n))", 1.0);

typedef struct {
  int m, n, ia, ja, mb, nb, rs, cs, pad;
  int pivot;    /* 0: the engine without pivoting, on a diagonally dominant matrix */
  int zero_col; /* window column set to zero, -1: none */
  uint64_t seed;
} lcase_t;

// Entry (i, j) of the case's window before the factorization.
static double a0_at(const lcase_t *c, int i, int j) {
  if (j == c->zero_col)
    return 0.0;
  double v = rt_entry(c->seed, c->ia + i, c->ja + j);
  if (!c->pivot && i == j)
    v += c->m > c->n ? c->m : c->n;
  return v;
}

// The case's window rebuilt on every rank, column-major (ld m).
static double *window_a0(const lcase_t *c) {
  double *a = malloc(sizeof(double) * ((size_t)c->m * c->n + 1));
  for (int j = 0; j < c->n; j++)
    for (int i = 0; i < c->m; i++)
      a[i + (long)j * c->m] = a0_at(c, i, j);
  return a;
}

// ======== ratio = ||P A - L U||_inf / (||A||_inf eps max(m, n)) ========
// Of the factors f (column-major, ld m) and the window pivots piv (1-based, NULL: none).
static double residual_ratio(const lcase_t *c, const double *f, const int *piv) {
  int m = c->m, n = c->n, k = m < n ? m : n;
  double *pa = window_a0(c), an = 0.0, rn = 0.0;
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += fabs(pa[i + (long)j * m]);
    an = s > an ? s : an;
  }
  for (int i = 0; piv && i < k; i++)
    for (int j = 0; j < n; j++) {
      double t = pa[i + (long)j * m];
      pa[i + (long)j * m] = pa[piv[i] - 1 + (long)j * m], pa[piv[i] - 1 + (long)j * m] = t;
    }
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++) {
      long double lu = 0.0L;
      for (int l = 0; l <= i && l <= j && l < k; l++)
        lu += (long double)(l == i ? 1.0 : f[i + (long)l * m]) * f[l + (long)j * m];
      s += (double)fabsl((long double)pa[i + (long)j * m] - lu);
    }
    rn = s > rn || isnan(s) ? s : rn;
  }
  free(pa);
  return rn / (an * RT_EPS * (m > n ? m : n));
}

// One factorization on grid g.
static void run_case(rma_grid_t g, const lcase_t *c, const char *tag) {
  int m = c->m, n = c->n, k = m < n ? m : n;
  rma_dmatrix_t A;
  ncases++;
  int bad = rt_dmatrix_make(g, c->ia + m + 2, c->ja + n + 1, c->mb, c->nb, c->rs, c->cs, c->pad,
                            c->seed, &A);
  if (!rt_expect_all(bad, 0, "%s: making the matrix", tag))
    return;
  int lr, lc;
  rma_dmatrix_local_size(&A, &lr, &lc);
  for (int lj = 0; lj < lc; lj++) // the window's diagonal and zero column
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&A, li, lj, &gi, &gj);
      if (gi >= c->ia && gi < c->ia + m && gj >= c->ja && gj < c->ja + n)
        A.data[li + (long)lj * A.lld] = a0_at(c, gi - c->ia, gj - c->ja);
    }
  long len = rt_dmatrix_len(&A);
  double *before = malloc(sizeof(double) * (size_t)len);
  memcpy(before, A.data, sizeof(double) * (size_t)len);
  int *ipiv = malloc(sizeof(int) * (size_t)(lr + c->mb + 1));
  for (int x = 0; x < lr + c->mb + 1; x++)
    ipiv[x] = INT_MIN;
  int info = 0, rc = 0;
  if (c->pivot) {
    info = rma_dmatrix_getrf(m, n, &A, c->ia, c->ja, ipiv);
  } else if (k > 0) {
    rma_tiles_t t;
    rma_matrix_t mat;
    rc = rma_bcm_window(&RMA_BCM(&A, RMA_DT_D), c->ia, c->ja, m, n, &t, &mat);
    rma_grid_enter(g);
    if (rc == 0)
      rc = rma_getrf_matrix(&mat, NULL, &info);
    info = rc ? rc : info;
  }
  // The expected info: the first zero pivot.
  int want = 0;
  if (c->zero_col >= 0 && c->zero_col < k) {
    want = c->zero_col + 1;
    if (c->pivot) {
      double *w = window_a0(c);
      int *lp = malloc(sizeof(int) * (size_t)k);
      want = (int)LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, n, w, m, lp);
      free(w), free(lp);
    }
  }
  rt_expect_all(info, want, "%s: info (m=%d n=%d zero column %d)", tag, m, n, c->zero_col);
  // Outside the window: bitwise unchanged.
  long outside = 0;
  for (int lj = 0; lj < (lc > 0 ? lc : 1); lj++)
    for (int li = 0; li < A.lld; li++) {
      long at = li + (long)lj * A.lld;
      int gi = -1, gj = -1;
      if (li < lr && lj < lc)
        rt_dmatrix_global(&A, li, lj, &gi, &gj);
      int in = gi >= c->ia && gi < c->ia + m && gj >= c->ja && gj < c->ja + n;
      outside += !in && memcmp(&before[at], &A.data[at], sizeof(double)) != 0;
    }
  if (outside)
    rt_fail("%s: %ld entries outside the window changed", tag, outside);
  if (info < 0 || k == 0) {
    free(before), free(ipiv);
    rt_dmatrix_free(&A, c->pad);
    return;
  }
  // The pivots of window rows 0 .. k-1: the same on every grid column.
  int *lo = malloc(sizeof(int) * (size_t)k), *hi = malloc(sizeof(int) * (size_t)k);
  for (int i = 0; i < k; i++)
    lo[i] = INT_MAX, hi[i] = INT_MIN;
  for (int li = 0; c->pivot && li < lr; li++) {
    int gi, gj;
    rt_dmatrix_global(&A, li, 0, &gi, &gj);
    if (gi >= c->ia && gi < c->ia + k)
      lo[gi - c->ia] = hi[gi - c->ia] = ipiv[li] - c->ia;
  }
  MPI_Allreduce(MPI_IN_PLACE, lo, k, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, hi, k, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  double *f = rt_dmatrix_gather(&A, c->ia, c->ja, m, n);
  char why[160] = "";
  for (int i = 0; c->pivot && i < k && !why[0]; i++)
    if (lo[i] != hi[i] || lo[i] < i + 1 || lo[i] > m)
      snprintf(why, sizeof why, "window row %d: pivot %d..%d over the grid columns", i, lo[i],
               hi[i]);
  // Every rank checks the same gathered factors.
  if (why[0]) {
    rt_fail_same("%s: %s (m=%d n=%d)", tag, why, m, n);
  } else if (info > 0) {
    long nonfinite = 0;
    for (long x = 0; x < (long)m * n; x++)
      nonfinite += !isfinite(f[x]);
    if (nonfinite)
      rt_fail_same("%s: singular m=%d n=%d: %ld factor entries not finite", tag, m, n, nonfinite);
  } else {
    double r = residual_ratio(c, f, c->pivot ? lo : NULL);
    if (!rt_ratio(&fact_ratio, r))
      rt_fail_same("%s: m=%d n=%d at (%d,%d) blocks %dx%d from (%d,%d) pad %d pivot %d: ratio %.3g",
                   tag, m, n, c->ia, c->ja, c->mb, c->nb, c->rs, c->cs, c->pad, c->pivot, r);
    double lmax = 0.0;
    for (int j = 0; c->pivot && j < k; j++)
      for (int i = j + 1; i < m; i++)
        lmax = fabs(f[i + (long)j * m]) > lmax ? fabs(f[i + (long)j * m]) : lmax;
    if (!(lmax <= 1.0 + 4 * RT_EPS))
      rt_fail_same("%s: m=%d n=%d: max |L(i,j)| = %.17g > 1", tag, m, n, lmax);
    if (c->pivot && np == 1 && m == 97 && n == 97) {
      double *w = window_a0(c);
      int *lp = malloc(sizeof(int) * (size_t)k), same = 1;
      LAPACKE_dgetrf(LAPACK_COL_MAJOR, m, n, w, m, lp);
      for (int i = 0; i < k; i++)
        same &= lp[i] == lo[i];
      if (!same)
        rt_fail_same("%s: the pivots differ from LAPACKE_dgetrf's", tag);
      free(w), free(lp);
    }
  }
  free(f), free(lo), free(hi), free(before), free(ipiv);
  rt_dmatrix_free(&A, c->pad);
}

// A case drawn from st (the same on every rank).
static lcase_t draw(unsigned *st, int npr, int npc, int m, int n, int pivot) {
  static const int blocks[6] = {2, 3, 4, 5, 7, 16};
  lcase_t c = {m, n, 0, 0, 0, 0, 0, 0, 0, pivot, -1, 0};
  c.ia = rt_rand(st, 7), c.ja = rt_rand(st, 7);
  c.mb = blocks[rt_rand(st, 6)], c.nb = rt_rand(st, 3) ? blocks[rt_rand(st, 6)] : c.mb;
  c.rs = rt_rand(st, npr), c.cs = rt_rand(st, npc);
  c.pad = rt_rand(st, 2) ? 1 + rt_rand(st, 3) : 0;
  c.seed = 5000 + (uint64_t)rt_rand(st, 1 << 30);
  return c;
}

static void grid_cases(rma_grid_t g, unsigned st) {
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  lcase_t c;
  // With pivoting.
  const int shapes[][2] = {{37, 37}, {61, 29}, {29, 61}, {1, 1}, {2, 2}, {13, 7}};
  for (int s = 0; s < 6; s++) {
    c = draw(&st, npr, npc, shapes[s][0], shapes[s][1], 1);
    run_case(g, &c, "pivoting");
  }
  c = draw(&st, npr, npc, 97, 97, 1);
  c.mb = c.nb = 16;
  run_case(g, &c, "pivoting 97");
  c = draw(&st, npr, npc, 11, 9, 1);
  c.mb = c.nb = 1;
  run_case(g, &c, "1x1 blocks");
  // Without pivoting (the engine's entry).
  for (int s = 0; s < 3; s++) {
    c = draw(&st, npr, npc, shapes[s][0], shapes[s][1], 0);
    run_case(g, &c, "no pivoting");
  }
  // Singular: the first zero pivot.
  const int zero[3] = {0, 13, 28};
  for (int z = 0; z < 3; z++) {
    c = draw(&st, npr, npc, 29, 29, 1);
    c.zero_col = zero[z];
    run_case(g, &c, "singular, pivoting");
  }
  c = draw(&st, npr, npc, 29, 29, 0);
  c.zero_col = 5;
  run_case(g, &c, "singular, no pivoting");
  // Empty windows: nothing changes.
  c = draw(&st, npr, npc, 0, 5, 1);
  run_case(g, &c, "m 0");
  c = draw(&st, npr, npc, 5, 0, 1);
  run_case(g, &c, "n 0");
  // Protocol switches and panel modes.
  rma_set_option(RMA_OPT_SHARED_MEMORY, 0);
  c = draw(&st, npr, npc, 61, 61, 1);
  run_case(g, &c, "shared memory off");
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
  rma_set_option(RMA_OPT_STORE_KEEP, 0);
  c = draw(&st, npr, npc, 61, 37, 0);
  run_case(g, &c, "store kept off");
  rma_set_option(RMA_OPT_STORE_KEEP, 1);
  for (int mode = 0; mode <= 2; mode += 2) {
    rma_set_option(RMA_OPT_LU_PANEL, mode);
    c = draw(&st, npr, npc, 61, 61, 1);
    c.mb = c.nb = 8;
    run_case(g, &c, mode ? "panel by its process column" : "panel on one rank");
  }
  rma_set_option(RMA_OPT_LU_PANEL, 1);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int grids = rt_each_grid(grid_cases, 777u, 97u);
  if (me == 0)
    printf("test_getrf: np %d, %d grids, %ld cases\n", np, grids, ncases);
  int status = rt_finish("test_getrf", &fact_ratio, 1);
  rma_finalize();
  MPI_Finalize();
  return status;
}
