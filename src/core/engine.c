#include "core/engine.h"

#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "rmala.h"

#define RMA_MAX_FINALIZERS 8

static int (*finalizers[RMA_MAX_FINALIZERS])(void);
static int nfinalizers;
static int (*releases[RMA_RELEASE_COUNT])(void);
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

// The newest live shareable context whose communicator is congruent with
// comm, or NULL (local). Contexts over one group are made in the same order
// on all of its members, so every rank that finds one finds the same one.
static rma_context_t *congruent(MPI_Comm comm) {
  for (rma_context_t *c = rma_context_next(NULL); c; c = rma_context_next(c)) {
    int cmp = MPI_UNEQUAL;
    if (c->shareable && MPI_Comm_compare(c->comm, comm, &cmp) == MPI_SUCCESS &&
        (cmp == MPI_IDENT || cmp == MPI_CONGRUENT))
      return c;
  }
  return NULL;
}

int rma_engine_open_shared(MPI_Comm comm, rma_context_t **ctx) {
  *ctx = NULL;
  rma_context_t *c = congruent(comm);
  int everywhere = c != NULL;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &everywhere, 1, MPI_INT, MPI_MIN, comm));
  if (everywhere) {
    c->refs++;
    *ctx = c;
    return 0;
  }
  RMA_CALL(rma_engine_open(comm, ctx));
  (*ctx)->shareable = 1;
  return 0;
}

void rma_engine_on_close(rma_release_order_t order, int (*fn)(void)) {
  if (!releases[order])
    releases[order] = fn;
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
  if ((*ctx)->refs > 1) { // another holder keeps it
    (*ctx)->refs--;
    *ctx = NULL;
    return 0;
  }
  rma_context_t *was = rma_context(), *closing = *ctx;
  rma_context_use(closing);
  int rc = 0;
  for (int i = 0; i < RMA_RELEASE_COUNT; i++)
    if (releases[i]) {
      int rc2 = releases[i]();
      rc = rc ? rc : rc2;
    }
  int rc3 = rma_context_free(ctx);
  rma_context_use(was == closing ? NULL : was);
  return rc ? rc : rc3;
}
