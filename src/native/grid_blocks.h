/*
 * Grid order 'B' of rma_grid_create: each node (the processes that share
 * memory, MPI_COMM_TYPE_SHARED) holds a br x bc block of the process grid
 * instead of whole process rows, so a row's or a column's messages (the
 * LU's U row and panel hand-outs, a Cholesky panel's, a gemm's panels)
 * leave each node through its link for fewer peers: the simulated LU at
 * P 256 on the FDR tree ran 2.2x faster with such a placement, the dgemm
 * 1.7x slower (fewer of its operand tiles on the node, read in place)
 * (doc/scaling.md). The blocks tile the grid in row order over the nodes
 * (nodes in the order of their first process in comm), and a node's
 * processes fill their block in row order by their rank on the node.
 *
 * native/grid -> here (MPI only).
 */
#ifndef RMA_NATIVE_GRID_BLOCKS_H
#define RMA_NATIVE_GRID_BLOCKS_H

#include <mpi.h>

/*
 * Collective over comm (nprow * npcol processes). The caller's position in
 * the node-blocked order: br x bc = the processes per node, br dividing
 * nprow and bc dividing npcol, the most square such shape (bc >= br on a
 * tie). When the nodes hold different numbers of processes or no shape
 * tiles the grid, row order ('R': rank r at r / npcol, r % npcol), the
 * same decision on every process. Returns 0 or RMA_ERR_MPI (agreed).
 */
int rma_grid_blocks_position(MPI_Comm comm, int nprow, int npcol, int *myrow, int *mycol);

#endif
