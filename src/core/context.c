#include "core/context.h"

#include <stdlib.h>

#include "core/error.h"

static rma_context_t ctx;

rma_context_t *rma_context(void) { return &ctx; }

int rma_context_setup(MPI_Comm world) {
  if (ctx.initialized)
    return 0;
  RMA_CALL_MPI(MPI_Comm_dup(world, &ctx.comm));
  MPI_Comm_set_errhandler(ctx.comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(ctx.comm, &ctx.rank);
  MPI_Comm_size(ctx.comm, &ctx.size);
  // Node map: the lowest world rank on each node names the node.
  RMA_CALL_MPI(
      MPI_Comm_split_type(ctx.comm, MPI_COMM_TYPE_SHARED, ctx.rank, MPI_INFO_NULL, &ctx.node));
  MPI_Comm_set_errhandler(ctx.node, MPI_ERRORS_RETURN);
  MPI_Comm_rank(ctx.node, &ctx.node_rank);
  MPI_Comm_size(ctx.node, &ctx.node_size);
  int leader = ctx.rank;
  MPI_Allreduce(MPI_IN_PLACE, &leader, 1, MPI_INT, MPI_MIN, ctx.node);
  int *leaders = malloc(sizeof(int) * (size_t)ctx.size);
  ctx.node_of = malloc(sizeof(int) * (size_t)ctx.size);
  ctx.node_members = malloc(sizeof(int) * (size_t)ctx.node_size);
  if (!leaders || !ctx.node_of || !ctx.node_members) {
    free(leaders);
    free(ctx.node_of);
    free(ctx.node_members);
    ctx.node_of = ctx.node_members = NULL;
    MPI_Comm_free(&ctx.node);
    MPI_Comm_free(&ctx.comm);
    return RMA_ERR_NO_MEMORY;
  }
  MPI_Allgather(&ctx.rank, 1, MPI_INT, ctx.node_members, 1, MPI_INT, ctx.node);
  MPI_Allgather(&leader, 1, MPI_INT, leaders, 1, MPI_INT, ctx.comm);
  ctx.nnodes = 0;
  for (int r = 0; r < ctx.size; r++) {
    if (leaders[r] == r)
      ctx.node_of[r] = ctx.nnodes++;
    else
      ctx.node_of[r] = ctx.node_of[leaders[r]];
  }
  free(leaders);
  ctx.initialized = 1;
  return 0;
}

int rma_context_teardown(void) {
  if (!ctx.initialized)
    return 0;
  free(ctx.node_of);
  free(ctx.node_members);
  ctx.node_of = ctx.node_members = NULL;
  MPI_Comm_free(&ctx.node);
  MPI_Comm_free(&ctx.comm);
  ctx.initialized = 0;
  return 0;
}
