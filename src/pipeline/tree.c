/*
 * The fan-out over the groups of a line, by binomial tree or by chain in
 * parts (pipeline/tree.h).
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#include "pipeline/tree.h"

#include <stdlib.h>

#include "core/error.h"
#include "core/options.h"

int rma_tree_init(rma_tree_t *t, int cap) {
  t->cap = cap, t->n = 0, t->chain = 0, t->parts = 1;
  t->group = malloc(sizeof(int) * (size_t)cap);
  t->first = malloc(sizeof(int) * (size_t)cap);
  return t->group && t->first ? 0 : RMA_ERR_NO_MEMORY;
}

void rma_tree_free(rma_tree_t *t) {
  free(t->group), free(t->first);
  t->group = t->first = NULL;
  t->cap = t->n = 0;
}

int rma_tree_parts(long bytes, long units) {
  long part = 1024L * rma_core_options()->part_kb, p = part > 0 ? bytes / part : 1;
  p = p > units ? units : p;
  p = p > 1 << 20 ? 1 << 20 : p;
  return p < 1 ? 1 : (int)p;
}

void rma_tree_part_range(long units, int part, int parts, long *lo, long *hi) {
  *lo = units * part / parts, *hi = units * (part + 1) / parts;
}

// The tree of a line: its groups in the order of their first rank on it,
// and its shape for a block of at most `parts` parts (pipeline/tree.h).
static void plan(rma_tree_t *t, const rma_groups_t *g, const int *line, int len, int parts) {
  t->n = 0;
  for (int d = 0; d < len; d++) {
    int x = g->of[line[d]], seen = 0;
    for (int y = 0; y < t->n && !seen; y++)
      seen = t->group[y] == x;
    if (!seen)
      t->group[t->n] = x, t->first[t->n++] = d;
  }
  int depth = 0;
  while ((1 << depth) < t->n)
    depth++;
  t->chain = parts >= 2 && t->n > 2 && 1.0 + (double)(t->n - 2) / parts < depth;
  t->parts = t->chain ? parts : 1;
}

static int on_line(const int *line, int len, int rank) {
  for (int d = 1; d < len; d++)
    if (line[d] == rank)
      return 1;
  return 0;
}

// Count inc more messages of kind which at step k on each receiver of tree
// group x on the line, in rank order.
static int notify(const rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                  int x, int inc) {
  const rma_groups_t *g = &r->grp;
  int gx = t->group[x];
  for (int i = g->start[gx]; i < g->start[gx + 1]; i++)
    if (on_line(line, len, g->ranks[i]))
      RMA_CALL(rma_ring_notify(r, g->ranks[i], k, which, inc));
  return 0;
}

// Serve tree group x (x > 0) with part `part` from the copy at src: into
// its leader's slot (the credit taken before the first part), then a
// notification to each of its receivers.
static int serve(const rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                 int x, int part, const void *src, const rma_tree_ops_t *ops) {
  int holder = rma_groups_leader(&r->grp, t->group[x]);
  if (part == 0)
    RMA_CALL(rma_ring_credit(r, holder, k));
  RMA_CALL(ops->put(ops->arg, holder, src, part, t->parts));
  RMA_CALL(rma_mailbox_flush(r->mb, holder));
  return notify(t, r, k, which, line, len, x, 1);
}

// Serve tree group x's children with part `part`: the next group (chain),
// or x + 2^j for 2^j > x (binomial, whole blocks).
static int children(const rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                    int x, int part, const void *src, const rma_tree_ops_t *ops) {
  if (t->chain)
    return x + 1 < t->n ? serve(t, r, k, which, line, len, x + 1, part, src, ops) : 0;
  int step = 1;
  while (step <= x)
    step <<= 1;
  for (int c = x + step; c < t->n; c = x + (step <<= 1))
    RMA_CALL(serve(t, r, k, which, line, len, c, part, src, ops));
  return 0;
}

int rma_tree_send(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                  int parts, const void *src, const rma_tree_ops_t *ops) {
  plan(t, &r->grp, line, len, parts);
  RMA_CALL(notify(t, r, k, which, line, len, 0, t->parts)); // my group reads my slot
  for (int part = 0; part < t->parts; part++)
    RMA_CALL(children(t, r, k, which, line, len, 0, part, src, ops));
  return 0;
}

int rma_tree_receive(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                     int parts, const void *src, const rma_tree_ops_t *ops) {
  plan(t, &r->grp, line, len, parts);
  int x = 1; // the tree group this rank forwards for (the first of it on the line), else none
  while (x < t->n && line[t->first[x]] != r->rank)
    x++;
  if (x >= t->n)
    return rma_ring_wait(r, k, which, t->parts);
  for (int part = 0; part < t->parts; part++) {
    RMA_CALL(rma_ring_wait(r, k, which, 1));
    RMA_CALL(children(t, r, k, which, line, len, x, part, src, ops));
  }
  return 0;
}
