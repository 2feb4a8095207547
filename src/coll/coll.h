/*
 * RMA collectives: allgather, broadcast and barrier on a reusable context
 * (rma_coll_t), built on the put + notify mailbox of rma/mailbox.h over the
 * two domains of rma/win.h.
 *
 * Layer contract: rma_allgather / rma_bcast / rma_barrier (argument check +
 * agreement, coll/api.c) -> rma_coll_*_run (algorithms, this room) ->
 * rma_mailbox_put_bytes / _notify / _wait / _store (transfers) -> window
 * segments (rma/win.c).
 *
 * Groups: the ranks that read each other's segments in place (a node when
 * shared memory is on, else each rank alone). Each group has a leader (its
 * lowest rank; in a broadcast, the root leads its own group).
 *
 * Buffers and reuse. Each rank's segment holds two data areas; call s
 * (counted from 0 on the context, the same on every rank) uses area s % 2,
 * so a rank may start call s + 1 while a slower one still reads call s.
 * Counters (cumulative, one per area and step) count messages; each rank
 * keeps the values it expects. Before anything is written into rank t's area
 * or counters for call s, the writer knows that every reader of that area
 * has finished call s - 2 (its previous use):
 *  - a node neighbour in place: at the start of every call a rank waits
 *    until each member of its group has finished call s - 2 (DONE >= s - 1,
 *    atomic loads);
 *  - a rank in another group: t publishes CREDIT = the last call it accepts
 *    writes for (s + 1 after entering call s alone in its group, s with
 *    neighbours, who may still read its area); the writer reads it (one
 *    MPI_Fetch_and_op) only when what it already knows is not enough: a
 *    message from t in call c proves t entered call c.
 */
#ifndef RMA_COLL_COLL_H
#define RMA_COLL_COLL_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "core/context.h"
#include "rma/mailbox.h"

/* Counter indices in the mailbox. */
enum {
  RMA_COLL_DONE = 0,   /* calls this rank has finished (read in place by its group) */
  RMA_COLL_CREDIT = 1, /* last call this rank accepts writes for (read by other groups) */
  RMA_COLL_POST = 2,   /* broadcast chunks this rank's area holds (read in place) */
  RMA_COLL_READY = 3,  /* flat protocol: calls whose header this rank has posted */
  RMA_COLL_HEAD = 4,   /* flat protocol: call header per area (RMA_COLL_HEAD_LEN words) */
  RMA_COLL_HEAD_LEN = 3,
  RMA_COLL_ARRIVE = RMA_COLL_HEAD + 2 * RMA_COLL_HEAD_LEN, /* then 2 x RMA_COLL_NSTEP message
                                                              counters: area b, step k */
  RMA_COLL_NSTEP = 40
};
#define RMA_COLL_NCOUNTERS (RMA_COLL_ARRIVE + 2 * RMA_COLL_NSTEP)
#define RMA_COLL_CHUNK ((size_t)16384) /* broadcast pipeline chunk (bytes) */

struct rma_coll_s {
  rma_context_t *ctx; /* engine context: duplicate communicator, node map */
  rma_mailbox_t *mb;  /* segments: counters, then two data areas */
  size_t max_bytes;
  long area;       /* doubles per data area: size x round8(max_bytes) bytes */
  int64_t seq;     /* calls made on this context */
  int64_t *expect; /* expected value of each counter */
  int64_t *known;  /* known[t]: last call rank t is known to accept writes for */
  int rank, size;
  int *leader;        /* leader[t]: lowest rank of t's group */
  int *group;         /* this rank's group, rank order */
  int ngroup, gidx;   /* its size and this rank's index in it */
  int *leaders;       /* every group's leader, rank order */
  int nleaders, lidx; /* their number and this rank's index (-1: not a leader) */
  int flat;           /* one group, every rank in place: the flat protocols (coll/flat.c) */
  int shared;         /* RMA_OPT_SHARED_MEMORY when it was made */
};

/* Collective over comm (no argument check). A context with areas for
 * max_bytes per rank, in the domains the current RMA_OPT_SHARED_MEMORY
 * allows. Returns 0, RMA_ERR_MPI or RMA_ERR_NO_MEMORY on every rank. */
int rma_coll_open(MPI_Comm comm, size_t max_bytes, struct rma_coll_s **coll);

/* Collective. Free what rma_coll_open made; *coll = NULL. */
int rma_coll_close(struct rma_coll_s **coll);

