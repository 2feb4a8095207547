/*
 * The mailbox's deferred page population (rma/win.h: rma_win_fill), MPI
 * only (it runs in the GA-free build), with shared memory on and off:
 *   - a fresh mailbox (the kept one released first) leaves pages for later
 *     at np > 1 (fill_next >= 0), none at np 1 (plain memory);
 *   - every rank writes a pattern into its own data area (one value per
 *     512 doubles), puts a block into its right neighbour's area and
 *     notifies it, then waits for its left neighbour's block (the waits
 *     fill);
 *   - rma_win_fill in 64 KiB pieces then returns 1 until nothing is left
 *     (its own segment, then each node neighbour's with shared memory on),
 *     at most node members x (ceil(bytes / 64 KiB) + 1) + 1 times, and 0
 *     after;
 *   - the own pattern and the received block are exactly what was written
 *     (the population changes no content, also while neighbours write);
 *   - a store segment (not lazy) has nothing to fill.
 * Prints the worst mismatch count over ranks; exits 1 on any.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/options.h"
#include "native/grid.h"
#include "rma/mailbox.h"
#include "rma/win.h"
#include "rmala.h"
#include "store/store.h"
#include "row_grid.h"

#define DATA_LEN (3L << 19) /* doubles per rank: 12 MiB */
#define BLOCK 4096          /* doubles of the neighbour's block */
#define PIECE (64L << 10)   /* bytes per rma_win_fill call */

static double own_value(int rank, long i) { return rank * 1e9 + (double)i; }
static double block_value(int from, long i) { return -(from * 1e7 + (double)i) - 1; }

// One round; returns the mismatches (a failed call counts as one).
static long round_trip(int shared) {
  rma_context_t *ctx = rma_context();
  int me = ctx->rank, np = ctx->size;
  rma_set_option(RMA_OPT_SHARED_MEMORY, shared);
  long bad = 0;
  if (rma_mailbox_release() != 0)
    return 1;
  rma_mailbox_t *mb = NULL;
  if (rma_mailbox_open(4, DATA_LEN, &mb) != 0)
    return 1;
  int deferred = mb->seg.fill_next >= 0;
  if (deferred != (np > 1)) {
    printf("rank %d shared %d: fill pending %d at np %d\n", me, shared, deferred, np);
    bad++;
  }
  // The own pattern in the first half, the neighbour's block in the second.
  for (long i = 0; i < DATA_LEN / 2; i += 512)
    mb->data[i] = own_value(me, i);
  double *block = malloc(sizeof(double) * BLOCK);
  if (!block)
    return 1;
  for (long i = 0; i < BLOCK; i++)
    block[i] = block_value(me, i);
  int right = (me + 1) % np, left = (me + np - 1) % np;
  if (rma_mailbox_put(mb, right, DATA_LEN / 2, block, 1, BLOCK, BLOCK, BLOCK) != 0 ||
      rma_mailbox_notify(mb, right, 0, 1) != 0 || rma_mailbox_wait(mb, 0, 1) != 0)
    bad++;
  long calls = 0, limit = ctx->node_size * ((mb->seg.cap + PIECE - 1) / PIECE + 1) + 1;
  while (rma_win_fill(&mb->seg, PIECE) && calls <= limit)
    calls++;
  if (calls > limit || mb->seg.fill_next != -1 || rma_win_fill(&mb->seg, PIECE) != 0) {
    printf("rank %d shared %d: %ld fill calls (at most %ld), pending %d after\n", me, shared, calls,
           limit, mb->seg.fill_next);
    bad++;
  }
  for (long i = 0; i < DATA_LEN / 2; i += 512)
    bad += mb->data[i] != own_value(me, i);
  for (long i = 0; i < BLOCK; i++)
    bad += mb->data[DATA_LEN / 2 + i] != block_value(left, i);
  free(block);
  if (rma_mailbox_close(mb) != 0)
    bad++;
  rma_win_t *w = NULL;
  if (rma_store_segment(RMA_STORE_A, 1L << 20, &w) != 0 || rma_win_fill(w, PIECE) != 0)
    bad++;
  if (rma_store_done() != 0)
    bad++;
  return bad;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size = 1, me = 0;
  rma_grid_t grid;
  long worst = 0;
  int rc = rt_row_grid(&grid, &me, &size);
  if (rc == 0) {
    for (int shared = 1; shared >= 0; shared--) {
      long bad = round_trip(shared);
      MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
      if (me == 0)
        printf("shared memory %d: worst mismatches %ld\n", shared, bad);
      worst = bad > worst ? bad : worst;
    }
    rc = rma_grid_free(&grid);
  }
  if (me == 0)
    printf("test_mailbox_fill np %d: worst mismatches %ld, status %d: %s\n", size, worst, rc,
           rc == 0 && worst == 0 ? "PASS" : "FAIL");
  rma_finalize();
  MPI_Finalize();
  return rc == 0 && worst == 0 ? 0 : 1;
}
