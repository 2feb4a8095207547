/*
 * The drop-in's other Fortran names (scalapack_dropin): a C ScaLAPACK
 * program calling PDGEMM as pdgemm_, pdgemm, PDGEMM and PDGEMM_ (the names
 * gfortran, -fno-underscoring, and upper-case compilers produce) and
 * PDGETRF as pdgetrf_ and PDGETRF_, linked with librmala_scalapack before
 * ScaLAPACK. Check: every name computes the same C (bit for bit: one
 * routine) and the same LU factors and pivots, INFO 0, C = A B to a
 * residual ratio |C - A B|_max / (k eps |A|_max |B|_max) < 16 checked on
 * the product of pdgemm_ against the formulas at sampled entries; prints
 * "PASS manglings" on rank 0. run.sh counts rmala's
 * RMALA_VERBOSE lines (served four times, or passed to ScaLAPACK four
 * times with RMALA_SCALAPACK_MIN_DIM large: the fall-through from any name).
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void Cblacs_pinfo(int *me, int *np);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridexit(int ctxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld, int *info);
#define GEMM_ARGS                                                                                  \
  (const char *, const char *, const int *, const int *, const int *, const double *,              \
   const double *, const int *, const int *, const int *, const double *, const int *,             \
   const int *, const int *, const double *, double *, const int *, const int *, const int *,      \
   size_t, size_t)
typedef void gemm_fn GEMM_ARGS;
typedef void getrf_fn(const int *, const int *, double *, const int *, const int *, const int *,
                      int *, int *);
gemm_fn pdgemm_, pdgemm, PDGEMM, PDGEMM_;
getrf_fn pdgetrf_, PDGETRF_;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const int n = 300, nb = 32, zero = 0, one = 1;
  int me, np, ctxt, info, bad = 0;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, np);
  int lr = numroc_(&n, &nb, &zero, &zero, &one), lc = numroc_(&n, &nb, &me, &zero, &np);
  int lld = lr, desc[9];
  descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
  size_t len = (size_t)lld * (size_t)(lc > 0 ? lc : 1);
  double *a = calloc(len, sizeof *a), *b = calloc(len, sizeof *b), *c[4], *lu[2];
  int *ipiv[2];
  for (int i = 0; i < 4; i++)
    c[i] = calloc(len, sizeof *c[i]);
  for (int i = 0; i < 2; i++)
    lu[i] = calloc(len, sizeof *lu[i]), ipiv[i] = calloc((size_t)(lr + nb), sizeof(int));
  // A(i, j) = sin(i + 2 j), B(i, j) = cos(2 i - j) at global indices; A's
  // diagonal + n (the LU's matrix).
  for (int j = 0; j < lc; j++) {
    int jg = (j / nb * np + me) * nb + j % nb;
    for (int i = 0; i < lr; i++) {
      a[(size_t)j * lld + i] = sin(i + 2.0 * jg) + (i == jg ? n : 0);
      b[(size_t)j * lld + i] = cos(2.0 * i - jg);
    }
  }
  gemm_fn *names[4] = {pdgemm_, pdgemm, PDGEMM, PDGEMM_};
  const double alpha = 1, beta = 0;
  for (int i = 0; i < 4; i++)
    names[i]("N", "N", &n, &n, &n, &alpha, a, &one, &one, desc, b, &one, &one, desc, &beta, c[i],
             &one, &one, desc, 1, 1);
  for (int i = 1; i < 4; i++)
    if (memcmp(c[0], c[i], len * sizeof *c[0]))
      bad = 1, fprintf(stderr, "FAIL: PDGEMM name %d differs from pdgemm_\n", i);
  // C = A B at sampled local entries (every 7th), against a plain sum over k
  // of the defining formulas (1 x P grid: local row i is global row i).
  double worst = 0, amax = n + 1.0;
  for (int j = 0; j < lc; j += 7) {
    int jg = (j / nb * np + me) * nb + j % nb;
    for (int i = 0; i < lr; i += 7) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += (sin(i + 2.0 * k) + (i == k ? n : 0)) * cos(2.0 * k - jg);
      double r = fabs(c[0][(size_t)j * lld + i] - s) / (n * DBL_EPSILON * amax);
      worst = r > worst ? r : worst;
    }
  }
  getrf_fn *fnames[2] = {pdgetrf_, PDGETRF_};
  for (int i = 0; i < 2; i++) {
    memcpy(lu[i], a, len * sizeof *a);
    fnames[i](&n, &n, lu[i], &one, &one, desc, ipiv[i], &info);
    if (info)
      bad = 1, fprintf(stderr, "FAIL: PDGETRF name %d: INFO %d\n", i, info);
  }
  if (memcmp(lu[0], lu[1], len * sizeof *a) || memcmp(ipiv[0], ipiv[1], (size_t)lr * sizeof(int)))
    bad = 1, fprintf(stderr, "FAIL: PDGETRF_ differs from pdgetrf_\n");
  double wmax;
  int anybad;
  MPI_Allreduce(&worst, &wmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (wmax >= 16)
    anybad = 1;
  if (me == 0)
    printf("%s manglings: worst ratio %.3g\n", anybad ? "FAIL" : "PASS", wmax);
  free(a), free(b);
  for (int i = 0; i < 4; i++)
    free(c[i]);
  for (int i = 0; i < 2; i++)
    free(lu[i]), free(ipiv[i]);
  Cblacs_gridexit(ctxt);
  MPI_Finalize();
  return anybad;
}
