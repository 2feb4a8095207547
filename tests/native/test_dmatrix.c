/*
 * The native front-end (rma_grid_t, rma_dmatrix_t) with nothing but MPI:
 * no GA, no BLACS, no ScaLAPACK (it runs in the GA-free build).
 *
 * Grids: every factorisation of P with rank order 'R', 'C' and 'B' (node
 * blocks: every position taken once; on one node, as all of this machine's
 * runs are, the row order's positions). Matrices from
 * rma_dmatrix_alloc (and caller-owned arrays with padded lld), each with its
 * own mb, nb, rsrc, csrc; windows off block boundaries.
 *  - gemm (seeded sweep: m, n, k 0..~100, N/T/C, alpha/beta special values):
 *    every element of sub(C) against the triple loop on the generator's
 *    values (|entries| <= 1/2), ratio = |C - ref| / (eps (|alpha| k +
 *    |beta|) + tiny) <= 16, eps = 2^-52; elements outside sub(C) unchanged.
 *  - getrf + getrs (square windows, nrhs 1..4, N/T): HPL-style ratio
 *    max|op(A0) X - B0| / (max|A0| max|X| n eps) < 16 (eps = 2^-52),
 *    computed on every rank from the gathered X and the generator's A0 and
 *    B0.
 *  - illegal arguments: the same code on every rank, sub(C) untouched, the
 *    next call works; a grid of the wrong size or an unknown order: no grid.
 * Prints the worst ratios; exits 1 on any failure.
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"

static int me = 0;
static rt_ratio_t ratios[2] = {
    RT_RATIO("gemm", "|C - ref| / (eps (|alpha| k + |beta|) + tiny)", 16.0),
    RT_RATIO_BELOW("getrf + getrs", "max|op(A0) X - B0| / (max|A0| max|X| n eps)", 16.0)};

static void gemm_case(rma_grid_t g, unsigned *st, unsigned seed) {
  static const double alphas[4] = {0.0, 1.0, -0.5, 2.3}, betas[3] = {0.0, 1.0, 0.7};
  static const char tr[3] = {'N', 'T', 'C'};
  static const int blocks[6] = {1, 2, 3, 5, 16, 32};
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int big = rt_rand(st, 6) == 0, lim = big ? 100 : 20;
  int m = rt_rand(st, lim + 1), n = rt_rand(st, lim + 1), k = rt_rand(st, lim + 1);
  int ta = rt_rand(st, 3), tb = rt_rand(st, 3);
  double alpha = alphas[rt_rand(st, 4)], beta = betas[rt_rand(st, 3)];
  int ia = rt_rand(st, 7), ja = rt_rand(st, 7), ib = rt_rand(st, 7), jb = rt_rand(st, 7);
  int ic = rt_rand(st, 7), jc = rt_rand(st, 7);
  int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  rma_dmatrix_t A, B, C;
  int pad[3] = {rt_rand(st, 3), rt_rand(st, 3), rt_rand(st, 3)};
  int ok =
      !rt_dmatrix_make(g, ia + ar + 1, ja + ac + 2, blocks[rt_rand(st, 6)], blocks[rt_rand(st, 6)],
                       rt_rand(st, npr), rt_rand(st, npc), pad[0], seed, &A);
  ok &=
      !rt_dmatrix_make(g, ib + br + 2, jb + bc + 1, blocks[rt_rand(st, 6)], blocks[rt_rand(st, 6)],
                       rt_rand(st, npr), rt_rand(st, npc), pad[1], seed + 1, &B);
  ok &= !rt_dmatrix_make(g, ic + m + 1, jc + n + 1, blocks[rt_rand(st, 6)], blocks[rt_rand(st, 6)],
                         rt_rand(st, npr), rt_rand(st, npc), pad[2], seed + 2, &C);
  if (!ok) {
    rt_fail("could not make matrices");
    return;
  }
  long len = rt_dmatrix_len(&C);
  double *before = malloc(sizeof(double) * (size_t)len);
  memcpy(before, C.data, sizeof(double) * (size_t)len);
  int rc =
      rma_dmatrix_gemm(tr[ta], tr[tb], m, n, k, alpha, &A, ia, ja, &B, ib, jb, beta, &C, ic, jc);
  if (rc != 0)
    rt_fail("rma_dmatrix_gemm returned %d", rc);
  int lr, lc, pr, pc;
  rma_grid_info(g, NULL, NULL, &pr, &pc);
  rma_dmatrix_local_size(&C, &lr, &lc);
  double tol = DBL_EPSILON * (fabs(alpha) * k + fabs(beta)) + DBL_MIN, mine = 0.0;
  int bad = 0;
  for (int lj = 0; lj < (lc > 0 ? lc : 1); lj++)
    for (int li = 0; li < C.lld; li++) {
      long at = li + (long)lj * C.lld;
      int gi = li < lr ? rt_global(li, C.mb, pr, C.rsrc, npr) - ic : -1;
      int gj = lj < lc ? rt_global(lj, C.nb, pc, C.csrc, npc) - jc : -1;
      if (li < lr && lj < lc && gi >= 0 && gi < m && gj >= 0 && gj < n) {
        double ref = beta == 0.0 ? 0.0 : beta * before[at];
        for (int l = 0; l < k; l++) {
          double a = ta ? rt_entry(seed, ia + l, ja + gi) : rt_entry(seed, ia + gi, ja + l);
          double b = tb ? rt_entry(seed + 1, ib + gj, jb + l) : rt_entry(seed + 1, ib + l, jb + gj);
          ref += alpha * a * b;
        }
        double r = fabs(C.data[at] - ref) / tol;
        mine = r > mine || r != r ? r : mine;
        bad |= !rt_ratio(&ratios[0], r);
      } else if (memcmp(&C.data[at], &before[at], sizeof(double))) {
        bad = 1;
      }
    }
  if (bad)
    rt_fail("gemm %c%c m=%d n=%d k=%d alpha=%g beta=%g: ratio %.3g", tr[ta], tr[tb], m, n, k, alpha,
            beta, mine);
  free(before);
  rt_dmatrix_free(&A, pad[0]), rt_dmatrix_free(&B, pad[1]), rt_dmatrix_free(&C, pad[2]);
}

static void lu_case(rma_grid_t g, unsigned *st, unsigned seed) {
  static const int blocks[6] = {1, 2, 3, 5, 16, 32};
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int n = 1 + rt_rand(st, rt_rand(st, 5) == 0 ? 150 : 50), nrhs = 1 + rt_rand(st, 4);
  int t = rt_rand(st, 2), ia = rt_rand(st, 6), ja = rt_rand(st, 6), ib = rt_rand(st, 6), jb = 0;
  rma_dmatrix_t A, B;
  int pad = rt_rand(st, 2);
  int ok = !rt_dmatrix_make(g, ia + n, ja + n + 1, blocks[rt_rand(st, 6)], blocks[rt_rand(st, 6)],
                            rt_rand(st, npr), rt_rand(st, npc), pad, seed, &A);
  ok &= !rt_dmatrix_make(g, ib + n + 1, nrhs, blocks[rt_rand(st, 6)], blocks[rt_rand(st, 6)],
                         rt_rand(st, npr), rt_rand(st, npc), pad, seed + 1, &B);
  int lr;
  rma_dmatrix_local_size(&A, &lr, NULL);
  int *ipiv = malloc(sizeof(int) * (size_t)(lr + A.mb + 1));
  if (!ok || !ipiv) {
    rt_fail("could not make matrices");
    return;
  }
  int info = rma_dmatrix_getrf(n, n, &A, ia, ja, ipiv);
  int rc = info ? info : rma_dmatrix_getrs(t ? 'T' : 'N', n, nrhs, &A, ia, ja, ipiv, &B, ib, jb);
  if (rc != 0) {
    rt_fail("getrf/getrs returned %d (n=%d)", rc, n);
  } else {
    double *x = rt_dmatrix_gather(&B, ib, jb, n, nrhs), rmax = 0.0, amax = 0.0, xmax = 0.0;
    for (int j = 0; j < nrhs; j++)
      for (int i = 0; i < n; i++) {
        double s = -rt_entry(seed + 1, ib + i, jb + j);
        for (int l = 0; l < n; l++)
          s += (t ? rt_entry(seed, ia + l, ja + i) : rt_entry(seed, ia + i, ja + l)) *
               x[l + (long)j * n];
        rmax = fabs(s) > rmax ? fabs(s) : rmax;
        xmax = fabs(x[i + (long)j * n]) > xmax ? fabs(x[i + (long)j * n]) : xmax;
      }
    for (int i = 0; i < n; i++)
      for (int l = 0; l < n; l++)
        amax = fabs(rt_entry(seed, ia + i, ja + l)) > amax ? fabs(rt_entry(seed, ia + i, ja + l))
                                                           : amax;
    double ratio = rmax / (amax * xmax * n * DBL_EPSILON + DBL_MIN);
    if (!rt_ratio(&ratios[1], ratio))
      rt_fail("lu n=%d nrhs=%d %c: ratio %.3g", n, nrhs, t ? 'T' : 'N', ratio);
    free(x);
  }
  free(ipiv);
  rt_dmatrix_free(&A, pad), rt_dmatrix_free(&B, pad);
}

// Illegal arguments: the same code everywhere, C untouched, the next call works.
static void args_case(rma_grid_t g, rma_grid_t other) {
  rma_dmatrix_t A, C, X;
  rt_dmatrix_make(g, 8, 8, 3, 3, 0, 0, 0, 5, &A);
  rt_dmatrix_make(g, 8, 8, 3, 3, 0, 0, 0, 6, &C);
  rt_dmatrix_make(other, 8, 8, 3, 3, 0, 0, 0, 7, &X);
  long len = rt_dmatrix_len(&C);
  double *before = malloc(sizeof(double) * (size_t)len);
  memcpy(before, C.data, sizeof(double) * (size_t)len);
  int piv[16] = {0};
  struct {
    int want, rc;
  } cases[] = {
      {-1, rma_dmatrix_gemm('X', 'N', 4, 4, 4, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 0)},
      {-3, rma_dmatrix_gemm('N', 'N', -1, 4, 4, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 0)},
      {-5, rma_dmatrix_gemm('N', 'N', 4, 4, -2, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 0)},
      {-7, rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &X, 0, 0, &A, 0, 0, 0.0, &C, 0, 0)},
      {-8, rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &A, 6, 0, &A, 0, 0, 0.0, &C, 0, 0)},
      {-11, rma_dmatrix_gemm('T', 'N', 4, 4, 4, 1.0, &A, 0, 0, &A, -1, 0, 0.0, &C, 0, 0)},
      {-15, rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 5)},
      {-14, rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &C, 0, 0, &A, 0, 0, 0.0, &C, 2, 2)},
      {-1, rma_dmatrix_getrf(-1, 4, &C, 0, 0, NULL)},
      {-4, rma_dmatrix_getrf(4, 4, &C, 5, 0, NULL)},
      {-1, rma_dmatrix_getrs('Q', 4, 1, &C, 0, 0, piv, &A, 0, 0)},
      {-9, rma_dmatrix_getrs('N', 4, 1, &C, 0, 0, piv, &A, 6, 0)},
  };
  int ncases = (int)(sizeof cases / sizeof cases[0]);
  for (int i = 0; i < ncases; i++)
    rt_expect_all(cases[i].rc, cases[i].want, "illegal-argument case %d", i);
  if (memcmp(before, C.data, sizeof(double) * (size_t)len))
    rt_fail("an illegal call modified C");
  int rc = rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 0);
  if (rc != 0)
    rt_fail("the call after the illegal ones returned %d", rc);
  free(before);
  rma_dmatrix_free(&A), rma_dmatrix_free(&C), rma_dmatrix_free(&X);
}

// Order 'B': every grid position taken by one process; on one node (the
// processes share memory) rank r at the row order's r / npcol, r % npcol.
static void check_blocks(rma_grid_t g, int nprow, int npcol) {
  int np, row, col;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  rma_grid_info(g, NULL, NULL, &row, &col);
  int mine = row * npcol + col, *all = malloc(sizeof(int) * (size_t)np);
  MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node);
  int per;
  MPI_Comm_size(node, &per);
  MPI_Comm_free(&node);
  int one_node = rt_same_everywhere(&per, sizeof per) && per == np;
  for (int r = 0; r < np; r++) {
    int taken = 0;
    for (int x = 0; x < np; x++)
      taken += all[x] == r;
    if (taken != 1 || (one_node && all[r] != r)) {
      rt_fail_same("order 'B' %dx%d: position %d taken %d times, rank %d at %d", nprow, npcol, r,
                   taken, r, all[r]);
      break;
    }
  }
  free(all);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  unsigned seed = 99;
  int grids = 0;
  for (int p = 1; p <= np; p++) {
    if (np % p)
      continue;
    for (int order = 0; order < 3; order++) {
      rma_grid_t g;
      int rc = rma_grid_create(MPI_COMM_WORLD, p, np / p, "RCB"[order], &g);
      if (rc != 0) {
        rt_fail("rma_grid_create %dx%d returned %d", p, np / p, rc);
        continue;
      }
      if (order == 2)
        check_blocks(g, p, np / p);
      unsigned st = seed += 7;
      for (int i = 0; i < 24; i++)
        gemm_case(g, &st, seed + 13u * (unsigned)i);
      for (int i = 0; i < 8; i++)
        lu_case(g, &st, seed + 29u * (unsigned)i);
      rma_grid_t other;
      rma_grid_create(MPI_COMM_WORLD, p, np / p, 'R', &other);
      args_case(g, other);
      rma_grid_free(&other);
      rma_grid_free(&g);
      grids++;
    }
  }
  // Bad grids: the same code everywhere, no grid made.
  rma_grid_t g = NULL;
  int rc = rma_grid_create(MPI_COMM_WORLD, np + 1, 1, 'R', &g);
  if (rc != -2 && rc != -3)
    rt_fail("rma_grid_create with %d x 1 processes returned %d", np + 1, rc);
  rc = rma_grid_create(MPI_COMM_WORLD, 1, np, 'X', &g);
  if (rc != -4 || g != NULL)
    rt_fail("rma_grid_create with order 'X' returned %d", rc);
  if (me == 0)
    printf("test_dmatrix: np %d, %d grids\n", np, grids);
  int status = rt_finish("test_dmatrix", ratios, 2);
  rma_finalize();
  MPI_Finalize();
  return status;
}
