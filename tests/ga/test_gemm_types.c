/*
 * rma_sgemm / rma_dgemm / rma_cgemm / rma_zgemm on GA arrays of C_FLOAT,
 * C_DBL, C_SCPL and C_DCPL: tiled and ScaLAPACK layouts (rma_matrix_create_type)
 * and GA's regular distribution, all nine transpose pairs of N / T / C ('C'
 * conjugates for c and z), alpha and beta in {0, 1, a general value},
 * sizes no block size divides, C larger than m x n.
 * Check, every element of C gathered on every rank against the triple loop in
 * double complex on the same (type-rounded) inputs:
 *     ratio = |C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|) + tiny) <= 16,
 * eps the type's (single precision with single precision's epsilon); C
 * outside its top-left m x n block unchanged bit for bit.
 * Then the argument checks of the typed entry points: a handle of another
 * type is argument 7 / 8 / 10 on every rank with C untouched, and the next
 * call works. Prints the worst ratio per type; exits 1 on any failure.
 */
#include <complex.h>
#include <float.h>
#include <ga.h>
#include <macdecls.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

enum { S = TE_S, D = TE_D, C = TE_C, Z = TE_Z, NTYPES = TE_NTYPES };
static int me = 0, np = 1;
static rt_ratio_t worst[NTYPES] = {
    RT_RATIO("gemm s", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm d", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm c", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm z", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16)};

static int call(int t, char ta, char tb, int m, int n, int k, double complex alpha, int ga, int gb,
                double complex beta, int gc) {
  switch (t) {
  case S:
    return rma_sgemm(ta, tb, m, n, k, (float)creal(alpha), ga, gb, (float)creal(beta), gc);
  case D:
    return rma_dgemm(ta, tb, m, n, k, creal(alpha), ga, gb, creal(beta), gc);
  case C:
    return rma_cgemm(ta, tb, m, n, k, (float complex)alpha, ga, gb, (float complex)beta, gc);
  default:
    return rma_zgemm(ta, tb, m, n, k, alpha, ga, gb, beta, gc);
  }
}

static void one_case(int t, int layout, int caseno) {
  static const char ops[] = "NTC";
  char ta = ops[caseno % 3], tb = ops[(caseno / 3) % 3];
  int m = 13 + 7 * (caseno % 4), n = 11 + 5 * (caseno % 5), k = 9 + 6 * (caseno % 3);
  static const double complex alphas[] = {-0.75 + 0.5 * I, 1.0, 0.0};
  static const double complex betas[] = {0.25 - 1.25 * I, 0.0, 1.0};
  double complex alpha = alphas[caseno % 3], beta = betas[(caseno / 2) % 3];
  if (t < C)
    alpha = creal(alpha), beta = creal(beta);
  int ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m, br = tb == 'N' ? k : n,
      bc = tb == 'N' ? n : k;
  int cr = m + 2, cc = n + 3, mb = 2 + caseno % 5, nb = 3 + caseno % 4;
  int ga = rt_tcreate(t, layout, ar, ac, mb, nb), gb = rt_tcreate(t, layout, br, bc, nb, mb);
  int gc = rt_tcreate(t, layout, cr, cc, mb, mb);
  if (!ga || !gb || !gc) {
    rt_fail("type %c layout %d case %d: could not create the arrays", te_name(t), layout, caseno);
    return;
  }
  size_t es = te_size(t);
  void *A = malloc(es * (size_t)ar * ac), *B = malloc(es * (size_t)br * bc);
  void *C0 = malloc(es * (size_t)cr * cc), *C1 = malloc(es * (size_t)cr * cc);
  unsigned seed = 100u * (unsigned)caseno + 7u * (unsigned)t + (unsigned)layout;
  rt_tfill(t, ga, ar, ac, seed + 1, 0.0, A);
  rt_tfill(t, gb, br, bc, seed + 2, 0.0, B);
  rt_tfill(t, gc, cr, cc, seed + 3, 0.0, C0);
  int rc = call(t, ta, tb, m, n, k, alpha, ga, gb, beta, gc);
  if (rc)
    rt_fail("type %c layout %d case %d %c%c: rc %d", te_name(t), layout, caseno, ta, tb, rc);
  rt_tgather(t, gc, cr, cc, C1);
  double amax = 0, bmax = 0, cmax = 0;
  for (long e = 0; e < (long)ar * ac; e++)
    amax = fmax(amax, cabs(te_get(t, A, e)));
  for (long e = 0; e < (long)br * bc; e++)
    bmax = fmax(bmax, cabs(te_get(t, B, e)));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      cmax = fmax(cmax, cabs(te_get(t, C0, (long)i * cc + j)));
  double scale = te_eps(t) * (cabs(alpha) * k * amax * bmax + cabs(beta) * cmax) + 1e-300;
  int bad = 0;
  for (int i = 0; i < cr; i++)
    for (int j = 0; j < cc; j++) {
      long e = (long)i * cc + j;
      if (i >= m || j >= n) {
        bad += memcmp((char *)C0 + es * e, (char *)C1 + es * e, es) != 0;
        continue;
      }
      double complex ref = beta == 0.0 ? 0.0 : beta * te_get(t, C0, e);
      for (int x = 0; x < k && alpha != 0.0; x++) {
        double complex av =
            ta == 'N' ? te_get(t, A, (long)i * ac + x) : te_get(t, A, (long)x * ac + i);
        double complex bv =
            tb == 'N' ? te_get(t, B, (long)x * bc + j) : te_get(t, B, (long)j * bc + x);
        if (ta == 'C' && t >= C)
          av = conj(av);
        if (tb == 'C' && t >= C)
          bv = conj(bv);
        ref += alpha * av * bv;
      }
      if (!rt_ratio(&worst[t], cabs(te_get(t, C1, e) - ref) / scale))
        bad++;
    }
  if (bad)
    rt_fail("type %c layout %d case %d %c%c m=%d n=%d k=%d: %d elements wrong", te_name(t), layout,
            caseno, ta, tb, m, n, k, bad);
  GA_Destroy(ga), GA_Destroy(gb), GA_Destroy(gc);
  free(A), free(B), free(C0), free(C1);
}

// A handle of another type: -7 / -8 / -10 everywhere, C untouched, next call works.
static void mismatch(void) {
  int gz = rt_tcreate(Z, 1, 8, 8, 3, 3), gd = rt_tcreate(D, 1, 8, 8, 3, 3),
      gz2 = rt_tcreate(Z, 1, 8, 8, 3, 3);
  double complex *before = malloc(sizeof(double complex) * 64);
  double complex *after = malloc(sizeof(double complex) * 64);
  rt_tfill(Z, gz, 8, 8, 5, 0.0, before);
  rt_tfill(Z, gz2, 8, 8, 6, 0.0, before);
  rt_tgather(Z, gz2, 8, 8, before);
  int rc = rma_zgemm('N', 'N', 8, 8, 8, 1.0, gd, gz, 0.0, gz2);
  rt_expect_all(rc, -7, "rma_zgemm with a C_DBL g_a");
  rc = rma_zgemm('N', 'N', 8, 8, 8, 1.0, gz, gd, 0.0, gz2);
  rt_expect_all(rc, -8, "rma_zgemm with a C_DBL g_b");
  rc = rma_zgemm('N', 'N', 8, 8, 8, 1.0, gz, gz, 0.0, gd);
  rt_expect_all(rc, -10, "rma_zgemm with a C_DBL g_c");
  rc = rma_dgemm('N', 'N', 8, 8, 8, 1.0, gz, gz, 0.0, gd);
  rt_expect_all(rc, -7, "rma_dgemm with a C_DCPL g_a");
  rt_tgather(Z, gz2, 8, 8, after);
  if (memcmp(before, after, sizeof(double complex) * 64))
    rt_fail("C changed by a refused call");
  rc = rma_zgemm('C', 'N', 8, 8, 8, 1.0, gz, gz, 0.0, gz2);
  rt_expect_all(rc, 0, "rma_zgemm after refused calls");
  GA_Destroy(gz), GA_Destroy(gd), GA_Destroy(gz2);
  free(before), free(after);
}

int main(int argc, char **argv) {
  rt_ga_float_safe(); // before rt_init: GA itself loses floats under MPICH otherwise
  rt_init(&argc, &argv, &me, &np);
  for (int t = 0; t < NTYPES; t++)
    for (int layout = 0; layout < 3; layout++)
      for (int c = 0; c < 18; c++)
        one_case(t, layout, c);
  mismatch();
  int status = rt_finish("test_gemm_types (GA)", worst, NTYPES);
  rt_finalize();
  return status;
}