/* Collective over the current context. Its kept collective context, with
 * areas for at least max_bytes per rank: made on first use, re-made when a
 * call needs more or the shared-memory switch changed, so engine algorithms
 * (the Jacobi solver) pay no window creation per call. */
int rma_coll_kept(size_t max_bytes, struct rma_coll_s **coll);

/* Collective. End of a call's use of the kept context: freed unless
 * RMA_OPT_STORE_KEEP (as the store and the mailbox). */
int rma_coll_kept_done(void);

/* Collective. Free the current context's kept collective context (engine
 * close, before the context is freed). */
int rma_coll_release_kept(void);

/* Collective over the context; the context must be current (rma_context_use).
 * Arguments are trusted (coll/api.c checks them). */
int rma_coll_allgather_run(struct rma_coll_s *c, const void *sendbuf, size_t bytes, void *recvbuf);
int rma_coll_bcast_run(struct rma_coll_s *c, void *buf, size_t bytes, int root);
int rma_coll_barrier_run(struct rma_coll_s *c);

/* Local. The broadcast's double-buffered hand-over within a node: copy
 * bytes from src into this rank's area mine in RMA_COLL_CHUNK pieces,
 * raising this rank's POST counter to post0 + i + 1 after piece i. */
int rma_coll_post_chunks(struct rma_coll_s *c, char *mine, const void *src, size_t bytes,
                         int64_t post0);

/* Local (waits on a node neighbour). Copy bytes into dst from node
 * neighbour t's area at element offset off, each piece as soon as t has
 * posted it (rma_coll_post_chunks with the same post0). */
int rma_coll_read_posted(struct rma_coll_s *c, int t, long off, void *dst, size_t bytes,
                         int64_t post0);

/*
 * The flat protocols (coll/flat.c), used by every call on a context whose
 * ranks all share memory (c->flat). Each call, every rank posts a header
 * (bytes, its local argument verdict bad = 100 x argument number or 0, root)
 * with its data and reads every other rank's header before anything is
 * written into a user buffer, so argument agreement costs no extra message.
 * kind: RMA_COLL_KIND_*. *key: 0 when every header is clean and bytes (and
 * root) agree; else the key this rank passes to rma_info_agree (its own bad,
 * or 300 / 400 when bytes / root differ; -1: others report), which every
 * rank then passes. With bytes = 0 only the headers travel (a barrier).
 * Returns 0 or RMA_ERR_* (a failed wait).
 */
enum { RMA_COLL_KIND_ALLGATHER, RMA_COLL_KIND_BCAST, RMA_COLL_KIND_BARRIER };
int rma_coll_flat(struct rma_coll_s *c, int kind, const void *src, void *dst, size_t bytes,
                  int root, int bad, int *key);

/* Helpers shared by the algorithms (coll/coll.c). */

/* Local. Start call c->seq: wait until every group neighbour finished call
 * seq - 2, then publish this rank's credit. Returns the area index. */
int rma_coll_enter(struct rma_coll_s *c, int *area);

/* Local. End the call: publish DONE, advance seq. */
int rma_coll_leave(struct rma_coll_s *c);

/* Local. Before writing into rank t for the current call: wait for its
 * credit when not yet known. */
int rma_coll_credit(struct rma_coll_s *c, int t);

/* Local. A message from rank t arrived in the current call. */
void rma_coll_heard(struct rma_coll_s *c, int t);

/* Local. Wait for n more messages on counter (area, step). */
int rma_coll_wait(struct rma_coll_s *c, int area, int step, int n);

/* Local. Counter index of (area, step). */
static inline int rma_coll_counter(int area, int step) {
  return RMA_COLL_ARRIVE + area * RMA_COLL_NSTEP + step;
}

/* Local. Element offset of byte offset off (a multiple of 8) in area b. */
static inline long rma_coll_offset(const struct rma_coll_s *c, int area, size_t off) {
  return area * c->area + (long)(off / sizeof(double));
}

/*
 * Collective over the n ranks who[0..n-1] (NULL: ranks 0..n-1), me = this
 * rank's index among them. Recursive doubling: afterwards block j (bytes
 * bytes at byte offset j * stride of area b, stride a multiple of 8) of
 * every participant holds participant j's block, which it put there itself
 * before the call. With bytes = 0 only the notifications travel (a barrier).
 * Uses steps step0 .. step0 + log2(n) + 1 of the area's counters.
 */
int rma_coll_rd(struct rma_coll_s *c, const int *who, int n, int me, int area, size_t bytes,
                size_t stride, int step0);

#endif
