/*
 * The tree fan-out of the pipeline layer: one block of step k from a sender
 * to a line of receivers (the LU's U row: the other process rows of a
 * process column) along a binomial tree over the line's groups
 * (pipeline/handout.h). The groups are ordered by their first rank on the
 * line (the sender's group first); the sender notifies its own group, which
 * reads the block in place in the sender's slot, and serves groups 1, 2, 4,
 * ... of the tree; the first receiver of every other group x, once its
 * group's copy arrived, serves the groups x + 2^j (2^j > x) below it. Each
 * served group gets one copy in its leader's slot and every receiver in it
 * one notification. A flat hand-out puts G - 1 copies through the sender's
 * link; the tree puts ceil(log2 G).
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#ifndef RMA_PIPELINE_TREE_H
#define RMA_PIPELINE_TREE_H

#include "pipeline/ring.h"

typedef struct {
  int cap;    /* the longest line */
  int n;      /* groups of the last line seen */
  int *group; /* tree order: group[0] the sender's, then by first rank on the line */
  int *first; /* first[x]: line index of group x's first rank (it forwards for x) */
} rma_tree_t;

/* What the tree does at each served group: put the block, read at src
 * (where the serving rank reads its own copy), into holder's step k slot
 * (the group's leader) at the operation's place. The ring's credit is
 * taken before and the puts flushed after. Returns 0 or an error code. */
typedef struct {
  int (*put)(void *arg, int holder, const void *src);
  void *arg;
} rma_tree_ops_t;

/* Local. Room for lines of up to cap ranks. Returns 0 or RMA_ERR_NO_MEMORY
 * (t then needs rma_tree_free all the same). */
int rma_tree_init(rma_tree_t *t, int cap);

/* Local. Free what rma_tree_init allocated; safe on a zeroed struct. */
void rma_tree_free(rma_tree_t *t);

/*
 * Local (one-sided). On the sender line[0]: start the fan-out of step k's
 * block to line[1 .. len) (len <= cap; every rank computes the same line),
 * notified with kind which. The block already sits in the sender's own step
 * k slot, at src (its group reads it there). Returns 0 or the first error
 * of ops or of the ring.
 */
int rma_tree_send(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                  const void *src, const rma_tree_ops_t *ops);

/* Local. 1 when this rank forwards on the line (the first of its group on
 * it, not in the sender's group), else 0. */
int rma_tree_forwarder(rma_tree_t *t, const rma_ring_t *r, const int *line, int len);

/*
 * Local (one-sided). On a receiver of the line, after its wait for the
 * block: when it is the first of its group on the line and not in the
 * sender's group, serve its tree children from its copy at src; nothing
 * elsewhere. Returns 0 or the first error of ops or of the ring.
 */
int rma_tree_forward(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                     const void *src, const rma_tree_ops_t *ops);

#endif
