/*
 * Step k of the LU, on rank (p, q) of the p0 x p1 grid, with D_k the owner
 * of diagonal tile (k, k):
 *  1. the ranks of tile column k put their panel tiles (rows >= k) to D_k
 *     and notify it (done one step ahead: see 6); with several process
 *     rows they first factor the panel together, in place (ops/getrf/getrf_panel.h);
 *  2. D_k factors the panel (rmala's recursive LU, or the no-pivot kernel)
 *     unless its column did, and hands out the pivots plus the L tiles in
 *     two levels (pipeline/handout.h: one copy per group, read in place);
 *  3. every rank applies the step's row interchanges to its other tile
 *     columns: rows that move between process rows travel by put + notify
 *     within the process column;
 *  4. the ranks of tile row k compute U(k, j) = L(k,k)^-1 A(k, j) and send
 *     it to the ranks below them in their process column over the column's
 *     groups, by chain in parts or by binomial tree (pipeline/tree.h; a
 *     panel factored by its process column goes along process rows so);
 *  5. every rank updates its trailing tiles A(i, j) -= L(i, k) U(k, j);
 *  6. lookahead: tile column k+1 is updated first, its panel sent at once,
 *     and D_{k+1} factors it before finishing step k's update, so the panel
 *     of step k+1 overlaps the trailing update of step k.
 * No barrier between steps: a rank waits only for the notifications of the
 * data it needs. The steps' blocks travel in the pipeline's ring of mailbox
 * slots (pipeline/ring.h: one header + slot per step, rotating, a sender
 * first takes the receiver's credit).
 *
 * Pivoting, one process row: the panel is gathered on D_k and factored
 * there (one transfer per tile). Several process rows (RMA_OPT_LU_PANEL,
 * default on): the process column factors it, one reduction per column
 * (or per panel: tournament pivoting, RMA_OPT_LU_PIVOT), before the
 * gather; the gathered rows are then only handed out.
 *
 * rma_lu -> ops/getrf -> here -> pipeline (ring, hand-out, tree, timeline)
 * -> rma mailbox (put + notify); kernel; ops/getrf/getrf_panel.
 */
#include "ops/getrf/getrf_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "core/options.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "ops/getrf/getrf_options.h"
#include "ops/getrf/getrf_panel.h"
#include "ops/getrf/getrf_tournament.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"
#include "pipeline/tree.h"

// The messages of a step (counters of a ring slot): panel tiles to D_k,
// the factored panel, the U row, interchanged rows.
enum { C_PANEL, C_L, C_U, C_SWAP, C_PER_SLOT };

// The LU's phases (RMALA_VERBOSE): waits for credits, and for each kind of
// message (on D_k the panel tiles; everywhere the factored panel, the U
// row, interchanged rows).
enum {
  PH_WAIT,
  PH_WPANEL,
  PH_WL,
  PH_WU,
  PH_WSWAP,
  PH_COMM,
  PH_PANEL,
  PH_UPDATE,
  PH_SWAP,
  PH_COUNT
};
static const char *const phase_names[PH_COUNT] = {
    "wait", "wait panel", "wait L", "wait U", "wait swap", "comm", "panel", "update", "swap"};
static const rma_phases_t lu_phases = {PH_COUNT, phase_names};
static const int kind_phase[C_PER_SLOT] = {PH_WPANEL, PH_WL, PH_WU, PH_WSWAP};

typedef struct {
  const rma_tiles_t *t;
  char *seg;      /* this rank's local segment (elements of type dt) */
  rma_dtype_t dt; /* the element type; es its size */
  size_t es;
  int nb, p0, p1, p, q, rank;
  int steps, pivot;
  long lc, lcmax;                  /* this rank's local column count, the largest one */
  long off_panel, off_u, off_swap; /* areas of a slot */
  rma_ring_t ring;
  rma_tree_t tree; /* the fan-outs along lines: U row, factored rows */
  int *ipiv, info, stopped;
  int *piv;           /* pivots of the current step */
  int *rows, *src;    /* touched rows of the step's interchanges and their sources */
  int *sends;         /* p0: rows this rank sends to each process row in a step's interchanges */
  char *old;          /* packed old contents of this rank's touched rows (the ring's own area) */
  const char *l_base; /* this step's factored panel: the slot of D_k or of my group's leader */
  char *prow_mark;    /* p0 flags: process rows present in a group */
  int *ranks;         /* max(p0, p1): the receivers of this rank's panel rows, or a U row's line */
  int dist;           /* RMA_OPT_LU_PANEL with several process rows (dist_at) */
  int tournament;     /* RMA_OPT_LU_PIVOT 1 with pivoting: such panels pivot by tournament */
  rma_getrf_panel_t panel; /* its communicator and buffers */
  int *dpiv, dinfo;        /* pivots and info of this rank's last such factorization */
  double *dhdr;            /* its header (info, stop flag, pivots) as handed out */
} lu_t;

