#include "core/context.h"

#include <stdlib.h>

#include "core/error.h"

static rma_context_t *current;
static rma_context_t *live; // every context, newest first

rma_context_t *rma_context(void) { return current; }

void rma_context_use(rma_context_t *ctx) { current = ctx; }

rma_context_t *rma_context_next(const rma_context_t *prev) { return prev ? prev->next : live; }

// Node map: the lowest rank on each node names the node.
static int node_map(rma_context_t *c) {
  RMA_CALL_MPI(MPI_Comm_split_type(c->comm, MPI_COMM_TYPE_SHARED, c->rank, MPI_INFO_NULL, &c->node));
  MPI_Comm_set_errhandler(c->node, MPI_ERRORS_RETURN);
  MPI_Comm_rank(c->node, &c->node_rank);
  MPI_Comm_size(c->node, &c->node_size);
  int leader = c->rank;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &leader, 1, MPI_INT, MPI_MIN, c->node));
  int *leaders = malloc(sizeof(int) * (size_t)c->size);
  c->node_of = malloc(sizeof(int) * (size_t)c->size);
  c->node_members = malloc(sizeof(int) * (size_t)c->node_size);
  int bad = !leaders || !c->node_of || !c->node_members;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, c->comm));
  if (bad) {
    free(leaders);
    return RMA_ERR_NO_MEMORY;
  }
  MPI_Allgather(&c->rank, 1, MPI_INT, c->node_members, 1, MPI_INT, c->node);
  MPI_Allgather(&leader, 1, MPI_INT, leaders, 1, MPI_INT, c->comm);
  c->nnodes = 0;
  for (int r = 0; r < c->size; r++)
    c->node_of[r] = leaders[r] == r ? c->nnodes++ : c->node_of[leaders[r]];
  free(leaders);
  return 0;
}

static void release(rma_context_t *c) {
  free(c->node_of);
  free(c->node_members);
  if (c->node != MPI_COMM_NULL)
    MPI_Comm_free(&c->node);
  if (c->comm != MPI_COMM_NULL)
    MPI_Comm_free(&c->comm);
  free(c);
}

int rma_context_create(MPI_Comm comm, rma_context_t **ctx) {
  *ctx = NULL;
  rma_context_t *c = calloc(1, sizeof *c);
  int bad = c == NULL;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm));
  if (bad) {
    free(c);
    return RMA_ERR_NO_MEMORY;
  }
  c->comm = c->node = MPI_COMM_NULL;
  c->refs = 1;
  int rc = MPI_Comm_dup(comm, &c->comm) == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
  if (rc == 0) {
    MPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(c->comm, &c->rank);
    MPI_Comm_size(c->comm, &c->size);
    rc = node_map(c);
  }
  if (rc != 0) {
    release(c);
    return rc;
  }
  c->next = live;
  live = c;
  *ctx = c;
  return 0;
}

int rma_context_free(rma_context_t **ctx) {
  rma_context_t *c = *ctx;
  if (!c)
    return 0;
  for (rma_context_t **p = &live; *p; p = &(*p)->next)
    if (*p == c) {
      *p = c->next;
      break;
    }
  if (current == c)
    current = NULL;
  release(c);
  *ctx = NULL;
  return 0;
}
