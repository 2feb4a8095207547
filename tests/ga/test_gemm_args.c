/*
 * The GA front-end's gemm: rma_dgemm argument checks and quick returns (run
 * at np = 1, 2, 3, 4, 6).
 *
 * Check:
 *   - before rma_init, rma_dgemm / rma_matrix_create / rma_lu return
 *     RMA_ERR_NOT_INITIALIZED on every rank (rma_finalize is a no-op, 0);
 *   - each illegal argument alone — bad transa (-1), bad transb (-2), m < 0
 *     (-3), n < 0 (-4), k < 0 (-5), g_a an invalid / destroyed handle, 1-D,
 *     C_INT or too small for op(A) (-7), the same for g_b (-8), g_c too small
 *     or equal to g_a or g_b (-10), and combinations (the first wins) —
 *     returns the expected code on EVERY rank (MPI_Allgather) and leaves A, B
 *     and C bit-identical; the next valid call then gives a C that passes
 *         ratio = |c - c_ref| / (eps * (|alpha| * sum_l |a_il| |b_lj| + |beta| * |c0_ij|)) <= 16,
 *     eps = 2^-53 (the PBLAS tester's ratio, as in ops/gemm/test_gemm_ga.c);
 *   - quick returns leave C bit-identical (C holds NaN, -0 and Inf entries):
 *     m = 0, n = 0 (any beta), k = 0 with beta = 1, alpha = 0 with beta = 1;
 *   - k = 0 or alpha = 0 with beta = 2 scales the m x n block of C exactly
 *     (bitwise 2 * c0), beta = 0 sets it to zero (C not read), and the rest
 *     of C is untouched;
 *   - handle reuse: A destroyed and created again (GA hands out the same
 *     handle and often the same memory) as tiled, ScaLAPACK-layout and
 *     regular arrays of the same extent and blocks, in turn, with new values
 *     each time: every call passes the ratio above (a directory remembered
 *     for the handle must not outlive the array it described).
 * Prints the number of cases and the worst ratio; exits 1 on any failure.
 */
#include <ga.h>
#include <macdecls.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"

#define THRESH 16.0
#define M 13
#define N 11
#define K 9

static int me, np;
static long ncases = 0;
static rt_ratio_t valid_ratio =
    RT_RATIO("gemm (valid calls)",
             "max |c - c_ref| / (eps (|alpha| sum_l |a_il| |b_lj| + |beta| |c0_ij|))", THRESH);
static int gA, gB, gC,
    gC2; /* A: M x K tiled, B: K x N ScaLAPACK, C: M x N regular, C2: too small */

// Every rank checks the same gathered arrays: a failure is everyone's.
static void fail(const char *what) { rt_fail_same("%s", what); }

// Same code on every rank, equal to want?
static int all_ranks_return(int rc, int want, const char *label) {
  return rt_expect_all(rc, want, "%s", label);
}

static int same_bits(const double *x, const double *y, long count) {
  return memcmp(x, y, sizeof(double) * (size_t)count) == 0;
}

// Worst PBLAS ratio of C1 = alpha A B + beta C0 ('N','N', M x N x K, C ld N).
static double ratio_nn(const double *A, const double *B, const double *C0, const double *C1,
                       double alpha, double beta) {
  double w = 0.0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double ref = 0.0, scale = 0.0;
      for (int l = 0; l < K; l++) {
        ref += A[i * K + l] * B[l * N + j];
        scale += fabs(A[i * K + l]) * fabs(B[l * N + j]);
      }
      ref = alpha * ref + beta * C0[i * N + j];
      scale = fabs(alpha) * scale + fabs(beta) * fabs(C0[i * N + j]);
      double diff = fabs(C1[i * N + j] - ref);
      double r = scale > 0.0 ? diff / (RT_EPS * scale) : (diff == 0.0 ? 0.0 : INFINITY);
      if (isnan(r) || !isfinite(C1[i * N + j]))
        r = INFINITY;
      w = r > w ? r : w;
    }
  return w;
}

static double A0[M * K], B0[K * N], C0[M * N], D0[(M - 1) * N];
static double A1[M * K], B1[K * N], C1[M * N], D1[(M - 1) * N];

static void gather_all(double *a, double *b, double *c, double *d) {
  rt_gather(gA, M, K, a), rt_gather(gB, K, N, b), rt_gather(gC, M, N, c);
  rt_gather(gC2, M - 1, N, d);
}