static int owner_of(const lu_t *s, int bi, int bj) { return (bi % s->p0) * s->p1 + bj % s->p1; }

static char *tile_at(const lu_t *s, int bi, int bj, int *ld, int *rows, int *cols) {
  rma_tile_t tile;
  rma_tiles_locate(s->t, bi, bj, &tile);
  *ld = tile.ld, *rows = tile.rows, *cols = tile.cols;
  return s->seg + s->es * (size_t)tile.disp;
}

// Element off of the array at p (elements of the LU's type).
static char *elem(const lu_t *s, const void *p, long off) { return (char *)p + (long)s->es * off; }

// Where tile row i's rows start among this process row's local rows (the L
// area keeps them in that order), and tile column j's among local columns.
static long local_row(const lu_t *s, int i) { return (long)(i / s->p0) * s->nb; }
static long local_col(const lu_t *s, int j) { return (long)(j / s->p1) * s->nb; }

// 1. Put this rank's tiles of column k (rows >= k) into D_k's panel area.
static int send_panel(lu_t *s, int k) {
  if (k % s->p1 != s->q)
    return 0;
  int d = owner_of(s, k, k), sent = 0;
  RMA_CALL(rma_ring_credit(&s->ring, d, k));
  double t0 = rma_timing_start();
  for (int i = rma_tiles_row_from(s->t, s->p, k); i < s->t->mt; i += s->p0) {
    int ld, rows, cols;
    char *a = tile_at(s, i, k, &ld, &rows, &cols);
    RMA_CALL(rma_ring_put(&s->ring, d, k, s->off_panel + (long)i * s->nb * cols, a, rows, cols, ld,
                          cols));
    sent = 1;
  }
  if (sent)
    RMA_CALL(rma_ring_notify(&s->ring, d, k, C_PANEL, 1));
  rma_timing_stop(PH_COMM, t0);
  return 0;
}

// The process column factors step k's panel (ops/getrf/getrf_panel.h): always with
// RMA_OPT_LU_PANEL 2; with 1 where a MODEL of the two ways says it pays.
// Without pivoting, one broadcast per step: whenever the panel spans two
// tile rows or more. With pivoting, ck reductions of ceil(log2 p0) stages
// against the flops taken off one rank: the split panel is assumed to run
// at half the one-rank kernel's rate (p0 ranks: saves m ck^2 (1 - 2/p0)
// flop-times) and a reduction stage to cost ~3 us at ~1e10 flop/s (3e4
// flop-times); pays when m ck (1 - 2 / p0) > 3e4 ceil(log2 p0), i.e.
// p0 >= 4 and m above ~1000 rows for ck = 128.
static int dist_at(const lu_t *s, int k) {
  if (!s->dist || s->t->mt - k < 2)
    return 0;
  if (!s->pivot || rma_getrf_options()->lu_panel == 2)
    return 1;
  int r0 = k * s->nb, m = s->t->m - r0, ck = s->t->n - r0 < s->nb ? s->t->n - r0 : s->nb;
  int stages = 0;
  while ((1 << stages) < s->p0)
    stages++;
  return (double)m * ck * (1.0 - 2.0 / s->p0) > 3e4 * stages;
}

// 1. With the distributed panel, factor it first, together with the rest
// of the process column (every rank of column k % p1 calls this for step k
// at the same point of its work).
static int rows_handout(lu_t *s, int k);

static int panel_out(lu_t *s, int k) {
  if (k % s->p1 != s->q)
    return 0;
  if (!dist_at(s, k))
    return send_panel(s, k);
  double t0 = rma_timing_start();
  int rc = 0, partial = 1;
  if (s->tournament) { // falls back to partial pivoting on an exactly singular pivot block
    rma_getrf_panel_locate(&s->panel, s->t, s->seg, k);
    s->dinfo = 0;
    rc = rma_getrf_tournament(&s->panel, s->dpiv, &partial);
  }
  if (rc == 0 && partial)
    rc = rma_getrf_panel_factor(&s->panel, s->t, s->seg, k, s->pivot, s->dpiv, &s->dinfo);
  rma_timing_stop(PH_PANEL, t0);
  RMA_CALL(rc);
  return rows_handout(s, k);
}

// The rank whose hand-out brings step k's header and L rows to this rank:
// D_k (the panel gathered and factored there), or, for a panel factored by
// its process column, the column's rank in this rank's process row.
static int panel_sender(const lu_t *s, int k) {
  return dist_at(s, k) ? s->p * s->p1 + k % s->p1 : owner_of(s, k, k);
}

