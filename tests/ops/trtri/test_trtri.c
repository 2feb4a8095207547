/*
 * The triangular inverse through the native typed API (rma_?matrix_trtri,
 * s, d, c, z), MPI only (it runs in the GA-free build).
 *
 * Grids: every factorisation of P (both rank orders). Per type every UPLO
 * L / U x DIAG N / U, with n 0..60 and some 150..299 (several recursion
 * levels, leaves across ranks), square blocks nb 1..40 or mb != nb,
 * windows off block boundaries (ia = ja or not), rsrc / csrc any. T is
 * the generator's matrix with its diagonal made dominant (|T(i,i)| >= 2,
 * so T is well conditioned); the other triangle holds NaN (and the
 * diagonal too for DIAG = U) and must stay bit for bit as it was.
 * Check (the window gathered on every rank, the product in double complex):
 *     ratio = ||I - T Tinv||_1 / (n eps ||T||_1 ||Tinv||_1) <= 16
 * (the product over the triangles only: NaN never enters it); every element
 * outside the inverted triangle unchanged. INFO: an exact zero put at
 * diagonal entry j (several j, DIAG = N) returns j on every rank with
 * nothing written; DIAG = U ignores it. Illegal arguments: the same -i
 * everywhere, nothing written.
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
#define FORMULA "||I - T Tinv||_1 / (n eps ||T||_1 ||Tinv||_1)"
static rt_ratio_t worst[NTYPES] = {RT_RATIO("trtri s", FORMULA, 16),
                                   RT_RATIO("trtri d", FORMULA, 16),
                                   RT_RATIO("trtri c", FORMULA, 16),
                                   RT_RATIO("trtri z", FORMULA, 16)};

typedef rt_tmatrix_t mat_t;

static int call(int t, char uplo, char diag, int n, const mat_t *a, int ia, int ja) {
#define TYPED(p)                                                                                   \
  {                                                                                                \
    rma_##p##matrix_t A = RT_TMATRIX(p, a);                                                        \
    return rma_##p##matrix_trtri(uplo, diag, n, &A, ia, ja);                                       \
  }
  TE_DISPATCH(t, TYPED)
#undef TYPED
}

// 1 when window element (i, j) is in the triangle trtri reads and writes.
static int in_tri(char uplo, char diag, int i, int j) {
  return (uplo == 'L' ? i >= j : i <= j) && !(i == j && diag == 'U');
}

// The value fill stores at window (i, j) of the triangle (no zero), rounded
// to the type.
static double complex stored(int t, unsigned s, char diag, int ia, int ja, int i, int j) {
  double complex v = rt_tvalue(t, s, ia + i, ja + j);
  if (i == j && diag == 'N')
    v += creal(v) >= 0 ? 2 : -2;
  char buf[16];
  te_put(t, buf, 0, v);
  return te_get(t, buf, 0);
}

// Fill the window's triangle: generator values, diagonal 2 + |value| (with
// the value's phase kept for complex), the rest NaN; zero_at > 0 puts an
// exact zero on diagonal entry zero_at (1-based).
static void fill(int t, mat_t *a, unsigned s, char uplo, char diag, int n, int ia, int ja,
                 int zero_at) {
  int npr, npc, pr, pc;
  rma_grid_info(a->d.grid, &npr, &npc, &pr, &pc);
  for (int lj = 0; lj < a->lc; lj++)
    for (int li = 0; li < a->lr; li++) {
      int i = rt_global(li, a->d.mb, pr, a->d.rsrc, npr) - ia,
          j = rt_global(lj, a->d.nb, pc, a->d.csrc, npc) - ja;
      if (i < 0 || i >= n || j < 0 || j >= n)
        continue;
      double complex v = i == j && i + 1 == zero_at ? 0 : stored(t, s, diag, ia, ja, i, j);
      te_put(t, a->data, li + (long)lj * a->d.lld, in_tri(uplo, diag, i, j) ? v : NAN);
    }
}

static void one_case(int t, rma_grid_t g, unsigned *rs, int caseno) {
  int npr, npc, pr, pc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  char uplo = "LU"[caseno % 2], diag = "NU"[caseno / 2 % 2];
  int n = rt_rand(rs, 61);
  if (caseno % 5 == 3)
    n = 150 + rt_rand(rs, 150);
  if (caseno == 6)
    n = 0;
  int mb = 1 + rt_rand(rs, 40), nb = caseno % 3 ? mb : 1 + rt_rand(rs, 40);
  int ia = rt_rand(rs, 6), ja = caseno % 4 ? ia : rt_rand(rs, 6);
  unsigned sa = 41 + caseno;
  mat_t A;
  if (rt_tmatrix_make(t, g, ia + n + rt_rand(rs, 3), ja + n + rt_rand(rs, 3), mb, nb,
                      rt_rand(rs, npr), rt_rand(rs, npc), caseno % 2, sa, &A)) {
    rt_fail("type %c case %d: could not make the matrix", te_name(t), caseno);
    return;
  }
  size_t es = te_size(t);
  long len = rt_tmatrix_len(&A);
  void *before = malloc(es * (size_t)len);
  // INFO for a zero diagonal entry (DIAG = N): j everywhere, nothing written.
  if (n > 0 && diag == 'N') {
    int j = 1 + rt_rand(rs, n);
    fill(t, &A, sa, uplo, diag, n, ia, ja, j);
    memcpy(before, A.data, es * (size_t)len);
    rt_expect_all(call(t, uplo, diag, n, &A, ia, ja), j, "type %c case %d n=%d: INFO for T(%d,%d) = 0",
                  te_name(t), caseno, n, j, j);
    if (memcmp(before, A.data, es * (size_t)len))
      rt_fail("type %c case %d: trtri wrote A although INFO > 0", te_name(t), caseno);
  }
  fill(t, &A, sa, uplo, diag, n, ia, ja, 0);
  memcpy(before, A.data, es * (size_t)len);
  int rc = call(t, uplo, diag, n, &A, ia, ja);
  if (rc != 0)
    rt_fail("type %c case %d %c%c n=%d mb=%d nb=%d: rc %d", te_name(t), caseno, uplo, diag, n, mb,
            nb, rc);
  // Outside the triangle: untouched.
  int bad = 0;
  for (int lj = 0; lj < A.lc; lj++)
    for (int li = 0; li < A.lr; li++) {
      int i = rt_global(li, A.d.mb, pr, A.d.rsrc, npr) - ia,
          j = rt_global(lj, A.d.nb, pc, A.d.csrc, npc) - ja;
      long e = li + (long)lj * A.d.lld;
      if (!(i >= 0 && i < n && j >= 0 && j < n && in_tri(uplo, diag, i, j)) &&
          memcmp((char *)A.data + es * e, (char *)before + es * e, es) && bad++ < 3)
        rt_fail("type %c case %d: A(%d,%d) outside the triangle changed", te_name(t), caseno,
                i + ia, j + ja);
    }
  if (rc == 0 && n > 0) {
    double complex *x = rt_tmatrix_gather(&A, ia, ja, n, n); // Tinv, column-major
    double complex *tm = malloc(sizeof(double complex) * (size_t)n * (size_t)n);
    // T and Tinv as triangles: what fill stored, ones on a unit diagonal, zeros elsewhere.
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        long e = i + (long)j * n;
        tm[e] = in_tri(uplo, diag, i, j) ? stored(t, sa, diag, ia, ja, i, j) : i == j ? 1 : 0;
        x[e] = in_tri(uplo, diag, i, j) ? x[e] : i == j ? 1 : 0;
      }
    double tn = 0, xn = 0, rn = 0;
    for (int j = 0; j < n; j++) {
      double ct = 0, cx = 0, cr = 0;
      for (int i = 0; i < n; i++) {
        ct += cabs(tm[i + (long)j * n]), cx += cabs(x[i + (long)j * n]);
        double complex r = i == j ? -1 : 0;
        for (int l = 0; l < n; l++)
          r += tm[i + (long)l * n] * x[l + (long)j * n];
        cr += cabs(r);
      }
      tn = fmax(tn, ct), xn = fmax(xn, cx), rn = fmax(rn, cr);
    }
    free(tm);
    double ratio = rn / (n * te_eps(t) * tn * xn);
    if (!rt_ratio(&worst[t], ratio))
      rt_fail_same("type %c case %d %c%c n=%d mb=%d nb=%d ia=%d ja=%d: ratio %g", te_name(t),
                   caseno, uplo, diag, n, mb, nb, ia, ja, ratio);
    free(x);
  }
  if (caseno == 1) { // illegal arguments
    memcpy(before, A.data, es * (size_t)len);
    rt_expect_all(call(t, 'X', diag, n, &A, ia, ja), -1, "uplo");
    rt_expect_all(call(t, uplo, 'X', n, &A, ia, ja), -2, "diag");
    rt_expect_all(call(t, uplo, diag, -1, &A, ia, ja), -3, "n");
    if (n > 0) // an empty window only needs offsets >= 0
      rt_expect_all(call(t, uplo, diag, n, &A, ia + 300, ja), -5, "ia");
    if (memcmp(before, A.data, es * (size_t)len))
      rt_fail("type %c: an illegal call wrote A", te_name(t));
  }
  free(before);
  rt_tmatrix_free(&A);
}

static void grid_cases(rma_grid_t g, unsigned seed) {
  for (int t = 0; t < NTYPES; t++) {
    unsigned rs = seed + 77u * (unsigned)t;
    for (int c = 0; c < 12; c++)
      one_case(t, g, &rs, c);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  rt_each_grid(grid_cases, 1357u, 23u);
  int status = rt_finish("test_trtri", worst, NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
