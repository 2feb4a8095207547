/*
 * The rank-k update of one triangle through the native typed API:
 * rma_?matrix_syrk (s, d; c, z complex symmetric) and rma_?matrix_herk
 * (c, z), MPI only (it runs in the GA-free build).
 *
 * Grids: every factorisation of P (both rank orders). Per type a seeded
 * sweep: n, k 0..50 (n = 0 and k = 0 included; some n 130..169 with k 257..286), A and C each with its own
 * mb, nb, rsrc, csrc, windows off block boundaries, UPLO L / U x TRANS N / T
 * (C for herk), alpha in {1, 0, general}, beta in {0, 1, general}; beta = 0
 * with NaN in sub(C)'s triangle.
 * Check, every element of sub(C)'s triangle against the loop in double
 * complex on the generator's values (rounded to the type):
 *     ratio = |C - ref| / (eps (|alpha| k max|A|^2 + |beta| max|C0|) + tiny) <= 16
 * (PBLAS's test ratio, taken elementwise with max norms), eps the type's;
 * herk: the diagonal's imaginary parts exactly zero; every element outside
 * the triangle of sub(C) bit for bit unchanged (the other triangle, the rest
 * of the array, the padding). Illegal arguments: the same -i everywhere,
 * nothing written.
 * Prints the worst ratio per type; exits 1 on any failure.
 */
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "typed_elem.h"

enum { NTYPES = TE_NTYPES };
#define FORMULA "|C - ref| / (eps (|alpha| k max|A|^2 + |beta| max|C0|)), C's triangle"
static rt_ratio_t worst[NTYPES] = {RT_RATIO("syrk s", FORMULA, 16), RT_RATIO("syrk d", FORMULA, 16),
                                   RT_RATIO("syrk/herk c", FORMULA, 16),
                                   RT_RATIO("syrk/herk z", FORMULA, 16)};

typedef rt_tmatrix_t mat_t;

