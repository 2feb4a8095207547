/*
 * Put + notify: a library-owned MPI-3 window per operation holding, on every
 * rank, 64-bit notification counters followed by a data area of receive
 * slots. A sender puts data into the receiver's area, flushes, then adds to
 * one of the receiver's counters with an atomic MPI_Accumulate; the receiver
 * polls its own counter (MPI_Fetch_and_op, no compare-and-swap: it crashes
 * Open MPI 4.1.4 on one node) and yields the core while it waits. Counters
 * only grow (they count messages), so a wait is "until counter >= value".
 */
#ifndef RMA_RMA_MAILBOX_H
#define RMA_RMA_MAILBOX_H

#include <mpi.h>
#include <stdint.h>

typedef struct {
  MPI_Win win;
  MPI_Comm comm;
  int rank, size;
  int64_t *counters; /* ncounters, at the start of the window */
  int ncounters;
  double *data; /* data_len doubles after the counters */
  long data_len;
} rma_mailbox_t;

/*
 * Collective. A mailbox of at least ncounters counters and data_len doubles
 * with every counter zero. The window is kept between calls (creating one
 * costs 0.14 s for 43 MB per rank with Open MPI 4.1 on one node) and is
 * replaced only when a call needs a larger one.
 */
int rma_mailbox_open(MPI_Comm comm, int ncounters, long data_len, rma_mailbox_t **mb);

/* Collective. End of use: returns once no message to any rank is in flight. */
int rma_mailbox_close(rma_mailbox_t *mb);

/* Collective. Free the kept window (rma_finalize). */
int rma_mailbox_release(void);

/* Local (one-sided). Put a rows x cols block (row-major, ld lds) into target's
 * data area at element offset, stored there with ld ldt. Completes with the
 * next rma_mailbox_notify to the same target. */
int rma_mailbox_put(rma_mailbox_t *mb, int target, long offset, const double *src, int rows,
                    int cols, int lds, int ldt);

/* Local (one-sided). Complete every put to target, then add inc to target's
 * counter. */
int rma_mailbox_notify(rma_mailbox_t *mb, int target, int counter, int64_t inc);

/* Local. Wait until this rank's counter reaches value, then make the data
 * that came with it visible. */
int rma_mailbox_wait(rma_mailbox_t *mb, int counter, int64_t value);

/* Local (one-sided). Store value in target's counter (atomic replace). */
int rma_mailbox_store(rma_mailbox_t *mb, int target, int counter, int64_t value);

/* Local (one-sided). Wait until target's counter reaches value (credits). */
int rma_mailbox_wait_remote(rma_mailbox_t *mb, int target, int counter, int64_t value);

#endif