// The L rows of tile row i of this step's panel (nb x ck, ld ck), at their
// absolute row in the panel area of the slot this rank reads.
static const char *l_rows(const lu_t *s, int i, int ck) {
  return elem(s, s->l_base, s->off_panel + (long)i * s->nb * ck);
}

// One hand-out of step k (the callbacks of the ring's hand-out and of the
// fan-outs along lines): for the panel its header and rows.
typedef struct {
  lu_t *s;
  int k, nhdr, ck;
  const double *hdr;
  const char *panel;
} handout_t;

// The header and the panel rows group g needs (the tile rows of the process
// rows among its ranks, at their absolute place) into holder's slot; D's own
// slot holds them already.
static int panel_put(void *arg, int holder, int g) {
  handout_t *h = arg;
  lu_t *s = h->s;
  const rma_tiles_t *t = s->t;
  const rma_groups_t *gr = &s->ring.grp;
  int k = h->k, ck = h->ck;
  if (holder == s->rank)
    return 0;
  RMA_CALL(rma_ring_put_header(&s->ring, holder, k, h->hdr, h->nhdr));
  memset(s->prow_mark, 0, (size_t)s->p0);
  for (int x = gr->start[g]; x < gr->start[g + 1]; x++)
    s->prow_mark[gr->ranks[x] / s->p1] = 1;
  for (int i = k; i < t->mt;) { // runs of needed tile rows: one put each
    if (!s->prow_mark[i % s->p0]) {
      i++;
      continue;
    }
    int end = i;
    while (end < t->mt && s->prow_mark[end % s->p0])
      end++;
    int rows = (end == t->mt ? t->m : end * s->nb) - i * s->nb;
    RMA_CALL(rma_ring_put(&s->ring, holder, k, s->off_panel + (long)i * s->nb * ck,
                          elem(s, h->panel, (long)(i - k) * s->nb * ck), rows, ck, ck, ck));
    i = end;
  }
  return 0;
}

// A panel factored by its process column: my header and rows of step k
// into my own slot (the source of the hand-out's copies; my group reads it
// in place), the rows at their absolute place in the panel area, as D_k's
// hand-out puts them.
static int rows_own(const handout_t *h) {
  lu_t *s = h->s;
  int k = h->k, ck = h->ck, holder = s->rank;
  RMA_CALL(rma_ring_put_header(&s->ring, holder, k, h->hdr, h->nhdr));
  for (int i = rma_tiles_row_from(s->t, s->p, k); i < s->t->mt; i += s->p0) {
    int ld, rows, cols;
    char *a = tile_at(s, i, k, &ld, &rows, &cols);
    RMA_CALL(rma_ring_put(&s->ring, holder, k, s->off_panel + (long)i * s->nb * ck, a, rows, cols,
                          ld, ck));
  }
  return 0;
}

// The tile rows of this rank's process row in step k's panel (i >= k).
static long rows_count(const lu_t *s, int k) {
  int i0 = rma_tiles_row_from(s->t, s->p, k);
  return i0 < s->t->mt ? (s->t->mt - 1 - i0) / s->p0 + 1 : 0;
}

// Part `part` of `parts` of the header and this process row's factored
// rows of step k (the header with part 0, then its share of the tile rows),
// read at src (a slot: the sender's own or a group's copy), into holder's
// slot, at the same places.
static int rows_tree_put(void *arg, int holder, const void *src, int part, int parts) {
  handout_t *h = arg;
  lu_t *s = h->s;
  const rma_tiles_t *t = s->t;
  int k = h->k, ck = h->ck, i0 = rma_tiles_row_from(t, s->p, k);
  if (part == 0)
    RMA_CALL(rma_ring_put_header(&s->ring, holder, k, h->hdr, h->nhdr));
  long lo, hi;
  rma_tree_part_range(rows_count(s, k), part, parts, &lo, &hi);
  for (long x = lo; x < hi; x++) {
    int i = i0 + (int)x * s->p0, rows = i == t->mt - 1 ? t->m - i * s->nb : s->nb;
    long at = s->off_panel + (long)i * s->nb * ck;
    RMA_CALL(rma_ring_put(&s->ring, holder, k, at, elem(s, src, at), rows, ck, ck, ck));
  }
  return 0;
}

// The line of step k's factored rows in this rank's process row: its ranks
// from the panel's process column (k % p1, the sender) on, in process-column
// order. Returns its length.
static int rows_line(lu_t *s, int k) {
  for (int d = 0; d < s->p1; d++)
    s->ranks[d] = s->p * s->p1 + (k + d) % s->p1;
  return s->p1;
}

// The parts step k's factored rows of this process row may go in.
static int rows_parts(const lu_t *s, int k, int ck) {
  long n = rows_count(s, k);
  return rma_tree_parts(n * s->nb * ck * (long)s->es, n);
}

