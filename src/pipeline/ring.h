/*
 * The ring of the pipeline layer: how a step-by-step algorithm (the LU, the
 * triangular solves, ...) moves the blocks of its steps with put + notify
 * and no barrier between steps.
 *
 * Every rank's mailbox data area holds, in this order:
 *   RMA_RING step headers of hdr_len doubles (small control data: pivots,
 *     flags; the simulation's shared-malloc mode keeps this part private to
 *     each rank, rma_mailbox_open_private),
 *   RMA_RING slots of slot_len elements of the operation's type dtype (the
 *     blocks of a step; the operation lays out its areas inside a slot),
 *   own_len elements of that type for the rank's own use (its group reads
 *     them in place too, rma_ring_own_from).
 * Step k uses header and slot k % RMA_RING. Each slot has per_slot counters
 * (the operation's message kinds: panel, L, U, ...); a receiver waits until
 * a counter reaches the messages it expects, which only grow within a call
 * (the ring keeps the running total). One more counter, DONE, holds the
 * number of steps the rank has completed.
 *
 * Credits: slot k % RMA_RING of rank X is rewritten for step k only once
 * every rank of X's group (pipeline/handout.h: they may have read it in
 * place) has completed step k - RMA_RING. The writer remembers the largest
 * completed-step count it has seen of each rank, so a credit it already
 * knows to be given costs nothing.
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#ifndef RMA_PIPELINE_RING_H
#define RMA_PIPELINE_RING_H

#include <stdint.h>

#include "pipeline/handout.h"
#include "rma/mailbox.h"

/* Slots in the ring: a step's slot is reused RMA_RING steps later. */
#define RMA_RING 3

/* The most counters per slot an operation may ask for. */
#define RMA_RING_MAX_COUNTERS 8

/* What an operation asks of its ring (the same on every rank). */
typedef struct {
  int per_slot;   /* counters per slot, 1 .. RMA_RING_MAX_COUNTERS (indices: the operation's) */
  long hdr_len;   /* doubles of a step header (0: none) */
  long slot_len;  /* elements (of dtype) of a slot */
  long own_len;   /* elements after the slots for the rank's own use (0: none) */
  int wait_phase; /* the operation's timing phase (core/timing.h) of waits and credits; -1: none */
  rma_dtype_t dtype; /* the slots' element type */
  const int *kind_phase; /* per kind: the timing phase of waits for it (NULL: wait_phase) */
} rma_ring_desc_t;

typedef struct {
  rma_ring_desc_t d;
  rma_mailbox_t *mb;
  rma_groups_t grp; /* the ranks that read each other's slots in place */
  int rank;         /* this rank */
  int done;         /* index of the DONE counter: RMA_RING * per_slot */
  int64_t expect[RMA_RING * RMA_RING_MAX_COUNTERS]; /* per counter: messages waited for so far */
  int64_t *done_seen; /* per rank: the largest completed-step count seen (credits) */
  int *stamp, mark;   /* per group: hand-out scratch (rma_groups_fanout) */
} rma_ring_t;

/*
 * Collective over the current context's communicator. Open the context's
 * mailbox with d's sizes (every counter zero), the groups of its ranks and
 * the ring's bookkeeping. Returns 0, or RMA_ERR_NO_MEMORY / the mailbox's
 * error, the same on every rank; on failure nothing is left to close.
 */
int rma_ring_open(rma_ring_t *r, const rma_ring_desc_t *d);

/* Collective. End of use: returns once no message to any rank is in flight
 * (rma_mailbox_close), then frees the bookkeeping. Returns 0 or the
 * mailbox's error (this rank's). */
int rma_ring_close(rma_ring_t *r);

/* Local. Where step k's header starts in a data area (doubles), and where
 * its slot starts (bytes: the slots hold elements of the ring's type after
 * the headers). */
static inline long rma_ring_header_off(const rma_ring_t *r, int k) {
  return (long)(k % RMA_RING) * r->d.hdr_len;
}
static inline long rma_ring_slot_bytes(const rma_ring_t *r, int k) {
  return 8 * RMA_RING * r->d.hdr_len +
         (long)rma_dtype_size(r->d.dtype) * (long)(k % RMA_RING) * r->d.slot_len;
}

/* Local. This rank's step k header and slot, and its own area. */
static inline double *rma_ring_header(const rma_ring_t *r, int k) {
  return r->mb->data + rma_ring_header_off(r, k);
}
static inline void *rma_ring_slot(const rma_ring_t *r, int k) {
  return (char *)r->mb->data + rma_ring_slot_bytes(r, k);
}
static inline void *rma_ring_own(const rma_ring_t *r) {
  return (char *)r->mb->data + rma_ring_slot_bytes(r, 0) +
         (long)rma_dtype_size(r->d.dtype) * RMA_RING * r->d.slot_len;
}

