#define _POSIX_C_SOURCE 200809L
#include "rma/mailbox.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/context.h"
#include "core/engine.h"
#include "core/error.h"
#include "core/options.h"

// The mailbox of one context (rma_context_t.mailbox), made on first use.
struct rma_mailbox_keep {
  rma_mailbox_t mb;
};

// Segment layout: the in-place counters, the RMA counters, then the data.
static int64_t *shm_counters(const rma_mailbox_t *mb, int rank) {
  return (int64_t *)mb->seg.peer[rank];
}
// Displacements in bytes (the segment's unit), offsets in 8-byte words.
static MPI_Aint rma_counter_disp(const rma_mailbox_t *mb, int counter) {
  return 8 * ((MPI_Aint)mb->ncounters + counter);
}
static MPI_Aint data_disp(const rma_mailbox_t *mb, long offset) {
  return 8 * (2 * (MPI_Aint)mb->ncounters + offset);
}

int rma_mailbox_release(void) {
  rma_context_t *ctx = rma_context();
  if (!ctx->mailbox)
    return 0;
  int rc = rma_win_free(&ctx->mailbox->mb.seg);
  free(ctx->mailbox);
  ctx->mailbox = NULL;
  return rc;
}

long long rma_mailbox_bytes(const rma_context_t *ctx) {
  return ctx->mailbox ? (long long)ctx->mailbox->mb.seg.cap : 0;
}

int rma_mailbox_open(int ncounters, long data_len, rma_mailbox_t **mb) {
  return rma_mailbox_open_private(ncounters, 0, data_len, mb);
}

int rma_mailbox_open_private(int ncounters, long private_len, long data_len, rma_mailbox_t **mb) {
  int shared = rma_core_options()->shared;
  rma_context_t *ctx = rma_context();
  // Every rank computes the same sizes, so all take the same branch.
  rma_mailbox_t *k = ctx->mailbox ? &ctx->mailbox->mb : NULL;
  // The private part matters only in the simulation's shared-malloc mode:
  // elsewhere a kept (or pre-created) mailbox serves any private_len.
  int private_short = 0;
#ifdef RMALA_SIMULATE
  private_short = k && k->private_len < private_len;
#endif
  if (k && (k->ncounters < ncounters || k->data_len < data_len || k->shared != shared ||
            private_short))
    RMA_CALL(rma_mailbox_release());
  if (!ctx->mailbox) {
    rma_engine_on_close(RMA_RELEASE_MAILBOX, rma_mailbox_release);
    struct rma_mailbox_keep *keep = calloc(1, sizeof *keep);
    int bad = keep == NULL;
    RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, ctx->comm));
    if (bad) {
      free(keep);
      return RMA_ERR_NO_MEMORY;
    }
    // The counters and headers stay private to each simulated rank in the
    // simulation's shared-malloc mode; the rest of the data area is bulk.
    int rc = rma_win_alloc_head(8 * (2L * ncounters + data_len), 8 * (2L * ncounters + private_len),
                                shared, 1, &keep->mb.seg);
    if (rc != 0) {
      free(keep);
      return rc;
    }
    ctx->mailbox = keep;
    k = &keep->mb;
    k->shared = shared, k->ncounters = ncounters, k->data_len = data_len;
    k->private_len = private_len;
    k->data = (double *)((char *)k->seg.base + data_disp(k, 0));
  }
  // Nobody adds to a counter before every rank has zeroed its own.
  memset(k->seg.base, 0, sizeof(int64_t) * 2 * (size_t)k->ncounters);
  RMA_CALL(rma_win_publish(&k->seg));
  *mb = k;
  return 0;
}

int rma_mailbox_close(rma_mailbox_t *mb) {
  // No rank leaves while a message may still be on its way to it.
  if (mb->seg.win != MPI_WIN_NULL)
    RMA_CALL_MPI(MPI_Win_flush_all(mb->seg.win));
  RMA_CALL_MPI(MPI_Barrier(rma_context()->comm));
  int rc = 0;
  if (!rma_core_options()->store_keep)
    rc = rma_mailbox_release();
  return rc;
}

