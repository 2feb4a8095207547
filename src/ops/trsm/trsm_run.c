/*
 * The triangular solve B := op(A)^-1 B (side left) or B op(A)^-1 (side
 * right), pipelined by put + notify: no collective between steps.
 *
 * Written once for both sides through a view of B: its "lines" are the
 * tile rows (left) or tile columns (right), solved one per step in the
 * order op(A)'s triangle dictates (forward: line 0 first; backward: the
 * last first), and each line crosses the other dimension's tiles. At step
 * g with line k, held by grid row (left) or column (right) L_k:
 *  1. the ranks of L_k solve their tiles of line k with the diagonal block
 *     op(A)_kk (one kernel call per run of tiles adjacent in memory) and put
 *     them, as one slab (line k x their local cross extent), into their own
 *     ring slot at their position's area (unless nobody else needs them and
 *     they are one strided array: then the update reads them in B);
 *  2. each sends its slab across the grid (the other ranks of its process
 *     column for left, of its process row for right) along the binomial
 *     tree of the pipeline layer (pipeline/tree.h: one copy per group of
 *     ranks that read each other's slots in place);
 *  3. every rank updates its tiles of the later lines i with the slab it
 *     received: B_i -= op(A)_ik X_k (left) or B_i -= X_k op(A)_ki (right),
 *     consecutive lines of a rank that lie along one strided array (a
 *     grid of one row / column across lines in the ScaLAPACK layout) in
 *     one kernel call. The rank holding the next line updates it first,
 *     then solves and sends it (lookahead) before the rest of the update.
 * op(A)'s blocks come from A's store mirror: used in place when a block is
 * one tile in place reach (own or node neighbour: a pointer), else fetched
 * (rma/patch.h). A block of op(A) below (or above) the diagonal lies in
 * the stored triangle, so the other triangle is never read, nor a unit
 * diagonal (the kernel does not read it).
 *
 * rma_trsm_matrices -> here -> pipeline (ring, tree, timeline) -> rma
 * mailbox (put + notify); rma patch; kernel.
 */
#include "ops/trsm/trsm_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "core/timing.h"
#include "kernel/tile_blas.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"
#include "pipeline/tree.h"
#include "rma/patch.h"

// Columns of op(A) a rank solves at a time when it needs nobody else's
// (solve_local): a gemm's k of about this.
#define LOCAL_BLOCK 256

// The messages of a step (counters of a ring slot): a solved slab.
enum { C_X, C_PER_SLOT };

// The solve's phases (RMALA_VERBOSE).
enum { PH_WAIT, PH_COMM, PH_FETCH, PH_SOLVE, PH_UPDATE, PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"wait", "comm", "fetch", "solve", "update"};
static const rma_phases_t trsm_phases = {PH_COUNT, phase_names};

// A run of this rank's tiles of one line that is one strided array: its
// first element, ld, extent across the line, and offset in the slab.
typedef struct {
  char *p;
  int ld, len, lofs;
} run_t;

typedef struct {
  rma_trsm_shape_t sh;
  int right;            // side right: lines are tile columns
  const rma_tiles_t *t; // B
  char *seg;            // B's local segment
  const rma_win_t *wa;  // A's mirror
  const rma_tiles_t *ta;
  rma_dtype_t dt;
  size_t es;
  int nl, forward;        // lines; order
  int in_grid, mine, pos; // on the grid; my grid index across lines; my position along a line
  int nacross, nalong;    // grid extent across lines (p0 left) and along them (p1 left)
  int loc;                // my local extent along a line (local columns left, rows right)
  long slab;              // elements of a position's slab area in a slot
  run_t *runs, *runs0;    // scratch: runs of one line, and of the first of a group
  char *abuf;             // op(A) blocks fetched (up to A's order x a line's extent)
  int *line;              // a tree line
  rma_ring_t ring;
  rma_tree_t tree;
  int g, h; // the step and line extent being sent (tree puts)
} trsm_t;

static char *elem(const trsm_t *s, const void *p, long off) {
  return (char *)p + (long)s->es * off;
}

// Line k of the solve order's step g.
static int line_of(const trsm_t *s, int g) { return s->forward ? g : s->nl - 1 - g; }

// Global offset and extent of line k.
static void line_at(const trsm_t *s, int k, int *off, int *h) {
  rma_tile_t tl;
  rma_tiles_locate(s->t, s->right ? 0 : k, s->right ? k : 0, &tl);
  *off = s->right ? tl.c0 : tl.r0, *h = s->right ? tl.cols : tl.rows;
}

