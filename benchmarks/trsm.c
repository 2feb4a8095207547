/*
 * rmala-bench --op trsm: rma_pdtrsm against ScaLAPACK's pdtrsm_ on the same
 * ScaLAPACK arrays (double, SIDE L, UPLO L, TRANSA N, DIAG N: the issue's
 * cell), for each n of --n (m = n) and nb of --nb, on the most square
 * nprow x npcol = np BLACS grid (nprow <= npcol). A: the seeded generator's
 * lower triangle with n added to the diagonal (well conditioned), zeros
 * above; B: the seeded generator. Each impl: one warm-up call, then
 * --repeat timed calls (B restored before each, barrier, the slowest rank's
 * MPI_Wtime), the median reported. Residual of the last call, by pdgemm_
 * and pdlange_: max|A X - B| / (max|A| max|X| n eps) (eps 2^-53), which
 * must stay below 16 (status "ok", else "RESID"). One table line and one CSV
 * row per (n, nb, impl) in --csv (header written into an empty file):
 *   op,impl,side,uplo,transa,diag,m,n,nb,np,nodes,time_s,gflops,ratio,resid,status
 * gflops = n^3 / time (m^2 n flops for SIDE L); ratio = rmala's gflops over
 * pdtrsm's (both rows of a pair carry it). Timings mean something only on
 * an otherwise idle machine.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "rmala.h"
#include "testutil.h"

void Cblacs_get(int icontxt, int what, int *val);
void Cblacs_gridinit(int *icontxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int icontxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int icontxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrcproc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld, int *info);
void pdtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
             const double *, const double *, const int *, const int *, const int *, double *,
             const int *, const int *, const int *, size_t, size_t, size_t, size_t);
void pdgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
             const double *, const int *, const int *, const int *, const double *, const int *,
             const int *, const int *, const double *, double *, const int *, const int *,
             const int *, size_t, size_t);
double pdlange_(const char *, const int *, const int *, const double *, const int *, const int *,
                const int *, double *, size_t);

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// max|A X - B0| / (max|A| max|X| n eps), X in x, B0 in b0 (overwritten).
static double residual(int n, const double *a, const double *x, double *b0, const int *desc) {
  int one = 1;
  double p1 = 1.0, m1 = -1.0, w = 0.0;
  pdgemm_("N", "N", &n, &n, &n, &p1, a, &one, &one, desc, x, &one, &one, desc, &m1, b0, &one, &one,
          desc, 1, 1);
  double r = pdlange_("M", &n, &n, b0, &one, &one, desc, &w, 1);
  double an = pdlange_("M", &n, &n, a, &one, &one, desc, &w, 1);
  double xn = pdlange_("M", &n, &n, x, &one, &one, desc, &w, 1);
  return r / (an * xn * n * RT_EPS);
}

int bench_trsm_run(const bench_env_t *env, const char *csv, const int *sizes, int nsizes,
                   const int *nbs, int nnbs, int repeat) {
  int nprow = 1, npcol = env->np, ctxt, myrow, mycol, bad = 0;
  rt_grid_shape(env->np, &nprow, &npcol);
  Cblacs_get(-1, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "Row", nprow, npcol);
  Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
  FILE *out = NULL;
  if (env->rank == 0) {
    out = fopen(csv, "a");
    if (out && ftell(out) == 0)
      fprintf(out,
              "op,impl,side,uplo,transa,diag,m,n,nb,np,nodes,time_s,gflops,ratio,resid,status\n");
    printf("rmala-bench --op trsm: np=%d (%d x %d grid), SIDE L UPLO L N N, median of %d after 1 "
           "warm-up\n%6s %5s %-10s %10s %9s %7s %10s\n",
           env->np, nprow, npcol, repeat, "n", "nb", "impl", "time_s", "gflops", "ratio", "resid");
  }
  double *t = malloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1));
  for (int si = 0; si < nsizes; si++)
    for (int bi = 0; bi < nnbs; bi++) {
      int n = sizes[si], nb = nbs[bi], zero = 0, info;
      int lr = numroc_(&n, &nb, &myrow, &zero, &nprow),
          lc = numroc_(&n, &nb, &mycol, &zero, &npcol);
      int lld = lr > 1 ? lr : 1, desc[9];
      descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
      size_t len = (size_t)lld * (size_t)(lc > 0 ? lc : 1);
      double *a = malloc(sizeof(double) * len), *b0 = malloc(sizeof(double) * len);
      double *b = malloc(sizeof(double) * len), *r = malloc(sizeof(double) * len);
      for (int lj = 0; lj < lc; lj++)
        for (int li = 0; li < lr; li++) {
          int gi = rt_global(li, nb, myrow, 0, nprow), gj = rt_global(lj, nb, mycol, 0, npcol);
          a[li + (size_t)lj * lld] = gi < gj ? 0.0 : rt_entry(71, gi, gj) + (gi == gj ? n : 0.0);
          b0[li + (size_t)lj * lld] = rt_entry(72, gi, gj);
        }
      double gf[2] = {0, 0}, med[2] = {0, 0}, res[2] = {0, 0};
      for (int impl = 0; impl < 2; impl++) {
        for (int it = -1; it < repeat; it++) {
          memcpy(b, b0, sizeof(double) * len);
          MPI_Barrier(env->comm);
          double t0 = MPI_Wtime(), one = 1.0;
          int ione = 1, rc = 0;
          if (impl == 0)
            rc = rma_pdtrsm('L', 'L', 'N', 'N', n, n, 1.0, a, 1, 1, desc, b, 1, 1, desc);
          else
            pdtrsm_("L", "L", "N", "N", &n, &n, &one, a, &ione, &ione, desc, b, &ione, &ione, desc,
                    1, 1, 1, 1);
          double dt = MPI_Wtime() - t0;
          MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, env->comm);
          bad |= rc != 0;
          if (it >= 0)
            t[it] = dt;
        }
        qsort(t, (size_t)repeat, sizeof(double), cmp_double);
        med[impl] = t[repeat / 2];
        gf[impl] = (double)n * n * n / med[impl] * 1e-9;
        memcpy(r, b0, sizeof(double) * len);
        res[impl] = residual(n, a, b, r, desc);
      }
      for (int impl = 0; impl < 2 && env->rank == 0; impl++) {
        const char *name = impl ? "pdtrsm" : "rma_pdtrsm", *st = res[impl] < 16 ? "ok" : "RESID";
        printf("%6d %5d %-10s %10.4f %9.2f %7.3f %10.3g %s\n", n, nb, name, med[impl], gf[impl],
               gf[0] / gf[1], res[impl], st);
        if (out)
          fprintf(out, "trsm,%s,L,L,N,N,%d,%d,%d,%d,%d,%.6f,%.3f,%.4f,%.3g,%s\n", name, n, n, nb,
                  env->np, env->nodes, med[impl], gf[impl], gf[0] / gf[1], res[impl], st);
      }
      bad |= res[0] >= 16 || res[1] >= 16;
      free(a), free(b0), free(b), free(r);
    }
  if (out)
    fclose(out);
  free(t);
  Cblacs_gridexit(ctxt);
  return bad;
}
