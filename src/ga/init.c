/* rma_init / rma_finalize: the library context over GA's world. */
#include <ga-mpi.h>
#include <ga.h>

#include "core/context.h"
#include "core/error.h"
#include "core/options.h"
#include "rma/mailbox.h"
#include "store/store.h"
#include "ga/ga_matrix.h"

// RMALA_STORE_MB: make the operand segments and the mailbox now, so the
// first operation pays no allocation.
static int precreate(void) {
  long cap = (long)rma_options()->store_mb * (1L << 20) / (long)sizeof(double);
  if (cap <= 0)
    return 0;
  rma_win_t *w;
  rma_mailbox_t *mb;
  RMA_CALL(rma_store_segment(RMA_STORE_A, cap, &w));
  RMA_CALL(rma_store_segment(RMA_STORE_B, cap, &w));
  RMA_CALL(rma_mailbox_open(64, cap, &mb));
  return rma_mailbox_close(mb);
}

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
  int rc = rma_status_agree(ctx->comm, precreate());
  if (rc != 0) {
    rma_store_release();
    rma_mailbox_release();
    rma_context_teardown();
  }
  return rc;
}

int rma_finalize(void) {
  if (!rma_context()->initialized)
    return 0;
  int rc = rma_store_release();
  int rc2 = rma_mailbox_release();
  rma_ga_matrix_forget();
  int rc3 = rma_context_teardown();
  return rc ? rc : rc2 ? rc2 : rc3;
}
