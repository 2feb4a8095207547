/*
 * rma_syrk / rma_herk, rma_trmm, rma_trtri and rma_potri on GAs of C_FLOAT,
 * C_DBL, C_SCPL and C_DCPL (the element type from the handle): tiled and
 * ScaLAPACK layouts (rma_matrix_create_type; square 5 x 5 blocks and 4 x 6)
 * and GA's regular distribution (trtri and potri through the engine's
 * copy), at np = 1, 2, 3, 4, 6. Matrices from the seeded generator rounded
 * to the type (rt_tfill); triangular ones with the diagonal + 4.
 * Checks (eps the type's, |x| the modulus, in double complex on the
 * gathered results; each fails on NaN):
 *   syrk / herk  ratio = max|C - (alpha op(A) op(A)^T|^H + beta C0)| on the
 *                triangle / (eps (|alpha| k max|A|^2 + |beta| max|C0|)) <= 16,
 *                the other triangle bit for bit unchanged;
 *   trmm         ratio = max|B - alpha op(T) B0| / (eps |alpha| n max|T| max|B0|) <= 16;
 *   trtri        ratio = max|I - T Tinv| / (n eps max|T| max|Tinv|) <= 16,
 *                the other triangle unchanged;
 *   potri        ratio = max|I - A Ainv| / (n eps max|A| max|Ainv|) <= 16 with
 *                A = L L^H from the factor L (the generator's lower triangle);
 *   INFO: a zero at diagonal entry 7 gives 7 on every rank (trtri, potri; order 150).
 * Argument checks: uplo 'X' is -1, a g_c of another type -8 (syrk), a
 * non-square g_a -3 (trtri), on every rank.
 * Prints the worst ratio per routine; exits 1 on any failure.
 */
#include <complex.h>
#include <ga.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

static rt_ratio_t ratios[4] = {
    RT_RATIO("syrk/herk", "max|C - ref| / (eps (|alpha| k max|A|^2 + |beta| max|C0|))", 16),
    RT_RATIO("trmm", "max|B - alpha op(T) B0| / (eps |alpha| n max|T| max|B0|)", 16),
    RT_RATIO("trtri", "max|I - T Tinv| / (n eps max|T| max|Tinv|)", 16),
    RT_RATIO("potri", "max|I - A Ainv| / (n eps max|A| max|Ainv|)", 16)};

// The rows x cols GA g of type t gathered as double complex (row-major).
static double complex *gather(int t, int g, int rows, int cols) {
  void *raw = malloc(te_size(t) * (size_t)rows * cols);
  double complex *x = malloc(sizeof(double complex) * (size_t)rows * cols);
  rt_tgather(t, g, rows, cols, raw);
  for (long i = 0; i < (long)rows * cols; i++)
    x[i] = te_get(t, raw, i);
  free(raw);
  return x;
}

static double maxabs(const double complex *x, long len) {
  double m = 0;
  for (long i = 0; i < len; i++)
    m = fmax(m, cabs(x[i]));
  return m;
}

