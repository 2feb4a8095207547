/*
 * Broadcast: a two-phase fan-out among the group leaders (RMA between
 * groups), then a double-buffered read in place inside each group.
 *
 * rma_coll_bcast_run -> rma_mailbox_put_bytes + notify (root -> phase-one
 * leaders -> phase-two leaders) -> rma_mailbox_store / wait_remote (POST
 * counter: chunks ready in the leader's area) -> memcpy from the leader's
 * area.
 *
 * Leaders are ordered root first, then the other groups' leaders in rank
 * order; the G - 1 non-root leaders are cut into runs of q = ceil(sqrt(G -
 * 1)): the root puts to the first leader of each run (phase one), which
 * forwards to the rest of its run (phase two). The root copies the message
 * into its area chunk by chunk and posts each chunk, so its neighbours copy
 * chunk i out while it writes chunk i + 1; the area alternates between
 * calls, so the root may fill the next call's area while they still read.
 */
#include <string.h>

#include "coll/coll.h"
#include "core/error.h"

// The i-th leader of the fan-out order (0: the root).
static int fan_leader(const struct rma_coll_s *c, int root, int i) {
  if (i == 0)
    return root;
  // Skip the root's own group leader.
  int skip = c->leader[root], j = 0;
  for (int l = 0; l < c->nleaders; l++) {
    if (c->leaders[l] == skip)
      continue;
    if (++j == i)
      return c->leaders[l];
  }
  return -1;
}

// Index of this rank in the fan-out order, -1 when it reads in place.
static int fan_index(const struct rma_coll_s *c, int root) {
  if (c->rank == root)
    return 0;
  if (c->lidx < 0 || c->leader[root] == c->rank)
    return -1;
  int j = 0;
  for (int l = 0; l < c->nleaders; l++) {
    if (c->leaders[l] == c->leader[root])
      continue;
    j++;
    if (c->leaders[l] == c->rank)
      return j;
  }
  return -1;
}

// Ceiling of the square root, for run lengths.
static int isqrt_up(int n) {
  int q = 1;
  while (q * q < n)
    q++;
  return q;
}

int rma_coll_bcast_run(struct rma_coll_s *c, void *buf, size_t bytes, int root) {
  if (c->flat) {
    int key;
    RMA_CALL(rma_coll_flat(c, RMA_COLL_KIND_BCAST, buf, buf, bytes, root, 0, &key));
    return key > 0 ? -key / 100 : 0;
  }
  if (c->size == 1 || bytes == 0)
    return 0;
  int area;
  RMA_CALL(rma_coll_enter(c, &area));
  long off = rma_coll_offset(c, area, 0);
  int64_t chunks = (int64_t)((c->max_bytes + RMA_COLL_CHUNK - 1) / RMA_COLL_CHUNK);
  int64_t nch = (int64_t)((bytes + RMA_COLL_CHUNK - 1) / RMA_COLL_CHUNK);
  int64_t post0 = c->seq * (chunks + 1); // chunk i ready: POST >= post0 + i + 1
  int g = c->nleaders, me = fan_index(c, root);
  int q = isqrt_up(g - 1);
  char *mine = (char *)(c->mb->data + off);
  if (me >= 0) {
    // Phase one (root) or two (run head): the leaders this rank serves.
    int from = 0, to = 0;
    if (me == 0)
      from = 1, to = g;
    else if ((me - 1) % q == 0)
      from = me + 1, to = me + q < g ? me + q : g;
    const void *src = buf;
    if (me > 0) {
      RMA_CALL(rma_coll_wait(c, area, 0, 1));
      rma_coll_heard(c, (me - 1) % q == 0 ? root : fan_leader(c, root, 1 + (me - 1) / q * q));
      src = mine;
    }
    int step = me == 0 ? q : 1;
    for (int i = from; i < to; i += step) {
      int t = fan_leader(c, root, i);
      RMA_CALL(rma_coll_credit(c, t));
      RMA_CALL(rma_mailbox_put_bytes(c->mb, t, off, src, bytes));
    }
    if (c->ngroup > 1) {
      if (me == 0) {
        // Double-buffered hand-over to the neighbours: copy, post, next chunk.
        RMA_CALL(rma_coll_post_chunks(c, mine, buf, bytes, post0));
      } else {
        RMA_CALL(rma_mailbox_store(c->mb, c->rank, RMA_COLL_POST, post0 + nch));
      }
    }
    for (int i = from; i < to; i += step)
      RMA_CALL(rma_mailbox_notify(c->mb, fan_leader(c, root, i), rma_coll_counter(area, 0), 1));
    if (me > 0)
      memcpy(buf, mine, bytes);
  } else {
    // Read the group leader's area in place, chunk by chunk as it is posted.
    int l = c->leader[root] == c->leader[c->rank] ? root : c->leader[c->rank];
    RMA_CALL(rma_coll_read_posted(c, l, off, buf, bytes, post0));
  }
  return rma_coll_leave(c);
}