// 1-2 for a panel factored by its process column: each of its ranks puts
// the header and its own factored rows into its own slot and hands them to
// the ranks of its process row (the only ones that update with them) along
// the row's groups (pipeline/tree.h: by chain in parts or by binomial
// tree; one copy per group, read there in place). A flat hand-out put
// p1 - 1 copies of the rows through the sender's link each step: at one
// rank per node on a 25 x 25 grid 24 x 4 MB per step, longer than the
// step's update (doc/scaling.md). Nothing goes through D_k.
static int rows_handout(lu_t *s, int k) {
  const rma_tiles_t *t = s->t;
  int r0 = k * s->nb, m = t->m - r0, ck = t->n - r0 < s->nb ? t->n - r0 : s->nb;
  int npiv = m < ck ? m : ck;
  s->dhdr[0] = s->dinfo, s->dhdr[1] = (!s->pivot && s->dinfo) ? 1 : 0;
  for (int i = 0; i < npiv; i++)
    s->dhdr[2 + i] = s->dpiv[i];
  handout_t h = {s, k, 2 + npiv, ck, s->dhdr, NULL};
  double t0 = rma_timing_start();
  RMA_CALL(rma_ring_credit(&s->ring, s->rank, k));
  RMA_CALL(rows_own(&h));
  h.hdr = rma_ring_header(&s->ring, k);
  rma_tree_ops_t ops = {rows_tree_put, &h};
  int rc = rma_tree_send(&s->tree, &s->ring, k, C_L, s->ranks, rows_line(s, k),
                         rows_parts(s, k, ck), rma_ring_slot(&s->ring, k), &ops);
  rma_timing_stop(PH_COMM, t0);
  return rc;
}

// 2b. A receiver of a panel factored by its process column: wait for its
// rows, forwarding them on the row's line when it serves others.
static int rows_receive(lu_t *s, int k, int sender) {
  const rma_tiles_t *t = s->t;
  int r0 = k * s->nb, m = t->m - r0, ck = t->n - r0 < s->nb ? t->n - r0 : s->nb;
  handout_t h = {s, k, 2 + (m < ck ? m : ck), ck, rma_ring_header_from(&s->ring, sender, k), NULL};
  rma_tree_ops_t ops = {rows_tree_put, &h};
  return rma_tree_receive(&s->tree, &s->ring, k, C_L, s->ranks, rows_line(s, k),
                          rows_parts(s, k, ck), rma_ring_slot_from(&s->ring, sender, k), &ops);
}

// 2. On D_k: factor the gathered panel and send each rank its part, a
// two-level hand-out: the ranks of D_k's own group read the panel in place
// from D_k's slot (a notification each, no copy); every other group gets
// one copy of the rows it needs in its leader's slot and reads it there.
static int factor_panel(lu_t *s, int k) {
  if (dist_at(s, k))
    return 0; // factored and handed out by the process column (panel_out)
  const rma_tiles_t *t = s->t;
  int r0 = k * s->nb, m = t->m - r0, ck = t->n - r0 < s->nb ? t->n - r0 : s->nb;
  int contributors = t->mt - k < s->p0 ? t->mt - k : s->p0;
  RMA_CALL(rma_ring_wait(&s->ring, k, C_PANEL, contributors));
  char *panel = elem(s, rma_ring_slot(&s->ring, k), s->off_panel + (long)r0 * ck);
  double t0 = rma_timing_start();
  int info = s->pivot ? rma_kernel_getrf_dt(s->dt, m, ck, panel, ck, s->piv)
                      : rma_kernel_getrf_nopiv_dt(s->dt, m, ck, panel, ck);
  rma_timing_stop(PH_PANEL, t0);
  // Header: info, stop flag, the pivots (as doubles, exact for any int).
  double *hdr = rma_ring_header(&s->ring, k);
  int npiv = m < ck ? m : ck;
  hdr[0] = info, hdr[1] = (!s->pivot && info) ? 1 : 0;
  for (int i = 0; i < npiv; i++)
    hdr[2 + i] = s->pivot ? s->piv[i] : i + 1;
  t0 = rma_timing_start();
  handout_t h = {s, k, 2 + npiv, ck, hdr, panel};
  RMA_CALL(rma_ring_handout(&s->ring, k, C_L, NULL, 0, panel_put, &h));
  rma_timing_stop(PH_COMM, t0);
  return 0;
}

// Pack (unpack) global row x of this rank's tiles, all local columns in
// order, skipping tile column skip on unpack.
static void row_io(lu_t *s, int x, char *buf, int unpack, int skip) {
  int bi = x / s->nb;
  long at = 0;
  for (int j = rma_tiles_col_from(s->t, s->q, 0); j < s->t->nt; j += s->p1) {
    int ld, rows, cols;
    char *a = tile_at(s, bi, j, &ld, &rows, &cols);
    char *row = elem(s, a, (long)(x - bi * s->nb) * ld);
    if (!unpack)
      memcpy(elem(s, buf, at), row, s->es * (size_t)cols);
    else if (j != skip)
      memcpy(row, elem(s, buf, at), s->es * (size_t)cols);
    at += cols;
  }
}

