/*
 * The library's process-wide context: the communicator it works on (a
 * duplicate of GA's world), the node communicator (the ranks that can share
 * memory with this one), and the rank -> node map used for locality ordering.
 * Set up by rma_init.
 */
#ifndef RMA_CORE_CONTEXT_H
#define RMA_CORE_CONTEXT_H

#include <mpi.h>

typedef struct {
  int initialized;
  MPI_Comm comm;  /* duplicate of GA's world communicator */
  int rank, size; /* in comm; equal to GA_Nodeid / GA_Nnodes */
  int *node_of;   /* node_of[r]: node index of rank r (0 .. nnodes-1) */
  int nnodes;
  MPI_Comm node;       /* MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED), ranks in comm order */
  int node_rank;       /* rank in node */
  int node_size;       /* ranks on this node */
  int *node_members;   /* node_members[i]: rank in comm of node rank i */
} rma_context_t;

/* The context; ->initialized is 0 until rma_context_setup succeeds. */
rma_context_t *rma_context(void);

/* Collective over world: duplicate it and compute the node map. */
int rma_context_setup(MPI_Comm world);

/* Collective: free what rma_context_setup made. */
int rma_context_teardown(void);

#endif
