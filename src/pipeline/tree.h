/*
 * The tree fan-out of the pipeline layer: one block of step k from a sender
 * to a line of receivers (the LU's U row: the other process rows of a
 * process column; its factored panel rows: the other process columns of a
 * process row) over the line's groups (pipeline/handout.h), ordered by
 * their first rank on the line (the sender's group first). The sender's
 * group reads the block in place in the sender's slot. Every other group
 * gets one copy in its leader's slot, put by the first rank on the line of
 * the group that serves it, and every receiver in it one notification per
 * part of the block. Two shapes:
 *  - binomial: the sender serves groups 1, 2, 4, ...; the first receiver of
 *    group x, once its copy arrived, serves x + 2^j (2^j > x). The last
 *    group has the block after ceil(log2 G) whole transfers, and
 *    ceil(log2 G) copies leave the sender's node (a flat hand-out: G - 1).
 *  - chain: the block goes in parts, group x serving group x + 1 with part
 *    i as soon as it has it: one copy leaves each node, and the last group
 *    has the block after about 1 + (G - 2) / parts whole transfers (the
 *    pipelined ring broadcast of ScaLAPACK's BLACS topologies).
 * A block of parts >= 2 goes by chain when that estimate is below the
 * binomial's ceil(log2 G) (e.g. G 25: 4 MB in 16 parts, 2.4 against 5),
 * else by binomial tree, whole. Every rank of the line decides alike from G
 * and parts.
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#ifndef RMA_PIPELINE_TREE_H
#define RMA_PIPELINE_TREE_H

#include "pipeline/ring.h"

typedef struct {
  int cap;    /* the longest line */
  int n;      /* groups of the last line seen */
  int chain;  /* the last line's shape: 1 chain, 0 binomial */
  int parts;  /* the parts its block goes in (1 when binomial) */
  int *group; /* tree order: group[0] the sender's, then by first rank on the line */
  int *first; /* first[x]: line index of group x's first rank (it forwards for x) */
} rma_tree_t;

/* What the tree does at each served group: put part `part` of `parts` of
 * the block (the whole block when parts is 1), read at src (where the
 * serving rank reads its own copy), into holder's step k slot (the group's
 * leader) at the operation's place. The ring's credit is taken before and
 * the puts flushed after. Returns 0 or an error code. */
typedef struct {
  int (*put)(void *arg, int holder, const void *src, int part, int parts);
  void *arg;
} rma_tree_ops_t;

/* Local. Room for lines of up to cap ranks. Returns 0 or RMA_ERR_NO_MEMORY
 * (t then needs rma_tree_free all the same). */
int rma_tree_init(rma_tree_t *t, int cap);

/* Local. Free what rma_tree_init allocated; safe on a zeroed struct. */
void rma_tree_free(rma_tree_t *t);

/* Local. The parts a block of `bytes` made of `units` pieces (rows, tile
 * rows, columns: a part holds whole pieces) may go in: about one per
 * RMALA_PART_KB KiB (core/options.h), 1 .. units. */
int rma_tree_parts(long bytes, long units);

/* Local. Piece [*lo, *hi) of units where part `part` of `parts` starts and
 * ends (the parts split units evenly, in order). */
void rma_tree_part_range(long units, int part, int parts, long *lo, long *hi);

/*
 * Local (one-sided). On the sender line[0]: fan step k's block out to
 * line[1 .. len) (len <= cap; every rank computes the same line and parts),
 * in parts (at most `parts`, rma_tree_parts) notified with kind which. The
 * block already sits in the sender's own step k slot, at src (its group
 * reads it there). Returns 0 or the first error of ops or of the ring.
 */
int rma_tree_send(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                  int parts, const void *src, const rma_tree_ops_t *ops);

/*
 * Local (one-sided). On a receiver of the line: wait until step k's block
 * arrived (its every part, kind which), forwarding each part as it arrives
 * when this rank is the first of its group on the line and not in the
 * sender's group. src: where this rank reads its group's copy
 * (rma_ring_slot_from the sender). Returns 0 or the first error of ops or
 * of the ring.
 */
int rma_tree_receive(rma_tree_t *t, rma_ring_t *r, int k, int which, const int *line, int len,
                     int parts, const void *src, const rma_tree_ops_t *ops);

#endif
