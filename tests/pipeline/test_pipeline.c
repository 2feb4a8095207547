/*
 * The pipeline layer on its own (src/pipeline: ring, hand-out, tree,
 * timeline), MPI only (it runs in the GA-free build): an engine context
 * from a native grid, then STEPS steps (many more than RMA_RING, so slots
 * wrap around and every rewrite needs a credit) where each step moves four
 * blocks, each from a sender that changes with the step:
 *   part 0, direct: the sender puts a block and a header into the slot of
 *     every other rank of a set that changes with the step (credit per
 *     target) and notifies it;
 *   part 1, every fourth step, hand-out to every rank (rma_ring_handout with
 *     no list, the group leaders relay the notification);
 *   part 2, hand-out to a list of receivers that changes with the step;
 *   part 3, the tree fan-out along a line (sender first) that changes with
 *     the step, in up to 1 .. 5 parts (a chain when the line's groups make
 *     it pay, else a binomial tree); the first receiver of each group
 *     forwards. With shared memory off at np >= 4 some steps must go by
 *     chain (counted, printed).
 * Every receiver reads its copy where the layer says (rma_ring_slot_from /
 * rma_ring_header_from) and compares it with the seeded values of (step,
 * part, sender, element), exactly. Some receivers dawdle before they read
 * (a sleep), so writers that ran ahead would overwrite a slot still being
 * read without the credits. Group layouts: shared memory on (one
 * node: one group), shared memory on with groups of two ranks (every rank
 * can read every other in place on one node, so any partition is legal:
 * this gives hand-outs and trees over several groups), shared memory off
 * (every rank its own group). Each rank's own area (after the slots) keeps
 * what it wrote; the timeline's rows are checked to grow.
 * Prints the worst mismatch count over ranks; exits 1 on any.
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/context.h"
#include "core/error.h"
#include "native/grid.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"
#include "pipeline/tree.h"
#include "rmala.h"
#include "row_grid.h"

enum { C_DIRECT, C_ALL, C_LIST, C_TREE, C_PER_SLOT };
enum { PH_WAIT, PH_COMM, PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"wait", "comm"};
static const rma_phases_t test_phases = {PH_COUNT, phase_names};

#define STEPS 40 /* steps per run */
#define LEN 37   /* doubles per block; part x sits at x * LEN in a slot */
#define HDR 3    /* header: step, sender, a constant */

static long mismatches;
static long chains; /* tree fan-outs this rank saw go by chain */

// Element i of the block that sender hands out in part part of step k
// (integers below 2^20 and halves: exact in double).
static double value(int k, int part, int sender, int i) {
  unsigned x = (unsigned)k * 2654435761u ^ (unsigned)(sender + 1) * 40503u ^
               (unsigned)(part + 1) * 97u ^ (unsigned)i * 7919u;
  return (double)(x % 1000003u) + 0.5 * part;
}

static void fill(double *b, int k, int part, int sender) {
  for (int i = 0; i < LEN; i++)
    b[i] = value(k, part, sender, i);
}

static void check(const double *b, int k, int part, int sender) {
  for (int i = 0; i < LEN; i++)
    if (b[i] != value(k, part, sender, i))
      mismatches++;
}

// The sender of part part at step k: every rank sends, in changing order.
static int sender_of(int k, int part, int size) {
  return (k * (part + 1) + 2 * part + k / 3) % size;
}

// Part 2's receivers at step k (the same list on every rank); returns the count.
static int make_list(int k, int sender, int size, int *list) {
  int n = 0;
  for (int d = 1; d < size; d++) {
    int r = (sender + d * (k % 2 ? 1 : size - 1)) % size; // both directions
    if ((r + k) % 3 != 0)
      list[n++] = r;
  }
  return n;
}

// Part 3's line at step k: the sender, then the others after it, every third
// step only every other one. Returns its length.
static int make_line(int k, int sender, int size, int *line) {
  int n = 0;
  line[n++] = sender;
  for (int d = 1; d < size; d++)
    if (k % 3 != 2 || d % 2 == 0)
      line[n++] = (sender + d) % size;
  return n;
}

// Part 0's targets at step k: every other rank, alternating.
static int direct_to(int k, int sender, int r) { return r != sender && (r + k) % 2 == 0; }

// Part 1 (every rank) runs every fourth step only: the steps between let
// ranks run ahead of each other.
static int all_at(int k) { return k % 4 == 0; }

// A receiver that dawdles before it reads (one step in three, changing
// ranks): 0.3 ms.
static void dawdle(int k, int me) {
  if ((k + me) % 3 == 0) {
    struct timespec ts = {0, 300000};
    nanosleep(&ts, NULL);
  }
}

static int on(const int *ranks, int n, int r) {
  for (int i = 0; i < n; i++)
    if (ranks[i] == r)
      return 1;
  return 0;
}

typedef struct {
  rma_ring_t *r;
  int k, part, me;
  const double *blk;
} put_t;

