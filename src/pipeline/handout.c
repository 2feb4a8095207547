/*
 * The two-level hand-out (pipeline/handout.h): the groups of a mailbox's
 * ranks, credits over a group, one copy per group and a notification per
 * receiver.
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#include "pipeline/handout.h"

#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"

int rma_groups_make(const rma_mailbox_t *mb, rma_groups_t *g) {
  const rma_context_t *ctx = rma_context();
  int shared = mb->seg.shared, size = ctx->size;
  g->ngroups = shared ? ctx->nnodes : size;
  g->of = malloc(sizeof(int) * (size_t)size);
  g->ranks = malloc(sizeof(int) * (size_t)size);
  g->start = calloc((size_t)g->ngroups + 1, sizeof(int));
  if (!g->of || !g->ranks || !g->start)
    return RMA_ERR_NO_MEMORY;
  // A counting sort by group, ranks in order within each.
  for (int r = 0; r < size; r++) {
    g->of[r] = shared ? ctx->node_of[r] : r;
    g->start[g->of[r] + 1]++;
  }
  for (int x = 0; x < g->ngroups; x++)
    g->start[x + 1] += g->start[x];
  for (int r = 0; r < size; r++)
    g->ranks[g->start[g->of[r]]++] = r;
  for (int x = g->ngroups; x > 0; x--)
    g->start[x] = g->start[x - 1];
  g->start[0] = 0;
  return 0;
}

void rma_groups_free(rma_groups_t *g) {
  free(g->of), free(g->ranks), free(g->start);
  g->of = g->ranks = g->start = NULL;
  g->ngroups = 0;
}

const double *rma_groups_data(const rma_groups_t *g, const rma_mailbox_t *mb, int sender, int me) {
  int from = rma_groups_holder(g, sender, me);
  return from == me ? mb->data : rma_mailbox_peer_data(mb, from);
}

int rma_groups_wait_counter(const rma_groups_t *g, rma_mailbox_t *mb, int target, int counter,
                            int64_t need, int64_t *seen) {
  int x = g->of[target];
  for (int i = g->start[x]; i < g->start[x + 1]; i++) {
    int r = g->ranks[i];
    if (seen[r] < need)
      RMA_CALL(rma_mailbox_wait_remote_seen(mb, r, counter, need, &seen[r]));
  }
  return 0;
}

// Serve group x (holding at least one receiver, the first at index first):
// its copy where its receivers read blocks of rank from, then its receivers.
static int serve(const rma_groups_t *g, rma_mailbox_t *mb, int me, int from, int x,
                 const int *receivers, int n, int first, int counter, const rma_fanout_ops_t *ops) {
  int holder = x == g->of[from] ? from : rma_groups_leader(g, x);
  RMA_CALL(ops->credit(ops->arg, holder));
  RMA_CALL(ops->put(ops->arg, holder, x));
  RMA_CALL(rma_mailbox_flush(mb, holder));
  if (!receivers) { // my group rank by rank, another through its leader
    if (x != g->of[me])
      return rma_mailbox_notify(mb, holder, counter, 1);
    for (int i = g->start[x]; i < g->start[x + 1]; i++)
      RMA_CALL(rma_mailbox_notify(mb, g->ranks[i], counter, 1));
    return 0;
  }
  for (int i = first; i < n; i++) // the receivers of group x (a line: few)
    if (g->of[receivers[i]] == x)
      RMA_CALL(rma_mailbox_notify(mb, receivers[i], counter, 1));
  return 0;
}

int rma_groups_fanout(const rma_groups_t *g, rma_mailbox_t *mb, int me, int from, const int *receivers,
                      int n, int counter, int *stamp, int mark, const rma_fanout_ops_t *ops) {
  int mine = g->of[me];
  if (!receivers) { // every rank: every group, mine first, then the early ones
    RMA_CALL(serve(g, mb, me, me, mine, NULL, 0, 0, counter, ops));
    for (int pass = ops->first ? 0 : 1; pass < 2; pass++)
      for (int y = 1; y < g->ngroups; y++) {
        int x = (mine + y) % g->ngroups;
        if (pass == 1 && ops->first && ops->first(ops->arg, x))
          continue;
        if (pass == 1 || ops->first(ops->arg, x))
          RMA_CALL(serve(g, mb, me, me, x, NULL, 0, 0, counter, ops));
      }
    return 0;
  }
  // Mine first, then the others in the order of their first receiver after me.
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++) {
      int x = g->of[receivers[i]];
      if ((pass == 0) != (x == mine) || stamp[x] == mark)
        continue;
      stamp[x] = mark;
      RMA_CALL(serve(g, mb, me, from, x, receivers, n, i, counter, ops));
    }
  return 0;
}

int rma_groups_relay(const rma_groups_t *g, rma_mailbox_t *mb, int me, int sender, int counter) {
  int x = g->of[me];
  if (g->of[sender] == x || rma_groups_leader(g, x) != me)
    return 0;
  for (int i = g->start[x] + 1; i < g->start[x + 1]; i++)
    RMA_CALL(rma_mailbox_notify(mb, g->ranks[i], counter, 1));
  return 0;
}
