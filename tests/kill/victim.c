/*
 * The program the fault test launches (tests/kill/run.sh): every rank loops
 * over one operation, argv[1]: "dgemm" (rma_dgemm), "lu" (rma_lu with
 * pivoting), "solve" (rma_lu_solve of 4 right-hand sides with one
 * factorization), "jacobi" (rma_jacobi in ASYNC mode, an unreachable tol so
 * that it sweeps up to maxit every call) or "potrf" (rma_potrf 'L' of a
 * matrix whose lower triangle is that of a symmetric diagonally dominant,
 * hence positive definite, one), on 768 x 768 ScaLAPACK-layout arrays.
 * The last rank arms alarm(argv[2] seconds); its SIGALRM handler sends it
 * SIGKILL, so it dies without a chance to clean up, inside an operation while
 * the others wait for it in the library. Before arming it writes the time of
 * the kill (seconds since the epoch, the alarm's due time) to the file named
 * by argv[3], when given, so that run.sh measures from the kill rather than
 * from the launch (start-up takes seconds on a loaded machine). The launcher must then end the job
 * with a non-zero status; run.sh measures how long that takes and looks for
 * processes left behind. Without the kill the loop would run for 600 s.
 */
#define _POSIX_C_SOURCE 200809L
#include <ga.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ga_testutil.h"
#include "rmala.h"

// SIGALRM: die by SIGKILL (kill is async-signal-safe).
static void die(int sig) {
  (void)sig;
  kill(getpid(), SIGKILL);
}

static int create(int n, int cols, const char *name) {
  int g = 0;
  if (rma_matrix_create(n, cols, 64, 64, 0, 0, RMA_LAYOUT_SCALAPACK, name, &g)) {
    fprintf(stderr, "victim: rma_matrix_create failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return g;
}

int main(int argc, char **argv) {
  int me, np;
  rt_init(&argc, &argv, &me, &np);
  const char *op = argc > 1 ? argv[1] : "dgemm";
  int after = argc > 2 ? atoi(argv[2]) : 2, n = 768;
  int ga = create(n, n, "a"), gb = create(n, n, "b"), gc = create(n, n, "c");
  int gx = create(n, 4, "x"), gr = create(n, 4, "r");
  int *ipiv = malloc(sizeof(int) * (size_t)n);
  // The solve and Jacobi loops start from a diagonally dominant A (factored once for the solve).
  rt_fill(ga, 1, n, n, (double)n);
  rt_fill(gr, 2, n, 4, 0.0);
  if (strcmp(op, "solve") == 0 && rma_lu(ga, ipiv) != 0)
    MPI_Abort(MPI_COMM_WORLD, 4);
  double start = MPI_Wtime();
  if (me == np - 1) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = die;
    sigaction(SIGALRM, &sa, NULL);
    if (argc > 3) {
      struct timespec now;
      clock_gettime(CLOCK_REALTIME, &now);
      FILE *f = fopen(argv[3], "w");
      if (f)
        fprintf(f, "%.3f\n", (double)now.tv_sec + 1e-9 * (double)now.tv_nsec + after), fclose(f);
    }
    alarm((unsigned)after);
  }
  for (long round = 0; MPI_Wtime() - start < 600.0; round++) {
    int rc = 0;
    if (strcmp(op, "lu") == 0) {
      rt_fill(ga, 1 + (uint64_t)round, n, n, 0.0);
      rc = rma_lu(ga, ipiv);
    } else if (strcmp(op, "potrf") == 0) {
      rt_fill(ga, 1 + (uint64_t)round, n, n, (double)n);
      rc = rma_potrf('L', ga);
    } else if (strcmp(op, "solve") == 0) {
      rc = rma_lu_solve('N', ga, ipiv, gx);
    } else if (strcmp(op, "jacobi") == 0) {
      rc = rma_jacobi(ga, gr, gx, 0.0, 200, RMA_JACOBI_ASYNC, NULL, NULL);
      rc = rc == 1 ? 0 : rc; // not converged after maxit: the loop goes on
    } else {
      rc = rma_dgemm('N', 'T', n, n, n, 1.0, ga, gb, 0.0, gc);
    }
    if (rc < 0) {
      fprintf(stderr, "victim rank %d: %s returned %d\n", me, op, rc);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
  }
  if (me == 0)
    printf("victim: no rank was killed in 600 s\n");
  free(ipiv);
  rt_finalize();
  return 0;
}