// The grid index (row left, column right) holding line k.
static int line_grid(const trsm_t *s, int k) {
  const rma_tiles_t *t = s->t;
  return s->right ? (t->o.csrc + k) % t->p1 : (t->o.rsrc + k) % t->p0;
}

// The rank at grid index across lines a and along them b.
static int rank_at(const trsm_t *s, int a, int b) {
  const rma_tiles_t *t = s->t;
  int p = s->right ? b : a, q = s->right ? a : b;
  return t->o.gridcol ? p + q * t->p0 : p * t->p1 + q;
}

// The first of this rank's cross tiles (columns left, rows right) and the stride.
static int cross_first(const trsm_t *s) {
  return s->right ? rma_tiles_row_from(s->t, s->pos, 0) : rma_tiles_col_from(s->t, s->pos, 0);
}
static int cross_count(const trsm_t *s) { return s->right ? s->t->mt : s->t->nt; }

// The runs of this rank's tiles of line k; returns their count.
static int runs_of(trsm_t *s, int k) {
  int n = 0, lofs = 0;
  for (int x = cross_first(s); x < cross_count(s); x += s->nalong) {
    rma_tile_t tl;
    rma_tiles_locate(s->t, s->right ? x : k, s->right ? k : x, &tl);
    char *p = elem(s, s->seg, tl.disp);
    int len = s->right ? tl.rows : tl.cols;
    run_t *last = n ? &s->runs[n - 1] : NULL;
    // Adjacent in memory: the next columns of the same rows (left), the
    // next rows of the same columns (right).
    if (last && last->ld == tl.ld &&
        p == elem(s, last->p, s->right ? (long)last->len * last->ld : last->len))
      last->len += len;
    else
      s->runs[n++] = (run_t){p, tl.ld, len, lofs};
    lofs += len;
  }
  return n;
}

// Block (r, c) of op(A) on lines' offsets and extents: a pointer to it in
// place or fetched into abuf (its ld in *ld). A's stored block is (r, c)
// for op N and (c, r) otherwise; the kernel applies op.
static const void *a_block(trsm_t *s, int r0, int rh, int c0, int ch, int *ld, int *rc) {
  rma_rect_t p = s->sh.op == RMA_OP_N ? (rma_rect_t){r0, c0, rh, ch} : (rma_rect_t){c0, r0, ch, rh};
  void *in = rma_patch_in_place(s->wa, s->ta, p, ld);
  if (in)
    return in;
  double t0 = rma_timing_start();
  *ld = p.cols;
  *rc = rma_patch_copy(s->wa, s->ta, 0, p, s->abuf, p.cols);
  rma_timing_stop(PH_FETCH, t0);
  return s->abuf;
}

// A tree group's copy of the slab being sent into its holder's slot.
static int slab_put(void *arg, int holder, const void *src, int part, int parts) {
  trsm_t *s = arg;
  (void)part, (void)parts; // (the slab goes whole: one part)
  int rows = s->right ? s->loc : s->h, cols = s->right ? s->h : s->loc;
  return rma_ring_put(&s->ring, holder, s->g, s->pos * s->slab, src, rows, cols, cols, cols);
}

// The slab of step g goes across the grid: 1 when the ranks of this line
// of the grid hold something and a later line needs it on another rank.
static int fans_out(const trsm_t *s, int g) {
  return s->nacross > 1 && s->loc > 0 && g < s->nl - 1;
}

// Where this rank reads step g's slab (sent by the holder of line k on
// its line of the grid): rows h x loc (left, ld loc) or loc x h (right,
// ld h) in a ring slot; or, when it stays with its holder and is one
// strided array of B, B itself (*ld its ld): then no slot is written, and
// no rank waits for another.
static const char *slab_of(trsm_t *s, int g, int k, int *ld) {
  int off, h;
  line_at(s, k, &off, &h);
  if (!fans_out(s, g) && runs_of(s, k) == 1) {
    *ld = s->runs[0].ld;
    return s->runs[0].p;
  }
  int sender = rank_at(s, line_grid(s, k), s->pos);
  *ld = s->right ? h : s->loc;
  return elem(s, rma_ring_slot_from(&s->ring, sender, g), s->pos * s->slab);
}

