#define _POSIX_C_SOURCE 200809L
#include "rma/mailbox.h"

#include <sched.h>
#include <string.h>
#include <time.h>

#include "core/error.h"

static rma_mailbox_t kept = {MPI_WIN_NULL, MPI_COMM_NULL, 0, 0, NULL, 0, NULL, 0};

static int mailbox_free(rma_mailbox_t *mb) {
  if (mb->win == MPI_WIN_NULL)
    return 0;
  int rc = MPI_Win_unlock_all(mb->win);
  int rc2 = MPI_Win_free(&mb->win);
  mb->win = MPI_WIN_NULL;
  return (rc != MPI_SUCCESS || rc2 != MPI_SUCCESS) ? RMA_ERR_MPI : 0;
}

static int mailbox_create(MPI_Comm comm, int ncounters, long data_len, rma_mailbox_t *mb) {
  memset(mb, 0, sizeof *mb);
  mb->win = MPI_WIN_NULL;
  mb->comm = comm;
  mb->ncounters = ncounters;
  mb->data_len = data_len;
  MPI_Comm_rank(comm, &mb->rank);
  MPI_Comm_size(comm, &mb->size);
  MPI_Aint bytes = (MPI_Aint)ncounters * sizeof(int64_t) + (MPI_Aint)data_len * sizeof(double);
  void *base = NULL;
  RMA_CALL_MPI(MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, comm, &base, &mb->win));
  MPI_Win_set_errhandler(mb->win, MPI_ERRORS_RETURN);
  mb->counters = base;
  mb->data = (double *)((char *)base + (size_t)ncounters * sizeof(int64_t));
  RMA_CALL_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, mb->win));
  return 0;
}

int rma_mailbox_open(MPI_Comm comm, int ncounters, long data_len, rma_mailbox_t **mb) {
  // Every rank computes the same sizes, so all take the same branch.
  if (kept.win != MPI_WIN_NULL &&
      (kept.comm != comm || kept.ncounters < ncounters || kept.data_len < data_len))
    RMA_CALL(mailbox_free(&kept));
  if (kept.win == MPI_WIN_NULL)
    RMA_CALL(mailbox_create(comm, ncounters, data_len, &kept));
  // Nobody adds to a counter before every rank has zeroed its own.
  memset(kept.counters, 0, sizeof(int64_t) * (size_t)kept.ncounters);
  MPI_Win_sync(kept.win);
  MPI_Barrier(comm);
  *mb = &kept;
  return 0;
}

int rma_mailbox_close(rma_mailbox_t *mb) {
  // No rank leaves while a message may still be on its way to it.
  RMA_CALL_MPI(MPI_Win_flush_all(mb->win));
  RMA_CALL_MPI(MPI_Barrier(mb->comm));
  return 0;
}

int rma_mailbox_release(void) { return mailbox_free(&kept); }

static MPI_Aint data_disp(const rma_mailbox_t *mb, long offset) {
  return (MPI_Aint)mb->ncounters * sizeof(int64_t) + (MPI_Aint)offset * sizeof(double);
}

// A rows x cols block with leading dimension ld (a plain count when contiguous).
static MPI_Datatype block_type(int rows, int cols, int ld, int *count) {
  if (ld == cols || rows == 1) {
    *count = rows * cols;
    return MPI_DOUBLE;
  }
  MPI_Datatype t;
  MPI_Type_vector(rows, cols, ld, MPI_DOUBLE, &t);
  MPI_Type_commit(&t);
  *count = 1;
  return t;
}

int rma_mailbox_put(rma_mailbox_t *mb, int target, long offset, const double *src, int rows,
                    int cols, int lds, int ldt) {
  if (rows <= 0 || cols <= 0)
    return 0;
  int ns, nt;
  MPI_Datatype ts = block_type(rows, cols, lds, &ns), tt = block_type(rows, cols, ldt, &nt);
  int rc = MPI_Put(src, ns, ts, target, data_disp(mb, offset), nt, tt, mb->win);
  if (ts != MPI_DOUBLE)
    MPI_Type_free(&ts);
  if (tt != MPI_DOUBLE)
    MPI_Type_free(&tt);
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

int rma_mailbox_notify(rma_mailbox_t *mb, int target, int counter, int64_t inc) {
  RMA_CALL_MPI(MPI_Win_flush(target, mb->win));
  RMA_CALL_MPI(MPI_Accumulate(&inc, 1, MPI_INT64_T, target, (MPI_Aint)counter * sizeof(int64_t), 1,
                              MPI_INT64_T, MPI_SUM, mb->win));
  RMA_CALL_MPI(MPI_Win_flush(target, mb->win));
  return 0;
}

int rma_mailbox_store(rma_mailbox_t *mb, int target, int counter, int64_t value) {
  int64_t old;
  RMA_CALL_MPI(MPI_Fetch_and_op(&value, &old, MPI_INT64_T, target,
                                (MPI_Aint)counter * sizeof(int64_t), MPI_REPLACE, mb->win));
  RMA_CALL_MPI(MPI_Win_flush(target, mb->win));
  return 0;
}

// Give the core away between polls: after a few quick tries, sleep briefly so
// an oversubscribed rank that is being waited for gets to run.
static void backoff(int tries) {
  if (tries < 16) {
    sched_yield();
    return;
  }
  struct timespec ts = {0, tries < 256 ? 2000 : 50000};
  nanosleep(&ts, NULL);
}

int rma_mailbox_wait_remote(rma_mailbox_t *mb, int target, int counter, int64_t value) {
  int64_t now = 0, dummy = 0;
  for (int tries = 0;; tries++) {
    RMA_CALL_MPI(MPI_Fetch_and_op(&dummy, &now, MPI_INT64_T, target,
                                  (MPI_Aint)counter * sizeof(int64_t), MPI_NO_OP, mb->win));
    RMA_CALL_MPI(MPI_Win_flush(target, mb->win));
    if (now >= value)
      return 0;
    backoff(tries);
  }
}

int rma_mailbox_wait(rma_mailbox_t *mb, int counter, int64_t value) {
  RMA_CALL(rma_mailbox_wait_remote(mb, mb->rank, counter, value));
  MPI_Win_sync(mb->win);
  return 0;
}