// Hand-out put: the block into holder's slot at its part's place (my own
// slot by a plain copy).
static int handout_put(void *arg, int holder, int group) {
  put_t *p = arg;
  (void)group;
  if (holder == p->me) {
    memcpy((double *)rma_ring_slot(p->r, p->k) + p->part * LEN, p->blk, sizeof(double) * LEN);
    return 0;
  }
  return rma_ring_put(p->r, holder, p->k, p->part * LEN, p->blk, 1, LEN, LEN, LEN);
}

// Part q of parts of a tree fan-out's block (doubles [lo, hi) of it).
static void tree_part(int q, int parts, long *lo, long *hi) {
  rma_tree_part_range(LEN, q, parts, lo, hi);
}

// The parts the tree fan-out's block may go in at step k: 1 .. 5 in turn
// (whether the line goes by chain then depends on its groups).
static int tree_parts(int k) { return 1 + k % 5; }

// Tree put: part q of parts of the copy at src into holder's slot.
static int tree_put(void *arg, int holder, const void *src, int q, int parts) {
  put_t *p = arg;
  long lo, hi;
  tree_part(q, parts, &lo, &hi);
  return rma_ring_put(p->r, holder, p->k, p->part * LEN + lo, (const double *)src + lo, 1,
                      (int)(hi - lo), LEN, LEN);
}

// Groups of two consecutive ranks (the last one alone for an odd count).
static int pairs(rma_groups_t *g, int size) {
  rma_groups_free(g);
  g->ngroups = (size + 1) / 2;
  g->of = malloc(sizeof(int) * (size_t)size);
  g->ranks = malloc(sizeof(int) * (size_t)size);
  g->start = malloc(sizeof(int) * ((size_t)g->ngroups + 1));
  if (!g->of || !g->ranks || !g->start)
    return RMA_ERR_NO_MEMORY;
  for (int r = 0; r < size; r++)
    g->of[r] = r / 2, g->ranks[r] = r;
  for (int x = 0; x <= g->ngroups; x++)
    g->start[x] = 2 * x < size ? 2 * x : size;
  return 0;
}

// One step k on this rank: its sends, then its receives (in part order; the
// tree's forwarders after their own copy).
static int step(rma_ring_t *r, rma_tree_t *tree, int k, int size, int *list, int *line) {
  int me = r->rank;
  double blk[LEN], hdr[HDR];
  int s0 = sender_of(k, 0, size), s1 = sender_of(k, 1, size), s2 = sender_of(k, 2, size);
  int s3 = sender_of(k, 3, size);
  int nl = make_list(k, s2, size, list), nline = make_line(k, s3, size, line);
  // My own area after the slots: nobody else writes it.
  if (k > 0)
    check((double *)rma_ring_own(r), k - 1, 4, me);
  fill((double *)rma_ring_own(r), k, 4, me);
  double t0 = rma_timing_start();
  if (me == s0) {
    fill(blk, k, 0, me);
    hdr[0] = k, hdr[1] = me, hdr[2] = 4321.0;
    for (int t = 0; t < size; t++)
      if (direct_to(k, me, t)) {
        RMA_CALL(rma_ring_credit(r, t, k));
        RMA_CALL(rma_ring_put(r, t, k, 0, blk, 1, LEN, LEN, LEN));
        RMA_CALL(rma_ring_put_header(r, t, k, hdr, HDR));
        RMA_CALL(rma_ring_notify(r, t, k, C_DIRECT, 1));
      }
  }
  if (me == s1 && all_at(k)) {
    fill(blk, k, 1, me);
    put_t p = {r, k, 1, me, blk};
    RMA_CALL(rma_ring_handout(r, k, C_ALL, NULL, 0, handout_put, &p));
  }
  if (me == s2) {
    fill(blk, k, 2, me);
    put_t p = {r, k, 2, me, blk};
    RMA_CALL(rma_ring_handout(r, k, C_LIST, list, nl, handout_put, &p));
  }
  put_t tp = {r, k, 3, me, NULL};
  rma_tree_ops_t tops = {tree_put, &tp};
  if (me == s3) {
    RMA_CALL(rma_ring_credit(r, me, k)); // my own slot: the source of every copy
    fill((double *)rma_ring_slot(r, k) + 3 * LEN, k, 3, me);
    RMA_CALL(rma_tree_send(tree, r, k, C_TREE, line, nline, tree_parts(k),
                           (double *)rma_ring_slot(r, k) + 3 * LEN, &tops));
    chains += tree->chain;
  }
  rma_timing_stop(PH_COMM, t0);
  if (direct_to(k, s0, me)) {
    RMA_CALL(rma_ring_wait(r, k, C_DIRECT, 1));
    dawdle(k, me);
    check((double *)rma_ring_slot(r, k), k, 0, s0);
    const double *h = rma_ring_header(r, k);
    mismatches += h[0] != k || h[1] != s0 || h[2] != 4321.0;
  }
  if (all_at(k)) {
    RMA_CALL(rma_ring_wait(r, k, C_ALL, 1)); // the sender is notified too
    RMA_CALL(rma_ring_relay(r, s1, k, C_ALL));
    check((const double *)rma_ring_slot_from(r, s1, k) + LEN, k, 1, s1);
  }
  if (on(list, nl, me)) {
    RMA_CALL(rma_ring_wait(r, k, C_LIST, 1));
    dawdle(k + 1, me);
    check((const double *)rma_ring_slot_from(r, s2, k) + 2 * LEN, k, 2, s2);
  }
  if (me != s3 && on(line, nline, me)) {
    // (a forwarder passes each part on as it comes: the first of its group
    // on the line, not in the sender's group)
    const double *src = (const double *)rma_ring_slot_from(r, s3, k) + 3 * LEN;
    RMA_CALL(rma_tree_receive(tree, r, k, C_TREE, line, nline, tree_parts(k), src, &tops));
    chains += tree->chain;
    dawdle(k + 2, me);
    check(src, k, 3, s3);
  }
  return rma_ring_done(r, k);
}