// The tree line of step g with line k: the holder first, then the other
// grid indices across lines in order. Returns its length.
static int tree_line(trsm_t *s, int k) {
  int a = line_grid(s, k);
  for (int d = 0; d < s->nacross; d++)
    s->line[d] = rank_at(s, (a + d) % s->nacross, s->pos);
  return s->nacross;
}

// 1-2. On the holders of line k (step g): solve its tiles, put the slab
// into the own slot and send it across the grid.
static int solve_send(trsm_t *s, int g, int k) {
  int off, h, ld, rc = 0;
  line_at(s, k, &off, &h);
  const void *akk = a_block(s, off, h, off, h, &ld, &rc);
  RMA_CALL(rc);
  double t0 = rma_timing_start();
  int n = runs_of(s, k);
  for (int r = 0; r < n; r++) {
    run_t *u = &s->runs[r];
    rma_kernel_trsm_dt(s->dt, s->sh.side, s->sh.lower, s->sh.op, s->sh.unit, s->right ? u->len : h,
                       s->right ? h : u->len, 1, akk, ld, u->p, u->ld);
  }
  rma_timing_stop(PH_SOLVE, t0);
  if (!fans_out(s, g) && n == 1)
    return 0; // read in B itself (slab_of)
  t0 = rma_timing_start();
  RMA_CALL(rma_ring_credit(&s->ring, s->ring.rank, g));
  for (int r = 0; r < n; r++) {
    run_t *u = &s->runs[r];
    long at = s->pos * s->slab + (s->right ? (long)u->lofs * h : u->lofs);
    RMA_CALL(rma_ring_put(&s->ring, s->ring.rank, g, at, u->p, s->right ? u->len : h,
                          s->right ? h : u->len, u->ld, s->right ? h : s->loc));
  }
  if (fans_out(s, g)) {
    s->g = g, s->h = h;
    rma_tree_ops_t ops = {slab_put, s};
    RMA_CALL(rma_tree_send(&s->tree, &s->ring, g, C_X, s->line, tree_line(s, k), 1,
                           elem(s, rma_ring_slot(&s->ring, g), s->pos * s->slab), &ops));
  }
  rma_timing_stop(PH_COMM, t0);
  return 0;
}

// 1 when this rank's tiles of lines i0 .. i0 + n - 1 (consecutive, all
// held here) extend line i0's runs in memory (the ScaLAPACK layout along
// its local array): s->runs0 then holds line i0's runs (count in *nr) and
// *ext the lines' extent.
static int lines_adjacent(trsm_t *s, int i0, int n, int *nr, int *ext) {
  int oi, hi;
  *nr = runs_of(s, i0);
  line_at(s, i0, &oi, &hi);
  memcpy(s->runs0, s->runs, sizeof(run_t) * (size_t)*nr);
  for (int i = i0 + 1; i < i0 + n; i++) {
    int o, h, adjacent = runs_of(s, i) == *nr;
    line_at(s, i, &o, &h);
    for (int r = 0; adjacent && r < *nr; r++) {
      const run_t *u = &s->runs[r], *v = &s->runs0[r];
      adjacent = u->ld == v->ld && u->len == v->len && u->lofs == v->lofs &&
                 u->p == elem(s, v->p, s->right ? o - oi : (long)(o - oi) * v->ld);
    }
    if (!adjacent)
      return 0;
    hi = o + h - oi;
  }
  *ext = hi;
  return 1;
}

// 3. Update this rank's tiles of lines i0 .. i0 + n - 1 (consecutive, all
// held here) with the solved block x (ld xld) of op(A)'s rows / columns
// [ok, ok + hk): one kernel call per run of tiles when the lines extend
// line i0's runs in memory, else line by line.
static int update(trsm_t *s, int i0, int n, int ok, int hk, const char *x, int xld) {
  int oi, hi, ld, nr, rc = 0;
  line_at(s, i0, &oi, &hi);
  if (!lines_adjacent(s, i0, n, &nr, &hi)) {
    for (int j = i0; j < i0 + n; j++)
      RMA_CALL(update(s, j, 1, ok, hk, x, xld));
    return 0;
  }
  // op(A)_ik (left) or op(A)_ki (right) over the lines' extent hi.
  const void *a =
      s->right ? a_block(s, ok, hk, oi, hi, &ld, &rc) : a_block(s, oi, hi, ok, hk, &ld, &rc);
  RMA_CALL(rc);
  double t0 = rma_timing_start();
  for (int r = 0; r < nr; r++) {
    run_t *u = &s->runs0[r];
    if (s->right)
      rma_kernel_gemm_dt(s->dt, RMA_OP_N, s->sh.op, u->len, hi, hk, -1,
                         elem(s, x, (long)u->lofs * xld), xld, a, ld, 1, u->p, u->ld);
    else
      rma_kernel_gemm_dt(s->dt, s->sh.op, RMA_OP_N, hi, u->len, hk, -1, a, ld, elem(s, x, u->lofs),
                         xld, 1, u->p, u->ld);
  }
  rma_timing_stop(PH_UPDATE, t0);
  return 0;
}

