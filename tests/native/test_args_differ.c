/*
 * Arguments that differ between ranks (issue 24, part 3), through the
 * native front-end (MPI only: it runs in the GA-free build).
 *
 * For gemm, getrf, getrs, potrf and trsm on a 40 x 40 matrix in 8 x 8
 * blocks (on every grid of the P processes), the last rank alone passes
 * another value of one argument that every rank must pass alike: n (or m),
 * n = 0 (a quick return on that rank only), a matrix with another nb (its
 * column blocking: every argument stays legal on every rank), or
 * another TRANS / UPLO / SIDE (getrf, which has none: another m). Checks,
 * for each case:
 *  - every rank returns RMA_ERR_ARGS_DIFFER (no hang: the test has ctest's
 *    timeout, and a hang is what the check replaces);
 *  - every local array (A, B, C and the pivots) is bitwise unchanged;
 *  - the next call, with the same arguments everywhere, returns 0 on every
 *    rank.
 * At np 1 there is no other rank to differ from: nothing to check. Prints
 * the number of cases; exits 1 on any failure.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"

enum { N = 40, NB = 8, NRHS = 3 };
typedef enum { GEMM, GETRF, GETRS, POTRF, TRSM, OPS } op_t;
typedef enum { DIFF_N, DIFF_ZERO, DIFF_NB, DIFF_CHAR, DIFFS } diff_t;
static const char *op_name[OPS] = {"gemm", "getrf", "getrs", "potrf", "trsm"};
static const char *diff_name[DIFFS] = {"n", "n = 0", "nb", "trans/uplo/side (getrf: m)"};

static int cases = 0;

// A with N added to its diagonal (its lower triangle is that of a symmetric
// positive definite matrix: potrf returns 0), B (N x NRHS), C (N x N).
typedef struct {
  rma_dmatrix_t a, b, c;
  int *ipiv;
} operands_t;

static int make(rma_grid_t g, unsigned seed, operands_t *o) {
  if (rt_dmatrix_make(g, N, N, NB, NB, 0, 0, 0, seed, &o->a) ||
      rt_dmatrix_make(g, N, NRHS, NB, NB, 0, 0, 0, seed + 1, &o->b) ||
      rt_dmatrix_make(g, N, N, NB, NB, 0, 0, 0, seed + 2, &o->c))
    return -1;
  int lr = 0, lc = 0;
  rma_dmatrix_local_size(&o->a, &lr, &lc);
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&o->a, li, lj, &gi, &gj);
      if (gi == gj)
        o->a.data[li + (long)lj * o->a.lld] += N;
    }
  o->ipiv = calloc((size_t)lr + NB, sizeof(int));
  return o->ipiv ? 0 : -1;
}

static void release(operands_t *o) {
  rt_dmatrix_free(&o->a, 0), rt_dmatrix_free(&o->b, 0), rt_dmatrix_free(&o->c, 0);
  free(o->ipiv);
}

// The local arrays of o, back to back (a snapshot to compare with).
static double *snapshot(const operands_t *o, long *len) {
  long la = rt_dmatrix_len(&o->a), lb = rt_dmatrix_len(&o->b), lc = rt_dmatrix_len(&o->c);
  int lr = 0, unused = 0;
  rma_dmatrix_local_size(&o->a, &lr, &unused);
  long lp = lr + NB;
  *len = la + lb + lc + lp;
  double *s = malloc(sizeof(double) * (size_t)*len);
  if (!s)
    return NULL;
  memcpy(s, o->a.data, sizeof(double) * (size_t)la);
  memcpy(s + la, o->b.data, sizeof(double) * (size_t)lb);
  memcpy(s + la + lb, o->c.data, sizeof(double) * (size_t)lc);
  for (long i = 0; i < lp; i++)
    s[la + lb + lc + i] = o->ipiv[i];
  return s;
}

// Operation op on o; odd != 0: with argument diff changed (the last rank).
static int call(op_t op, diff_t diff, int odd, operands_t *o) {
  int m = N, n = N, k = N;
  char c = 'N', uplo = 'L', side = 'L';
  rma_dmatrix_t a = o->a, b = o->b, cm = o->c;
  if (odd && diff == DIFF_N)
    n = N - NB;
  else if (odd && diff == DIFF_ZERO)
    n = 0;
  else if (odd && diff == DIFF_NB)
    a.nb = NB + 1, cm.nb = NB + 1; // column blocks: the lld stays legal
  else if (odd && diff == DIFF_CHAR)
    c = 'T', uplo = 'U', side = 'R', m = N - 1;
  switch (op) {
  case GEMM:
    return rma_dmatrix_gemm(c, 'N', N, n, k, 1.0, &a, 0, 0, &a, 0, 0, 0.5, &cm, 0, 0);
  case GETRF:
    return rma_dmatrix_getrf(m, n, &a, 0, 0, o->ipiv);
  case GETRS:
    return rma_dmatrix_getrs(c, n, NRHS, &a, 0, 0, o->ipiv, &b, 0, 0);
  case POTRF:
    return rma_dmatrix_potrf(uplo, n, &a, 0, 0);
  default: // side 'R' takes an NRHS x NRHS A: the window still lies inside A
    return rma_dmatrix_trsm(side, 'L', 'N', 'N', n, NRHS, 1.0, &a, 0, 0, &b, 0, 0);
  }
}

static void grid_cases(rma_grid_t g, unsigned seed) {
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int npr, npc;
  rma_grid_info(g, &npr, &npc, NULL, NULL);
  int odd = me == npr * npc - 1;
  for (int op = 0; op < OPS; op++)
    for (int diff = 0; diff < DIFFS; diff++) {
      operands_t o;
      if (!rt_expect_all(make(g, seed + 10 * (unsigned)op, &o), 0, "making the operands"))
        return;
      // getrs reads the pivots of a factorization: factor first.
      if (op == GETRS)
        rt_expect_all(rma_dmatrix_getrf(N, N, &o.a, 0, 0, o.ipiv), 0, "getrf before getrs");
      long len = 0;
      double *before = snapshot(&o, &len);
      int rc = call((op_t)op, (diff_t)diff, odd, &o);
      rt_expect_all(rc, RMA_ERR_ARGS_DIFFER, "%dx%d %s, %s differs on rank %d", npr, npc,
                    op_name[op], diff_name[diff], npr * npc - 1);
      double *after = snapshot(&o, &len);
      if (!before || !after || memcmp(before, after, sizeof(double) * (size_t)len) != 0)
        rt_fail("%dx%d %s, %s differs: a local array changed", npr, npc, op_name[op],
                diff_name[diff]);
      free(before), free(after);
      rt_expect_all(call((op_t)op, (diff_t)diff, 0, &o), 0, "%dx%d %s after the %s case", npr, npc,
                    op_name[op], diff_name[diff]);
      release(&o);
      cases++;
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np > 1)
    rt_each_grid(grid_cases, 7, 100);
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (me == 0)
    printf("test_args_differ: %d cases (operation x argument x grid)%s\n", cases,
           np > 1 ? "" : ": np 1, no other rank to differ from");
  int rc = rt_finish("test_args_differ", NULL, 0);
  MPI_Finalize();
  return rc;
}
