/*
 * The GA front-end's getrf and getrs: rma_lu / rma_lu_solve illegal
 * arguments (run at np = 1, 2, 3, 4, 6).
 *
 * Each illegal call must return the expected -i on every rank (allgathered),
 * leave A, B and ipiv bit-identical, and the next valid factor + solve must
 * pass ||A x - b||_inf / (||A||_inf ||x||_inf eps n) <= 1 (eps = 2^-53,
 * residual summed in long double). Prints the case count and the worst
 * ratio; exits 1 on any failure.
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

#define N 37
#define NRHS 3

static int me, np;
static long ncases;
static rt_ratio_t solve_ratio =
    RT_RATIO("solve (valid calls)", "||A x - b||_inf / (||A||_inf ||x||_inf eps n)", 1.0);

// Every rank checks the same gathered arrays: a failure is everyone's.
static void fail(const char *what) { rt_fail_same("%s", what); }

static void expect(int rc, int want, const char *label) {
  ncases++;
  rt_expect_all(rc, want, "%s", label);
}

// A snapshot of A, B and ipiv to prove an illegal call modified nothing.
typedef struct {
  double a[N * N], b[N * NRHS];
  int ipiv[N];
} snap_t;

static void take(snap_t *s, int ga, int gb, const int *ipiv) {
  rt_gather(ga, N, N, s->a);
  rt_gather(gb, N, NRHS, s->b);
  memcpy(s->ipiv, ipiv, sizeof s->ipiv);
}

static void unchanged(const snap_t *before, int ga, int gb, const int *ipiv, const char *label) {
  snap_t *now = malloc(sizeof *now);
  take(now, ga, gb, ipiv);
  if (memcmp(before->a, now->a, sizeof now->a) || memcmp(before->b, now->b, sizeof now->b) ||
      memcmp(before->ipiv, now->ipiv, sizeof now->ipiv)) {
    char why[160];
    snprintf(why, sizeof why, "%s modified A, B or ipiv", label);
    fail(why);
  }
  free(now);
}

// Factor + solve on fresh data and check the residual.
static void valid_call(int ga, int gb, int *ipiv, const char *label) {
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * NRHS);
  double *x = malloc(sizeof(double) * N * NRHS);
  rt_fill(ga, 3, N, N, 0.0);
  rt_fill(gb, 4, N, NRHS, 0.0);
  rt_gather(ga, N, N, a);
  rt_gather(gb, N, NRHS, b);
  int rc = rma_lu(ga, ipiv);
  int rc2 = rma_lu_solve('N', ga, ipiv, gb);
  rt_gather(gb, N, NRHS, x);
  ncases++;
  double an = 0, xn = 0, rn = 0;
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += fabs(a[i * N + j]);
    an = s > an ? s : an;
  }
  for (int c = 0; c < NRHS; c++)
    for (int i = 0; i < N; i++) {
      long double s = 0;
      for (int j = 0; j < N; j++)
        s += (long double)a[i * N + j] * x[j * NRHS + c];
      double r = (double)fabsl(s - b[i * NRHS + c]);
      rn = r > rn || isnan(r) ? r : rn;
      xn = fabs(x[i * NRHS + c]) > xn || isnan(x[i * NRHS + c]) ? fabs(x[i * NRHS + c]) : xn;
    }
  double ratio = rn / (an * xn * RT_EPS * N);
  if (!rt_ratio(&solve_ratio, ratio) || rc != 0 || rc2 != 0) {
    char why[160];
    snprintf(why, sizeof why, "valid call after %s: rc %d/%d ratio %g", label, rc, rc2, ratio);
    fail(why);
  }
  free(a), free(b), free(x);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  int ga = rt_create_regular(N, N, "A"), gb = rt_create_regular(N, NRHS, "B");
  int g_rect = rt_create_regular(N, N + 2, "rect"), g_rows = rt_create_regular(N + 1, NRHS, "rows");
  int dims[2] = {N, N}, dims1[1] = {N};
  int g_int = NGA_Create(C_INT, 2, dims, "int", NULL),
      g_1d = NGA_Create(C_DBL, 1, dims1, "1d", NULL);
  int g_dead = rt_create_regular(N, N, "dead");
  GA_Destroy(g_dead);
  int ipiv[N];
  valid_call(ga, gb, ipiv, "start");
  snap_t *before = malloc(sizeof *before);
  take(before, ga, gb, ipiv);
  // rma_lu(g_a, ipiv): argument 1.
  const int bad_a[] = {g_int, g_1d, g_dead, 0, 12345};
  for (int i = 0; i < 5; i++) {
    expect(rma_lu(bad_a[i], ipiv), -1, "rma_lu bad g_a");
    unchanged(before, ga, gb, ipiv, "rma_lu bad g_a");
  }
  // rma_lu_solve(trans, g_a, ipiv, g_b).
  const char bad_t[] = {'X', 'n' + 1, 0};
  for (int i = 0; i < 3; i++)
    expect(rma_lu_solve(bad_t[i], ga, ipiv, gb), -1, "rma_lu_solve bad trans");
  for (int i = 0; i < 5; i++)
    expect(rma_lu_solve('N', bad_a[i], ipiv, gb), -2, "rma_lu_solve bad g_a");
  expect(rma_lu_solve('T', g_rect, ipiv, gb), -2, "rma_lu_solve non-square A");
  int bad_piv[N];
  memcpy(bad_piv, ipiv, sizeof bad_piv);
  bad_piv[N - 1] = N + 1;
  expect(rma_lu_solve('N', ga, bad_piv, gb), -3, "rma_lu_solve ipiv out of range");
  bad_piv[N - 1] = ipiv[N - 1], bad_piv[5] = 3; // below its own index
  expect(rma_lu_solve('N', ga, bad_piv, gb), -3, "rma_lu_solve ipiv below its row");
  expect(rma_lu_solve('N', ga, ipiv, g_rows), -4, "rma_lu_solve B with N+1 rows");
  expect(rma_lu_solve('N', ga, ipiv, ga), -4, "rma_lu_solve B is A");
  for (int i = 0; i < 5; i++)
    expect(rma_lu_solve('N', ga, ipiv, bad_a[i]), -4, "rma_lu_solve bad g_b");
  // Several bad arguments at once: the first one is reported.
  expect(rma_lu_solve('Q', g_int, bad_piv, g_int), -1, "rma_lu_solve first bad argument");
  // A bad argument on one rank only: every rank reports it.
  expect(rma_lu_solve(me == np - 1 ? 'Z' : 'N', ga, ipiv, gb), -1, "rma_lu_solve bad on last rank");
  unchanged(before, ga, gb, ipiv, "rma_lu_solve illegal calls");
  valid_call(ga, gb, ipiv, "illegal calls");
  // No pivoting: ipiv NULL is legal for both.
  rt_fill(ga, 3, N, N, (double)N);
  expect(rma_lu(ga, NULL), 0, "rma_lu without pivoting");
  expect(rma_lu_solve('T', ga, NULL, gb), 0, "rma_lu_solve without pivots");
  if (me == 0)
    printf("test_getrf_args np=%d: %ld cases\n", np, ncases);
  int status = rt_finish("test_getrf_args", &solve_ratio, 1);
  free(before);
  GA_Destroy(ga), GA_Destroy(gb), GA_Destroy(g_rect), GA_Destroy(g_rows), GA_Destroy(g_int),
      GA_Destroy(g_1d);
  rt_finalize();
  return status;
}
