/*
 * pcall_time: times ScaLAPACK's PDGEMM and PDGETRF as a ScaLAPACK program
 * calls them (Fortran symbols pdgemm_, pdgetrf_; no rmala in the source).
 * Built twice (benchmarks/CMakeLists.txt): rmala-pcall-time links plain
 * ScaLAPACK (rmala serves it only when librmala_scalapack.so is preloaded),
 * rmala-pcall-time-linked links the drop-in library before ScaLAPACK. The
 * two side by side (benchmarks/preload/compare.sh) compare LD_PRELOAD with
 * the link-time drop-in.
 *   mpiexec -n P rmala-pcall-time [n [nb [repeat]]]   (default 4096 64 3)
 * Grid 1 x P. Each operation: one warm-up call, then repeat timed calls
 * (barrier before, the largest time over the ranks); prints one line per
 * operation on rank 0:
 *   pdgemm n <n> nb <nb> np <P> best_s <t> gflops <g>
 * C = A B (NN, alpha 1, beta 0); the LU factors a fresh copy of a
 * diagonally dominant A each time (the copy is not timed).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// BLACS and ScaLAPACK (no C header).
void Cblacs_pinfo(int *me, int *np);
void Cblacs_get(int ctxt, int what, int *val);
void Cblacs_gridinit(int *ctxt, const char *order, int nprow, int npcol);
void Cblacs_gridexit(int ctxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld, int *info);
void pdgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
             const double *alpha, const double *a, const int *ia, const int *ja, const int *desca,
             const double *b, const int *ib, const int *jb, const int *descb, const double *beta,
             double *c, const int *ic, const int *jc, const int *descc, size_t, size_t);
void pdgetrf_(const int *m, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *ipiv, int *info);

// The largest time over the ranks of the call between two barriers.
static double stop(double t0) {
  double t = MPI_Wtime() - t0, tmax;
  MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return tmax;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = argc > 1 ? atoi(argv[1]) : 4096, nb = argc > 2 ? atoi(argv[2]) : 64;
  int repeat = argc > 3 ? atoi(argv[3]) : 3;
  int me, np, ctxt, zero = 0, one = 1, info;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", 1, np);
  int lr = numroc_(&n, &nb, &zero, &zero, &one), lc = numroc_(&n, &nb, &me, &zero, &np);
  int lld = lr > 1 ? lr : 1, desc[9];
  descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctxt, &lld, &info);
  size_t len = (size_t)lld * (size_t)(lc > 0 ? lc : 1);
  double *a = malloc(len * sizeof *a), *b = malloc(len * sizeof *b), *c = malloc(len * sizeof *c);
  double *lu = malloc(len * sizeof *lu);
  int *ipiv = malloc((size_t)(lr + nb) * sizeof *ipiv);
  if (!a || !b || !c || !lu || !ipiv || n < 1 || nb < 1 || repeat < 1) {
    fprintf(stderr, "pcall_time: bad arguments or out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  // A and B uniform in [-0.5, 0.5) by local index; A's diagonal n (global
  // column jg = (j / nb * np + me) * nb + j % nb).
  srand(17 + (unsigned)me);
  for (size_t i = 0; i < len; i++)
    a[i] = rand() / (RAND_MAX + 1.0) - 0.5, b[i] = rand() / (RAND_MAX + 1.0) - 0.5, c[i] = 0;
  for (int j = 0; j < lc; j++) {
    int jg = (j / nb * np + me) * nb + j % nb;
    if (jg < lr)
      a[(size_t)j * lld + jg] += n;
  }
  const double alpha = 1, beta = 0;
  double best = 1e30;
  for (int r = 0; r <= repeat; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    pdgemm_("N", "N", &n, &n, &n, &alpha, a, &one, &one, desc, b, &one, &one, desc, &beta, c,
            &one, &one, desc, 1, 1);
    double t = stop(t0);
    if (r > 0 && t < best)
      best = t;
  }
  if (me == 0)
    printf("pdgemm n %d nb %d np %d best_s %.6f gflops %.2f\n", n, nb, np, best,
           2.0 * n * (double)n * n / best * 1e-9);
  best = 1e30;
  for (int r = 0; r <= repeat; r++) {
    memcpy(lu, a, len * sizeof *a);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    pdgetrf_(&n, &n, lu, &one, &one, desc, ipiv, &info);
    double t = stop(t0);
    if (info != 0 && me == 0)
      fprintf(stderr, "pcall_time: pdgetrf info %d\n", info);
    if (r > 0 && t < best)
      best = t;
  }
  if (me == 0)
    printf("pdgetrf n %d nb %d np %d best_s %.6f gflops %.2f\n", n, nb, np, best,
           2.0 / 3.0 * n * (double)n * n / best * 1e-9);
  free(a), free(b), free(c), free(lu), free(ipiv);
  Cblacs_gridexit(ctxt);
  MPI_Finalize();
  return 0;
}
