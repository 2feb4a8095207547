/*
 * Recursive doubling (allgather, and the leaders' part of the barrier) and
 * the tree barrier inside a group.
 *
 * rma_coll_allgather_run -> rma_coll_rd -> rma_mailbox_put_bytes + notify /
 * rma_coll_wait (per-step counters, no fence).
 */
#include <string.h>

#include "coll/coll.h"
#include "core/error.h"

#define TREE_DEGREE 4

static int who_of(const int *who, int j) { return who ? who[j] : j; }

// Put blocks [first, first + count) of area b to participant j's same place.
static int put_blocks(struct rma_coll_s *c, const double *mine, int target, int area, int first,
                      int count, size_t bytes, size_t stride) {
  if (count <= 0 || bytes == 0)
    return 0;
  size_t off = (size_t)first * stride, len = (size_t)(count - 1) * stride + bytes;
  return rma_mailbox_put_bytes(c->mb, target, rma_coll_offset(c, area, off),
                               (const char *)mine + off, len);
}

int rma_coll_rd(struct rma_coll_s *c, const int *who, int n, int me, int area, size_t bytes,
                size_t stride, int step0) {
  if (n <= 1)
    return 0;
  const double *mine = c->mb->data + (long)area * c->area;
  int p2 = 1, log = 0;
  while (2 * p2 <= n)
    p2 *= 2, log++;
  int extra = n - p2, last = step0 + 1 + log;
  if (me >= p2) {
    // Folded in: hand my block to my partner, get everything back at the end.
    int partner = who_of(who, me - p2);
    RMA_CALL(rma_coll_credit(c, partner));
    RMA_CALL(put_blocks(c, mine, partner, area, me, 1, bytes, stride));
    RMA_CALL(rma_mailbox_notify(c->mb, partner, rma_coll_counter(area, step0), 1));
    RMA_CALL(rma_coll_wait(c, area, last, 1));
    rma_coll_heard(c, partner);
    return 0;
  }
  if (me < extra) {
    RMA_CALL(rma_coll_wait(c, area, step0, 1));
    rma_coll_heard(c, who_of(who, me + p2));
  }
  for (int k = 0; k < log; k++) {
    // Exchange my aligned group of 2^k blocks (and their folded partners).
    int d = 1 << k, q = who_of(who, me ^ d), base = me & ~(d - 1);
    int nx = base < extra ? (extra < base + d ? extra : base + d) - base : 0;
    RMA_CALL(rma_coll_credit(c, q));
    RMA_CALL(put_blocks(c, mine, q, area, base, d, bytes, stride));
    RMA_CALL(put_blocks(c, mine, q, area, base + p2, nx, bytes, stride));
    RMA_CALL(rma_mailbox_notify(c->mb, q, rma_coll_counter(area, step0 + 1 + k), 1));
    RMA_CALL(rma_coll_wait(c, area, step0 + 1 + k, 1));
    rma_coll_heard(c, q);
  }
  if (me < extra) {
    int partner = who_of(who, me + p2);
    RMA_CALL(rma_coll_credit(c, partner));
    RMA_CALL(put_blocks(c, mine, partner, area, 0, n, bytes, stride));
    RMA_CALL(rma_mailbox_notify(c->mb, partner, rma_coll_counter(area, last), 1));
  }
  return 0;
}

int rma_coll_allgather_run(struct rma_coll_s *c, const void *sendbuf, size_t bytes, void *recvbuf) {
  if (c->flat) {
    int key;
    RMA_CALL(rma_coll_flat(c, RMA_COLL_KIND_ALLGATHER, sendbuf, recvbuf, bytes, -1, 0, &key));
    return key > 0 ? -key / 100 : 0;
  }
  if (bytes == 0)
    return 0;
  int area;
  RMA_CALL(rma_coll_enter(c, &area));
  size_t stride = (bytes + 7) / 8 * 8;
  char *mine = (char *)(c->mb->data + (long)area * c->area);
  memcpy(mine + (size_t)c->rank * stride, sendbuf, bytes);
  RMA_CALL(rma_coll_rd(c, NULL, c->size, c->rank, area, bytes, stride, 0));
  if (stride == bytes) {
    memcpy(recvbuf, mine, bytes * (size_t)c->size);
  } else {
    for (int j = 0; j < c->size; j++)
      memcpy((char *)recvbuf + (size_t)j * bytes, mine + (size_t)j * stride, bytes);
  }
  return rma_coll_leave(c);
}

/*
 * Barrier: gather up a tree of degree TREE_DEGREE over the group (index 0,
 * the leader, at the top), recursive doubling of notifications among the
 * leaders, release down the same tree. Steps: 0 gather, 1.. leaders,
 * RMA_COLL_NSTEP - 1 release.
 */
int rma_coll_barrier_run(struct rma_coll_s *c) {
  if (c->size == 1)
    return 0;
  if (c->flat) {
    int key;
    return rma_coll_flat(c, RMA_COLL_KIND_BARRIER, NULL, NULL, 0, -1, 0, &key);
  }
  int area;
  RMA_CALL(rma_coll_enter(c, &area));
  int i = c->gidx, n = c->ngroup, release = RMA_COLL_NSTEP - 1;
  int first = TREE_DEGREE * i + 1, nchild = 0;
  for (int j = first; j < first + TREE_DEGREE && j < n; j++)
    nchild++;
  RMA_CALL(rma_coll_wait(c, area, 0, nchild));
  if (i > 0) {
    int parent = c->group[(i - 1) / TREE_DEGREE];
    RMA_CALL(rma_mailbox_notify(c->mb, parent, rma_coll_counter(area, 0), 1));
    RMA_CALL(rma_coll_wait(c, area, release, 1));
  } else {
    RMA_CALL(rma_coll_rd(c, c->leaders, c->nleaders, c->lidx, area, 0, 0, 1));
  }
  for (int j = first; j < first + nchild; j++)
    RMA_CALL(rma_mailbox_notify(c->mb, c->group[j], rma_coll_counter(area, release), 1));
  return rma_coll_leave(c);
}
