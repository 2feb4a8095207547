#include "native/grid_blocks.h"

#include <stdlib.h>

#include "core/error.h"

// The most square br x bc = per with br | nprow and bc | npcol (bc >= br
// preferred on a tie); 0 when none.
static int block_shape(int per, int nprow, int npcol, int *br, int *bc) {
  int best = 0;
  for (int r = 1; r <= per; r++) {
    int c = per / r;
    if (per % r || nprow % r || npcol % c)
      continue;
    int skew = abs(c - r) * 2 + (r > c);
    if (!best || skew < abs(*bc - *br) * 2 + (*br > *bc))
      *br = r, *bc = c, best = 1;
  }
  return best;
}

int rma_grid_blocks_position(MPI_Comm comm, int nprow, int npcol, int *myrow, int *mycol) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  *myrow = rank / npcol, *mycol = rank % npcol;
  MPI_Comm node = MPI_COMM_NULL, leaders = MPI_COMM_NULL;
  int rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int per = 0, on_node = 0, index = 0;
  if (rc == MPI_SUCCESS) {
    MPI_Comm_size(node, &per), MPI_Comm_rank(node, &on_node);
    rc = MPI_Comm_split(comm, on_node == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);
  }
  if (rc == MPI_SUCCESS && leaders != MPI_COMM_NULL)
    MPI_Comm_rank(leaders, &index);
  if (rc == MPI_SUCCESS)
    rc = MPI_Bcast(&index, 1, MPI_INT, 0, node);
  // Every node the same size? (min and max in one reduction)
  int span[2] = {per, -per};
  if (rc == MPI_SUCCESS)
    rc = MPI_Allreduce(MPI_IN_PLACE, span, 2, MPI_INT, MPI_MIN, comm);
  if (leaders != MPI_COMM_NULL)
    MPI_Comm_free(&leaders);
  if (node != MPI_COMM_NULL)
    MPI_Comm_free(&node);
  int bad = rc != MPI_SUCCESS;
  if (MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS || bad)
    return RMA_ERR_MPI;
  int br = 0, bc = 0;
  if (span[0] != -span[1] || !block_shape(per, nprow, npcol, &br, &bc))
    return 0;              // row order
  int across = npcol / bc; // blocks per grid row
  *myrow = index / across * br + on_node / bc;
  *mycol = index % across * bc + on_node % bc;
  return 0;
}