static int call(int t, int herk, char uplo, char trans, int n, int k, double complex alpha,
                const mat_t *a, int ia, int ja, double complex beta, const mat_t *c, int ic,
                int jc) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), Cm = RT_TMATRIX(p, c);                                 \
    return rma_##p##matrix_syrk(uplo, trans, n, k, (TE_T_##p)alpha, &A, ia, ja, (TE_T_##p)beta,    \
                                &Cm, ic, jc);                                                      \
  }
  if (herk && t == TE_C) {
    rma_cmatrix_t A = RT_TMATRIX(c, a), Cm = RT_TMATRIX(c, c);
    return rma_cmatrix_herk(uplo, trans, n, k, (float)creal(alpha), &A, ia, ja, (float)creal(beta),
                            &Cm, ic, jc);
  }
  if (herk && t == TE_Z) {
    rma_zmatrix_t A = RT_TMATRIX(z, a), Cm = RT_TMATRIX(z, c);
    return rma_zmatrix_herk(uplo, trans, n, k, creal(alpha), &A, ia, ja, creal(beta), &Cm, ic, jc);
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

static void one_case(int t, int herk, rma_grid_t g, unsigned *rs, int caseno) {
  int npr, npc, pr, pc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  char uplo = "LU"[caseno % 2], trans = caseno / 2 % 2 ? (herk ? 'C' : 'T') : 'N';
  int n = rt_rand(rs, 51), k = rt_rand(rs, 51);
  if (caseno % 9 == 4)
    k = 0;
  if (caseno % 13 == 6)
    n = 0;
  if (caseno % 10 == 9) // several strips of the diagonal pieces, several k chunks
    n = 130 + rt_rand(rs, 40), k = 257 + rt_rand(rs, 30);
  static const double complex alphas[] = {1.0, 0.0, -0.75 + 0.5 * I};
  static const double complex betas[] = {0.0, 1.0, 0.25 - 1.25 * I};
  double complex alpha = alphas[rt_rand(rs, 3)], beta = betas[rt_rand(rs, 3)];
  if (!te_complex(t) || herk)
    alpha = creal(alpha), beta = creal(beta);
  int ia = rt_rand(rs, 5), ja = rt_rand(rs, 5), ic = rt_rand(rs, 5), jc = rt_rand(rs, 5);
  int tr = trans != 'N', ar = tr ? k : n, ac = tr ? n : k;
  unsigned sa = 11 + caseno, sc = 9011 + caseno;
  mat_t A, Cm;
  int fail = rt_tmatrix_make(t, g, ia + ar + rt_rand(rs, 3), ja + ac + rt_rand(rs, 3),
                             1 + rt_rand(rs, 9), 1 + rt_rand(rs, 9), rt_rand(rs, npr),
                             rt_rand(rs, npc), caseno % 3, sa, &A);
  int nbc = 1 + rt_rand(rs, 9);
  fail |= rt_tmatrix_make(t, g, ic + n + rt_rand(rs, 3), jc + n + rt_rand(rs, 3),
                          caseno % 4 ? nbc : 1 + rt_rand(rs, 9), nbc, rt_rand(rs, npr),
                          rt_rand(rs, npc), caseno % 2, sc, &Cm);
  if (fail) {
    rt_fail("type %c case %d: could not make the matrices", te_name(t), caseno);
    return;
  }
  long clen = rt_tmatrix_len(&Cm);
  size_t es = te_size(t);
  // In the triangle of sub(C) (window indices i, j).
#define IN_TRI(gi, gj)                                                                             \
  ((gi) >= ic && (gi) < ic + n && (gj) >= jc && (gj) < jc + n &&                                   \
   (uplo == 'L' ? (gi) - ic >= (gj) - jc : (gi) - ic <= (gj) - jc))
  for (int lj = 0; lj < Cm.lc; lj++)
    for (int li = 0; li < Cm.lr; li++) {
      int gi = rt_global(li, Cm.d.mb, pr, Cm.d.rsrc, npr),
          gj = rt_global(lj, Cm.d.nb, pc, Cm.d.csrc, npc);
      if (beta == 0.0 && IN_TRI(gi, gj))
        te_put(t, Cm.data, li + (long)lj * Cm.d.lld, NAN);
    }
  void *before = malloc(es * (size_t)clen);
  memcpy(before, Cm.data, es * (size_t)clen);
  int rc = call(t, herk, uplo, trans, n, k, alpha, &A, ia, ja, beta, &Cm, ic, jc);
  if (rc != 0)
    rt_fail("type %c herk %d case %d %c%c n=%d k=%d: rc %d", te_name(t), herk, caseno, uplo, trans,
            n, k, rc);
  double amax = 0, cmax = 0;
  for (int i = 0; i < ar; i++)
    for (int j = 0; j < ac; j++)
      amax = fmax(amax, cabs(rt_tvalue(t, sa, ia + i, ja + j)));
  for (int i = 0; i < n && beta != 0.0; i++)
    for (int j = 0; j < n; j++)
      cmax = fmax(cmax, cabs(rt_tvalue(t, sc, ic + i, jc + j)));
  double scale = te_eps(t) * (cabs(alpha) * k * amax * amax + cabs(beta) * cmax) + 1e-300;
  // Quick return (alpha = 0 or k = 0 with beta = 1): nothing at all changes.
  int quick = n == 0 || ((alpha == 0.0 || k == 0) && beta == 1.0);
  int bad = 0;
  for (int lj = 0; lj < Cm.lc && rc == 0; lj++)
    for (int li = 0; li < Cm.lr; li++) {
      long e = li + (long)lj * Cm.d.lld;
      int gi = rt_global(li, Cm.d.mb, pr, Cm.d.rsrc, npr),
          gj = rt_global(lj, Cm.d.nb, pc, Cm.d.csrc, npc);
      if (quick || !IN_TRI(gi, gj)) {
        if (memcmp((char *)Cm.data + es * e, (char *)before + es * e, es) && bad++ < 3)
          rt_fail("type %c herk %d case %d %c%c n=%d k=%d: C(%d,%d) outside the triangle changed",
                  te_name(t), herk, caseno, uplo, trans, n, k, gi, gj);
        continue;
      }
      int i = gi - ic, j = gj - jc;
      double complex ref = beta == 0.0 ? 0.0 : beta * rt_tvalue(t, sc, gi, gj);
      for (int x = 0; x < k && alpha != 0.0; x++) {
        double complex u = tr ? rt_tvalue(t, sa, ia + x, ja + i) : rt_tvalue(t, sa, ia + i, ja + x);
        double complex v = tr ? rt_tvalue(t, sa, ia + x, ja + j) : rt_tvalue(t, sa, ia + j, ja + x);
        // herk: op(A) op(A)^H; with trans C, op(A) = A^H: conj on the left.
        if (herk)
          ref += alpha * (tr ? conj(u) * v : u * conj(v));
        else
          ref += alpha * u * v;
      }
      if (herk && i == j)
        ref = creal(ref);
      double complex got = te_get(t, Cm.data, e);
      double ratio = cabs(got - ref) / scale;
      if (herk && i == j && cimag(got) != 0)
        ratio = INFINITY;
      if (!rt_ratio(&worst[t], ratio)) {
        if (bad < 3)
          rt_fail("type %c herk %d case %d %c%c n=%d k=%d C(%d,%d) = %g%+gi, ref %g%+gi, ratio %g",
                  te_name(t), herk, caseno, uplo, trans, n, k, gi, gj, creal(got), cimag(got),
                  creal(ref), cimag(ref), ratio);
        bad++;
      }
    }
  if (bad)
    rt_fail("type %c herk %d case %d %c%c n=%d k=%d: %d elements wrong (outside the triangle "
            "included)",
            te_name(t), herk, caseno, uplo, trans, n, k, bad);
  // Illegal arguments: the same code everywhere, nothing written.
  if (caseno == 0) {
    memcpy(before, Cm.data, es * (size_t)clen);
    rt_expect_all(call(t, herk, 'X', trans, n, k, alpha, &A, ia, ja, beta, &Cm, ic, jc), -1,
                  "uplo 'X'");
    rt_expect_all(call(t, herk, uplo, herk ? 'T' : 'X', n, k, alpha, &A, ia, ja, beta, &Cm, ic, jc),
                  -2, "illegal trans");
    rt_expect_all(call(t, herk, uplo, trans, -1, k, alpha, &A, ia, ja, beta, &Cm, ic, jc), -3,
                  "n = -1");
    rt_expect_all(call(t, herk, uplo, trans, n, -1, alpha, &A, ia, ja, beta, &Cm, ic, jc), -4,
                  "k = -1");
    rt_expect_all(call(t, herk, uplo, trans, n, k, alpha, &A, ia, ja, beta, &Cm, ic + 100, jc),
                  -11, "ic past C");
    if (memcmp(before, Cm.data, es * (size_t)clen))
      rt_fail("type %c: an illegal call wrote C", te_name(t));
  }
  free(before);
  rt_tmatrix_free(&A), rt_tmatrix_free(&Cm);
}

static void grid_cases(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < NTYPES; t++)
    for (int herk = 0; herk <= te_complex(t); herk++) {
      unsigned rs = seed + 77u * (unsigned)t + 7u * (unsigned)herk;
      for (int c = 0; c < 20; c++)
        one_case(t, herk, g, &rs, c);
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  rt_each_grid(grid_cases, 4321u, 17u);
  int status = rt_finish("test_syrk", worst, NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
