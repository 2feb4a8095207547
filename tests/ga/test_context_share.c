/*
 * Front-end contexts shared by congruent communicators (core/engine.h
 * rma_engine_open_shared), in a GA program with RMALA_STORE_MB=4:
 *  1. rma_init pre-creates the store and mailbox of GA's context (bytes B0,
 *     rma_memory's total);
 *  2. a native grid 1 x P in row order over GA's communicator (the same
 *     processes in the same order) factors a matrix (rma_dmatrix_potrf 'L')
 *     with GA's context: rma_memory stays B0 (no second mailbox);
 *  3. at P >= 2, a grid over the reversed communicator (not congruent) gets
 *     its own context: the total grows past B0 after its potrf;
 *  4. freeing the first grid leaves GA's context working (rma_potrf on a GA
 *     afterwards), rma_finalize + rma_init and the same again work (no
 *     context freed twice or kept too long).
 * Every potrf: n 40 in 6 x 6 blocks, A0 = the generator's entries made
 * symmetric, + n on the diagonal; check ratio = max |A0 - L L^T| over the
 * lower triangle / (n eps max |A0|) <= 16 on the gathered factor, INFO 0.
 * Prints the worst ratio; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L // setenv
#include <ga-mpi.h>
#include <ga.h>
#include <macdecls.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "ga_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

#define N 40
#define NB 6
static rt_ratio_t ratio = RT_RATIO("potrf", "max |A0 - L L^T| / (n eps max |A0|)", 16);
static int me, np;

static double a0(int i, int j) {
  return rt_entry(7, i > j ? i : j, i > j ? j : i) + (i == j ? N : 0.0);
}

static long long lib_bytes(void) {
  rma_memory_t m;
  rma_memory(&m);
  return m.total;
}

// Factor A0 on grid g and check the factor; returns the rc agreed.
static void factor_on(rma_grid_t g, const char *what) {
  rma_dmatrix_t a;
  RT_CHECK(rt_dmatrix_make(g, N, N, NB, NB, 0, 0, 0, 7, &a) == 0, "%s: matrix", what);
  int lr, lc;
  rma_dmatrix_local_size(&a, &lr, &lc);
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&a, li, lj, &gi, &gj);
      a.data[li + (long)lj * a.lld] = a0(gi, gj);
    }
  int rc = rma_dmatrix_potrf('L', N, &a, 0, 0);
  if (rt_expect_all(rc, 0, "%s: rma_dmatrix_potrf", what)) {
    double *l = rt_dmatrix_gather(&a, 0, 0, N, N), worst = 0.0, amax = 0.0;
    for (int j = 0; j < N; j++)
      for (int i = j; i < N; i++) {
        double s = 0.0;
        for (int p = 0; p <= j; p++)
          s += l[i + (long)p * N] * l[j + (long)p * N];
        worst = fmax(worst, fabs(a0(i, j) - s));
        amax = fmax(amax, fabs(a0(i, j)));
      }
    if (!rt_ratio(&ratio, worst / (N * 1.1102230246251565e-16 * amax)))
      rt_fail_same("%s: ratio %.3g", what, worst / (N * 1.1102230246251565e-16 * amax));
    free(l);
  }
  rma_dmatrix_free(&a);
}

// The steps above once (between rma_init and rma_finalize).
static void round_of(int round) {
  long long b0 = lib_bytes();
  rma_grid_t g = NULL, rev = NULL;
  RT_CHECK(rt_expect_all(rma_grid_create(GA_MPI_Comm(), 1, np, 'R', &g), 0, "grid"), "grid");
  factor_on(g, "row-order grid over GA's world");
  long long b1 = lib_bytes();
  if (b1 != b0)
    rt_fail("round %d: rma_memory %lld -> %lld bytes after a potrf on a grid congruent with "
            "GA's world (want unchanged: GA's context shared)",
            round, b0, b1);
  if (np > 1) {
    MPI_Comm reversed;
    MPI_Comm_split(GA_MPI_Comm(), 0, np - 1 - me, &reversed);
    RT_CHECK(rt_expect_all(rma_grid_create(reversed, 1, np, 'R', &rev), 0, "reversed grid"),
             "reversed grid");
    MPI_Comm_free(&reversed);
    factor_on(rev, "grid over the reversed communicator");
    long long b2 = lib_bytes();
    if (b2 <= b1)
      rt_fail("round %d: rma_memory %lld -> %lld bytes after a potrf on a grid not congruent "
              "with GA's world (want more: a context of its own)",
              round, b1, b2);
  }
  rt_expect_all(rma_grid_free(&g), 0, "rma_grid_free (shared context)");
  // GA's context still works after the grid that shared it is gone.
  int ga = rt_tcreate(TE_D, 0, N, N, NB, NB), info;
  if (ga) {
    double *full = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        full[(long)i * N + j] = a0(i, j);
    if (me == 0) {
      int lo[2] = {0, 0}, hi[2] = {N - 1, N - 1}, ld[1] = {N};
      NGA_Put(ga, lo, hi, full, ld);
    }
    GA_Sync();
    info = rma_potrf('L', ga);
    rt_expect_all(info, 0, "round %d: rma_potrf on a GA after the shared grid was freed", round);
    free(full);
    GA_Destroy(ga);
  }
  if (rev)
    rt_expect_all(rma_grid_free(&rev), 0, "rma_grid_free (own context)");
}

int main(int argc, char **argv) {
  setenv("RMALA_STORE_MB", "4", 1);
  rt_init(&argc, &argv, &me, &np);
  for (int round = 0; round < 2; round++) {
    if (!rt_expect_all(rma_init(), 0, "rma_init, round %d", round))
      break;
    round_of(round);
    rt_expect_all(rma_finalize(), 0, "rma_finalize, round %d", round);
  }
  int rc = rt_finish("test_context_share", &ratio, 1);
  rt_finalize();
  return rc;
}
