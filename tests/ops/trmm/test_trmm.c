/*
 * The triangular product through the native typed API (rma_?matrix_trmm,
 * s, d, c, z), MPI only (it runs in the GA-free build).
 *
 * Grids: every factorisation of P (both rank orders). Per type every SIDE
 * L / R x UPLO L / U x TRANSA N / T / C x DIAG N / U, with a seeded draw of
 * m, n 0..50 (some 100..139, and T of order 270..299: several k chunks), A and B
 * each with its own mb, nb, rsrc, csrc, windows off block boundaries,
 * alpha in {1, 0, general}. The triangle of A not referenced holds NaN (and
 * its diagonal too when DIAG = U): it must never reach B.
 * Check, every element of sub(B) against the naive product in double
 * complex on the generator's values (rounded to the type):
 *     ratio = |B - ref| / (eps (|alpha| na max|T| max|B0|) + tiny) <= 16,
 * na the order of T, eps the type's; elements outside sub(B) and all of A
 * bit for bit unchanged. Illegal arguments: the same -i everywhere, nothing
 * written.
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
#define FORMULA "|B - ref| / (eps (|alpha| na max|T| max|B0|))"
static rt_ratio_t worst[NTYPES] = {RT_RATIO("trmm s", FORMULA, 16), RT_RATIO("trmm d", FORMULA, 16),
                                   RT_RATIO("trmm c", FORMULA, 16), RT_RATIO("trmm z", FORMULA, 16)};

typedef rt_tmatrix_t mat_t;

static int call(int t, char side, char uplo, char ta, char diag, int m, int n, double complex alpha,
                const mat_t *a, int ia, int ja, const mat_t *b, int ib, int jb) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a), B = RT_TMATRIX(p, b);                                  \
    return rma_##p##matrix_trmm(side, uplo, ta, diag, m, n, (TE_T_##p)alpha, &A, ia, ja, &B, ib,   \
                                jb);                                                               \
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

// T(i, j) of the triangular matrix as trmm sees it (window indices).
static double complex tval(int t, unsigned s, char uplo, char diag, int ia, int ja, int i, int j) {
  if (i == j && diag == 'U')
    return 1;
  if (uplo == 'L' ? i < j : i > j)
    return 0;
  return rt_tvalue(t, s, ia + i, ja + j);
}

static double complex opt(int t, unsigned s, char uplo, char diag, char ta, int ia, int ja, int i,
                          int j) {
  if (ta == 'N')
    return tval(t, s, uplo, diag, ia, ja, i, j);
  double complex v = tval(t, s, uplo, diag, ia, ja, j, i);
  return ta == 'C' ? conj(v) : v;
}

static void one_case(int t, rma_grid_t g, unsigned *rs, int caseno) {
  int npr, npc, pr, pc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  char side = "LR"[caseno % 2], uplo = "LU"[caseno / 2 % 2], ta = "NTC"[caseno / 4 % 3],
       diag = "NU"[caseno / 12 % 2];
  int m = rt_rand(rs, 51), n = rt_rand(rs, 51);
  if (caseno % 7 == 3)
    m = 100 + rt_rand(rs, 40), n = 100 + rt_rand(rs, 40);
  if (caseno % 11 == 5)
    m = 0;
  if (caseno == 10 || caseno == 21) // T of order 270..299: several k chunks, zero ones skipped
    m = caseno == 10 ? 270 + rt_rand(rs, 30) : 1 + rt_rand(rs, 20),
    n = caseno == 21 ? 270 + rt_rand(rs, 30) : 1 + rt_rand(rs, 20);
  static const double complex alphas[] = {1.0, 0.0, -0.75 + 0.5 * I};
  double complex alpha = alphas[caseno % 5 == 2 ? 1 : rt_rand(rs, 3) == 1 ? 0 : 2];
  if (!te_complex(t))
    alpha = creal(alpha);
  int na = side == 'L' ? m : n;
  int ia = rt_rand(rs, 5), ja = rt_rand(rs, 5), ib = rt_rand(rs, 5), jb = rt_rand(rs, 5);
  unsigned sa = 31 + caseno, sb = 7031 + caseno;
  mat_t A, B;
  int fail = rt_tmatrix_make(t, g, ia + na + rt_rand(rs, 3), ja + na + rt_rand(rs, 3),
                             1 + rt_rand(rs, 9), 1 + rt_rand(rs, 9), rt_rand(rs, npr),
                             rt_rand(rs, npc), caseno % 3, sa, &A);
  fail |= rt_tmatrix_make(t, g, ib + m + rt_rand(rs, 3), jb + n + rt_rand(rs, 3),
                          1 + rt_rand(rs, 9), 1 + rt_rand(rs, 9), rt_rand(rs, npr),
                          rt_rand(rs, npc), caseno % 2, sb, &B);
  if (fail) {
    rt_fail("type %c case %d: could not make the matrices", te_name(t), caseno);
    return;
  }
  size_t es = te_size(t);
  // NaN in the triangle of sub(A) trmm must not read.
  for (int lj = 0; lj < A.lc; lj++)
    for (int li = 0; li < A.lr; li++) {
      int i = rt_global(li, A.d.mb, pr, A.d.rsrc, npr) - ia,
          j = rt_global(lj, A.d.nb, pc, A.d.csrc, npc) - ja;
      if (i >= 0 && i < na && j >= 0 && j < na &&
          ((uplo == 'L' ? i < j : i > j) || (i == j && diag == 'U')))
        te_put(t, A.data, li + (long)lj * A.d.lld, NAN);
    }
  long alen = rt_tmatrix_len(&A), blen = rt_tmatrix_len(&B);
  void *abefore = malloc(es * (size_t)alen), *bbefore = malloc(es * (size_t)blen);
  memcpy(abefore, A.data, es * (size_t)alen), memcpy(bbefore, B.data, es * (size_t)blen);
  int rc = call(t, side, uplo, ta, diag, m, n, alpha, &A, ia, ja, &B, ib, jb);
  if (rc != 0)
    rt_fail("type %c case %d %c%c%c%c m=%d n=%d: rc %d", te_name(t), caseno, side, uplo, ta, diag,
            m, n, rc);
  if (memcmp(abefore, A.data, es * (size_t)alen))
    rt_fail("type %c case %d: A changed", te_name(t), caseno);
  double tmax = 1, bmax = 0;
  for (int i = 0; i < na; i++)
    for (int j = 0; j < na; j++)
      tmax = fmax(tmax, cabs(tval(t, sa, uplo, diag, ia, ja, i, j)));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      bmax = fmax(bmax, cabs(rt_tvalue(t, sb, ib + i, jb + j)));
  double scale = te_eps(t) * cabs(alpha) * na * tmax * bmax + 1e-300;
  int bad = 0;
  for (int lj = 0; lj < B.lc && rc == 0; lj++)
    for (int li = 0; li < B.lr; li++) {
      long e = li + (long)lj * B.d.lld;
      int gi = rt_global(li, B.d.mb, pr, B.d.rsrc, npr), gj = rt_global(lj, B.d.nb, pc, B.d.csrc, npc);
      int i = gi - ib, j = gj - jb;
      if (i < 0 || i >= m || j < 0 || j >= n) {
        if (memcmp((char *)B.data + es * e, (char *)bbefore + es * e, es) && bad++ < 3)
          rt_fail("type %c case %d: B(%d,%d) outside sub(B) changed", te_name(t), caseno, gi, gj);
        continue;
      }
      double complex ref = 0;
      for (int x = 0; x < na && alpha != 0.0; x++)
        ref += side == 'L' ? opt(t, sa, uplo, diag, ta, ia, ja, i, x) * rt_tvalue(t, sb, ib + x, gj)
                           : rt_tvalue(t, sb, gi, jb + x) * opt(t, sa, uplo, diag, ta, ia, ja, x, j);
      ref *= alpha;
      double complex got = te_get(t, B.data, e);
      double ratio = cabs(got - ref) / scale;
      if (alpha == 0.0 && got != 0)
        ratio = INFINITY;
      if (!rt_ratio(&worst[t], ratio) && bad++ < 3)
        rt_fail("type %c case %d %c%c%c%c m=%d n=%d B(%d,%d) = %g%+gi, ref %g%+gi, ratio %g",
                te_name(t), caseno, side, uplo, ta, diag, m, n, i, j, creal(got), cimag(got),
                creal(ref), cimag(ref), ratio);
    }
  if (bad)
    rt_fail("type %c case %d %c%c%c%c m=%d n=%d: %d elements wrong", te_name(t), caseno, side, uplo,
            ta, diag, m, n, bad);
  if (caseno == 1) { // illegal arguments: the same code everywhere, nothing written
    memcpy(bbefore, B.data, es * (size_t)blen);
    rt_expect_all(call(t, 'X', uplo, ta, diag, m, n, alpha, &A, ia, ja, &B, ib, jb), -1, "side");
    rt_expect_all(call(t, side, 'X', ta, diag, m, n, alpha, &A, ia, ja, &B, ib, jb), -2, "uplo");
    rt_expect_all(call(t, side, uplo, 'X', diag, m, n, alpha, &A, ia, ja, &B, ib, jb), -3, "transa");
    rt_expect_all(call(t, side, uplo, ta, 'X', m, n, alpha, &A, ia, ja, &B, ib, jb), -4, "diag");
    rt_expect_all(call(t, side, uplo, ta, diag, -1, n, alpha, &A, ia, ja, &B, ib, jb), -5, "m");
    rt_expect_all(call(t, side, uplo, ta, diag, m, n, alpha, &A, ia + 200, ja, &B, ib, jb), -9,
                  "ia");
    rt_expect_all(call(t, side, uplo, ta, diag, m, n, alpha, &A, ia, ja, &B, ib, jb + 200), -12,
                  "jb");
    if (memcmp(bbefore, B.data, es * (size_t)blen))
      rt_fail("type %c: an illegal call wrote B", te_name(t));
  }
  free(abefore), free(bbefore);
  rt_tmatrix_free(&A), rt_tmatrix_free(&B);
}

static void grid_cases(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < NTYPES; t++) {
    unsigned rs = seed + 77u * (unsigned)t;
    for (int c = 0; c < 24; c++)
      one_case(t, g, &rs, c);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  rt_each_grid(grid_cases, 2468u, 19u);
  int status = rt_finish("test_trmm", worst, NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
