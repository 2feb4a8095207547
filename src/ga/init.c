/* rma_init and the GA front-end's engine context (over GA's world). */
#include <ga-mpi.h>
#include <ga.h>

#include "core/error.h"
#include "core/options.h"
#include "core/engine.h"
#include "ga/ga_matrix.h"
#include "ops/options.h"
#include "store/store.h"

static rma_context_t *ga_ctx;

// What rma_finalize releases of the GA front-end.
static int ga_finalize(void) {
  rma_ga_matrix_forget();
  return rma_engine_close(&ga_ctx);
}

rma_context_t *rma_ga_enter(void) {
  if (ga_ctx)
    rma_context_use(ga_ctx);
  return ga_ctx;
}

int rma_init(void) {
  if (ga_ctx)
    return 0;
  if (!GA_Initialized())
    return RMA_ERR_NOT_INITIALIZED;
  rma_options_load_env();
  RMA_CALL(rma_engine_open_shared(GA_MPI_Comm(), &ga_ctx));
  // Tile owners are GA process ids; they must be ranks of the library communicator.
  int bad = GA_Nodeid() != ga_ctx->rank || GA_Nnodes() != ga_ctx->size;
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, ga_ctx->comm);
  int rc = bad ? RMA_ERR_GA : 0;
  if (rc == 0) {
    rma_context_use(ga_ctx);
    rc = rma_status_agree(ga_ctx->comm, rma_store_precreate(rma_core_options()->store_mb));
  }
  if (rc == 0)
    rc = rma_engine_at_finalize(ga_finalize);
  if (rc != 0)
    rma_engine_close(&ga_ctx);
  return rc;
}
