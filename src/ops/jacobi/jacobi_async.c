/*
 * The asynchronous and racy sweeps of rma_jacobi (paper 003's "async" and
 * "racy"), and their convergence detection without a barrier per sweep.
 *
 * Layer contract: rma_jacobi_async -> rma_jacobi_sweep (kernel) ->
 * rma_mailbox_put / _put_bytes / _notify / _peek (put + notify over the
 * shared-memory and RMA domains, rma/mailbox.c). No rank ever waits for
 * another inside the sweeps: every look at what arrived is a peek.
 *
 * Mailbox of each rank (counters, then data):
 *   SENT(s)   bands of x rank s has sent here (cumulative: the newest version)
 *   ACK(t)    versions of this rank's band that rank t has finished reading
 *   ROUND     rounds of the detection rank 0 has started (after the first)
 *   ROUND_IN  (rank 0) contributions received
 *   STOP      "leave the sweeps" notifications received
 *   GEN(s)    (RACY) the generation of the newest band of rank s written here
 *   data: per source s two slots of h x nrhs + 1 (ASYNC: version v in slot
 *   v % 2, its generation in the last double; RACY: slot 0 only, overwritten
 *   in place), then np doubles (rank 0: the contributions of the current
 *   round).
 *
 * Generations (ops/jacobi/jacobi_sweep.h) are the budget: a rank leaves
 * when its own band reaches generation maxit. A band's generation travels
 * with it: in ASYNC inside the slot (read with the band, which nobody
 * overwrites while it is read); in RACY as the counter GEN(s), raised after
 * the band is written, so every element read after the counter was seen is
 * of that generation or newer (a lower bound). Sweeps over stale bands
 * complete no generation, so a rank that runs while others are descheduled
 * or slowed cannot spend the others' budget (the failure of issue 24: a
 * fast rank did maxit sweeps over stale data and stopped everyone).
 *
 * When to sweep: at the start of an epoch and whenever the sweep would
 * complete a new generation. Other sweeps (paper 003's processes iterate on
 * whatever data they have: the fast ranks' bands converge towards the slow
 * one's) run on a newer band or while this rank's estimate is above tol, at
 * most max(2, np - 1) between two that complete a generation, and only
 * right after such a sweep or while they pay: the estimate fell (a newer
 * band arrived) or halved (nothing new).
 * So a rank with nothing new to read soon stops and sleeps (idle: two
 * yields, then sleeps doubling from 4 us to 1 ms between looks) instead of
 * spinning on a core another rank needs, and a diverging iteration does
 * not sweep without bound between generations.
 *
 * ASYNC: after each sweep a rank puts its band into each reader's slot and
 * notifies; before each sweep it copies, for each source, the slot of the
 * newest version that has arrived (if newer than the one it has) and
 * acknowledges it. Version v may be written only when the reader has
 * acknowledged v - 2, so a slot is never overwritten while it is read: each
 * band a rank uses is one complete band of some earlier sweep of its owner.
 * Without that credit the send is skipped and retried later with the newer
 * band (paper 003 skips the send when its R buffers are busy; here R = 2).
 *
 * RACY: one slot per source, written while the reader may be reading it; the
 * reader copies it every sweep without looking at what is new. Both sides
 * move each double with a relaxed 64-bit atomic load / store when the slot is
 * reached in place (shared memory), so an element is never torn there and no
 * access is a data race in C11's sense; from another node the slot is written
 * by MPI_Put, and the reader's loads of memory MPI may be writing can see a
 * mixture of elements of different sweeps and, in principle (MPI promises
 * nothing for conflicting accesses), a torn element. Loads of doubles cannot
 * fault on any value, and the final check (ops/jacobi/jacobi.c) computes the
 * residual of a consistent iterate, so such a value costs sweeps, never a
 * wrong answer.
 *
 * Convergence detection (paper 003's asynchronous reduction, as rounds):
 * every rank, when it sees that round k has started (round 1 at once, later
 * rounds by a ROUND notification), puts its latest local estimate (the scaled
 * residual of its band for the x it swept with) to rank 0 and notifies
 * ROUND_IN. Rank 0 peeks ROUND_IN after its own sweeps; when a round is
 * complete it takes the largest estimate: <= tol sends STOP to everyone,
 * otherwise it starts the next round. A rank also leaves when its band
 * reaches generation maxit, and then sends STOP itself, so no rank keeps
 * sweeping or idling for a decision that cannot come. An idle rank keeps
 * answering rounds and watching STOP. Ranks without rows never sweep.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/error.h"
#include "ops/jacobi/jacobi_async.h"
#include "rma/mailbox.h"

struct rma_jacobi_async_s {
  rma_mailbox_t *mb;
  int np, ncount;
  long slot;          /* doubles per slot: h x nrhs */
  int64_t *now;       /* this rank's counters at the last peek */
  int64_t *seen;      /* per source: versions seen */
  int64_t *base;      /* per source: SENT at the start of the epoch */
  int64_t *acked;     /* per source: versions acknowledged */
  int64_t *sent;      /* per reader: versions sent */
  int *sent_sweep;    /* per reader: this rank's sweep count when it last sent */
  int64_t *gen_sent;  /* per reader (RACY): generation last announced in its GEN(me) */
  int64_t round;      /* rank 0: rounds started */
  int64_t contributed;
  int64_t stops;      /* STOP notifications seen */
};