// One illegal call: the code everywhere, nothing modified, the next call works.
static void bad_call(char ta, char tb, int m, int n, int k, int ga, int gb, int gc, int want,
                     const char *what) {
  char label[160];
  snprintf(label, sizeof label, "%s: rma_dgemm('%c','%c',%d,%d,%d,.., %d, %d,.., %d)", what,
           ta ? ta : '0', tb ? tb : '0', m, n, k, ga, gb, gc);
  ncases++;
  gather_all(A0, B0, C0, D0);
  int rc = rma_dgemm(ta, tb, m, n, k, 1.5, ga, gb, -0.5, gc);
  all_ranks_return(rc, want, label);
  gather_all(A1, B1, C1, D1);
  if (!same_bits(A0, A1, M * K) || !same_bits(B0, B1, K * N) || !same_bits(C0, C1, M * N) ||
      !same_bits(D0, D1, (M - 1) * N)) {
    char why[400];
    snprintf(why, sizeof why, "%s: an array changed", label);
    fail(why);
  }
  // The next valid call: C = 1.5 A B - 0.5 C.
  rc = rma_dgemm('N', 'N', M, N, K, 1.5, gA, gB, -0.5, gC);
  rt_gather(gC, M, N, C1);
  double w = rc == 0 ? ratio_nn(A1, B1, C0, C1, 1.5, -0.5) : INFINITY;
  if (!rt_ratio(&valid_ratio, w)) {
    char why[400];
    snprintf(why, sizeof why, "%s: next valid call rc %d, ratio %g", label, rc, w);
    fail(why);
  }
}

// Put special values (NaN, -0, Inf) into C's m x n block.
static void poison_c(void) {
  rt_fill(gC, 77, M, N, 0.0);
  if (me == 0) {
    const double v[4] = {NAN, -0.0, INFINITY, -INFINITY};
    const int at[4][2] = {{0, 0}, {3, 4}, {M - 1, N - 1}, {7, 2}};
    for (int x = 0; x < 4; x++) {
      int sub[2] = {at[x][0], at[x][1]}, ld[1] = {1};
      NGA_Put(gC, sub, sub, (void *)&v[x], ld);
    }
  }
  GA_Sync();
}

