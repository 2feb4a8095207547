/*
 * Consumer of an installed rmala: built once with find_package(rmala) and once
 * with `mpicc $(pkg-config --cflags --libs rmala)`. Creates and destroys a
 * 4x4 tiled matrix (2x2 tiles, rmala picks the grid) and prints OK.
 */
#include <ga.h>
#include <mpi.h>
#include <rmala.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int g_a = 0, rc;
  MPI_Init(&argc, &argv);
  GA_Initialize();

  rc = rma_init();
  if (rc != 0) {
    fprintf(stderr, "rma_init: %d (%s)\n", rc, rma_strerror(rc));
    GA_Terminate();
    MPI_Finalize();
    return 1;
  }
  rc = rma_matrix_create(4, 4, 2, 2, 0, 0, RMA_LAYOUT_TILED, "consumer", &g_a);
  if (rc != 0) {
    fprintf(stderr, "rma_matrix_create: %d (%s)\n", rc, rma_strerror(rc));
    rma_finalize();
    GA_Terminate();
    MPI_Finalize();
    return 1;
  }
  GA_Destroy(g_a);
  rma_finalize();
  if (GA_Nodeid() == 0) {
    printf("OK rmala %d.%d.%d\n", RMALA_VERSION_MAJOR, RMALA_VERSION_MINOR, RMALA_VERSION_PATCH);
  }
  GA_Terminate();
  MPI_Finalize();
  return 0;
}