static int row_prow(const lu_t *s, int x) { return (x / s->nb) % s->p0; }

// 3. The step's row interchanges on every tile column but k.
static int apply_swaps(lu_t *s, int k, int npiv) {
  int r0 = k * s->nb, nt = 0;
  // Touched rows and, after the interchanges in order, where each row's content comes from.
  for (int i = 0; i < npiv; i++) {
    int a = r0 + i, b = r0 + s->piv[i] - 1, ia = -1, ib = -1;
    if (a == b)
      continue;
    for (int x = 0; x < nt; x++) {
      if (s->rows[x] == a)
        ia = x;
      if (s->rows[x] == b)
        ib = x;
    }
    if (ia < 0)
      s->rows[ia = nt] = a, s->src[nt++] = a;
    if (ib < 0)
      s->rows[ib = nt] = b, s->src[nt++] = b;
    int tmp = s->src[ia];
    s->src[ia] = s->src[ib], s->src[ib] = tmp;
  }
  if (nt == 0 || s->lc == 0)
    return 0;
  // Old contents of my touched rows, before anything is written.
  for (int x = 0; x < nt; x++)
    if (row_prow(s, s->rows[x]) == s->p)
      row_io(s, s->rows[x], elem(s, s->old, (long)x * s->lc), 0, -1);
  // Send rows whose destination is another process row of my column.
  int *count = s->sends;
  memset(count, 0, sizeof(int) * (size_t)s->p0);
  int expect = 0;
  for (int x = 0; x < nt; x++) {
    int y = -1;
    for (int z = 0; z < nt; z++)
      if (s->rows[z] == s->src[x])
        y = z;
    int px = row_prow(s, s->rows[x]), py = row_prow(s, s->src[x]);
    if (px == py)
      continue;
    if (px == s->p)
      expect++;
    if (py == s->p) {
      int target = px * s->p1 + s->q;
      if (count[px]++ == 0)
        RMA_CALL(rma_ring_credit(&s->ring, target, k));
      RMA_CALL(rma_ring_put(&s->ring, target, k, s->off_swap + (long)x * s->lc,
                            elem(s, s->old, (long)y * s->lc), 1, (int)s->lc, (int)s->lc,
                            (int)s->lc));
    }
  }
  for (int pr = 0; pr < s->p0; pr++)
    if (count[pr])
      RMA_CALL(rma_ring_notify(&s->ring, pr * s->p1 + s->q, k, C_SWAP, count[pr]));
  RMA_CALL(rma_ring_wait(&s->ring, k, C_SWAP, expect));
  // Write the new contents of my touched rows.
  char *inbox = elem(s, rma_ring_slot(&s->ring, k), s->off_swap);
  for (int x = 0; x < nt; x++) {
    if (row_prow(s, s->rows[x]) != s->p || s->src[x] == s->rows[x])
      continue;
    char *from = elem(s, inbox, (long)x * s->lc);
    if (row_prow(s, s->src[x]) == s->p)
      for (int z = 0; z < nt; z++)
        if (s->rows[z] == s->src[x])
          from = elem(s, s->old, (long)z * s->lc);
    row_io(s, s->rows[x], from, 1, k);
  }
  return 0;
}

// Where the U row of process column q stands in a slot's U area: a block of
// nb x lcmax per process column, this column's local columns in order.

// Where the U row of process column q stands in a slot: a block of nb x
// lcmax per process column, this column's local columns in order.
static long u_at(const lu_t *s, int q) { return s->off_u + (long)q * s->nb * s->lcmax; }

// The local column where step k's U row starts on this process column (lc
// when this rank has no tile column right of k).
static long u_c0(const lu_t *s, int k) {
  return local_col(s, rma_tiles_col_from(s->t, s->q, k + 1));
}

// The U row of step k for this rank's tile columns: a pointer to local
// column lc of it and its ld (this rank's own tiles on process row k % p0;
// elsewhere the copy in the sender's slot when it is in my group, else in my
// group leader's slot).
static const char *u_row(lu_t *s, int k, int j, int *ld) {
  if (k % s->p0 == s->p) {
    int rows, cols;
    return tile_at(s, k, j, ld, &rows, &cols);
  }
  const void *slot = rma_ring_slot_from(&s->ring, (k % s->p0) * s->p1 + s->q, k);
  *ld = (int)s->lc;
  return elem(s, slot, u_at(s, s->q) + local_col(s, j));
}

