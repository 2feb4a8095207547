/*
 * Arguments that differ between ranks (issue 24, part 3), through the GA
 * front-end: rma_dgemm, rma_lu, rma_lu_solve, rma_potrf, rma_trsm and
 * rma_jacobi on 40 x 40 (and 40 x 3) ScaLAPACK-layout GAs in 4 x 4 blocks (every
 * process of np <= 10 owns a tile of the 40 x 3 ones).
 *
 * In each case the last rank alone passes another value of one argument
 * every rank must pass alike: a size, a TRANS or UPLO, another GA
 * handle of the same shape (which no local check can tell), Jacobi's maxit
 * or mode. Checks, for each case:
 *  - every rank returns RMA_ERR_ARGS_DIFFER (no hang);
 *  - every GA (A, A2, B, C, D, X, gathered) and the pivots are bitwise
 *    unchanged;
 *  - the next call, with the same arguments everywhere, returns 0 on every
 *    rank.
 * At np 1 there is no other rank to differ from: nothing to check. Prints
 * the number of cases; exits 1 on any failure.
 */
#include <ga.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"

enum { N = 40, NB = 4, NRHS = 3, NGA = 6 }; // 10 row blocks: a tile for each of up to 10 ranks
static int ga[NGA]; // A, A2, B, C, D, X
enum { A, A2, B, C, D, X };
static const int rows[NGA] = {N, N, N, N, N, N}, cols[NGA] = {N, N, NRHS, N, N, NRHS};
static int ipiv[N];
static int cases = 0;

// Every GA from its seed; A and A2 strictly diagonally dominant (potrf
// reads the lower triangle of a symmetric positive definite matrix, Jacobi
// converges).
static void fill(void) {
  for (int i = 0; i < NGA; i++)
    rt_fill(ga[i], 1 + (uint64_t)i, rows[i], cols[i], i <= A2 ? 2.0 * N : 0.0);
  memset(ipiv, 0, sizeof ipiv);
}

// Every GA and the pivots, gathered, back to back.
static double *snapshot(void) {
  double *s = calloc((size_t)(NGA * N * N + N), sizeof(double)), *p = s;
  for (int i = 0; i < NGA; i++)
    rt_gather(ga[i], rows[i], cols[i], p), p += rows[i] * cols[i];
  for (int i = 0; i < N; i++)
    p[i] = ipiv[i];
  return s;
}

typedef enum {
  GEMM_N,
  GEMM_TRANSA,
  GEMM_HANDLE,
  LU_HANDLE,
  SOLVE_TRANS,
  POTRF_UPLO,
  TRSM_UPLO,
  JACOBI_MAXIT,
  JACOBI_MODE,
  CASES
} case_t;
static const char *case_name[CASES] = {"rma_dgemm, n",
                                       "rma_dgemm, transa",
                                       "rma_dgemm, g_c (another GA)",
                                       "rma_lu, g_a (another GA)",
                                       "rma_lu_solve, trans",
                                       "rma_potrf, uplo",
                                       "rma_trsm, uplo",
                                       "rma_jacobi, maxit",
                                       "rma_jacobi, mode"};

// Case c; odd != 0: with its argument changed (the last rank).
static int call(case_t c, int odd) {
  double one = 1.0;
  switch (c) {
  case GEMM_N:
    return rma_dgemm('N', 'N', N, odd ? N - 1 : N, N, 1.0, ga[A], ga[A2], 0.0, ga[C]);
  case GEMM_TRANSA:
    return rma_dgemm(odd ? 'T' : 'N', 'N', N, N, N, 1.0, ga[A], ga[A2], 0.0, ga[C]);
  case GEMM_HANDLE:
    return rma_dgemm('N', 'N', N, N, N, 1.0, ga[A], ga[A2], 0.0, ga[odd ? D : C]);
  case LU_HANDLE:
    return rma_lu(ga[odd ? A2 : A], ipiv);
  case SOLVE_TRANS:
    return rma_lu_solve(odd ? 'T' : 'N', ga[A], ipiv, ga[B]);
  case POTRF_UPLO:
    return rma_potrf(odd ? 'U' : 'L', ga[A]);
  case TRSM_UPLO:
    return rma_trsm('L', odd ? 'U' : 'L', 'N', 'N', &one, ga[A], ga[B]);
  case JACOBI_MAXIT:
    return rma_jacobi(ga[A], ga[B], ga[X], 1e-10, odd ? 499 : 500, RMA_JACOBI_SYNC, NULL, NULL);
  default:
    return rma_jacobi(ga[A], ga[B], ga[X], 1e-10, 500, odd ? RMA_JACOBI_ASYNC : RMA_JACOBI_SYNC,
                      NULL, NULL);
  }
}

int main(int argc, char **argv) {
  int me, np;
  rt_init(&argc, &argv, &me, &np);
  for (int i = 0; i < NGA; i++)
    if (rma_matrix_create(rows[i], cols[i], NB, NB, 0, 0, RMA_LAYOUT_SCALAPACK, "g", &ga[i]))
      rt_fail("rma_matrix_create of GA %d failed", i);
  int odd = me == np - 1;
  for (int c = 0; np > 1 && c < CASES; c++) {
    fill();
    // The solve reads a factorization, trsm a triangle: factor first.
    if (c == SOLVE_TRANS && !rt_expect_all(rma_lu(ga[A], ipiv), 0, "rma_lu before the solve"))
      continue;
    double *before = snapshot();
    rt_expect_all(call((case_t)c, odd), RMA_ERR_ARGS_DIFFER, "%s differs on rank %d", case_name[c],
                  np - 1);
    double *after = snapshot();
    if (memcmp(before, after, sizeof(double) * (size_t)(NGA * N * N + N)) != 0)
      rt_fail_same("%s differs: a GA or the pivots changed", case_name[c]);
    free(before), free(after);
    rt_expect_all(call((case_t)c, 0), 0, "%s: the next call", case_name[c]);
    cases++;
  }
  if (me == 0)
    printf("test_args_differ (GA): %d cases%s\n", cases,
           np > 1 ? "" : ": np 1, no other rank to differ from");
  int rc = rt_finish("test_args_differ (GA)", NULL, 0);
  for (int i = 0; i < NGA; i++)
    GA_Destroy(ga[i]);
  rt_finalize();
  return rc;
}