// One type and layout: every routine once.
static void one(int t, int layout, int mb, int nb) {
  const int n = 37, k = 23;
  char tr = te_complex(t) ? 'C' : 'T';
  double eps = te_eps(t);
  // syrk (herk for c, z): C := alpha A A^H + beta C, lower; then upper with A^H A.
  for (int up = 0; up < 2; up++) {
    int ga = rt_tcreate(t, layout, up ? k : n, up ? n : k, mb, nb),
        gc = rt_tcreate(t, layout, n, n, mb, nb);
    rt_tfill(t, ga, up ? k : n, up ? n : k, 11, 0, NULL);
    rt_tfill(t, gc, n, n, 12, 0, NULL);
    double complex *a = gather(t, ga, up ? k : n, up ? n : k), *c0 = gather(t, gc, n, n);
    double alpha = -0.75, beta = 0.5;
    int rc;
    char uplo = up ? 'U' : 'L', trans = up ? tr : 'N';
    if (te_complex(t)) {
      rc = rma_herk(uplo, trans, n, k, alpha, ga, beta, gc);
    } else {
      char al[8], be[8];
      te_put(t, al, 0, alpha), te_put(t, be, 0, beta);
      rc = rma_syrk(uplo, trans, n, k, al, ga, be, gc);
    }
    rt_expect_all(rc, 0, "%c %s syrk/herk %c%c", te_name(t), layout == 2 ? "regular" : "", uplo,
                  trans);
    double complex *c = gather(t, gc, n, n);
    double scale = eps * (fabs(alpha) * k * pow(maxabs(a, (long)n * k), 2) +
                          fabs(beta) * maxabs(c0, (long)n * n));
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        long e = (long)i * n + j;
        if (up ? i > j : i < j) {
          if (c[e] != c0[e])
            rt_fail_same("%c layout %d: syrk wrote C(%d,%d) outside the triangle", te_name(t),
                         layout, i, j);
          continue;
        }
        double complex ref = beta * c0[e];
        for (int x = 0; x < k; x++) // up: op(A) = A^H (k x n stored); else A (n x k)
          ref += alpha * (up ? conj(a[(long)x * n + i]) * a[(long)x * n + j]
                             : a[(long)i * k + x] * conj(a[(long)j * k + x]));
        if (i == j && te_complex(t))
          ref = creal(ref);
        rt_ratio(&ratios[0], cabs(c[e] - ref) / scale);
      }
    // Illegal arguments: the same code everywhere.
    if (up == 0) {
      int other = rt_tcreate(t == TE_Z ? TE_C : TE_Z, layout, n, n, mb, nb);
      if (te_complex(t)) {
        rt_expect_all(rma_herk('X', 'N', n, k, 1, ga, 0, gc), -1, "herk uplo X");
        rt_expect_all(rma_herk('L', 'N', n, k, 1, ga, 0, other), -8, "herk g_c of another type");
      } else {
        double one = 1;
        rt_expect_all(rma_syrk('X', 'N', n, k, &one, ga, &one, gc), -1, "syrk uplo X");
      }
      GA_Destroy(other);
    }
    free(a), free(c0), free(c);
    GA_Destroy(ga), GA_Destroy(gc);
  }
  // trmm: B := alpha op(T) B, T upper, op T / C, side L; then side R, lower, N, unit.
  for (int right = 0; right < 2; right++) {
    int m = 29, na = right ? n : m;
    int gt = rt_tcreate(t, layout, na, na, mb, nb), gb = rt_tcreate(t, layout, m, n, mb, nb);
    rt_tfill(t, gt, na, na, 21, 4, NULL);
    rt_tfill(t, gb, m, n, 22, 0, NULL);
    double complex *tt = gather(t, gt, na, na), *b0 = gather(t, gb, m, n);
    char uplo = right ? 'L' : 'U', ta = right ? 'N' : tr, diag = right ? 'U' : 'N';
    for (int i = 0; i < na; i++)
      for (int j = 0; j < na; j++)
        if ((uplo == 'L' ? i < j : i > j))
          tt[(long)i * na + j] = 0;
        else if (i == j && diag == 'U')
          tt[(long)i * na + j] = 1;
    char al[16];
    double complex alpha = te_complex(t) ? 0.5 - 0.25 * I : 0.5;
    te_put(t, al, 0, alpha);
    rt_expect_all(rma_trmm(right ? 'R' : 'L', uplo, ta, diag, m, n, al, gt, gb), 0, "%c trmm",
                  te_name(t));
    double complex *b = gather(t, gb, m, n);
    double scale = eps * cabs(alpha) * na * maxabs(tt, (long)na * na) * maxabs(b0, (long)m * n);
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++) {
        double complex ref = 0;
        for (int x = 0; x < na; x++) {
          double complex tv = right ? tt[(long)x * na + j] : tt[(long)x * na + i]; // op T / C (left)
          if (!right && ta == 'C')
            tv = conj(tv);
          ref += right ? b0[(long)i * n + x] * tv : tv * b0[(long)x * n + j];
        }
        rt_ratio(&ratios[1], cabs(b[(long)i * n + j] - alpha * ref) / scale);
      }
    free(tt), free(b0), free(b);
    GA_Destroy(gt), GA_Destroy(gb);
  }
  // trtri (lower, non-unit) and potri (upper): inverse checks and INFO; of
  // order 150, so the recursion combines leaves (products on the copy for
  // the regular layout).
  for (int potri = 0, n = 150; potri < 2; potri++) {
    char uplo = potri ? 'U' : 'L';
    int g = rt_tcreate(t, layout, n, n, mb, nb);
    rt_tfill(t, g, n, n, 31, 4, NULL);
    double complex *f = gather(t, g, n, n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (uplo == 'L' ? i < j : i > j)
          f[(long)i * n + j] = 0;
    int rc = potri ? rma_potri(uplo, g) : rma_trtri(uplo, 'N', g);
    rt_expect_all(rc, 0, "%c %s", te_name(t), potri ? "potri" : "trtri");
    double complex *x = gather(t, g, n, n), *a = f;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (uplo == 'L' ? i < j : i > j)
          x[(long)i * n + j] = potri ? conj(x[(long)j * n + i]) : 0;
    if (potri) { // A = U^H U
      a = malloc(sizeof(double complex) * (size_t)n * n);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
          double complex s = 0;
          for (int l = 0; l < n; l++)
            s += conj(f[(long)l * n + i]) * f[(long)l * n + j];
          a[(long)i * n + j] = s;
        }
    }
    double worst = 0, an = maxabs(a, (long)n * n), xn = maxabs(x, (long)n * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double complex s = i == j ? -1 : 0;
        for (int l = 0; l < n; l++)
          s += a[(long)i * n + l] * x[(long)l * n + j];
        worst = fmax(worst, cabs(s));
      }
    rt_ratio(&ratios[2 + potri], worst / (n * eps * an * xn));
    // INFO: a zero at diagonal entry 7.
    char zero[16] = {0};
    int lo[2] = {6, 6}, hi[2] = {6, 6}, ld = 1;
    if (GA_Nodeid() == 0)
      NGA_Put(g, lo, hi, zero, &ld);
    GA_Sync();
    rc = potri ? rma_potri(uplo, g) : rma_trtri(uplo, 'N', g);
    rt_expect_all(rc, 7, "%c %s INFO for a zero at 7", te_name(t), potri ? "potri" : "trtri");
    if (!potri) {
      int wide = rt_tcreate(t, layout, n, n + 3, mb, nb);
      rt_expect_all(rma_trtri('L', 'N', wide), -3, "trtri of a non-square GA");
      GA_Destroy(wide);
    }
    if (a != f)
      free(a);
    free(f), free(x);
    GA_Destroy(g);
  }
}

int main(int argc, char **argv) {
  int me, np;
  rt_ga_float_safe();
  rt_init(&argc, &argv, &me, &np);
  for (int t = 0; t < TE_NTYPES; t++)
    for (int layout = 0; layout < 3; layout++) {
      one(t, layout, 5, 5);
      if (layout < 2)
        one(t, layout, 4, 6);
    }
  int status = rt_finish("test_triangle_types (GA)", ratios, 4);
  rt_finalize();
  return status;
}