// Counter indices and data offsets.
static int c_sent(int s) { return s; }
static int c_ack(const struct rma_jacobi_async_s *st, int t) { return st->np + t; }
static int c_round(const struct rma_jacobi_async_s *st) { return 2 * st->np; }
static int c_round_in(const struct rma_jacobi_async_s *st) { return 2 * st->np + 1; }
static int c_stop(const struct rma_jacobi_async_s *st) { return 2 * st->np + 2; }
static int c_gen(const struct rma_jacobi_async_s *st, int s) { return 2 * st->np + 3 + s; }
static long slot_at(const struct rma_jacobi_async_s *st, int s, int k) {
  return (2L * s + k) * st->slot;
}
static long conv_at(const struct rma_jacobi_async_s *st) { return 2L * st->np * st->slot; }

#define band_rows rma_jacobi_band_rows

int rma_jacobi_async_open(rma_jacobi_t *J, struct rma_jacobi_async_s **out) {
  struct rma_jacobi_async_s *st = calloc(1, sizeof *st);
  int np = J->np, ok = st != NULL;
  if (st) {
    st->np = np, st->ncount = 3 * np + 3, st->slot = (long)J->h * J->nrhs + 1;
    st->now = calloc((size_t)st->ncount, sizeof(int64_t));
    st->seen = calloc((size_t)np, sizeof(int64_t));
    st->base = calloc((size_t)np, sizeof(int64_t));
    st->acked = calloc((size_t)np, sizeof(int64_t));
    st->sent = calloc((size_t)np, sizeof(int64_t));
    st->sent_sweep = calloc((size_t)np, sizeof(int));
    st->gen_sent = calloc((size_t)np, sizeof(int64_t));
    st->round = 1;
    ok = st->now && st->seen && st->base && st->acked && st->sent && st->sent_sweep && st->gen_sent;
  }
  int rc = rma_status_agree(J->ctx->comm, ok ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = rma_mailbox_open(st->ncount, conv_at(st) + np, &st->mb);
  if (rc != 0) {
    if (st)
      st->mb = NULL;
    rma_jacobi_async_close(st);
    return rc;
  }
  *out = st;
  return 0;
}

int rma_jacobi_async_close(struct rma_jacobi_async_s *st) {
  if (!st)
    return 0;
  int rc = st->mb ? rma_mailbox_close(st->mb) : 0;
  free(st->now), free(st->seen), free(st->base), free(st->acked), free(st->sent);
  free(st->sent_sweep), free(st->gen_sent), free(st);
  return rc;
}

// Between looks when there is nothing to sweep (k: looks since the last
// sweep or arrival): give the core away, yielding twice, then sleeping
// 4 us, 8 us, ... up to 1 ms (a poll every 50 us costs a dgemm on the same
// cores 40%, DESIGN.md).
static void idle(int k) {
#ifndef RMALA_SIMULATE
  if (k < 2) {
    sched_yield();
    return;
  }
  long ns = k - 2 < 8 ? 4000L << (k - 2) : 1000000L;
#else
  (void)k;
  long ns = 20000;
#endif
  struct timespec ts = {0, ns};
  nanosleep(&ts, NULL);
}

// ASYNC: copy the newest complete band of each source that is newer than
// the one this rank has, and acknowledge it; *any = 1 when one arrived.
static int absorb_async(rma_jacobi_t *J, struct rma_jacobi_async_s *st, int *any) {
  *any = 0;
  for (int s = 0; s < J->np; s++) {
    int64_t v = st->now[c_sent(s)];
    int rows = band_rows(J, s);
    if (s == J->me || rows == 0 || v <= st->seen[s])
      continue;
    const double *slot = st->mb->data + slot_at(st, s, (int)(v % 2));
    memcpy(J->x + (long)s * J->h * J->nrhs, slot, sizeof(double) * (size_t)rows * J->nrhs);
    J->gen_of[s] = (int)slot[st->slot - 1];
    st->seen[s] = v;
    RMA_CALL(rma_mailbox_notify(st->mb, s, c_ack(st, J->me), v - st->acked[s]));
    st->acked[s] = v;
    *any = 1;
  }
  return 0;
}

// RACY: copy every source's slot as it is now (element by element, relaxed
// atomic loads), once the source has sent in this epoch; its generation is
// at least GEN(s) as peeked before the copy.
static void absorb_racy(rma_jacobi_t *J, struct rma_jacobi_async_s *st, int *any) {
  *any = 0;
  for (int s = 0; s < J->np; s++) {
    int64_t v = st->now[c_sent(s)];
    long len = (long)band_rows(J, s) * J->nrhs;
    if (s == J->me || len == 0 || v <= st->base[s])
      continue;
    double *from = st->mb->data + slot_at(st, s, 0), *to = J->x + (long)s * J->h * J->nrhs;
    for (long i = 0; i < len; i++)
      __atomic_load(&from[i], &to[i], __ATOMIC_RELAXED);
    if (st->now[c_gen(st, s)] > J->gen_of[s])
      J->gen_of[s] = (int)st->now[c_gen(st, s)];
    if (v > st->seen[s])
      st->seen[s] = v, *any = 1;
  }
}

// ASYNC: this rank's newest band to every reader that lacks it and has
// acknowledged version w - 2 (so slot w % 2 is free).
static int send_async(rma_jacobi_t *J, struct rma_jacobi_async_s *st) {
  const double *band = J->x + (long)J->lo * J->nrhs;
  for (int t = 0; t < J->np && J->rows > 0; t++) {
    if (t == J->me || band_rows(J, t) == 0 || st->sent_sweep[t] == J->sweeps)
      continue;
    int64_t w = st->sent[t] + 1;
    if (st->now[c_ack(st, t)] < w - 2)
      continue;
    long at = slot_at(st, J->me, (int)(w % 2));
    double gen = J->gen_of[J->me];
    RMA_CALL(rma_mailbox_put(st->mb, t, at, band, J->rows, J->nrhs, J->nrhs, J->nrhs));
    RMA_CALL(rma_mailbox_put_bytes(st->mb, t, at + st->slot - 1, &gen, sizeof gen));
    RMA_CALL(rma_mailbox_notify(st->mb, t, c_sent(J->me), 1));
    st->sent[t] = w, st->sent_sweep[t] = J->sweeps;
  }
  return 0;
}

// RACY: this rank's band straight over each reader's slot.
static int send_racy(rma_jacobi_t *J, struct rma_jacobi_async_s *st) {
  const double *band = J->x + (long)J->lo * J->nrhs;
  long len = (long)J->rows * J->nrhs;
  for (int t = 0; t < J->np && len > 0; t++) {
    if (t == J->me || band_rows(J, t) == 0)
      continue;
    double *there = rma_mailbox_peer_data(st->mb, t);
    if (there) {
      there += slot_at(st, J->me, 0);
      for (long i = 0; i < len; i++)
        __atomic_store(&there[i], (double *)&band[i], __ATOMIC_RELAXED);
    } else {
      RMA_CALL(rma_mailbox_put(st->mb, t, slot_at(st, J->me, 0), band, J->rows, J->nrhs, J->nrhs,
                               J->nrhs));
    }
    // The band is complete there before either counter moves (notify flushes).
    int64_t gen = J->gen_of[J->me];
    if (gen > st->gen_sent[t]) {
      RMA_CALL(rma_mailbox_notify(st->mb, t, c_gen(st, J->me), gen - st->gen_sent[t]));
      st->gen_sent[t] = gen;
    }
    RMA_CALL(rma_mailbox_notify(st->mb, t, c_sent(J->me), 1));
  }
  return 0;
}

// STOP to every other rank.
static int stop_all(rma_jacobi_t *J, struct rma_jacobi_async_s *st) {
  for (int t = 0; t < J->np; t++)
    if (t != J->me)
      RMA_CALL(rma_mailbox_notify(st->mb, t, c_stop(st), 1));
  return 0;
}

// The detection: contribute to a started round; on rank 0, close a complete
// round. *leave = 1 when rank 0 decided to stop.
static int detect(rma_jacobi_t *J, struct rma_jacobi_async_s *st, double est, int *leave) {
  int np = J->np;
  int64_t started = J->me == 0 ? st->round : 1 + st->now[c_round(st)];
  if (started > st->contributed) {
    RMA_CALL(rma_mailbox_put_bytes(st->mb, 0, conv_at(st) + J->me, &est, sizeof est));
    RMA_CALL(rma_mailbox_notify(st->mb, 0, c_round_in(st), 1));
    st->contributed = started;
  }
  if (J->me != 0 || st->now[c_round_in(st)] < np * st->round)
    return 0;
  double worst = 0.0;
  const double *in = st->mb->data + conv_at(st);
  for (int p = 0; p < np; p++)
    worst = isnan(in[p]) || isnan(worst) ? NAN : in[p] > worst ? in[p] : worst;
  if (worst <= J->tol) {
    *leave = 1;
    return 0;
  }
  st->round++;
  for (int t = 1; t < np; t++)
    RMA_CALL(rma_mailbox_notify(st->mb, t, c_round(st), 1));
  return 0;
}

static int epoch_run(rma_jacobi_t *J, struct rma_jacobi_async_s *st, int epoch) {
  int racy = J->mode == RMA_JACOBI_MODE_RACY;
  // What came before this epoch was forgotten by rma_jacobi_async_mark.
  for (int s = 0; s < J->np; s++)
    st->sent_sweep[s] = J->sweeps;
  if (J->me == 0 && epoch > 0) {
    st->round++;
    for (int t = 1; t < J->np; t++)
      RMA_CALL(rma_mailbox_notify(st->mb, t, c_round(st), 1));
  }
  // A rank with rows sweeps at least once per epoch before it reports.
  // est: this rank's estimate at its last sweep, prev: at the one before;
  // extras: sweeps since the last one that completed a new generation.
  int fresh = J->rows > 0, quiet = 0, extras = 0, most = J->np - 1 > 2 ? J->np - 1 : 2;
  double est = J->rows > 0 ? INFINITY : 0.0, prev = INFINITY;
  for (;;) {
    RMA_CALL(rma_mailbox_peek(st->mb, 0, st->ncount, st->now));
    int any = 0, leave = 0;
    if (racy)
      absorb_racy(J, st, &any);
    else
      RMA_CALL(absorb_async(J, st, &any));
    int gen = J->gen_of[J->me];
    int grows = fresh || rma_jacobi_next_gen(J) > gen;
    // A sweep that completes no generation: on news or while above tol, at
    // most max(2, np - 1) between generations, and only right after one that
    // did or while the estimate falls (halves when nothing new came), so a
    // stagnating rank stops and a diverging iteration grows per generation,
    // not per message.
    int extra = (any || !(est <= J->tol)) && extras < most &&
                (extras == 0 || (any ? est < prev : est <= 0.5 * prev));
    if (J->rows > 0 && gen < J->maxit && (grows || extra)) {
      rma_jacobi_xmax(J);
      rma_jacobi_sweep(J);
      prev = est, est = rma_jacobi_ratio(J, J->rmax);
      extras = grows ? 0 : extras + 1;
      fresh = 0, quiet = 0;
      if (racy)
        RMA_CALL(send_racy(J, st));
    } else {
      idle(any ? 0 : quiet++);
    }
    if (!racy)
      RMA_CALL(send_async(J, st));
    if (!fresh)
      RMA_CALL(detect(J, st, est, &leave));
    if (st->now[c_stop(st)] > st->stops)
      break; // someone stopped: leave quietly
    if (leave || (J->gen_of[J->me] >= J->maxit && (J->rows > 0 || J->maxit == 0))) {
      RMA_CALL(stop_all(J, st));
      break;
    }
  }
  return 0;
}

int rma_jacobi_async_mark(rma_jacobi_t *J, struct rma_jacobi_async_s *st) {
  // Every rank has left the sweeps and every notification of the epoch is
  // complete; no rank starts the next epoch before all have marked (the
  // caller's next allgather). Later messages are new.
  RMA_CALL(rma_mailbox_peek(st->mb, 0, st->ncount, st->now));
  for (int s = 0; s < J->np; s++) {
    st->seen[s] = st->base[s] = st->now[c_sent(s)];
    if (J->mode == RMA_JACOBI_MODE_ASYNC && s != J->me && st->seen[s] > st->acked[s]) {
      RMA_CALL(rma_mailbox_notify(st->mb, s, c_ack(st, J->me), st->seen[s] - st->acked[s]));
      st->acked[s] = st->seen[s];
    }
  }
  st->stops = st->now[c_stop(st)];
  return 0;
}

int rma_jacobi_async(rma_jacobi_t *J, struct rma_jacobi_async_s *st, int epoch) {
  int rc = epoch_run(J, st, epoch);
  // A rank that failed still tells the others to leave (best effort), so they
  // reach the agreement on its code without sweeping up to maxit.
  if (rc != 0)
    stop_all(J, st);
  return rc;
}