// A rows x cols block of elem with leading dimension ld (a plain count when contiguous).
static MPI_Datatype block_type(MPI_Datatype elem, int rows, int cols, int ld, int *count) {
  if (ld == cols || rows == 1) {
    *count = rows * cols;
    return elem;
  }
  MPI_Datatype t;
  MPI_Type_vector(rows, cols, ld, elem, &t);
  MPI_Type_commit(&t);
  *count = 1;
  return t;
}

int rma_mailbox_put_dt(rma_mailbox_t *mb, int target, long off, rma_dtype_t dt, const void *src,
                       int rows, int cols, int lds, int ldt) {
  if (rows <= 0 || cols <= 0)
    return 0;
  size_t es = rma_dtype_size(dt);
  MPI_Aint at = data_disp(mb, 0) + (MPI_Aint)off;
  char *there = mb->seg.peer[target];
  if (there) {
    for (int i = 0; i < rows; i++)
      memcpy(there + at + (long)es * i * ldt, (const char *)src + (long)es * i * lds,
             es * (size_t)cols);
    return 0;
  }
  int ns, nt;
  MPI_Datatype elem = rma_dtype_mpi(dt);
  MPI_Datatype ts = block_type(elem, rows, cols, lds, &ns), tt = block_type(elem, rows, cols, ldt, &nt);
  int rc = MPI_Put(src, ns, ts, target, at, nt, tt, mb->seg.win);
  if (ts != elem)
    MPI_Type_free(&ts);
  if (tt != elem)
    MPI_Type_free(&tt);
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

int rma_mailbox_put(rma_mailbox_t *mb, int target, long offset, const double *src, int rows,
                    int cols, int lds, int ldt) {
  return rma_mailbox_put_dt(mb, target, 8 * offset, RMA_DT_D, src, rows, cols, lds, ldt);
}

int rma_mailbox_put_bytes(rma_mailbox_t *mb, int target, long offset, const void *src,
                          size_t bytes) {
  if (bytes == 0)
    return 0;
  char *there = mb->seg.peer[target];
  if (there) {
    memcpy(there + data_disp(mb, offset), src, bytes);
    return 0;
  }
  if (bytes > INT_MAX)
    return RMA_ERR_NOT_IMPLEMENTED;
  RMA_CALL_MPI(MPI_Put(src, (int)bytes, MPI_BYTE, target, data_disp(mb, offset), (int)bytes,
                       MPI_BYTE, mb->seg.win));
  return 0;
}

int64_t *rma_mailbox_peer_counters(const rma_mailbox_t *mb, int target) {
  return mb->seg.peer[target] ? shm_counters(mb, target) : NULL;
}

double *rma_mailbox_peer_data(const rma_mailbox_t *mb, int target) {
  return mb->seg.peer[target] ? (double *)((char *)mb->seg.peer[target] + data_disp(mb, 0)) : NULL;
}

int rma_mailbox_flush(rma_mailbox_t *mb, int target) {
  if (mb->seg.peer[target])
    __atomic_thread_fence(__ATOMIC_RELEASE); // copies in place: ordered before later notifications
  else
    RMA_CALL_MPI(MPI_Win_flush(target, mb->seg.win));
  return 0;
}

int rma_mailbox_notify(rma_mailbox_t *mb, int target, int counter, int64_t inc) {
  if (mb->seg.peer[target]) {
    // The copies above happen before the add (release).
    __atomic_fetch_add(&shm_counters(mb, target)[counter], inc, __ATOMIC_RELEASE);
    return 0;
  }
  RMA_CALL_MPI(MPI_Win_flush(target, mb->seg.win));
  RMA_CALL_MPI(MPI_Accumulate(&inc, 1, MPI_INT64_T, target, rma_counter_disp(mb, counter), 1,
                              MPI_INT64_T, MPI_SUM, mb->seg.win));
  RMA_CALL_MPI(MPI_Win_flush(target, mb->seg.win));
  return 0;
}

// Simulated (RMALA_SIMULATE), this rank's counter in the RMA set: SMPI's RMA
// reads and writes the target's memory when its simulated transfer ends (an
// MPI_Accumulate flushes before it returns), and simulated ranks take turns
// in one address space, so a rank's loads and stores of its own counter see
// and make what the RMA calls would. Each such call costs SMPI 3.32 a walk of
// the window's P lockers and was a third of a P = 256 LU's wall time (every
// waiting rank polls every <= 50 us of simulated time). NULL otherwise.
static int64_t *sim_own_far(const rma_mailbox_t *mb, int target, int counter) {
#ifdef RMALA_SIMULATE
  if (target == mb->seg.rank)
    return &shm_counters(mb, target)[mb->ncounters + counter];
#else
  (void)mb, (void)target, (void)counter;
#endif
  return NULL;
}

int rma_mailbox_store(rma_mailbox_t *mb, int target, int counter, int64_t value) {
  // Readers in place use the first set; the others read the second.
  if (mb->seg.peer[target])
    __atomic_store_n(&shm_counters(mb, target)[counter], value, __ATOMIC_RELEASE);
  int64_t *own = sim_own_far(mb, target, counter);
  if (own)
    __atomic_store_n(own, value, __ATOMIC_RELEASE);
  else if (mb->seg.remote) {
    int64_t old;
    RMA_CALL_MPI(MPI_Fetch_and_op(&value, &old, MPI_INT64_T, target, rma_counter_disp(mb, counter),
                                  MPI_REPLACE, mb->seg.win));
    RMA_CALL_MPI(MPI_Win_flush(target, mb->seg.win));
  }
  return 0;
}

// Between polls: spin a little first (a node neighbour's answer takes well
// under a microsecond, a sched_yield about one), then give the core away, and
// after a few quick tries sleep briefly so an oversubscribed rank that is
// being waited for gets to run.
#define SPIN_TRIES 256
static void backoff(int tries) {
#ifdef RMALA_SIMULATE
  // Simulated (smpicc turns nanosleep into a simulated sleep, and a yield
  // would not let another simulated rank run): sleeps that grow as a real
  // rank's polling period does, 1 us doubling every 8 tries up to the real
  // 50 us, so a wait ends at most that late (as a real one may) and a long
  // wait costs the simulation tens of polls instead of one per microsecond.
  long ns = tries < 48 ? 1000L << (tries / 8) : 50000L;
  struct timespec sim = {0, ns < 50000L ? ns : 50000L};
  nanosleep(&sim, NULL);
  return;
#endif
  if (tries < SPIN_TRIES) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    return;
  }
  if (tries < SPIN_TRIES + 16) {
    sched_yield();
    return;
  }
  struct timespec ts = {0, tries < SPIN_TRIES + 256 ? 2000 : 50000};
  nanosleep(&ts, NULL);
}

