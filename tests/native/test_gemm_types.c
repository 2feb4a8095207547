/*
 * gemm in the four element types through the native typed API
 * (rma_smatrix_gemm, rma_dmatrix_gemm, rma_cmatrix_gemm, rma_zmatrix_gemm),
 * MPI only (it runs in the GA-free build).
 *
 * Grids: every factorisation of P (rank order 'R'). Per type a seeded sweep:
 * m, n, k 0..60, each of A, B, C with its own mb, nb, rsrc, csrc, windows
 * off block boundaries, all nine transpose pairs of N / T / C ('C' is the
 * conjugate transpose for c and z, the transpose for s and d), alpha and
 * beta in {0, 1, a general value}; beta = 0 with NaN in sub(C).
 * Check, every element of sub(C) against the triple loop in double complex
 * on the generator's values (rounded to the type, as the library sees them):
 *     ratio = |C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|) + tiny) <= 16,
 * eps the type's (rma: single precision checked with single precision's
 * epsilon); elements outside sub(C) bit for bit unchanged.
 * Prints the worst ratio per type; exits 1 on any failure.
 */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "typed_elem.h"

enum { S = TE_S, D = TE_D, C = TE_C, Z = TE_Z, NTYPES = TE_NTYPES };
static rt_ratio_t worst[NTYPES] = {
    RT_RATIO("gemm s", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm d", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm c", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16),
    RT_RATIO("gemm z", "|C - ref| / (eps (|alpha| k max|A| max|B| + |beta| max|C0|))", 16)};

// The generator's value at global (i, j), rounded to type t.
static double complex value(int t, unsigned seed, int i, int j) { return rt_tvalue(t, seed, i, j); }

typedef rt_tmatrix_t mat_t;

// Padded lld sometimes.
static int make(int t, rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, unsigned seed,
                mat_t *x) {
  return rt_tmatrix_make(t, g, m, n, mb, nb, rs, cs, (int)(seed % 3), seed, x);
}

// op(X)(i, j) of the global matrix with generator seed (op 'N', 'T', 'C').
static double complex op_value(int t, unsigned seed, char op, int i0, int j0, int i, int j) {
  if (op == 'N')
    return value(t, seed, i0 + i, j0 + j);
  double complex v = value(t, seed, i0 + j, j0 + i);
  return op == 'C' ? conj(v) : v;
}

