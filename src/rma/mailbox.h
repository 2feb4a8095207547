/*
 * Put + notify over the two domains of rma/win.h. Every rank holds, in one
 * library segment, 64-bit notification counters (two sets: one changed
 * with CPU atomics by node neighbours, one with MPI atomics by ranks on
 * other nodes) followed by a data area of receive slots.
 *  - To a node neighbour: the data is copied straight into its area, then
 *    its counter is raised with an atomic add (release); it waits with
 *    atomic loads (acquire). No MPI call, no dependence on MPI progress.
 *  - To a rank on another node (or any rank when shared memory is off or
 *    unavailable): MPI_Put, MPI_Win_flush, then MPI_Accumulate(+1) on its
 *    counter; it polls with MPI_Fetch_and_op(MPI_NO_OP) (no compare-and-swap:
 *    it crashes Open MPI 4.1.4 on one node).
 * A waiting rank spins briefly, then yields the core. Counters only grow within a call (they
 * count messages), so a wait is "until counter >= value".
 */
#ifndef RMA_RMA_MAILBOX_H
#define RMA_RMA_MAILBOX_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "core/context.h"
#include "core/dtype.h"
#include "rma/win.h"

typedef struct {
  rma_win_t seg; /* counters (2 x ncounters int64) then the data area */
  int shared;    /* the shared-memory switch seg was made with */
  int ncounters;
  long data_len; /* doubles in the data area */
  long private_len; /* leading data doubles that hold per-rank control (headers) */
  double *data;  /* this rank's data area */
} rma_mailbox_t;

/*
 * Collective over the library communicator. A mailbox of at least ncounters
 * counters and data_len doubles with every counter zero. It is kept between
 * calls (creating its window cost 0.14 s for 43 MB per rank with Open MPI
 * 4.1) and is replaced only when a call needs a larger one.
 */
int rma_mailbox_open(int ncounters, long data_len, rma_mailbox_t **mb);

/* rma_mailbox_open whose first private_len data doubles carry control values
 * (headers: pivots, flags) that must stay per rank in the simulation's
 * shared-malloc mode (core/sim.h) like the counters; elsewhere the same. */
int rma_mailbox_open_private(int ncounters, long private_len, long data_len, rma_mailbox_t **mb);

/* Collective. End of use: returns once no message to any rank is in flight. */
int rma_mailbox_close(rma_mailbox_t *mb);

/* Collective. Free the current context's kept mailbox (before the context
 * is freed). */
int rma_mailbox_release(void);

/* Local. Bytes context ctx's kept mailbox holds on this rank (0 when none). */
long long rma_mailbox_bytes(const rma_context_t *ctx);

/* Local (one-sided). Put a rows x cols block (row-major, ld lds) into target's
 * data area at element offset, stored there with ld ldt. Completes with the
 * next rma_mailbox_notify to the same target. */
int rma_mailbox_put(rma_mailbox_t *mb, int target, long offset, const double *src, int rows,
                    int cols, int lds, int ldt);

/* Local (one-sided). Put a rows x cols block of elements of type dt
 * (row-major, ld lds) into target's data area at byte offset off, stored
 * there with ld ldt. Completes with the next rma_mailbox_notify to the same
 * target. */
int rma_mailbox_put_dt(rma_mailbox_t *mb, int target, long off, rma_dtype_t dt, const void *src,
                       int rows, int cols, int lds, int ldt);

/* Local (one-sided). Put bytes bytes from src (any memory) into target's data
 * area at element offset (whole doubles: byte payloads start on a double).
 * Completes with the next rma_mailbox_notify to the same target. */
int rma_mailbox_put_bytes(rma_mailbox_t *mb, int target, long offset, const void *src,
                          size_t bytes);

/* Local. Target's data area when it is readable in place (own rank or a node
 * neighbour in the shared domain), else NULL. */
double *rma_mailbox_peer_data(const rma_mailbox_t *mb, int target);

/* Local. Target's in-place counter set (own rank or a node neighbour in the
 * shared domain: read and write it with CPU atomics), else NULL. */
int64_t *rma_mailbox_peer_counters(const rma_mailbox_t *mb, int target);

/* Local (one-sided). Complete every put to target (no notification: for data
 * that others, notified separately, read in target's area in place). */
int rma_mailbox_flush(rma_mailbox_t *mb, int target);

/* Local (one-sided). Complete every put to target, then add inc to target's
 * counter. */
int rma_mailbox_notify(rma_mailbox_t *mb, int target, int counter, int64_t inc);

/* Local. Wait until this rank's counter reaches value; the data that came
 * with the notifications is then visible. */
int rma_mailbox_wait(rma_mailbox_t *mb, int counter, int64_t value);

/* Local (one-sided). Store value in target's counter (atomic replace). */
int rma_mailbox_store(rma_mailbox_t *mb, int target, int counter, int64_t value);

/* Local (one-sided). Wait until target's counter reaches value (credits). */
int rma_mailbox_wait_remote(rma_mailbox_t *mb, int target, int counter, int64_t value);

/* Local (one-sided). The same, and *seen gets the value that ended the wait
 * (>= value: callers remember it to skip later waits it already implies). */
int rma_mailbox_wait_remote_seen(rma_mailbox_t *mb, int target, int counter, int64_t value,
                                 int64_t *seen);

/* Local. Never waits: now[i] := this rank's counter first + i (messages from
 * node neighbours and other nodes alike), for i < count; data that came with
 * the notifications counted is then visible. Lets MPI progress other ranks'
 * operations on this rank (as the waits do). */
int rma_mailbox_peek(rma_mailbox_t *mb, int first, int count, int64_t *now);

#endif
