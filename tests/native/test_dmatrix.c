/*
 * The native front-end (rma_grid_t, rma_dmatrix_t) with nothing but MPI:
 * no GA, no BLACS, no ScaLAPACK (it runs in the GA-free build).
 *
 * Grids: every factorisation of P with rank order 'R' and 'C'. Matrices from
 * rma_dmatrix_alloc (and caller-owned arrays with padded lld), each with its
 * own mb, nb, rsrc, csrc; windows off block boundaries.
 *  - gemm (seeded sweep: m, n, k 0..~100, N/T/C, alpha/beta special values):
 *    every element of sub(C) against the triple loop on the generator's
 *    values, ratio = |C - ref| / (eps (|alpha| k + |beta|) + tiny) <= 16;
 *    elements outside sub(C) unchanged.
 *  - getrf + getrs (square windows, nrhs 1..4, N/T): HPL-style ratio
 *    max|op(A0) X - B0| / (max|A0| max|X| n eps) < 16, computed on every
 *    rank from the gathered X and the generator's A0 and B0.
 *  - illegal arguments: the same code on every rank, sub(C) untouched, the
 *    next call works.
 * Prints the worst ratios; exits 1 on any failure.
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockcyclic.h"
#include "rmala.h"

static int nfail = 0, me = 0;
static double worst_gemm = 0.0, worst_lu = 0.0;

#define FAIL(...)                                                                                  \
  do {                                                                                             \
    nfail++;                                                                                       \
    if (nfail <= 20) {                                                                             \
      printf("FAIL rank %d: ", me);                                                                \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

// A matrix of extent m x n, values bc_value(seed) at (global) indices; pad
// > 0: caller-owned array with lld = local rows + pad, else rma_dmatrix_alloc.
static int make(rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, int pad, unsigned seed,
                rma_dmatrix_t *x) {
  *x = (rma_dmatrix_t){g, m, n, mb, nb, rs, cs, NULL, 0};
  int lr, lc, pr, pc, npr, npc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  if (rma_dmatrix_local_size(x, &lr, &lc))
    return -1;
  if (pad > 0) {
    x->lld = (lr > 1 ? lr : 1) + pad;
    x->data = malloc(sizeof(double) * (size_t)x->lld * (size_t)(lc > 0 ? lc : 1));
    for (long e = 0; e < (long)x->lld * (lc > 0 ? lc : 1); e++)
      x->data[e] = -7.0;
  } else if (rma_dmatrix_alloc(x)) {
    return -1;
  }
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++)
      x->data[li + (long)lj * x->lld] =
          bc_value(seed, bc_global(li, mb, pr, rs, npr), bc_global(lj, nb, pc, cs, npc));
  return 0;
}

// Local array length (for copies).
static long length(const rma_dmatrix_t *x) {
  int lc;
  rma_dmatrix_local_size(x, NULL, &lc);
  return (long)x->lld * (lc > 0 ? lc : 1);
}

// Every element of x's window (i0, j0, rows x cols) gathered on every rank
// (column-major, ld rows).
static double *gather(const rma_dmatrix_t *x, int i0, int j0, int rows, int cols) {
  int npr, npc, pr, pc, lr, lc;
  rma_grid_info(x->grid, &npr, &npc, &pr, &pc);
  rma_dmatrix_local_size(x, &lr, &lc);
  double *w = calloc((size_t)rows * cols + 1, sizeof(double));
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi = bc_global(li, x->mb, pr, x->rsrc, npr) - i0;
      int gj = bc_global(lj, x->nb, pc, x->csrc, npc) - j0;
      if (gi >= 0 && gi < rows && gj >= 0 && gj < cols)
        w[gi + (long)gj * rows] = x->data[li + (long)lj * x->lld];
    }
  MPI_Allreduce(MPI_IN_PLACE, w, rows * cols, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return w;
}

static void free_matrix(rma_dmatrix_t *x, int pad) {
  if (pad > 0) {
    free(x->data);
    x->data = NULL;
  } else {
    rma_dmatrix_free(x);
  }
}

static void gemm_case(rma_grid_t g, unsigned *st, unsigned seed) {
  static const double alphas[4] = {0.0, 1.0, -0.5, 2.3}, betas[3] = {0.0, 1.0, 0.7};
  static const char tr[3] = {'N', 'T', 'C'};
  static const int blocks[6] = {1, 2, 3, 5, 16, 32};
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int big = bc_rand(st, 6) == 0, lim = big ? 100 : 20;
  int m = bc_rand(st, lim + 1), n = bc_rand(st, lim + 1), k = bc_rand(st, lim + 1);
  int ta = bc_rand(st, 3), tb = bc_rand(st, 3);
  double alpha = alphas[bc_rand(st, 4)], beta = betas[bc_rand(st, 3)];
  int ia = bc_rand(st, 7), ja = bc_rand(st, 7), ib = bc_rand(st, 7), jb = bc_rand(st, 7);
  int ic = bc_rand(st, 7), jc = bc_rand(st, 7);
  int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  rma_dmatrix_t A, B, C;
  int pad[3] = {bc_rand(st, 3), bc_rand(st, 3), bc_rand(st, 3)};
  int ok = !make(g, ia + ar + 1, ja + ac + 2, blocks[bc_rand(st, 6)], blocks[bc_rand(st, 6)],
                 bc_rand(st, npr), bc_rand(st, npc), pad[0], seed, &A);
  ok &= !make(g, ib + br + 2, jb + bc + 1, blocks[bc_rand(st, 6)], blocks[bc_rand(st, 6)],
              bc_rand(st, npr), bc_rand(st, npc), pad[1], seed + 1, &B);
  ok &= !make(g, ic + m + 1, jc + n + 1, blocks[bc_rand(st, 6)], blocks[bc_rand(st, 6)],
              bc_rand(st, npr), bc_rand(st, npc), pad[2], seed + 2, &C);
  if (!ok) {
    FAIL("could not make matrices");
    return;
  }
  long len = length(&C);
  double *before = malloc(sizeof(double) * (size_t)len);
  memcpy(before, C.data, sizeof(double) * (size_t)len);
  int rc = rma_dmatrix_gemm(tr[ta], tr[tb], m, n, k, alpha, &A, ia, ja, &B, ib, jb, beta, &C, ic,
                            jc);
  if (rc != 0)
    FAIL("rma_dmatrix_gemm returned %d", rc);
  int lr, lc, pr, pc;
  rma_grid_info(g, NULL, NULL, &pr, &pc);
  rma_dmatrix_local_size(&C, &lr, &lc);
  double tol = DBL_EPSILON * (fabs(alpha) * k + fabs(beta)) + DBL_MIN, mine = 0.0;
  int bad = 0;
  for (int lj = 0; lj < (lc > 0 ? lc : 1); lj++)
    for (int li = 0; li < C.lld; li++) {
      long at = li + (long)lj * C.lld;
      int gi = li < lr ? bc_global(li, C.mb, pr, C.rsrc, npr) - ic : -1;
      int gj = lj < lc ? bc_global(lj, C.nb, pc, C.csrc, npc) - jc : -1;
      if (li < lr && lj < lc && gi >= 0 && gi < m && gj >= 0 && gj < n) {
        double ref = beta == 0.0 ? 0.0 : beta * before[at];
        for (int l = 0; l < k; l++) {
          double a = ta ? bc_value(seed, ia + l, ja + gi) : bc_value(seed, ia + gi, ja + l);
          double b = tb ? bc_value(seed + 1, ib + gj, jb + l) : bc_value(seed + 1, ib + l, jb + gj);
          ref += alpha * a * b;
        }
        double r = fabs(C.data[at] - ref) / tol;
        mine = r > mine || r != r ? r : mine;
        bad |= !(r <= 16.0);
      } else if (memcmp(&C.data[at], &before[at], sizeof(double))) {
        bad = 1;
      }
    }
  if (bad)
    FAIL("gemm %c%c m=%d n=%d k=%d alpha=%g beta=%g: ratio %.3g", tr[ta], tr[tb], m, n, k, alpha,
         beta, mine);
  worst_gemm = mine > worst_gemm ? mine : worst_gemm;
  free(before);
  free_matrix(&A, pad[0]), free_matrix(&B, pad[1]), free_matrix(&C, pad[2]);
}

static void lu_case(rma_grid_t g, unsigned *st, unsigned seed) {
  static const int blocks[6] = {1, 2, 3, 5, 16, 32};
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int n = 1 + bc_rand(st, bc_rand(st, 5) == 0 ? 150 : 50), nrhs = 1 + bc_rand(st, 4);
  int t = bc_rand(st, 2), ia = bc_rand(st, 6), ja = bc_rand(st, 6), ib = bc_rand(st, 6), jb = 0;
  rma_dmatrix_t A, B;
  int pad = bc_rand(st, 2);
  int ok = !make(g, ia + n, ja + n + 1, blocks[bc_rand(st, 6)], blocks[bc_rand(st, 6)],
                 bc_rand(st, npr), bc_rand(st, npc), pad, seed, &A);
  ok &= !make(g, ib + n + 1, nrhs, blocks[bc_rand(st, 6)], blocks[bc_rand(st, 6)],
              bc_rand(st, npr), bc_rand(st, npc), pad, seed + 1, &B);
  int lr;
  rma_dmatrix_local_size(&A, &lr, NULL);
  int *ipiv = malloc(sizeof(int) * (size_t)(lr + A.mb + 1));
  if (!ok || !ipiv) {
    FAIL("could not make matrices");
    return;
  }
  int info = rma_dmatrix_getrf(n, n, &A, ia, ja, ipiv);
  int rc = info ? info : rma_dmatrix_getrs(t ? 'T' : 'N', n, nrhs, &A, ia, ja, ipiv, &B, ib, jb);
  if (rc != 0) {
    FAIL("getrf/getrs returned %d (n=%d)", rc, n);
  } else {
    double *x = gather(&B, ib, jb, n, nrhs), rmax = 0.0, amax = 0.0, xmax = 0.0;
    for (int j = 0; j < nrhs; j++)
      for (int i = 0; i < n; i++) {
        double s = -bc_value(seed + 1, ib + i, jb + j);
        for (int l = 0; l < n; l++)
          s += (t ? bc_value(seed, ia + l, ja + i) : bc_value(seed, ia + i, ja + l)) *
               x[l + (long)j * n];
        rmax = fabs(s) > rmax ? fabs(s) : rmax;
        xmax = fabs(x[i + (long)j * n]) > xmax ? fabs(x[i + (long)j * n]) : xmax;
      }
    for (int i = 0; i < n; i++)
      for (int l = 0; l < n; l++)
        amax = fabs(bc_value(seed, ia + i, ja + l)) > amax ? fabs(bc_value(seed, ia + i, ja + l))
                                                           : amax;
    double ratio = rmax / (amax * xmax * n * DBL_EPSILON + DBL_MIN);
    if (!(ratio < 16.0))
      FAIL("lu n=%d nrhs=%d %c: ratio %.3g", n, nrhs, t ? 'T' : 'N', ratio);
    worst_lu = ratio > worst_lu ? ratio : worst_lu;
    free(x);
  }
  free(ipiv);
  free_matrix(&A, pad), free_matrix(&B, pad);
}

// Illegal arguments: the same code everywhere, C untouched, the next call works.
static void args_case(rma_grid_t g, rma_grid_t other) {
  rma_dmatrix_t A, C, X;
  make(g, 8, 8, 3, 3, 0, 0, 0, 5, &A);
  make(g, 8, 8, 3, 3, 0, 0, 0, 6, &C);
  make(other, 8, 8, 3, 3, 0, 0, 0, 7, &X);
  long len = length(&C);
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
  for (int i = 0; i < ncases; i++) {
    int lo = cases[i].rc, hi = cases[i].rc;
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (lo != cases[i].want || hi != cases[i].want)
      FAIL("illegal-argument case %d: got %d..%d, want %d", i, lo, hi, cases[i].want);
  }
  if (memcmp(before, C.data, sizeof(double) * (size_t)len))
    FAIL("an illegal call modified C");
  int rc = rma_dmatrix_gemm('N', 'N', 4, 4, 4, 1.0, &A, 0, 0, &A, 0, 0, 0.0, &C, 0, 0);
  if (rc != 0)
    FAIL("the call after the illegal ones returned %d", rc);
  free(before);
  rma_dmatrix_free(&A), rma_dmatrix_free(&C), rma_dmatrix_free(&X);
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
    for (int order = 0; order < 2; order++) {
      rma_grid_t g;
      int rc = rma_grid_create(MPI_COMM_WORLD, p, np / p, order ? 'C' : 'R', &g);
      if (rc != 0) {
        FAIL("rma_grid_create %dx%d returned %d", p, np / p, rc);
        continue;
      }
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
    FAIL("rma_grid_create with %d x 1 processes returned %d", np + 1, rc);
  MPI_Allreduce(MPI_IN_PLACE, &nfail, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &worst_gemm, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &worst_lu, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (me == 0)
    printf("test_dmatrix: np %d, %d grids, worst gemm ratio %.3g (limit 16), worst LU residual "
           "ratio %.3g (limit 16), %s\n",
           np, grids, worst_gemm, worst_lu, nfail ? "FAILED" : "passed");
  rma_finalize();
  MPI_Finalize();
  return nfail != 0;
}