static int call_gemm(int t, char ta, char tb, int m, int n, int k, double complex alpha,
                     const mat_t *a, int ia, int ja, const mat_t *b, int ib, int jb,
                     double complex beta, const mat_t *c, int ic, int jc) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), B = RT_TMATRIX(p, b), Cm = RT_TMATRIX(p, c);           \
    return rma_##p##matrix_gemm(ta, tb, m, n, k, (TE_T_##p)alpha, &A, ia, ja, &B, ib, jb,           \
                                (TE_T_##p)beta, &Cm, ic, jc);                                      \
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

// One case: every rank checks its own elements of C.
static void one_case(int t, rma_grid_t g, unsigned *rs, int caseno) {
  int npr, npc, pr, pc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  static const char ops[] = "NTC";
  char ta = ops[caseno % 3], tb = ops[(caseno / 3) % 3];
  int m = rt_rand(rs, 61), n = rt_rand(rs, 61), k = rt_rand(rs, 61);
  if (caseno % 11 == 0)
    m = n = k = 37 + rt_rand(rs, 30); // larger, many blocks
  static const double complex alphas[] = {1.0, 0.0, -0.75 + 0.5 * I};
  static const double complex betas[] = {0.0, 1.0, 0.25 - 1.25 * I};
  double complex alpha = alphas[rt_rand(rs, 3)], beta = betas[rt_rand(rs, 3)];
  if (!te_complex(t))
    alpha = creal(alpha), beta = creal(beta);
  int ia = rt_rand(rs, 5), ja = rt_rand(rs, 5), ib = rt_rand(rs, 5), jb = rt_rand(rs, 5);
  int ic = rt_rand(rs, 5), jc = rt_rand(rs, 5);
  int ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m, br = tb == 'N' ? k : n,
      bc = tb == 'N' ? n : k;
  unsigned sa = 11 + caseno, sb = 5011 + caseno, sc = 9011 + caseno;
  mat_t A, B, Cm;
  int fail = make(t, g, ia + ar + rt_rand(rs, 3), ja + ac + rt_rand(rs, 3), 1 + rt_rand(rs, 9),
                  1 + rt_rand(rs, 9), rt_rand(rs, npr), rt_rand(rs, npc), sa, &A);
  fail |= make(t, g, ib + br + rt_rand(rs, 3), jb + bc + rt_rand(rs, 3), 1 + rt_rand(rs, 9),
               1 + rt_rand(rs, 9), rt_rand(rs, npr), rt_rand(rs, npc), sb, &B);
  fail |= make(t, g, ic + m + rt_rand(rs, 3), jc + n + rt_rand(rs, 3), 1 + rt_rand(rs, 9),
               1 + rt_rand(rs, 9), rt_rand(rs, npr), rt_rand(rs, npc), sc, &Cm);
  if (fail) {
    rt_fail("type %c case %d: could not make the matrices", te_name(t), caseno);
    return;
  }
  // beta = 0: sub(C) holds NaN, which must not survive.
  long clen = (long)Cm.d.lld * (Cm.lc > 0 ? Cm.lc : 1);
  for (int lj = 0; lj < Cm.lc; lj++)
    for (int li = 0; li < Cm.lr; li++) {
      int gi = rt_global(li, Cm.d.mb, pr, Cm.d.rsrc, npr),
          gj = rt_global(lj, Cm.d.nb, pc, Cm.d.csrc, npc);
      if (beta == 0.0 && gi >= ic && gi < ic + m && gj >= jc && gj < jc + n)
        te_put(t, Cm.data, li + (long)lj * Cm.d.lld, NAN);
    }
  void *before = malloc(te_size(t) * (size_t)clen);
  memcpy(before, Cm.data, te_size(t) * (size_t)clen);
  int rc = call_gemm(t, ta, tb, m, n, k, alpha, &A, ia, ja, &B, ib, jb, beta, &Cm, ic, jc);
  if (rc != 0)
    rt_fail("type %c case %d %c%c m=%d n=%d k=%d: rc %d", te_name(t), caseno, ta, tb, m, n, k, rc);
  // Maxima of the operands' windows (as the library saw them).
  double amax = 0, bmax = 0, cmax = 0;
  for (int i = 0; i < ar; i++)
    for (int j = 0; j < ac; j++)
      amax = fmax(amax, cabs(value(t, sa, ia + i, ja + j)));
  for (int i = 0; i < br; i++)
    for (int j = 0; j < bc; j++)
      bmax = fmax(bmax, cabs(value(t, sb, ib + i, jb + j)));
  for (int i = 0; i < m && beta != 0.0; i++)
    for (int j = 0; j < n; j++)
      cmax = fmax(cmax, cabs(value(t, sc, ic + i, jc + j)));
  double scale = te_eps(t) * (cabs(alpha) * k * amax * bmax + cabs(beta) * cmax) + 1e-300;
  int bad = 0;
  for (int lj = 0; lj < Cm.lc && rc == 0; lj++)
    for (int li = 0; li < Cm.lr; li++) {
      long e = li + (long)lj * Cm.d.lld;
      int gi = rt_global(li, Cm.d.mb, pr, Cm.d.rsrc, npr),
          gj = rt_global(lj, Cm.d.nb, pc, Cm.d.csrc, npc);
      if (gi < ic || gi >= ic + m || gj < jc || gj >= jc + n) {
        if (memcmp((char *)Cm.data + te_size(t) * e, (char *)before + te_size(t) * e, te_size(t)))
          bad++;
        continue;
      }
      int i = gi - ic, j = gj - jc;
      double complex ref = beta == 0.0 ? 0.0 : beta * value(t, sc, gi, gj);
      if (alpha != 0.0)
        for (int x = 0; x < k; x++)
          ref += alpha * op_value(t, sa, ta, ia, ja, i, x) * op_value(t, sb, tb, ib, jb, x, j);
      double complex got = te_get(t, Cm.data, e);
      double ratio = cabs(got - ref) / scale;
      if (!rt_ratio(&worst[t], ratio)) {
        if (bad < 3)
          rt_fail("type %c case %d %c%c m=%d n=%d k=%d C(%d,%d) = %g%+gi, ref %g%+gi, ratio %g",
                  te_name(t), caseno, ta, tb, m, n, k, gi, gj, creal(got), cimag(got), creal(ref),
                  cimag(ref), ratio);
        bad++;
      }
    }
  if (bad)
    rt_fail("type %c case %d %c%c m=%d n=%d k=%d: %d elements wrong (outside sub(C) included)",
            te_name(t), caseno, ta, tb, m, n, k, bad);
  free(before);
  rt_tmatrix_free(&A), rt_tmatrix_free(&B), rt_tmatrix_free(&Cm);
}

// Every type's cases on grid g.
static void grid_cases(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < NTYPES; t++) {
    unsigned rs = seed + 77u * (unsigned)t;
    for (int c = 0; c < 27; c++)
      one_case(t, g, &rs, c);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  rt_each_grid(grid_cases, 1234u, 13u);
  int status = rt_finish("test_gemm_types (native)", worst, NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