// A(i, j) -= L(i, k) U(k, j) for this rank's tiles with i > k and tile
// columns j in [jlo, jhi). The ScaLAPACK layout keeps them in one local
// array: a single dgemm; tiled arrays take one dgemm per tile.
static void update(lu_t *s, int k, int ck, int jlo, int jhi) {
  const rma_tiles_t *t = s->t;
  int i0 = rma_tiles_row_from(t, s->p, k + 1), j0 = rma_tiles_col_from(t, s->q, jlo);
  if (i0 >= t->mt || j0 >= jhi || j0 >= t->nt)
    return;
  double t0 = rma_timing_start();
  if (t->kind == RMA_TILES_BLOCK_CYCLIC) {
    int jl = j0;
    while (jl + s->p1 < jhi && jl + s->p1 < t->nt)
      jl += s->p1;
    int ld, rows, cols, uld, lrows = (int)(rma_numroc(t->m, s->nb, s->p, s->p0) - local_row(s, i0));
    tile_at(s, i0, jl, &ld, &rows, &cols);
    int width = (int)(local_col(s, jl) - local_col(s, j0)) + cols;
    const char *u = u_row(s, k, j0, &uld);
    // My local rows' L: one array with one process row, else tile row by
    // tile row from the panel (which holds every process row's rows).
    int step = s->p0 > 1 ? s->p0 : t->mt;
    for (int i = i0; i < t->mt; i += step) {
      char *a = tile_at(s, i, j0, &ld, &rows, &cols);
      int r = step == t->mt ? lrows : rows;
      rma_kernel_gemm_dt(s->dt, RMA_OP_N, RMA_OP_N, r, width, ck, -1, l_rows(s, i, ck), ck, u, uld,
                         1, a, ld);
    }
  } else {
    for (int j = j0; j < jhi && j < t->nt; j += s->p1) {
      int uld;
      const char *u = u_row(s, k, j, &uld);
      for (int i = i0; i < t->mt; i += s->p0) {
        int ld, rows, cols;
        char *a = tile_at(s, i, j, &ld, &rows, &cols);
        rma_kernel_gemm_dt(s->dt, RMA_OP_N, RMA_OP_N, rows, cols, ck, -1, l_rows(s, i, ck), ck, u,
                           uld, 1, a, ld);
      }
    }
  }
  rma_timing_stop(PH_UPDATE, t0);
}

// The U row's line at step k: the ranks of process column q from the
// sender's process row (k % p0) on, in process-row order (the tree orders
// the column's groups by it). Returns its length.
static int u_line(lu_t *s, int k) {
  for (int d = 0; d < s->p0; d++)
    s->ranks[d] = ((k + d) % s->p0) * s->p1 + s->q;
  return s->p0;
}

// Part `part` of `parts` of a group's copy of step k's U row (process
// column q, tile columns >= k + 1: local columns c0 .. lc, split by
// columns) from the copy at src (local column c0, ld lc) into holder's slot.
static int u_put(void *arg, int holder, const void *src, int part, int parts) {
  handout_t *h = arg;
  lu_t *s = h->s;
  int k = h->k, rows = s->t->m - k * s->nb;
  long c0 = u_c0(s, k), lo, hi;
  rows = rows < s->nb ? rows : s->nb;
  rma_tree_part_range(s->lc - c0, part, parts, &lo, &hi);
  return rma_ring_put(&s->ring, holder, k, u_at(s, s->q) + c0 + lo, elem(s, src, lo), rows,
                      (int)(hi - lo), (int)s->lc, (int)s->lc);
}

// The parts step k's U row of this process column may go in.
static int u_parts(const lu_t *s, int k) {
  long cols = s->lc - u_c0(s, k), rows = s->t->m - (long)k * s->nb;
  rows = rows < s->nb ? rows : s->nb;
  return rma_tree_parts(rows * cols * (long)s->es, cols);
}

// 4b. A receiver of step k's U row: wait for it, forwarding it on the
// column's line when it serves others.
static int u_row_receive(lu_t *s, int k) {
  handout_t h = {s, k, 0, 0, NULL, NULL};
  rma_tree_ops_t ops = {u_put, &h};
  const char *mine = elem(s, rma_ring_slot_from(&s->ring, (k % s->p0) * s->p1 + s->q, k),
                          u_at(s, s->q) + u_c0(s, k));
  return rma_tree_receive(&s->tree, &s->ring, k, C_U, s->ranks, u_line(s, k), u_parts(s, k), mine,
                          &ops);
}