// STEPS steps with shared memory on or off, optionally groups of two.
static int run(int shared, int paired, long *worst) {
  rma_context_t *ctx = rma_context();
  int size = ctx->size;
  rma_set_option(RMA_OPT_SHARED_MEMORY, shared);
  rma_ring_desc_t d = {C_PER_SLOT, HDR, 4 * LEN, LEN, PH_WAIT, RMA_DT_D, NULL};
  rma_ring_t r;
  RMA_CALL(rma_ring_open(&r, &d));
  int rc = 0;
  if (paired) {
    // Any partition is legal when every rank reads every other in place.
    int all = 1;
    for (int t = 0; t < size; t++)
      all = all && rma_mailbox_peer_data(r.mb, t) != NULL;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, ctx->comm);
    if (!all) {
      if (ctx->rank == 0)
        printf("groups of two skipped: no shared memory between all ranks\n");
      return rma_ring_close(&r);
    }
    rc = pairs(&r.grp, size);
  }
  rma_tree_t tree;
  rma_timeline_t tl;
  int *list = malloc(sizeof(int) * (size_t)size), *line = malloc(sizeof(int) * (size_t)size);
  int rc2 = rma_tree_init(&tree, size);
  rc = rc ? rc : rc2;
  if (!list || !line)
    rc = RMA_ERR_NO_MEMORY;
  rc = rma_status_agree(ctx->comm, rc);
  rma_timeline_begin(&tl, "test_pipeline", &test_phases, STEPS);
  mismatches = 0, chains = 0;
  for (int k = 0; k < STEPS && rc == 0; k++) {
    rc = step(&r, &tree, k, size, list, line);
    rma_timeline_step(&tl, k);
  }
  rc2 = rma_ring_close(&r);
  rc = rma_status_agree(ctx->comm, rc ? rc : rc2);
  // The timeline: end times and phase totals never decrease.
  for (int k = 1; tl.rows && k < STEPS; k++)
    for (int i = 0; i < tl.width; i++)
      mismatches += tl.rows[k * tl.width + i] < tl.rows[(k - 1) * tl.width + i];
  rma_timeline_report(&tl, "test_pipeline");
  rma_timeline_free(&tl);
  rma_tree_free(&tree);
  free(list), free(line);
  MPI_Allreduce(MPI_IN_PLACE, &mismatches, 1, MPI_LONG, MPI_MAX, ctx->comm);
  MPI_Allreduce(MPI_IN_PLACE, &chains, 1, MPI_LONG, MPI_SUM, ctx->comm);
  if (!shared && size >= 4 && chains == 0)
    mismatches++; // (the chain shape never ran: the test would not test it)
  if (ctx->rank == 0)
    printf("shared %d groups %s: %d steps, %ld tree fan-outs seen by chain, worst mismatches %ld "
           "(rc %d)\n",
           shared, paired ? "of two" : "as the mailbox", STEPS, chains, mismatches, rc);
  if (mismatches > *worst)
    *worst = mismatches;
  return rc;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size = 1, me = 0;
  rma_grid_t grid;
  int rc = rt_row_grid(&grid, &me, &size);
  long worst = 0;
  if (rc == 0) {
    rma_set_option(RMA_OPT_VERBOSE, 2); // the timeline's rows (printed once)
    rc = run(1, 0, &worst);
    rma_set_option(RMA_OPT_VERBOSE, 0);
    if (rc == 0)
      rc = run(1, 1, &worst);
    if (rc == 0)
      rc = run(0, 0, &worst);
    int rc2 = rma_grid_free(&grid);
    rc = rc ? rc : rc2;
  }
  if (me == 0)
    printf("test_pipeline np %d: worst mismatches %ld, status %d: %s\n", size, worst, rc,
           rc == 0 && worst == 0 ? "PASS" : "FAIL");
  rma_finalize();
  MPI_Finalize();
  return rc == 0 && worst == 0 ? 0 : 1;
}
