/*
 * rmala-bench --op coll: latency of rma_allgather / rma_bcast / rma_barrier
 * against MPI_Allgather / MPI_Bcast / MPI_Barrier, 8 B to 1 MiB per rank
 * (powers of 4, plus 64 KiB, the end of the target range), median over --coll-iters calls
 * after a tenth as many warm-up calls, on MPI_COMM_WORLD. Each call is timed alone (MPI_Wtime
 * around it, no barrier between calls, as an application issues them); the
 * median of rank maxima is reported. One table on stdout and one CSV row per
 * (collective, size, impl) in --csv (header written into an empty file):
 *   op,impl,bytes,np,nodes,median_us,ratio,status
 * ratio = rma median / MPI median (both rows of a pair carry it).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "rmala.h"

#define COLL_MAX ((size_t)1 << 20)

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// Median over iters timed calls of collective op (0 allgather, 1 bcast,
// 2 barrier) by impl (0 rma, 1 MPI); the max over ranks. < 0: a call failed.
static double time_one(rma_coll_t coll, int op, int impl, size_t n, int iters, char *s, char *r,
                       double *t) {
  int bad = 0, warm = iters / 10 + 1;
  for (int i = -warm; i < iters; i++) {
    double t0 = MPI_Wtime();
    int rc = 0;
    if (op == 0)
      rc = impl ? MPI_Allgather(s, (int)n, MPI_BYTE, r, (int)n, MPI_BYTE, MPI_COMM_WORLD)
                : rma_allgather(coll, s, n, r);
    else if (op == 1)
      rc = impl ? MPI_Bcast(s, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD) : rma_bcast(coll, s, n, 0);
    else
      rc = impl ? MPI_Barrier(MPI_COMM_WORLD) : rma_barrier(coll);
    if (i >= 0)
      t[i] = MPI_Wtime() - t0;
    bad |= rc != 0;
  }
  qsort(t, (size_t)iters, sizeof(double), cmp_double);
  double med = bad ? -1.0 : t[iters / 2];
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &med, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return bad ? -1.0 : med;
}

int bench_coll_run(const bench_env_t *env, const char *csv, int iters) {
  static const char *const names[3][2] = {{"rma_allgather", "MPI_Allgather"},
                                          {"rma_bcast", "MPI_Bcast"},
                                          {"rma_barrier", "MPI_Barrier"}};
  rma_coll_t coll = NULL;
  int rc = rma_coll_create(MPI_COMM_WORLD, COLL_MAX, &coll);
  if (rc)
    return rc;
  char *s = calloc(COLL_MAX, 1), *r = calloc(COLL_MAX * (size_t)env->np, 1);
  double *t = malloc(sizeof(double) * (size_t)iters);
  FILE *f = NULL;
  if (env->rank == 0) {
    f = fopen(csv, "a");
    if (f && ftell(f) == 0)
      fprintf(f, "op,impl,bytes,np,nodes,median_us,ratio,status\n");
    printf("rmala-bench --op coll: np=%d on %d node(s), median of %d calls after %d warm-up, "
           "max over ranks (us)\n%-10s %9s %10s %10s %7s\n",
           env->np, env->nodes, iters, iters / 10 + 1, "op", "bytes", "rma", "MPI", "ratio");
  }
  static const size_t sizes[] = {8,     32,    128,    512,    2048,    8192,
                                 32768, 65536, 131072, 524288, COLL_MAX};
  int failed = 0;
  for (int op = 0; op < 3; op++)
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
      size_t n = sizes[k];
      double us[2];
      for (int impl = 0; impl < 2; impl++)
        us[impl] = 1e6 * time_one(coll, op, impl, n, iters, s, r, t);
      double ratio = us[0] > 0 && us[1] > 0 ? us[0] / us[1] : -1.0;
      failed |= us[0] < 0 || us[1] < 0;
      if (env->rank == 0) {
        printf("%-10s %9zu %10.2f %10.2f %7.2f\n", names[op][0] + 4, op == 2 ? 0 : n, us[0], us[1],
               ratio);
        for (int impl = 0; f && impl < 2; impl++)
          fprintf(f, "%s,%s,%zu,%d,%d,%.3f,%.3f,%s\n", names[op][0] + 4, impl ? "mpi" : "rma",
                  op == 2 ? (size_t)0 : n, env->np, env->nodes, us[impl], ratio,
                  us[impl] < 0 ? "FAILED" : "OK");
      }
      if (op == 2)
        break; // a barrier has no size
    }
  if (f)
    fclose(f);
  free(s), free(r), free(t);
  rma_coll_free(&coll);
  return failed;
}