// 4. On process row k % p0: U(k, j) = L(k,k)^-1 A(k, j) for this rank's
// tiles, sent to the other process rows of its column over the column's
// groups (pipeline/tree.h: by chain in parts or by binomial tree; one copy
// per group, read there in place by the group's receivers).
// A flat fan-out put the whole U row through the sender node's link once
// per other node (doc/scaling.md, defect 8).
static int u_row_send(lu_t *s, int k, int ck) {
  const rma_tiles_t *t = s->t;
  const char *l00 = l_rows(s, k, ck);
  double t0 = rma_timing_start();
  for (int j = rma_tiles_col_from(t, s->q, k + 1); j < t->nt; j += s->p1) {
    int ld, rows, cols;
    char *a = tile_at(s, k, j, &ld, &rows, &cols);
    rma_kernel_trsm_dt(s->dt, RMA_SIDE_LEFT, 1, RMA_OP_N, 1, rows, cols, 1, l00, ck, a, ld);
  }
  rma_timing_stop(PH_UPDATE, t0);
  if (s->p0 == 1 || s->lc <= u_c0(s, k))
    return 0; // one process row (no U area), or no tile column right of k here: nobody waits
  t0 = rma_timing_start();
  // My U tiles into my own slot's U area: the source of every copy (my
  // group reads it there in place), once my group is done with the slot.
  RMA_CALL(rma_ring_credit(&s->ring, s->rank, k));
  for (int j = rma_tiles_col_from(t, s->q, k + 1); j < t->nt; j += s->p1) {
    int ld, rows, cols;
    char *a = tile_at(s, k, j, &ld, &rows, &cols);
    RMA_CALL(rma_ring_put(&s->ring, s->rank, k, u_at(s, s->q) + local_col(s, j), a, rows, cols, ld,
                          (int)s->lc));
  }
  handout_t h = {s, k, 0, 0, NULL, NULL};
  rma_tree_ops_t ops = {u_put, &h};
  const char *mine = elem(s, rma_ring_slot(&s->ring, k), u_at(s, s->q) + u_c0(s, k));
  int rc =
      rma_tree_send(&s->tree, &s->ring, k, C_U, s->ranks, u_line(s, k), u_parts(s, k), mine, &ops);
  rma_timing_stop(PH_COMM, t0);
  return rc;
}

static int lu_step(lu_t *s, int k, int *factored_ahead) {
  const rma_tiles_t *t = s->t;
  int r0 = k * s->nb, ck = t->n - r0 < s->nb ? t->n - r0 : s->nb;
  int m = t->m - r0, npiv = m < ck ? m : ck;
  if (owner_of(s, k, k) == s->rank && !*factored_ahead)
    RMA_CALL(factor_panel(s, k));
  *factored_ahead = 0;
  // 2. The factored panel: pivots, info, L tiles of my tile rows, in the
  // slot of D_k when it is in my group, else of my group's leader.
  int sender = panel_sender(s, k);
  if (!dist_at(s, k)) { // (a process column's hand-outs notify each receiver)
    RMA_CALL(rma_ring_wait(&s->ring, k, C_L, 1));
    RMA_CALL(rma_ring_relay(&s->ring, sender, k, C_L));
  } else if (sender != s->rank) { // (the sender has its rows in its own slot)
    RMA_CALL(rows_receive(s, k, sender));
  }
  s->l_base = rma_ring_slot_from(&s->ring, sender, k);
  const double *hdr = rma_ring_header_from(&s->ring, sender, k);
  int info = (int)hdr[0];
  if (info && !s->info)
    s->info = r0 + info;
  for (int i = 0; i < npiv; i++) {
    s->piv[i] = (int)hdr[2 + i];
    if (s->ipiv)
      s->ipiv[r0 + i] = r0 + s->piv[i];
  }
  if (k % s->p1 == s->q && !dist_at(s, k)) // (a distributed panel was factored in the tiles)
    for (int i = rma_tiles_row_from(t, s->p, k); i < t->mt; i += s->p0) {
      int ld, rows, cols;
      char *a = tile_at(s, i, k, &ld, &rows, &cols);
      for (int x = 0; x < rows; x++)
        memcpy(elem(s, a, (long)x * ld), elem(s, l_rows(s, i, ck), (long)x * ck),
               s->es * (size_t)cols);
    }
  if (hdr[1] != 0.0) {
    s->stopped = 1; // no pivoting and a zero pivot: stop before dividing by it
    return 0;
  }
  // 3. Row interchanges.
  if (s->pivot) {
    double t0 = rma_timing_start();
    RMA_CALL(apply_swaps(s, k, npiv));
    rma_timing_stop(PH_SWAP, t0);
  }
  // 4. The U row.
  if (k % s->p0 == s->p)
    RMA_CALL(u_row_send(s, k, ck));
  else if (s->lc > u_c0(s, k)) {
    RMA_CALL(u_row_receive(s, k));
  }
  // 5-6. Trailing update, tile column k+1 first, then its panel goes out.
  int next = k + 1;
  if (next < s->steps && next % s->p1 == s->q) {
    update(s, k, ck, next, next + 1);
    RMA_CALL(panel_out(s, next));
    if (owner_of(s, next, next) == s->rank) {
      RMA_CALL(factor_panel(s, next));
      *factored_ahead = 1;
    }
    update(s, k, ck, next + 1, t->nt);
  } else {
    update(s, k, ck, next, t->nt);
  }
  return rma_ring_done(&s->ring, k);
}

