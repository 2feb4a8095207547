/*
 * The two-level hand-out of the pipeline layer. Groups of ranks read each
 * other's mailbox areas in place: the nodes when the mailbox is node-shared,
 * else every rank alone. A block handed out from one rank to many goes once
 * to each group that holds a receiver (into its leader's area, or the
 * sender's own area for the sender's group) and every receiver is notified
 * and reads that copy in place: one put per group instead of one per rank.
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#ifndef RMA_PIPELINE_HANDOUT_H
#define RMA_PIPELINE_HANDOUT_H

#include <stdint.h>

#include "rma/mailbox.h"

typedef struct {
  int ngroups;
  int *of;    /* of[r]: group of rank r */
  int *ranks; /* group g: ranks[start[g] .. start[g + 1]), in rank order */
  int *start;
} rma_groups_t;

/* Local. The groups of mailbox mb's ranks (over the current context).
 * Returns 0 or RMA_ERR_NO_MEMORY (g then needs rma_groups_free all the same). */
int rma_groups_make(const rma_mailbox_t *mb, rma_groups_t *g);

/* Local. Free what rma_groups_make allocated; safe on a zeroed struct. */
void rma_groups_free(rma_groups_t *g);

/* Local. The leader of group x: its lowest rank. */
static inline int rma_groups_leader(const rma_groups_t *g, int x) { return g->ranks[g->start[x]]; }

/* Local. The rank whose area holds the copy that rank me reads when the
 * block comes from sender: the sender itself within its group, else the
 * leader of me's group. */
static inline int rma_groups_holder(const rma_groups_t *g, int sender, int me) {
  return g->of[sender] == g->of[me] ? sender : rma_groups_leader(g, g->of[me]);
}

/* Local. The data area of mb in which rank me reads a block from sender:
 * its own when me holds the copy, else the holder's (a group neighbour,
 * readable in place). */
const double *rma_groups_data(const rma_groups_t *g, const rma_mailbox_t *mb, int sender, int me);

/* Local (one-sided). Wait until every rank of target's group has raised its
 * counter to at least need (the credit for rewriting target's area, which
 * the group read in place). seen[r]: the largest value seen of rank r's
 * counter, kept by the caller (zeroed at first), so a wait that an earlier
 * one already implies costs nothing. Returns 0 or the mailbox's error. */
int rma_groups_wait_counter(const rma_groups_t *g, rma_mailbox_t *mb, int target, int counter,
                            int64_t need, int64_t *seen);

/* What a two-level hand-out does at each holder (a rank whose area gets the
 * group's copy): wait until it may be written (credit), then write the
 * block there (put; for the sender itself, a copy into its own area, or
 * nothing when the block already sits there). Each returns 0 or an error
 * code, which ends the hand-out. */
typedef struct {
  int (*credit)(void *arg, int holder);
  int (*put)(void *arg, int holder, int group);
  void *arg;
  int (*first)(void *arg, int group); /* NULL, or (every rank) 1 for a group served early */
} rma_fanout_ops_t;

/*
 * Local (one-sided). Hand one block from rank me to receivers[0 .. n), or to
 * every rank of the context when receivers is NULL, in two levels: each
 * group that holds a receiver gets one copy (me's own area for me's group,
 * else its leader's) that its receivers read in place at
 * rma_groups_holder(g, me, receiver). With from != me (a list only), me
 * passes on a block that its receivers read as from's: each group's copy
 * goes to rma_groups_holder(g, from, receiver) (from itself in from's group). Notifications (counter + 1 for each
 * receiver): a list is notified rank by rank (a line: few); for every rank,
 * me notifies its own group and each other group's leader only, which
 * passes it on with rma_groups_relay (one message per group, not per rank).
 * Me's group is served first, then (every rank) the groups for which
 * ops->first says 1 (when given: those on the operation's critical path),
 * then the others, each set in turn from the group after me's, staggered so
 * that senders of successive steps do not all start with group 0, or (a
 * list) the groups in the order of their first receiver. stamp: one
 * int per group, scratch; mark: a value no earlier call with the same stamp
 * used. Returns 0 or the first error of ops or of the mailbox.
 */
int rma_groups_fanout(const rma_groups_t *g, rma_mailbox_t *mb, int me, int from, const int *receivers,
                      int n, int counter, int *stamp, int mark, const rma_fanout_ops_t *ops);

/* Local. After a leader's wait for a hand-out to every rank from sender has
 * ended: raise the counter of the other ranks of its group (in place), which
 * wait for it. Does nothing on other ranks or when sender is in the group.
 * Returns 0 or the mailbox's error. */
int rma_groups_relay(const rma_groups_t *g, rma_mailbox_t *mb, int me, int sender, int counter);

#endif