// One grid row (left) / column (right) across lines in a BLOCK_CYCLIC
// directory: each rank holds whole lines of its part of B, each line one
// strided array, consecutive lines adjacent, and needs nothing from the
// others. It solves alone, blocked by about LOCAL_BLOCK of op(A)'s order
// (a block of consecutive lines: one kernel trsm, then one gemm over every
// later line, k = the block's extent instead of one tile's).
static int solve_local(trsm_t *s) {
  int hmax = s->right ? s->t->nb : s->t->mb, blk = LOCAL_BLOCK / hmax > 1 ? LOCAL_BLOCK / hmax : 1;
  for (int b = 0; b < s->nl && s->loc > 0;) {
    int n = s->nl - b < blk ? s->nl - b : blk, nr, ext, ld, rc = 0;
    int i0 = s->forward ? b : s->nl - b - n;
    if (!lines_adjacent(s, i0, n, &nr, &ext)) // not expected in this layout: line by line
      n = 1, i0 = s->forward ? b : s->nl - b - 1, lines_adjacent(s, i0, 1, &nr, &ext);
    int off, h;
    line_at(s, i0, &off, &h);
    const void *akk = a_block(s, off, ext, off, ext, &ld, &rc);
    RMA_CALL(rc);
    double t0 = rma_timing_start();
    for (int r = 0; r < nr; r++) {
      run_t *u = &s->runs0[r];
      rma_kernel_trsm_dt(s->dt, s->sh.side, s->sh.lower, s->sh.op, s->sh.unit,
                         s->right ? u->len : ext, s->right ? ext : u->len, 1, akk, ld, u->p, u->ld);
    }
    rma_timing_stop(PH_SOLVE, t0);
    // Every later line (one run per line in this layout: x is the block's).
    if (nr != 1)
      return RMA_ERR_LAYOUT;
    const char *x = s->runs0[0].p;
    int xld = s->runs0[0].ld, lo = s->forward ? i0 + n : 0, hi = s->forward ? s->nl : i0;
    if (hi > lo)
      RMA_CALL(update(s, lo, hi - lo, off, ext, x, xld));
    b += n;
  }
  return 0;
}

// Step g: line k solved and sent by its holders (unless solved ahead),
// received across the grid, and the later lines updated, the next one
// first (then solved and sent ahead).
static int step(trsm_t *s, int g, int *ahead) {
  int k = line_of(s, g);
  if (!s->in_grid)
    return rma_ring_done(&s->ring, g);
  int holder = s->mine == line_grid(s, k);
  if (holder && !*ahead)
    RMA_CALL(solve_send(s, g, k));
  *ahead = 0;
  if (!holder && fans_out(s, g)) {
    s->g = g, s->h = 0;
    line_at(s, k, &(int){0}, &s->h);
    rma_tree_ops_t ops = {slab_put, s};
    int xld;
    const char *mine = slab_of(s, g, k, &xld); // (the wait is timed by the ring)
    RMA_CALL(rma_tree_receive(&s->tree, &s->ring, g, C_X, s->line, tree_line(s, k), 1, mine, &ops));
  }
  if (s->loc > 0 && g < s->nl - 1) {
    int xld, ok, hk;
    const char *x = slab_of(s, g, k, &xld);
    line_at(s, k, &ok, &hk);
    int next = line_of(s, g + 1);
    if (s->mine == line_grid(s, next)) {
      RMA_CALL(update(s, next, 1, ok, hk, x, xld));
      RMA_CALL(solve_send(s, g + 1, next));
      *ahead = 1;
    }
    // The other later lines of this rank, [lo, hi) in index order, in
    // groups of consecutive lines.
    int lo = s->forward ? k + 2 : 0, hi = s->forward ? s->nl : k - 1;
    for (int i = lo; i < hi;) {
      int n = 0;
      while (i + n < hi && s->mine == line_grid(s, i + n))
        n++;
      if (n > 0)
        RMA_CALL(update(s, i, n, ok, hk, x, xld));
      i += n > 0 ? n : 1;
    }
  }
  return rma_ring_done(&s->ring, g);
}

