/* rma_init / rma_finalize: the library context over GA's world. */
#include <ga-mpi.h>
#include <ga.h>

#include "core/context.h"
#include "core/error.h"
#include "core/options.h"
#include "rma/mailbox.h"

int rma_init(void) {
  if (rma_context()->initialized)
    return 0;
  if (!GA_Initialized())
    return RMA_ERR_NOT_INITIALIZED;
  rma_options_from_env();
  RMA_CALL(rma_context_setup(GA_MPI_Comm()));
  // Tile owners are GA process ids; they must be ranks of the library communicator.
  rma_context_t *ctx = rma_context();
  int bad = GA_Nodeid() != ctx->rank || GA_Nnodes() != ctx->size;
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, ctx->comm);
  if (bad) {
    rma_context_teardown();
    return RMA_ERR_GA;
  }
  return 0;
}

int rma_finalize(void) {
  if (!rma_context()->initialized)
    return 0;
  int rc = rma_mailbox_release();
  int rc2 = rma_context_teardown();
  return rc ? rc : rc2;
}
