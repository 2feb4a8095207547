/*
 * The binomial tree fan-out over the groups of a line (pipeline/tree.h).
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#include "pipeline/tree.h"

#include <stdlib.h>

#include "core/error.h"

int rma_tree_init(rma_tree_t *t, int cap) {
  t->cap = cap, t->n = 0;
  t->group = malloc(sizeof(int) * (size_t)cap);
  t->first = malloc(sizeof(int) * (size_t)cap);
  return t->group && t->first ? 0 : RMA_ERR_NO_MEMORY;
}

void rma_tree_free(rma_tree_t *t) {
  free(t->group), free(t->first);
  t->group = t->first = NULL;
  t->cap = t->n = 0;
}

// The tree of a line: its groups in the order of their first rank on it.
static void make(rma_tree_t *t, const rma_groups_t *g, const int *line, int len) {
  t->n = 0;
  for (int d = 0; d < len; d++) {
    int x = g->of[line[d]], seen = 0;
    for (int y = 0; y < t->n && !seen; y++)
      seen = t->group[y] == x;
    if (!seen)
      t->group[t->n] = x, t->first[t->n++] = d;
  }
}

static int on_line(const int *line, int len, int rank) {
  for (int d = 1; d < len; d++)
    if (line[d] == rank)
      return 1;
  return 0;
}

// Serve tree group x from the copy at src: (but for the sender's group,
// which reads the sender's slot) its copy into its leader's slot, then a
// notification to each of its receivers on the line, in rank order.
static int serve(const rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                 int x, const void *src, const rma_tree_ops_t *ops) {
  const rma_groups_t *g = &r->grp;
  int gx = t->group[x];
  if (x > 0) {
    int holder = rma_groups_leader(g, gx);
    RMA_CALL(rma_ring_credit(r, holder, k));
    RMA_CALL(ops->put(ops->arg, holder, src));
    RMA_CALL(rma_mailbox_flush(r->mb, holder));
  }
  for (int i = g->start[gx]; i < g->start[gx + 1]; i++)
    if (on_line(line, len, g->ranks[i]))
      RMA_CALL(rma_ring_notify(r, g->ranks[i], k, which, 1));
  return 0;
}

// Serve tree group x's children (binomial: x + 2^j for 2^j > x).
static int children(const rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                    int x, const void *src, const rma_tree_ops_t *ops) {
  int step = 1;
  while (step <= x)
    step <<= 1;
  for (int c = x + step; c < t->n; c = x + (step <<= 1))
    RMA_CALL(serve(t, r, k, which, line, len, c, src, ops));
  return 0;
}

int rma_tree_send(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                  const void *src, const rma_tree_ops_t *ops) {
  make(t, &r->grp, line, len);
  RMA_CALL(serve(t, r, k, which, line, len, 0, src, ops));
  return children(t, r, k, which, line, len, 0, src, ops);
}

// This rank's group in the tree of a line when it forwards for it, else 0
// (in the sender's group, or not the first of its group on the line).
static int forwards_for(rma_tree_t *t, const rma_ring_t *r, const int *line, int len) {
  make(t, &r->grp, line, len);
  int x = 0;
  while (x < t->n && line[t->first[x]] != r->rank)
    x++;
  return x < t->n ? x : 0;
}

int rma_tree_forwarder(rma_tree_t *t, const rma_ring_t *r, const int *line, int len) {
  return forwards_for(t, r, line, len) > 0;
}

int rma_tree_forward(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                     const void *src, const rma_tree_ops_t *ops) {
  int x = forwards_for(t, r, line, len);
  return x ? children(t, r, k, which, line, len, x, src, ops) : 0;
}