int rma_trsm_run(const rma_trsm_shape_t *sh, const rma_tiles_t *tb, void *bseg, const rma_win_t *wa,
                 const rma_tiles_t *ta) {
  rma_context_t *ctx = rma_context();
  trsm_t s;
  memset(&s, 0, sizeof s);
  s.sh = *sh, s.right = sh->side == RMA_SIDE_RIGHT, s.t = tb, s.seg = bseg, s.wa = wa, s.ta = ta;
  s.dt = tb->dtype, s.es = rma_dtype_size(tb->dtype);
  s.nl = s.right ? tb->nt : tb->mt;
  // op(A) lower triangular: forward on the left, backward on the right.
  int eff_lower = sh->lower ^ ((sh->op & RMA_OP_TRANS) != 0);
  s.forward = s.right ? !eff_lower : eff_lower;
  s.nacross = s.right ? tb->p1 : tb->p0, s.nalong = s.right ? tb->p0 : tb->p1;
  int pr = 0, pc = 0;
  s.in_grid = rma_tiles_coords(tb, ctx->rank, &pr, &pc) == 0;
  s.mine = s.right ? pc : pr, s.pos = s.right ? pr : pc;
  // Slab areas: a line's extent times the largest local extent along it.
  int hmax = s.right ? tb->nb : tb->mb, lmax = 0, ncross = 0;
  for (int b = 0; b < s.nalong; b++) {
    int l = 0, save = s.pos;
    s.pos = b;
    for (int x = cross_first(&s); x < cross_count(&s); x += s.nalong) {
      rma_tile_t tl;
      rma_tiles_locate(tb, s.right ? x : 0, s.right ? 0 : x, &tl);
      l += s.right ? tl.rows : tl.cols;
      ncross += b == save;
    }
    s.pos = save;
    lmax = l > lmax ? l : lmax;
    if (b == s.pos)
      s.loc = s.in_grid ? l : 0;
  }
  s.slab = (long)hmax * lmax;
  s.runs = malloc(sizeof(run_t) * (size_t)(ncross + 1));
  s.runs0 = malloc(sizeof(run_t) * (size_t)(ncross + 1));
  int wmax = hmax > LOCAL_BLOCK ? hmax : LOCAL_BLOCK + hmax;
  s.abuf = malloc(s.es * (size_t)wmax * (size_t)(s.right ? tb->n : tb->m));
  s.line = malloc(sizeof(int) * (size_t)s.nacross);
  int rc = s.runs && s.runs0 && s.abuf && s.line ? 0 : RMA_ERR_NO_MEMORY;
  if (rc == 0)
    rc = rma_tree_init(&s.tree, s.nacross);
  rma_ring_desc_t ring = {C_PER_SLOT, 0, s.nalong * s.slab, 0, PH_WAIT, s.dt, NULL};
  rc = rma_status_agree(ctx->comm, rc);
  // The same choice on every rank (from the directory): no ring when no
  // rank needs another's lines.
  int local = s.nacross == 1 && tb->kind == RMA_TILES_BLOCK_CYCLIC && !tb->o.colmajor;
  if (rc == 0 && local) {
    rma_timeline_t tl;
    rma_timeline_begin(&tl, "trsm", &trsm_phases, 1);
    rc = s.in_grid ? solve_local(&s) : 0;
    rma_timeline_step(&tl, 0);
    rc = rma_status_agree(ctx->comm, rc);
    rma_timeline_report(&tl, "rma_trsm (local)");
    rma_timeline_free(&tl);
  } else if (rc == 0)
    rc = rma_ring_open(&s.ring, &ring);
  if (rc == 0 && !local) {
    rma_timeline_t tl;
    rma_timeline_begin(&tl, "trsm", &trsm_phases, s.nl);
    int ahead = 0;
    for (int g = 0; rc == 0 && g < s.nl; g++) {
      rc = step(&s, g, &ahead);
      rma_timeline_step(&tl, g);
    }
    int rc2 = rma_ring_close(&s.ring);
    rc = rma_status_agree(ctx->comm, rc ? rc : rc2);
    rma_timeline_report(&tl, "rma_trsm");
    rma_timeline_free(&tl);
  }
  rma_tree_free(&s.tree);
  free(s.runs), free(s.runs0), free(s.abuf), free(s.line);
  return rc;
}