// A waiting rank past its spins makes FILL_BYTES more of the mailbox's
// deferred pages resident (rma_win_fill) instead of giving the core away:
// ~0.15 ms per call on fresh pages here, so a wait ends at most that late.
#define FILL_BYTES (256L << 10)
// Returns the tries to go on from: after a fill, the yields again.
static int fill_or_backoff(rma_mailbox_t *mb, int tries) {
  if (tries >= SPIN_TRIES && rma_win_fill(&mb->seg, FILL_BYTES))
    return SPIN_TRIES - 1;
  backoff(tries);
  return tries;
}

// Let MPI serve the operations other ranks aim at this one. MPI promises
// progress only inside blocked calls and repeatedly called test procedures
// such as MPI_Iprobe (MPI-4.1, 3.9); RMA on this rank's own window need not
// progress anything. Open MPI 4.1's osc ucx is such a case: a sender's
// MPI_Accumulate first takes a lock word with a compare-and-swap that UCX
// emulates by active messages the target must progress, so a rank polling
// its own counter without this starved its senders forever.
static int progress(void) {
  int flag;
  RMA_CALL_MPI(
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, rma_context()->comm, &flag, MPI_STATUS_IGNORE));
  return 0;
}

// The RMA set's value of target's counter.
static int rma_read(rma_mailbox_t *mb, int target, int counter, int64_t *now) {
  int64_t *own = sim_own_far(mb, target, counter);
  if (own) {
    *now = __atomic_load_n(own, __ATOMIC_ACQUIRE);
    return 0;
  }
  int64_t dummy = 0;
  RMA_CALL_MPI(MPI_Fetch_and_op(&dummy, now, MPI_INT64_T, target, rma_counter_disp(mb, counter),
                                MPI_NO_OP, mb->seg.win));
  RMA_CALL_MPI(MPI_Win_flush(target, mb->seg.win));
  return 0;
}

