/*
 * The program the kill test launches (tests/kill/run.sh): every rank loops
 * over rma_dgemm (argv[1] = "dgemm") or rma_lu with pivoting ("lu") on a
 * 768 x 768 ScaLAPACK-layout array; the last rank arms alarm(argv[2] seconds)
 * and so dies by SIGALRM inside an operation while the others wait for it in
 * the library. The launcher must then end the job with a non-zero status;
 * run.sh measures how long that takes. Without the kill the loop would run
 * for 600 s.
 */
#include <ga.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ga_testutil.h"
#include "rmala.h"

int main(int argc, char **argv) {
  int me, np;
  rt_init(&argc, &argv, &me, &np);
  int lu = argc > 1 && strcmp(argv[1], "lu") == 0;
  int after = argc > 2 ? atoi(argv[2]) : 2, n = 768, ga, gb, gc;
  if (rma_matrix_create(n, n, 64, 64, 0, 0, RMA_LAYOUT_SCALAPACK, "a", &ga) ||
      rma_matrix_create(n, n, 64, 64, 0, 0, RMA_LAYOUT_SCALAPACK, "b", &gb) ||
      rma_matrix_create(n, n, 64, 64, 0, 0, RMA_LAYOUT_SCALAPACK, "c", &gc)) {
    fprintf(stderr, "victim: rma_matrix_create failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int *ipiv = malloc(sizeof(int) * (size_t)n);
  double start = MPI_Wtime();
  if (me == np - 1)
    alarm((unsigned)after);
  for (long round = 0; MPI_Wtime() - start < 600.0; round++) {
    rt_fill(ga, 1 + (uint64_t)round, n, n, 0.0);
    int rc = lu ? rma_lu(ga, ipiv) : rma_dgemm('N', 'T', n, n, n, 1.0, ga, gb, 0.0, gc);
    if (rc < 0) {
      fprintf(stderr, "victim rank %d: %s returned %d\n", me, lu ? "rma_lu" : "rma_dgemm", rc);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
  }
  if (me == 0)
    printf("victim: no rank was killed in 600 s\n");
  free(ipiv);
  rt_finalize();
  return 0;
}
