/*
 * Consumer of an installed rmala: built once with find_package(rmala) and once
 * with `mpicc $(pkg-config --cflags --libs rmala)`. With the GA front-end
 * (RMALA_WITH_GA in rmala_config.h): creates and destroys a 4x4 tiled GA
 * (2x2 tiles, rmala picks the grid); without it: a native 4x4 matrix on a
 * 1 x P grid and C = A A^T by rma_dmatrix_gemm. Prints OK.
 */
#include <mpi.h>
#include <rmala.h>
#include <stdio.h>
#if RMALA_WITH_GA
#include <ga.h>
#endif

static int fail(const char *what, int rc) {
  fprintf(stderr, "%s: %d (%s)\n", what, rc, rma_strerror(rc));
  return 1;
}

#if RMALA_WITH_GA
static int exercise(int *rank) {
  int g_a = 0, rc;
  GA_Initialize();
  *rank = GA_Nodeid();
  if ((rc = rma_init()) != 0)
    return fail("rma_init", rc);
  if ((rc = rma_matrix_create(4, 4, 2, 2, 0, 0, RMA_LAYOUT_TILED, "consumer", &g_a)) != 0)
    return fail("rma_matrix_create", rc);
  GA_Destroy(g_a);
  rma_finalize();
  GA_Terminate();
  return 0;
}
#else
static int exercise(int *rank) {
  int np, rc;
  rma_grid_t g;
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if ((rc = rma_grid_create(MPI_COMM_WORLD, 1, np, 'R', &g)) != 0)
    return fail("rma_grid_create", rc);
  rma_dmatrix_t a = {g, 4, 4, 2, 2, 0, 0, NULL, 0}, c = a;
  if ((rc = rma_dmatrix_alloc(&a)) != 0 || (rc = rma_dmatrix_alloc(&c)) != 0)
    return fail("rma_dmatrix_alloc", rc);
  if ((rc = rma_dmatrix_gemm('N', 'T', 4, 4, 4, 1.0, &a, 0, 0, &a, 0, 0, 0.0, &c, 0, 0)) != 0)
    return fail("rma_dmatrix_gemm", rc);
  rma_dmatrix_free(&a);
  rma_dmatrix_free(&c);
  rma_grid_free(&g);
  rma_finalize();
  return 0;
}
#endif

int main(int argc, char **argv) {
  int rank = 0;
  MPI_Init(&argc, &argv);
  int rc = exercise(&rank);
  if (rc == 0 && rank == 0)
    printf("OK rmala %d.%d.%d\n", RMALA_VERSION_MAJOR, RMALA_VERSION_MINOR, RMALA_VERSION_PATCH);
  MPI_Finalize();
  return rc;
}
