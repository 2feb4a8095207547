/*
 * The engine context of a GA-free test of the layers below the front-ends
 * (pipeline, rma): header-only, for tests that reach the internal headers
 * under src/ (rmala_testutil itself uses the public API only).
 */
#ifndef RT_ROW_GRID_H
#define RT_ROW_GRID_H

#include <mpi.h>

#include "native/grid.h"
#include "rmala.h"

/* Collective over MPI_COMM_WORLD (after MPI_Init). *grid := a 1 x P grid
 * of every rank ('R'), entered (rma_grid_enter); *me and *size this rank's
 * number and P. Returns rma_grid_create's code (no grid then). */
static inline int rt_row_grid(rma_grid_t *grid, int *me, int *size) {
  MPI_Comm_size(MPI_COMM_WORLD, size);
  MPI_Comm_rank(MPI_COMM_WORLD, me);
  *grid = NULL;
  int rc = rma_grid_create(MPI_COMM_WORLD, 1, *size, 'R', grid);
  if (rc == 0)
    rma_grid_enter(*grid);
  return rc;
}

#endif