int rma_getrf_run(const rma_tiles_t *t, void *seg, int *ipiv, int *info) {
  rma_context_t *ctx = rma_context();
  lu_t s;
  memset(&s, 0, sizeof s);
  s.t = t, s.seg = seg, s.nb = t->mb, s.p0 = t->p0, s.p1 = t->p1;
  s.dt = t->dtype, s.es = rma_dtype_size(t->dtype);
  s.rank = ctx->rank, s.p = s.rank / s.p1, s.q = s.rank % s.p1;
  s.steps = t->mt < t->nt ? t->mt : t->nt;
  s.pivot = ipiv != NULL, s.ipiv = ipiv;
  s.tournament = s.pivot && rma_getrf_options()->lu_pivot;
  s.lc = rma_numroc(t->n, t->nb, s.q, t->p1);
  long lcmax = s.lcmax = rma_numroc(t->n, t->nb, 0, t->p1);
  // Slot layout: panel (tile row i at i * nb rows in: the gathered
  // panel on D, the factored one on D and on group leaders), U tiles (this
  // process column's local columns, sized by the largest), interchanged
  // rows. With one process row no U row or interchanged row travels: the
  // slot is the panel area alone. The header: info, stop flag, pivots.
  // After the slots, this rank's own area for the old contents of the rows
  // an interchange touches (only this rank writes it): kept memory, already
  // resident, so a first call does not fault its pages in.
  rma_ring_desc_t ring = {C_PER_SLOT, s.nb + 2, 0,         2L * s.nb * lcmax,
                          PH_WAIT,    t->dtype, kind_phase};
  s.off_panel = 0;
  s.off_u = s.off_swap = ring.slot_len = s.off_panel + (long)t->m * s.nb;
  if (t->p0 > 1) {
    s.off_swap = s.off_u + (long)s.p1 * s.nb * lcmax;
    ring.slot_len = s.off_swap + 2L * s.nb * lcmax;
  }
  s.piv = malloc(sizeof(int) * (size_t)s.nb);
  s.rows = malloc(sizeof(int) * 2 * (size_t)s.nb);
  s.src = malloc(sizeof(int) * 2 * (size_t)s.nb);
  s.prow_mark = malloc((size_t)s.p0);
  s.dpiv = malloc(sizeof(int) * (size_t)s.nb);
  s.dhdr = malloc(sizeof(double) * (size_t)(s.nb + 2));
  s.ranks = malloc(sizeof(int) * (size_t)(s.p0 > s.p1 ? s.p0 : s.p1));
  s.sends = malloc(sizeof(int) * (size_t)s.p0);
  int rc = rma_tree_init(&s.tree, s.p0 > s.p1 ? s.p0 : s.p1);
  if (!(s.piv && s.rows && s.src && s.prow_mark && s.ranks && s.sends && s.dpiv && s.dhdr))
    rc = RMA_ERR_NO_MEMORY;
  // Several process rows: the process column factors each panel.
  s.dist = rma_getrf_options()->lu_panel && s.p0 > 1;
  if (s.dist) {
    int rc2 = rma_getrf_panel_open(ctx->comm, t->dtype, s.p0, s.p, s.q, s.nb, t->mt, &s.panel);
    rc = rc ? rc : rc2;
  }
  rc = rma_status_agree(ctx->comm, rc);
  if (rc == 0)
    rc = rma_ring_open(&s.ring, &ring);
  if (rc == 0) {
    s.old = rma_ring_own(&s.ring);
    rma_timeline_t tl;
    rma_timeline_begin(&tl, "lu", &lu_phases, s.steps);
    int ahead = 0;
    rc = panel_out(&s, 0);
    for (int k = 0; k < s.steps && rc == 0 && !s.stopped; k++) {
      rc = lu_step(&s, k, &ahead);
      rma_timeline_step(&tl, k);
    }
    int rc2 = rma_ring_close(&s.ring);
    rc = rc ? rc : rc2;
    rma_timeline_report(&tl, ipiv ? "rma_lu (pivoting)" : "rma_lu (no pivoting)");
    rma_timeline_free(&tl);
  }
  free(s.piv), free(s.rows), free(s.src), free(s.prow_mark), free(s.ranks), free(s.dpiv);
  free(s.dhdr), free(s.sends);
  rma_tree_free(&s.tree);
  if (s.dist)
    rma_getrf_panel_close(&s.panel);
  *info = s.info;
  return rc;
}
