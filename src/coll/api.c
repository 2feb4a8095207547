/*
 * The public RMA collectives (rmala.h): local argument checks, then
 *  - on a flat context (every rank in place, coll/flat.c): the call itself,
 *    which carries each rank's verdict, bytes and root in its header; only
 *    a failed agreement costs MPI calls (rma_info_agree, for the code and
 *    the message);
 *  - else agreement on the verdict (one allreduce on the context's
 *    communicator), then the algorithms of coll/ on the context made current.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coll/coll.h"
#include "core/error.h"

int rma_coll_create(MPI_Comm comm, size_t max_bytes, rma_coll_t *coll) {
  if (comm == MPI_COMM_NULL)
    return -1;
  int size = 1;
  MPI_Comm_size(comm, &size);
  // Every rank must pass the same max_bytes; each area must fit MPI's int counts.
  unsigned long long mb[2] = {max_bytes, ~(unsigned long long)max_bytes};
  MPI_Allreduce(MPI_IN_PLACE, mb, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm);
  char why[96] = "";
  int bad = 0;
  if (mb[0] != (unsigned long long)max_bytes || ~mb[1] != (unsigned long long)max_bytes)
    bad = 2, snprintf(why, sizeof why, "max_bytes = %zu, not the same on every rank", max_bytes);
  else if ((max_bytes + 7) / 8 * 8 > (size_t)INT32_MAX / (size_t)size)
    bad = 2,
    snprintf(why, sizeof why, "max_bytes = %zu x %d ranks over 2^31 bytes", max_bytes, size);
  else if (!coll)
    bad = 3, snprintf(why, sizeof why, "coll = NULL");
  RMA_CALL(rma_args_agree(comm, "rma_coll_create", bad, why, NULL));
  return rma_coll_open(comm, max_bytes, coll);
}

int rma_coll_free(rma_coll_t *coll) {
  if (!coll || !*coll)
    return 0;
  return rma_coll_close(coll);
}

// The flat protocol with this rank's verdict; the agreed code.
static int flat_call(rma_coll_t coll, const char *routine, int kind, const void *src, void *dst,
                     size_t bytes, int root, int bad, const char *why) {
  int key = 0;
  RMA_CALL(rma_coll_flat(coll, kind, src, dst, bytes, root, bad ? 100 * bad : 0, &key));
  if (key == 0)
    return 0;
  char differ[96];
  if (key == 300)
    snprintf(differ, sizeof differ, "bytes = %zu, not the same on every rank", bytes), why = differ;
  else if (key == 400)
    snprintf(differ, sizeof differ, "root = %d, not the same on every rank", root), why = differ;
  return rma_info_agree(coll->ctx->comm, routine, key > 0 ? key : 0, why, NULL);
}

// Run fn on coll's context, then restore the caller's.
#define COLL_RUN(coll, call)                                                                       \
  do {                                                                                             \
    rma_context_t *was_ = rma_context();                                                           \
    rma_context_use((coll)->ctx);                                                                  \
    int rc_ = (call);                                                                              \
    rma_context_use(was_);                                                                         \
    return rc_;                                                                                    \
  } while (0)

int rma_allgather(rma_coll_t coll, const void *sendbuf, size_t bytes, void *recvbuf) {
  if (!coll)
    return -1;
  char why[96] = "";
  int bad = 0;
  if (!sendbuf && bytes > 0)
    bad = 2, snprintf(why, sizeof why, "sendbuf = NULL with %zu bytes", bytes);
  else if (bytes > coll->max_bytes)
    bad = 3, snprintf(why, sizeof why, "bytes = %zu > max_bytes %zu", bytes, coll->max_bytes);
  else if (!recvbuf && bytes > 0)
    bad = 4, snprintf(why, sizeof why, "recvbuf = NULL with %zu bytes", bytes);
  if (coll->flat)
    return flat_call(coll, "rma_allgather", RMA_COLL_KIND_ALLGATHER, sendbuf, recvbuf, bytes, -1,
                     bad, why);
  RMA_CALL(rma_args_agree(coll->ctx->comm, "rma_allgather", bad, why, NULL));
  COLL_RUN(coll, rma_coll_allgather_run(coll, sendbuf, bytes, recvbuf));
}

int rma_bcast(rma_coll_t coll, void *buf, size_t bytes, int root) {
  if (!coll)
    return -1;
  char why[96] = "";
  int bad = 0;
  if (!buf && bytes > 0)
    bad = 2, snprintf(why, sizeof why, "buf = NULL with %zu bytes", bytes);
  else if (bytes > coll->max_bytes)
    bad = 3, snprintf(why, sizeof why, "bytes = %zu > max_bytes %zu", bytes, coll->max_bytes);
  else if (root < 0 || root >= coll->size)
    bad = 4, snprintf(why, sizeof why, "root = %d, not in 0..%d", root, coll->size - 1);
  if (coll->flat)
    return flat_call(coll, "rma_bcast", RMA_COLL_KIND_BCAST, buf, buf, bytes, root, bad, why);
  RMA_CALL(rma_args_agree(coll->ctx->comm, "rma_bcast", bad, why, NULL));
  COLL_RUN(coll, rma_coll_bcast_run(coll, buf, bytes, root));
}

int rma_barrier(rma_coll_t coll) {
  if (!coll)
    return -1;
  COLL_RUN(coll, rma_coll_barrier_run(coll));
}