/* Local. Where this rank reads step k's header / slot of a block handed
 * out by sender (pipeline/handout.h): its own, or the holder's in place. */
const double *rma_ring_header_from(const rma_ring_t *r, int sender, int k);
const void *rma_ring_slot_from(const rma_ring_t *r, int sender, int k);

/* Local. Rank owner's own area, read in place: when owner is in this
 * rank's group (itself included), else NULL. What owner wrote there before
 * a notification to this rank is visible once this rank has waited for it. */
const void *rma_ring_own_from(const rma_ring_t *r, int owner);

/* Local. The mailbox counter of kind which (0 .. per_slot) of step k. */
static inline int rma_ring_counter(const rma_ring_t *r, int k, int which) {
  return (k % RMA_RING) * r->d.per_slot + which;
}

/* Local. Wait for count more messages of kind which at step k (their data
 * is then visible); timed in the kind's phase, or else the wait phase.
 * Returns 0 or the mailbox's error. */
int rma_ring_wait(rma_ring_t *r, int k, int which, int64_t count);

/* Local. Never waits: *count := the messages of kind which at step k that
 * have arrived beyond those waited for so far (rma_mailbox_peek); their
 * data is then visible. Returns 0 or the mailbox's error. */
int rma_ring_arrived(rma_ring_t *r, int k, int which, int64_t *count);

/* Local (one-sided). Credit: wait until target's slot and header of step k
 * may be written (every rank of target's group completed step k - RMA_RING;
 * at once for k < RMA_RING); timed in the wait phase. Returns 0 or the
 * mailbox's error. */
int rma_ring_credit(rma_ring_t *r, int target, int k);

/* Local (one-sided). Put a rows x cols block of the ring's type (ld lds)
 * into target's step k slot at element offset off, stored with ld ldt;
 * completes with the next notification to target. The caller has the
 * credit. Returns 0 or the mailbox's error. */
int rma_ring_put(rma_ring_t *r, int target, int k, long off, const void *src, int rows, int cols,
                 int lds, int ldt);

/* Local (one-sided). Put len doubles into target's step k header. As
 * rma_ring_put. */
int rma_ring_put_header(rma_ring_t *r, int target, int k, const double *hdr, int len);

/* Local (one-sided). Complete the puts to target, then count inc messages
 * of kind which at step k on it. Returns 0 or the mailbox's error. */
int rma_ring_notify(rma_ring_t *r, int target, int k, int which, int64_t inc);

/* Local (one-sided). This rank has completed step k (its DONE counter
 * becomes k + 1: the credit of its group's slots for step k + RMA_RING).
 * Returns 0 or the mailbox's error. */
int rma_ring_done(rma_ring_t *r, int k);

/*
 * Local (one-sided). The two-level hand-out of a block of step k from this
 * rank (rma_groups_fanout) to receivers[0 .. n), or to every rank when
 * receivers is NULL, notified with kind which: each holder's credit is the
 * ring's, then put(arg, holder, group) writes the group's copy into
 * holder's step k slot / header (holder may be this rank: its own area).
 * With every rank, the leaders of the other groups pass the notification on
 * (rma_ring_relay). Returns 0 or the first error of put or of the mailbox.
 */
int rma_ring_handout(rma_ring_t *r, int k, int which, const int *receivers, int n,
                     int (*put)(void *arg, int holder, int group), void *arg);

/* Local (one-sided). As rma_ring_handout to every rank, the groups for
 * which first(arg, group) says 1 served before the others (those whose
 * ranks the operation waits for first). Returns as rma_ring_handout. */
int rma_ring_handout_all(rma_ring_t *r, int k, int which, int (*first)(void *arg, int group),
                         int (*put)(void *arg, int holder, int group), void *arg);

/*
 * Local (one-sided). As rma_ring_handout to the list receivers[0 .. n), of
 * a block this rank received from sender and passes on: each group's copy
 * goes where its receivers read sender's blocks (rma_ring_slot_from), so
 * a group that already holds it only needs the notification (put then
 * writes nothing). Returns 0 or the first error of put or of the mailbox.
 */
int rma_ring_pass_on(rma_ring_t *r, int k, int which, int sender, const int *receivers, int n,
                     int (*put)(void *arg, int holder, int group), void *arg);

/* Local. After this rank's wait for a hand-out to every rank from sender
 * at step k (kind which): a group leader passes the notification on to its
 * group (rma_groups_relay); nothing elsewhere. Returns 0 or the mailbox's
 * error. */
int rma_ring_relay(rma_ring_t *r, int sender, int k, int which);

#endif
