/* rma_grid_create / rma_grid_free / rma_grid_info: native process grids. */
#include "native/grid.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/engine.h"
#include "core/error.h"
#include "native/grid_blocks.h"

void rma_grid_enter(rma_grid_t grid) { rma_context_use(grid->ctx); }

static int grid_check(MPI_Comm comm, int nprow, int npcol, char order, const rma_grid_t *grid,
                      char *why, int len) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  if (nprow < 1)
    return snprintf(why, len, "nprow = %d", nprow), 2;
  if (npcol < 1 || (long)nprow * npcol != size)
    return snprintf(why, len, "nprow x npcol = %d x %d, communicator size %d", nprow, npcol, size),
           3;
  if (order != 'R' && order != 'r' && order != 'C' && order != 'c' && order != 'B' && order != 'b')
    return snprintf(why, len, "order = '%c', not 'R', 'C' or 'B'", order), 4;
  if (!grid)
    return snprintf(why, len, "grid = NULL"), 5;
  return 0;
}

int rma_grid_create(MPI_Comm comm, int nprow, int npcol, char order, rma_grid_t *grid) {
  if (comm == MPI_COMM_NULL)
    return -1;
  char why[96] = "";
  int bad = grid_check(comm, nprow, npcol, order, grid, why, sizeof why);
  rma_same_t same = {0};
  rma_same_add(&same, "nprow", nprow), rma_same_add(&same, "npcol", npcol);
  rma_same_char(&same, "order", order);
  RMA_CALL(rma_args_agree(comm, "rma_grid_create", bad, why, &same));
  int rank = 0, myrow, mycol;
  MPI_Comm_rank(comm, &rank);
  if (order == 'B' || order == 'b') {
    RMA_CALL(rma_grid_blocks_position(comm, nprow, npcol, &myrow, &mycol));
  } else {
    int colwise = order == 'C' || order == 'c';
    myrow = colwise ? rank % nprow : rank / npcol, mycol = colwise ? rank / nprow : rank % npcol;
  }
  return rma_grid_create_at(comm, nprow, npcol, myrow, mycol, grid);
}

int rma_grid_create_at(MPI_Comm comm, int nprow, int npcol, int myrow, int mycol,
                       rma_grid_t *grid) {
  *grid = NULL;
  rma_grid_t g = calloc(1, sizeof *g);
  int rc = rma_status_agree(comm, g ? 0 : RMA_ERR_NO_MEMORY);
  if (rc != 0) {
    free(g);
    return rc;
  }
  g->nprow = nprow, g->npcol = npcol, g->myrow = myrow, g->mycol = mycol;
  // The engine's ranks number the grid by rows, whatever the caller's order.
  MPI_Comm rowwise;
  if (MPI_Comm_split(comm, 0, g->myrow * npcol + g->mycol, &rowwise) != MPI_SUCCESS) {
    free(g);
    return rma_status_agree(comm, RMA_ERR_MPI);
  }
  rc = rma_engine_open_shared(rowwise, &g->ctx);
  MPI_Comm_free(&rowwise);
  if (rc != 0) {
    free(g);
    return rc;
  }
  *grid = g;
  return 0;
}

int rma_grid_free(rma_grid_t *grid) {
  if (!grid || !*grid)
    return 0;
  int rc = rma_engine_close(&(*grid)->ctx);
  free(*grid);
  *grid = NULL;
  return rc;
}

int rma_grid_info(rma_grid_t grid, int *nprow, int *npcol, int *myrow, int *mycol) {
  if (!grid)
    return -1;
  if (nprow)
    *nprow = grid->nprow;
  if (npcol)
    *npcol = grid->npcol;
  if (myrow)
    *myrow = grid->myrow;
  if (mycol)
    *mycol = grid->mycol;
  return 0;
}