// A quick-return or scaling call on C's top-left m x n block:
// mode 0 untouched, 1 scaled by beta exactly (beta = 2), 2 zeroed (beta = 0).
static void quick_call(int m, int n, int k, double alpha, double beta, int mode, const char *what) {
  char label[160];
  snprintf(label, sizeof label, "%s: rma_dgemm('N','T',%d,%d,%d,%g,..,%g,..)", what, m, n, k, alpha,
           beta);
  ncases++;
  poison_c();
  gather_all(A0, B0, C0, D0);
  int rc = rma_dgemm('N', 'T', m, n, k, alpha, gA, gA, beta, gC);
  all_ranks_return(rc, 0, label);
  gather_all(A1, B1, C1, D1);
  long bad = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double want = C0[i * N + j];
      if (i < m && j < n && mode == 1)
        want = 2.0 * want;
      if (i < m && j < n && mode == 2)
        bad += C1[i * N + j] != 0.0; // +0 or -0, never NaN
      else
        bad += !same_bits(&want, &C1[i * N + j], 1);
    }
  if (bad || !same_bits(A0, A1, M * K) || !same_bits(B0, B1, K * N)) {
    char why[400];
    snprintf(why, sizeof why, "%s: %ld entries of C wrong, or A / B changed", label, bad);
    fail(why);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  me = GA_Nodeid(), np = GA_Nnodes();
  // Before rma_init: arrays exist, the library does not.
  {
    int dims[2] = {4, 4};
    int g1 = NGA_Create(C_DBL, 2, dims, "pre1", NULL),
        g2 = NGA_Create(C_DBL, 2, dims, "pre2", NULL);
    int g3 = NGA_Create(C_DBL, 2, dims, "pre3", NULL), gx = -77777;
    ncases += 4;
    all_ranks_return(rma_dgemm('N', 'N', 4, 4, 4, 1.0, g1, g2, 0.0, g3), RMA_ERR_NOT_INITIALIZED,
                     "rma_dgemm before rma_init");
    all_ranks_return(rma_dgemm('X', 'N', -1, 4, 4, 1.0, g1, g2, 0.0, g3), RMA_ERR_NOT_INITIALIZED,
                     "rma_dgemm with bad arguments before rma_init");
    all_ranks_return(rma_matrix_create(4, 4, 2, 2, 0, 0, RMA_LAYOUT_TILED, NULL, &gx),
                     RMA_ERR_NOT_INITIALIZED, "rma_matrix_create before rma_init");
    all_ranks_return(rma_lu(g1, NULL), RMA_ERR_NOT_INITIALIZED, "rma_lu before rma_init");
    ncases++;
    all_ranks_return(rma_finalize(), 0, "rma_finalize before rma_init");
    GA_Destroy(g1), GA_Destroy(g2), GA_Destroy(g3);
  }
  if (rma_init() != 0) {
    printf("rma_init failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  // Options: unknown option -1, out-of-range or NULL -2, a set value reads back.
  int v = -1;
  all_ranks_return(rma_set_option((rma_option_t)99, 1), -1, "rma_set_option unknown option");
  all_ranks_return(rma_get_option((rma_option_t)99, &v), -1, "rma_get_option unknown option");
  all_ranks_return(rma_set_option(RMA_OPT_PREFETCH, 0), -2, "rma_set_option prefetch 0");
  all_ranks_return(rma_get_option(RMA_OPT_PREFETCH, NULL), -2, "rma_get_option NULL");
  rma_set_option(RMA_OPT_PREFETCH, 3);
  rma_get_option(RMA_OPT_PREFETCH, &v);
  all_ranks_return(v, 3, "prefetch read back");
  rma_set_option(RMA_OPT_ZERO_COPY, 7);
  rma_get_option(RMA_OPT_ZERO_COPY, &v);
  all_ranks_return(v, 1, "zero-copy switch normalised to 1");
  rma_set_option(RMA_OPT_PREFETCH, 2);
  // The operands: three different distributions; C2 one row short.
  if (rma_matrix_create(M, K, 4, 3, 0, 0, RMA_LAYOUT_TILED, "A", &gA) != 0 ||
      rma_matrix_create(K, N, 4, 3, 0, 0, RMA_LAYOUT_SCALAPACK, "B", &gB) != 0) {
    printf("rma_matrix_create failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  gC = rt_create_regular(M, N, "C");
  gC2 = rt_create_regular(M - 1, N, "C2");
  rt_fill(gA, 1, M, K, 0.0), rt_fill(gB, 2, K, N, 0.0), rt_fill(gC, 3, M, N, 0.0);
  rt_fill(gC2, 4, M - 1, N, 0.0);
  int dims2[2] = {M, N}, dims1[1] = {M * N};
  int gInt = NGA_Create(C_INT, 2, dims2, "int", NULL),
      g1d = NGA_Create(C_DBL, 1, dims1, "1d", NULL);
  GA_Zero(gInt), GA_Zero(g1d);

  // Transposes and sizes.
  bad_call('X', 'N', M, N, K, gA, gB, gC, -1, "transa = X");
  bad_call('\0', 'N', M, N, K, gA, gB, gC, -1, "transa = NUL");
  bad_call('n' + 1, 'N', M, N, K, gA, gB, gC, -1, "transa = o");
  bad_call('N', 'Y', M, N, K, gA, gB, gC, -2, "transb = Y");
  bad_call('N', 'c' - 1, M, N, K, gA, gB, gC, -2, "transb = b");
  bad_call('N', 'N', -1, N, K, gA, gB, gC, -3, "m < 0");
  bad_call('N', 'N', M, -2, K, gA, gB, gC, -4, "n < 0");
  bad_call('N', 'N', M, N, -1, gA, gB, gC, -5, "k < 0");
  // g_a.
  bad_call('N', 'N', M, N, K, 0, gB, gC, -7, "g_a = 0");
  bad_call('N', 'N', M, N, K, 12345, gB, gC, -7, "g_a = 12345");
  bad_call('N', 'N', M, N, K, -1, gB, gC, -7, "g_a = -1");
  bad_call('N', 'N', M, N, K, g1d, gB, gC, -7, "g_a 1-D");
  bad_call('N', 'N', M, N, K, gInt, gB, gC, -7, "g_a C_INT");
  bad_call('N', 'N', M, N, K + 1, gA, gB, gC, -7, "g_a too small for k");
  bad_call('T', 'N', M, N, K, gA, gB, gC, -7, "g_a too small for op(A) = A^T");
  // g_b.
  bad_call('N', 'N', M, N, K, gA, 0, gC, -8, "g_b = 0");
  bad_call('N', 'N', M, N, K, gA, 54321, gC, -8, "g_b = 54321");
  bad_call('N', 'N', M, N, K, gA, g1d, gC, -8, "g_b 1-D");
  bad_call('N', 'N', M, N, K, gA, gInt, gC, -8, "g_b C_INT");
  bad_call('N', 'N', M, N + 1, K, gA, gB, gC, -8, "g_b too small for n");
  bad_call('N', 'T', M, N, K, gA, gB, gC, -8, "g_b too small for op(B) = B^T");
  // g_c.
  bad_call('N', 'N', M, N, K, gA, gB, 0, -10, "g_c = 0");
  bad_call('N', 'N', M, N, K, gA, gB, gInt, -10, "g_c C_INT");
  bad_call('N', 'N', M, N, K, gA, gB, g1d, -10, "g_c 1-D");
  bad_call('N', 'N', M, N, K, gA, gB, gC2, -10, "g_c too small");
  bad_call('N', 'N', K, K, K, gA, gB, gA, -10, "g_c == g_a");
  bad_call('N', 'N', K, K, K, gA, gB, gB, -10, "g_c == g_b");
  bad_call('N', 'N', K, K, K, gA, gA, gA, -10, "g_c == g_a == g_b");
  // Several bad arguments: the first one wins.
  bad_call('X', 'Y', -1, -1, -1, 0, 0, 0, -1, "everything bad");
  bad_call('N', 'Y', M, -1, K, 0, gB, gC, -2, "transb, n and g_a bad");
  bad_call('N', 'N', M, N, -3, 0, 0, gA, -5, "k and the handles bad");
  bad_call('N', 'N', M, N, K, gInt, g1d, gC, -7, "g_a and g_b bad");
  bad_call('N', 'N', M, N, K, gA, gInt, gA, -8, "g_b and g_c bad");
  // A bad size on one rank only still fails everywhere (the first bad argument).
  bad_call('N', 'N', me == np - 1 ? -1 : M, N, K, gA, gB, gC, -3, "m < 0 on the last rank");

  // Quick returns: C bit-identical; scaling exact.
  quick_call(0, N, K, 2.0, 3.0, 0, "m = 0");
  quick_call(M, 0, K, 2.0, 3.0, 0, "n = 0");
  quick_call(0, 0, 0, 2.0, 0.0, 0, "m = n = k = 0, beta = 0");
  quick_call(M, N, 0, 2.0, 1.0, 0, "k = 0, beta = 1");
  quick_call(M, N, K, 0.0, 1.0, 0, "alpha = 0, beta = 1");
  quick_call(M, N, 0, 0.0, 1.0, 0, "alpha = 0, k = 0, beta = 1");
  quick_call(M - 3, N - 4, 0, 2.0, 2.0, 1, "k = 0, beta = 2 (sub-block)");
  quick_call(M, N, 0, 1.0, 2.0, 1, "k = 0, beta = 2");
  quick_call(M - 1, N, K, 0.0, 2.0, 1, "alpha = 0, beta = 2");
  quick_call(M, N - 2, 0, 1.0, 0.0, 2, "k = 0, beta = 0");
  quick_call(M, N, K, 0.0, 0.0, 2, "alpha = 0, beta = 0");

  // Handle reuse: the same handle number with another layout and new values.
  for (int round = 0; round < 6; round++) {
    int gX = -1, lay = round % 3;
    if (lay == 2)
      gX = rt_create_regular(M, K, "X");
    else if (rma_matrix_create(M, K, 4, 3, 0, 0, lay ? RMA_LAYOUT_SCALAPACK : RMA_LAYOUT_TILED, "X",
                               &gX) != 0)
      MPI_Abort(MPI_COMM_WORLD, 2);
    rt_fill(gX, 100 + (uint64_t)round, M, K, 0.0);
    rt_fill(gC, 3, M, N, 0.0);
    rt_gather(gX, M, K, A1), rt_gather(gB, K, N, B1), rt_gather(gC, M, N, C0);
    int rc = rma_dgemm('N', 'N', M, N, K, 1.5, gX, gB, -0.5, gC);
    rt_gather(gC, M, N, C1);
    double w = rc == 0 ? ratio_nn(A1, B1, C0, C1, 1.5, -0.5) : INFINITY;
    ncases++;
    if (!rt_ratio(&valid_ratio, w)) {
      char why[200];
      snprintf(why, sizeof why, "handle reuse round %d (handle %d, %s): rc %d, ratio %g", round, gX,
               lay == 2 ? "regular"
               : lay    ? "ScaLAPACK"
                        : "tiled",
               rc, w);
      fail(why);
    }
    GA_Destroy(gX);
  }

  // Destroyed handles (last: later creations would reuse the numbers).
  rt_fill(gC, 3, M, N, 0.0); // finite C again for the valid calls
  int gdead = rt_create_regular(M, N, "dead");
  GA_Destroy(gdead);
  bad_call('N', 'N', M, N, K, gdead, gB, gC, -7, "g_a destroyed");
  bad_call('N', 'N', M, N, K, gA, gdead, gC, -8, "g_b destroyed");
  bad_call('N', 'N', M, N, K, gA, gB, gdead, -10, "g_c destroyed");

  if (me == 0)
    printf("test_gemm_args np=%d: %ld cases\n", np, ncases);
  int status = rt_finish("test_gemm_args", &valid_ratio, 1);
  GA_Destroy(gInt), GA_Destroy(g1d), GA_Destroy(gA), GA_Destroy(gB), GA_Destroy(gC),
      GA_Destroy(gC2);
  rt_finalize();
  return status;
}