int rma_mailbox_wait_remote(rma_mailbox_t *mb, int target, int counter, int64_t value) {
  int64_t seen;
  return rma_mailbox_wait_remote_seen(mb, target, counter, value, &seen);
}

int rma_mailbox_wait_remote_seen(rma_mailbox_t *mb, int target, int counter, int64_t value,
                                 int64_t *seen) {
  int in_place = mb->seg.peer[target] != NULL;
  for (int tries = 0;; tries++) {
    int64_t now = 0;
    if (in_place)
      now = __atomic_load_n(&shm_counters(mb, target)[counter], __ATOMIC_ACQUIRE);
    else
      RMA_CALL(rma_read(mb, target, counter, &now));
    if (now >= value) {
      *seen = now;
      return 0;
    }
    if (mb->seg.remote)
      RMA_CALL(progress());
    tries = fill_or_backoff(mb, tries);
  }
}

int rma_mailbox_wait(rma_mailbox_t *mb, int counter, int64_t value) {
  int64_t *mine = shm_counters(mb, mb->seg.rank);
  for (int tries = 0;; tries++) {
    // Messages from node neighbours and from other nodes count alike.
    int64_t now = __atomic_load_n(&mine[counter], __ATOMIC_ACQUIRE), far = 0;
    if (mb->seg.remote && now < value)
      RMA_CALL(rma_read(mb, mb->seg.rank, counter, &far));
    if (now + far >= value) {
      if (far && mb->seg.win != MPI_WIN_NULL)
        MPI_Win_sync(mb->seg.win);
      return 0;
    }
    if (mb->seg.remote)
      RMA_CALL(progress());
    tries = fill_or_backoff(mb, tries);
  }
}

// A look at this rank's counters that never waits (the asynchronous Jacobi's
// halo checks, the pipeline's rma_ring_arrived).
int rma_mailbox_peek(rma_mailbox_t *mb, int first, int count, int64_t *now) {
  int64_t *mine = shm_counters(mb, mb->seg.rank);
  for (int i = 0; i < count; i++)
    now[i] = __atomic_load_n(&mine[first + i], __ATOMIC_ACQUIRE);
  if (!mb->seg.remote || count <= 0)
    return 0;
  // The RMA set in one atomic read (element-wise, like the accumulates that raise it).
  int64_t *far = malloc(sizeof(int64_t) * (size_t)count);
  if (!far)
    return RMA_ERR_NO_MEMORY;
  int rc = MPI_Get_accumulate(NULL, 0, MPI_INT64_T, far, count, MPI_INT64_T, mb->seg.rank,
                              rma_counter_disp(mb, first), count, MPI_INT64_T, MPI_NO_OP,
                              mb->seg.win);
  if (rc == MPI_SUCCESS)
    rc = MPI_Win_flush(mb->seg.rank, mb->seg.win);
  if (rc == MPI_SUCCESS)
    rc = MPI_Win_sync(mb->seg.win);
  for (int i = 0; rc == MPI_SUCCESS && i < count; i++)
    now[i] += far[i];
  free(far);
  if (rc != MPI_SUCCESS)
    return RMA_ERR_MPI;
  return progress();
}
