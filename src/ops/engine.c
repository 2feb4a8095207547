#include "ops/engine.h"

#include <stddef.h>

#include "coll/coll.h"
#include "core/context.h"
#include "core/error.h"
#include "core/pages.h"
#include "rma/mailbox.h"
#include "store/store.h"

#define RMA_MAX_FINALIZERS 8

static int (*finalizers[RMA_MAX_FINALIZERS])(void);
static int nfinalizers;
static int self_key = MPI_KEYVAL_INVALID;

// MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still
// works: a program that never calls rma_finalize is cleaned up there.
static int at_mpi_finalize(MPI_Comm comm, int key, void *value, void *extra) {
  (void)comm, (void)key, (void)value, (void)extra;
  rma_finalize();
  return MPI_SUCCESS;
}

int rma_engine_open(MPI_Comm comm, rma_context_t **ctx) {
  if (self_key == MPI_KEYVAL_INVALID) {
    RMA_CALL_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_mpi_finalize, &self_key, NULL));
    RMA_CALL_MPI(MPI_Comm_set_attr(MPI_COMM_SELF, self_key, NULL));
  }
  return rma_context_create(comm, ctx);
}

int rma_engine_at_finalize(int (*fn)(void)) {
  for (int i = 0; i < nfinalizers; i++)
    if (finalizers[i] == fn)
      return 0;
  if (nfinalizers == RMA_MAX_FINALIZERS)
    return RMA_ERR_NO_MEMORY;
  finalizers[nfinalizers++] = fn;
  return 0;
}

int rma_finalize(void) {
  int rc = 0;
  while (nfinalizers > 0) {
    int rc2 = finalizers[--nfinalizers]();
    rc = rc ? rc : rc2;
  }
  return rc;
}

int rma_engine_close(rma_context_t **ctx) {
  if (!*ctx)
    return 0;
  rma_context_t *was = rma_context(), *closing = *ctx;
  rma_context_use(closing);
  int rc = rma_coll_release_kept();
  int rc1 = rma_store_release();
  rc = rc ? rc : rc1;
  int rc2 = rma_mailbox_release();
  int rc3 = rma_context_free(ctx);
  rma_context_use(was == closing ? NULL : was);
  if (!rma_context_next(NULL))
    rma_store_scratch_release();
  return rc ? rc : rc2 ? rc2 : rc3;
}

int rma_engine_precreate(int mb) {
  long cap = (long)mb * (1L << 20) / (long)sizeof(double);
  if (cap <= 0)
    return 0;
  rma_win_t *w;
  rma_mailbox_t *box;
  double *scratch;
  // Each made and written once (rma_pages_touch): a first call then pays
  // neither the creation nor the first writes of fresh memory.
  RMA_CALL(rma_store_segment(RMA_STORE_A, cap, &w));
  rma_pages_touch(w->base, sizeof(double) * (size_t)cap);
  RMA_CALL(rma_store_segment(RMA_STORE_B, cap, &w));
  rma_pages_touch(w->base, sizeof(double) * (size_t)cap);
  RMA_CALL(rma_status_agree(rma_context()->comm, rma_store_scratch(cap, &scratch)));
  rma_pages_touch(scratch, sizeof(double) * (size_t)cap);
  RMA_CALL(rma_mailbox_open(64, cap, &box));
  rma_pages_touch(box->data, sizeof(double) * (size_t)cap);
  return rma_mailbox_close(box);
}
