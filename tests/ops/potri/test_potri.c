/*
 * The inverse from a Cholesky factor through the native typed API
 * (rma_?matrix_potri, s, d, c, z), MPI only (it runs in the GA-free build).
 *
 * The factor is made directly: L (uplo L) or U (uplo U) with the
 * generator's values and a dominant diagonal (|diag| >= 2), so A = L L^H
 * (U^H U) is positive definite and well conditioned; this is what ?potrf
 * would leave for that A (the test needs no Cholesky of its own). The other
 * triangle holds NaN and must stay bit for bit as it was.
 * Grids: every factorisation of P (both rank orders); n 0..60 and some
 * 150..299, square blocks 1..40 or mb != nb, windows off block boundaries.
 * Check (the window gathered on every rank, in double complex):
 *     ratio = ||I - A Ainv||_1 / (n eps ||A||_1 ||Ainv||_1) <= 16,
 * Ainv the Hermitian matrix whose triangle potri wrote; for c and z its
 * diagonal exactly real. INFO: an exact zero at the factor's diagonal entry
 * j returns j on every rank with nothing written. Illegal arguments: the
 * same -i everywhere, nothing written.
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
#define FORMULA "||I - A Ainv||_1 / (n eps ||A||_1 ||Ainv||_1)"
static rt_ratio_t worst[NTYPES] = {RT_RATIO("potri s", FORMULA, 16),
                                   RT_RATIO("potri d", FORMULA, 16),
                                   RT_RATIO("potri c", FORMULA, 16),
                                   RT_RATIO("potri z", FORMULA, 16)};

typedef rt_tmatrix_t mat_t;

static int call(int t, char uplo, int n, const mat_t *a, int ia, int ja) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a);                                                        \
    return rma_##p##matrix_potri(uplo, n, &A, ia, ja);                                             \
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

static int in_tri(char uplo, int i, int j) { return uplo == 'L' ? i >= j : i <= j; }

// The factor's entry at window (i, j) of its triangle, rounded to the type.
static double complex stored(int t, unsigned s, int ia, int ja, int i, int j) {
  double complex v = rt_tvalue(t, s, ia + i, ja + j);
  if (i == j)
    v = creal(v) + (creal(v) >= 0 ? 2 : -2);
  char buf[16];
  te_put(t, buf, 0, v);
  return te_get(t, buf, 0);
}

static void fill(int t, mat_t *a, unsigned s, char uplo, int n, int ia, int ja, int zero_at) {
  int npr, npc, pr, pc;
  rma_grid_info(a->d.grid, &npr, &npc, &pr, &pc);
  for (int lj = 0; lj < a->lc; lj++)
    for (int li = 0; li < a->lr; li++) {
      int i = rt_global(li, a->d.mb, pr, a->d.rsrc, npr) - ia,
          j = rt_global(lj, a->d.nb, pc, a->d.csrc, npc) - ja;
      if (i < 0 || i >= n || j < 0 || j >= n)
        continue;
      double complex v = i == j && i + 1 == zero_at ? 0 : stored(t, s, ia, ja, i, j);
      te_put(t, a->data, li + (long)lj * a->d.lld, in_tri(uplo, i, j) ? v : NAN);
    }
}

static void one_case(int t, rma_grid_t g, unsigned *rs, int caseno) {
  int npr, npc, pr, pc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  char uplo = "LU"[caseno % 2];
  int n = rt_rand(rs, 61);
  if (caseno % 4 == 3)
    n = 150 + rt_rand(rs, 150);
  if (caseno == 4)
    n = 0;
  int mb = 1 + rt_rand(rs, 40), nb = caseno % 3 ? mb : 1 + rt_rand(rs, 40);
  int ia = rt_rand(rs, 6), ja = caseno % 5 ? ia : rt_rand(rs, 6);
  unsigned sa = 51 + caseno;
  mat_t A;
  if (rt_tmatrix_make(t, g, ia + n + rt_rand(rs, 3), ja + n + rt_rand(rs, 3), mb, nb,
                      rt_rand(rs, npr), rt_rand(rs, npc), caseno % 2, sa, &A)) {
    rt_fail("type %c case %d: could not make the matrix", te_name(t), caseno);
    return;
  }
  size_t es = te_size(t);
  long len = rt_tmatrix_len(&A);
  void *before = malloc(es * (size_t)len);
  if (n > 0) { // INFO for a zero diagonal entry: j everywhere, nothing written
    int j = 1 + rt_rand(rs, n);
    fill(t, &A, sa, uplo, n, ia, ja, j);
    memcpy(before, A.data, es * (size_t)len);
    rt_expect_all(call(t, uplo, n, &A, ia, ja), j, "type %c case %d n=%d: INFO for a zero at %d",
                  te_name(t), caseno, n, j);
    if (memcmp(before, A.data, es * (size_t)len))
      rt_fail("type %c case %d: potri wrote A although INFO > 0", te_name(t), caseno);
  }
  fill(t, &A, sa, uplo, n, ia, ja, 0);
  memcpy(before, A.data, es * (size_t)len);
  int rc = call(t, uplo, n, &A, ia, ja);
  if (rc != 0)
    rt_fail("type %c case %d %c n=%d mb=%d nb=%d: rc %d", te_name(t), caseno, uplo, n, mb, nb, rc);
  int bad = 0;
  for (int lj = 0; lj < A.lc; lj++)
    for (int li = 0; li < A.lr; li++) {
      int i = rt_global(li, A.d.mb, pr, A.d.rsrc, npr) - ia,
          j = rt_global(lj, A.d.nb, pc, A.d.csrc, npc) - ja;
      long e = li + (long)lj * A.d.lld;
      if (!(i >= 0 && i < n && j >= 0 && j < n && in_tri(uplo, i, j)) &&
          memcmp((char *)A.data + es * e, (char *)before + es * e, es) && bad++ < 3)
        rt_fail("type %c case %d: A(%d,%d) outside the triangle changed", te_name(t), caseno,
                i + ia, j + ja);
    }
  if (rc == 0 && n > 0) {
    double complex *x = rt_tmatrix_gather(&A, ia, ja, n, n); // Ainv's triangle, column-major
    double complex *f = malloc(sizeof(double complex) * (size_t)n * (size_t)n);
    double complex *a = malloc(sizeof(double complex) * (size_t)n * (size_t)n);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        f[i + (long)j * n] = in_tri(uplo, i, j) ? stored(t, sa, ia, ja, i, j) : 0;
    int imag_diag = 0;
    for (int j = 0; j < n; j++) {
      imag_diag |= cimag(x[j + (long)j * n]) != 0;
      for (int i = 0; i < j; i++) { // the Hermitian completion
        long up = i + (long)j * n, lo = j + (long)i * n;
        if (uplo == 'L')
          x[up] = conj(x[lo]);
        else
          x[lo] = conj(x[up]);
      }
    }
    if (imag_diag)
      rt_fail_same("type %c case %d: Ainv's diagonal not real", te_name(t), caseno);
    // A = L L^H (lower) or U^H U (upper).
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        double complex s = 0;
        for (int l = 0; l < n; l++)
          s += uplo == 'L' ? f[i + (long)l * n] * conj(f[j + (long)l * n])
                           : conj(f[l + (long)i * n]) * f[l + (long)j * n];
        a[i + (long)j * n] = s;
      }
    double an = 0, xn = 0, rn = 0;
    for (int j = 0; j < n; j++) {
      double ca = 0, cx = 0, cr = 0;
      for (int i = 0; i < n; i++) {
        ca += cabs(a[i + (long)j * n]), cx += cabs(x[i + (long)j * n]);
        double complex r = i == j ? -1 : 0;
        for (int l = 0; l < n; l++)
          r += a[i + (long)l * n] * x[l + (long)j * n];
        cr += cabs(r);
      }
      an = fmax(an, ca), xn = fmax(xn, cx), rn = fmax(rn, cr);
    }
    double ratio = rn / (n * te_eps(t) * an * xn);
    if (!rt_ratio(&worst[t], ratio))
      rt_fail_same("type %c case %d %c n=%d mb=%d nb=%d ia=%d ja=%d: ratio %g", te_name(t), caseno,
                   uplo, n, mb, nb, ia, ja, ratio);
    free(x), free(f), free(a);
  }
  if (caseno == 1) { // illegal arguments
    memcpy(before, A.data, es * (size_t)len);
    rt_expect_all(call(t, 'X', n, &A, ia, ja), -1, "uplo");
    rt_expect_all(call(t, uplo, -1, &A, ia, ja), -2, "n");
    if (n > 0)
      rt_expect_all(call(t, uplo, n, &A, ia, ja + 300), -4, "window (blamed on ia)");
    if (memcmp(before, A.data, es * (size_t)len))
      rt_fail("type %c: an illegal call wrote A", te_name(t));
  }
  free(before);
  rt_tmatrix_free(&A);
}

static void grid_cases(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < NTYPES; t++) {
    unsigned rs = seed + 77u * (unsigned)t;
    for (int c = 0; c < 8; c++)
      one_case(t, g, &rs, c);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  rt_each_grid(grid_cases, 9753u, 29u);
  int status = rt_finish("test_potri", worst, NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
