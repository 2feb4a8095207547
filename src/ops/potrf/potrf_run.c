/*
 * Step k of the Cholesky, on rank (p, q) of the p0 x p1 grid, with D_k the
 * owner of diagonal tile (k, k). Lower (A = L L^H) in the row-major
 * triangle; upper (A = U^H U) is the same with rows and columns exchanged,
 * so the words for lower are followed by upper's in brackets. The panel
 * tile x (x > k) is L(x, k) [U(k, x)], and the panel line the ranks of
 * process column k % p1 [process row k % p0], which hold the panel.
 *  1. D_k factors tile (k, k) (rma_kernel_potrf_dt) and hands out a header
 *     (INFO of the tile) to every rank and the factor to the groups of the
 *     panel line's ranks (pipeline/handout.h: one copy per group);
 *  2. the panel line's ranks solve their panel tiles, L(x, k) := A(x, k)
 *     L(k, k)^-H [U(k, x) := U(k, k)^-H A(k, x)], and hand each out to the
 *     ranks that update with it: those of process row x % p0 holding a
 *     tile (x, j), k < j <= x, and those of process column x % p1 holding a
 *     tile (i, x), i >= x [transposed: row x's tiles (x, j), j >= x, and
 *     column x's tiles (i, x), k < i <= x], in three rounds (potrf_handout.h):
 *     the lookahead's tiles first, then the owner's process row [column],
 *     then the crossing column [row] from the groups that then hold the
 *     tile, each sending a share;
 *  3. every rank updates its trailing tiles of the triangle, A(i, j) -=
 *     L(i, k) L(j, k)^H [A(i, j) -= U(k, i)^H U(k, j)]: on its diagonal
 *     tiles only the triangle (rma_kernel_herk_dt: the other triangle of
 *     every tile stays bitwise unchanged), elsewhere by gemm, over groups
 *     of consecutive local tile columns [rows] of ~512 columns: per column
 *     the tiles down to the group's last diagonal tile, then one gemm for
 *     the whole group below [right of] it (the ScaLAPACK layout keeps a
 *     rank's local rows and columns contiguous);
 *  4. lookahead: tile column [row] k+1 is updated first, in parts of round
 *     1 (LOOK_PARTS, each counted on its own): as soon as the panel tiles
 *     of a part's tile rows [columns] are in, the tiles of line k+1 there
 *     are updated (D_{k+1} first its diagonal tile alone, which it then
 *     factors and hands out), and the panel line of step k+1 (the ranks
 *     holding line k+1) solves them and sends them in round 1 of step
 *     k+1, so that its receivers start on their part while the rest is
 *     solved; then the panel line sends step k+1's rounds 2 and 3, and the
 *     rest of step k's update follows.
 *     Each rank passes on its share of step k's round 3 tile by tile as
 *     the tiles arrive: those in after the wait for round 1 and again
 *     before solving the next panel, then the rest, each as soon as it is
 *     in, before step k+1's rounds 2 and 3 (which feed the update one step
 *     later). Simulated FDR P 256 blocks, host code free: 0.3068 s with
 *     step k+1's rounds before step k's round 3, 0.2962 s after it, 0.2749 s
 *     with the pass-on tile by tile and the diagonal tile first.
 *  5. on a grid of one process column [row] the triangle gives its ranks
 *     unequal work, so the busiest hand the trailing updates of their last
 *     tile columns [rows] to the least busy (potrf_help.h): the helper
 *     sums them in its ring's own area (help_update) and, the step before
 *     the owner's lookahead needs them, notifies the owner, which reads
 *     them in place (one group) or finds them put into its slot (help_send);
 *     the owner adds them there (help_apply) and skips those columns [rows]
 *     in its trailing update. zpotrf n 2048 nb 256 upper at np 2 (1 x 2):
 *     0.1178 -> 0.1068 s warm, the ranks' update time 0.063 / 0.093 ->
 *     0.082 / 0.077 s.
 * No barrier between steps: a rank waits only for the notifications of the
 * blocks it needs, in the pipeline's ring of mailbox slots.
 *
 * Where the panel lands in a slot: in the "line" of its process row
 * [column]: lower, the tiles of process row r stacked in local row order
 * (ld ck); upper, the tiles of process column c side by side in local
 * column order (ld lcmax). All of a line comes from one sender (the panel
 * owner on that process row [column]), so it is contiguous in one slot. A
 * rank reads a panel tile there in both of its roles: as the "single"
 * operand of one tile column [row] (P_j of column j [P_i of row i]) and as
 * part of the line operand that covers its tile rows [columns]. A group's
 * copy holds the tiles its ranks use in either role, each once. (A slot
 * used to hold a second copy of every tile by its absolute index: twice
 * the memory, whose first touch cost a fresh call 87 ms of 0.31 s for
 * zpotrf n 2048 nb 256 at np 2 on this VM, and a second put.)
 *
 * INFO: a tile that is not positive definite at its column jj stops the
 * factorization after step k on every rank (all read D_k's header): the
 * diagonal tile keeps its first jj - 1 columns [rows] factored (the tile is
 * factored again up to there from a saved copy: LAPACK's blocked kernel
 * leaves the rest of a failing block's columns undone), the panel's first
 * jj - 1 columns [rows] are solved, nothing is updated, nothing divides by
 * the failing pivot.
 *
 * rma_potrf_matrix -> ops/square -> here (the state: potrf_state.h; the
 * receivers: potrf_handout; the updates, points 3 to 5: potrf_update; who
 * updates for whom: potrf_help) -> pipeline (ring, hand-out, timeline) ->
 * rma mailbox (put + notify); kernel.
 */
#include "ops/potrf/potrf_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_lapack.h"
#include "kernel/tile_triangle.h"
#include "ops/potrf/potrf_state.h"
#include "ops/potrf/potrf_update.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"

static const char *const phase_names[PH_COUNT] = {"wait", "wdiag", "wlook", "wrow",  "wcol",
                                                  "comm", "diag",  "panel", "update"};
static const rma_phases_t chol_phases = {PH_COUNT, phase_names};
static const int kind_phase[C_PER_SLOT] = {PH_WDIAG, PH_WROW,  PH_WCOL,  PH_WLOOK,
                                           PH_WLOOK, PH_WLOOK, PH_WLOOK, PH_WLOOK};

// One hand-out of step k (the ring's put callbacks): the diagonal tile
// (x = k) with its header, or panel tile x in one of its rounds, at src
// (ld lds).
typedef struct {
  rma_potrf_state_t *s;
  int k, x, lds, round;
  const char *src;
  const double *hdr;
} handout_t;

// 1 when group g holds a rank with a panel tile of step h->k: it needs the
// diagonal factor, and the panel it solves is next on the step's path.
static int diag_needed(void *arg, int g) {
  handout_t *h = arg;
  return rma_potrf_group_holds_panel(&h->s->ho, h->k, g);
}

// The header into every group; the factor of the diagonal tile into the
// groups holding a rank with a panel tile.
static int diag_put(void *arg, int holder, int g) {
  handout_t *h = arg;
  rma_potrf_state_t *s = h->s;
  int k = h->k, ck = width(s, k);
  if (holder == s->rank)
    memcpy(rma_ring_header(&s->ring, k), h->hdr, sizeof(double) * HDR_LEN);
  else
    RMA_CALL(rma_ring_put_header(&s->ring, holder, k, h->hdr, HDR_LEN));
  if (diag_needed(h, g))
    RMA_CALL(rma_ring_put(&s->ring, holder, k, s->off_diag, h->src, ck, ck, h->lds, ck));
  return 0;
}

// Panel tile x into holder's slot: the copy group g's ranks use, unless
// an earlier round brought it (a rank of g received it then: all of g read
// it at the same place).
static int panel_put(void *arg, int holder, int g) {
  handout_t *h = arg;
  rma_potrf_state_t *s = h->s;
  int k = h->k, x = h->x, ld;
  int rows = s->lower ? width(s, x) : width(s, k), cols = s->lower ? width(s, k) : width(s, x);
  if (rma_potrf_group_needs(&s->ho, k, x, g, h->round)) {
    long off = line_at(s, k, x, &ld);
    RMA_CALL(rma_ring_put(&s->ring, holder, k, off, h->src, rows, cols, h->lds, ld));
  }
  return 0;
}

// The Cholesky of the diagonal tile a (ck x ck, ld) in place. Returns 0 or
// the tile's failing column jj, with its first jj - 1 columns [rows]
// factored over the whole tile: after a failure the tile is restored from
// its copy and factored up to there (again, should a smaller leading minor
// then fail), then its rows below [columns right of] that block solved.
static int factor_tile(rma_potrf_state_t *s, char *a, int ld, int ck) {
  for (int r = 0; r < ck; r++)
    memcpy(elem(s, s->backup, (long)r * ck), elem(s, a, (long)r * ld), s->es * (size_t)ck);
  int info = rma_kernel_potrf_dt(s->dt, s->lower, ck, a, ld), fail = info;
  while (info > 0) {
    int good = info - 1;
    for (int r = 0; r < ck; r++)
      memcpy(elem(s, a, (long)r * ld), elem(s, s->backup, (long)r * ck), s->es * (size_t)ck);
    info = rma_kernel_potrf_dt(s->dt, s->lower, good, a, ld);
    if (info > 0) {
      fail = info;
      continue;
    }
    if (s->lower)
      rma_kernel_trsm_dt(s->dt, RMA_SIDE_RIGHT, 1, RMA_OP_C, 0, ck - good, good, 1.0, a, ld,
                         elem(s, a, (long)good * ld), ld);
    else
      rma_kernel_trsm_dt(s->dt, RMA_SIDE_LEFT, 0, RMA_OP_C, 0, good, ck - good, 1.0, a, ld,
                         elem(s, a, good), ld);
  }
  return fail;
}

// 1. On D_k: factor the diagonal tile and hand out its header and factor.
static int factor_diag(rma_potrf_state_t *s, int k) {
  int ld, ck = width(s, k);
  char *a = tile_at(s, k, k, &ld);
  double t0 = rma_timing_start();
  double hdr[HDR_LEN] = {factor_tile(s, a, ld, ck)};
  rma_timing_stop(PH_DIAG, t0);
  handout_t h = {s, k, k, ld, 0, a, hdr};
  t0 = rma_timing_start();
  int rc = rma_ring_handout_all(&s->ring, k, C_DIAG, diag_needed, diag_put, &h);
  rma_timing_stop(PH_COMM, t0);
  s->diag_done = k;
  return rc;
}

// Step k's header (in D_k's slot when it is in my group, else in my group
// leader's), waited for once; a group leader passes the notification on.
static int diag_wait(rma_potrf_state_t *s, int k) {
  if (s->diag_seen >= k)
    return 0;
  RMA_CALL(rma_ring_wait(&s->ring, k, C_DIAG, 1));
  RMA_CALL(rma_ring_relay(&s->ring, owner_of(s, k, k), k, C_DIAG));
  s->diag_seen = k;
  return 0;
}

// *ready := 1 when step k's header is in (then taken as diag_wait does),
// never waiting for it.
static int diag_arrived(rma_potrf_state_t *s, int k, int *ready) {
  int64_t more = 0;
  if (s->diag_seen < k)
    RMA_CALL(rma_ring_arrived(&s->ring, k, C_DIAG, &more));
  *ready = s->diag_seen >= k || more > 0;
  return *ready ? diag_wait(s, k) : 0;
}

static int diag_info(const rma_potrf_state_t *s, int k) {
  return (int)rma_ring_header_from(&s->ring, owner_of(s, k, k), k)[0];
}

// My first panel tile at or after tile x (of any step: x > k), then every
// panel_stride-th (p0 [p1]).
static int my_panel_from(const rma_potrf_state_t *s, int x) {
  return s->lower ? rma_tiles_row_from(s->t, s->p, x) : rma_tiles_col_from(s->t, s->q, x);
}

// Round 1's parts of step k: part c holds the panel tiles x with
// look_part(k, x) == c, from look_from(k, c) on (LOOK_PARTS: the end).
static int look_part(const rma_potrf_state_t *s, int k, int x) {
  return (int)((long)(x - k - 1) * LOOK_PARTS / (s->nt - k - 1));
}
static int look_from(const rma_potrf_state_t *s, int k, int c) {
  long m = s->nt - k - 1;
  return k + 1 + (int)(((long)c * m + LOOK_PARTS - 1) / LOOK_PARTS);
}
static int panel_stride(const rma_potrf_state_t *s) { return s->lower ? s->p0 : s->p1; }

// Hand out step k's panel tile x (at a, ld) in round 1, 2 (its owner) or 3
// (this rank's share) to the ranks that receive it from this rank then
// (rma_potrf_receivers).
static int panel_handout(rma_potrf_state_t *s, int k, int x, const char *a, int ld, int round) {
  int n = rma_potrf_receivers(&s->ho, k, x, s->rank, round, s->ranks);
  if (n == 0)
    return 0;
  handout_t h = {s, k, x, ld, round, a, NULL};
  int counter = round == 1 ? C_LOOK + look_part(s, k, x) : round == 2 ? C_ROW : C_COL;
  double t0 = rma_timing_start();
  int rc = round < 3 ? rma_ring_handout(&s->ring, k, counter, s->ranks, n, panel_put, &h)
                     : rma_ring_pass_on(&s->ring, k, C_COL, rma_potrf_panel_owner(&s->ho, k, x), s->ranks, n,
                                        panel_put, &h);
  rma_timing_stop(PH_COMM, t0);
  return rc;
}

// 2. On the panel line: solve my panel tiles x in [lo, hi) with the
// diagonal factor (all its columns, or the first jj - 1 when the tile
// failed at jj) and, unless it failed, hand each out, once solved, to the
// ranks whose lookahead uses it (round 1: the next column's update waits
// for those only, part by part).
static int solve_tiles(rma_potrf_state_t *s, int k, int lo, int hi) {
  if (!rma_potrf_holds_panel(&s->ho, k, s->p, s->q))
    return 0;
  RMA_CALL(diag_wait(s, k));
  int ck = width(s, k), jj = diag_info(s, k), good = jj ? jj - 1 : ck;
  const char *f = elem(s, rma_ring_slot_from(&s->ring, owner_of(s, k, k), k), s->off_diag);
  for (int x = my_panel_from(s, lo > k + 1 ? lo : k + 1); x < hi && x < s->nt;
       x += panel_stride(s)) {
    int ld;
    char *a = tri_tile(s, x, k, &ld);
    double t0 = rma_timing_start();
    if (s->lower)
      rma_kernel_trsm_dt(s->dt, RMA_SIDE_RIGHT, 1, RMA_OP_C, 0, width(s, x), good, 1.0, f, ck, a,
                         ld);
    else
      rma_kernel_trsm_dt(s->dt, RMA_SIDE_LEFT, 0, RMA_OP_C, 0, good, width(s, x), 1.0, f, ck, a,
                         ld);
    rma_timing_stop(PH_PANEL, t0);
    if (!jj)
      RMA_CALL(panel_handout(s, k, x, a, ld, 1));
  }
  return 0;
}

// All of step k's panel (solve_tiles), once.
static int solve_panel(rma_potrf_state_t *s, int k) {
  s->panel_done = k;
  return solve_tiles(s, k, k + 1, s->nt);
}

// Rounds 2 and 3 of my solved panel tiles of step k (the owner's part),
// once: round 2 of every tile first (its receivers pass each tile on in
// round 3 as it arrives), then my round-3 shares. They feed the update
// after the lookahead, so a panel rank of step k sends them after its
// share of step k - 1's round 3 (chol_step), which its receivers need
// first.
static int panel_rest(rma_potrf_state_t *s, int k) {
  if (s->rest_done >= k)
    return 0;
  s->rest_done = k;
  if (!rma_potrf_holds_panel(&s->ho, k, s->p, s->q) || diag_info(s, k))
    return 0;
  for (int round = 2; round <= 3; round++)
    for (int x = my_panel_from(s, k + 1); x < s->nt; x += panel_stride(s)) {
      int ld;
      const char *a = tri_tile(s, x, k, &ld);
      RMA_CALL(panel_handout(s, k, x, a, ld, round));
    }
  return 0;
}

// Round 3 of step k's hand-out on the ranks that received a panel tile in
// round 1 or 2: their share of its round 3 (rma_potrf_receivers), each
// tile once, in tile order, as far as the first `got` of the round-2 tiles
// this rank receives (all from one owner, which sends them in tile order,
// panel_rest: the first `got` notifications are theirs); round 1 is in
// (chol_step waited for it). The owners send theirs with their round 2.
static int panel_pass_on(rma_potrf_state_t *s, int k, int64_t got) {
  for (; s->pass_x < s->nt; s->pass_x++) {
    int x = s->pass_x;
    int look = rma_potrf_receives(&s->ho, k, x, s->p, s->q, 1);
    if (look && (s->look_k != k || x >= s->look_hi))
      return 0; // its part of round 1 is not waited for yet
    int row = !look && rma_potrf_receives(&s->ho, k, x, s->p, s->q, 2);
    if (row && s->pass_row >= got)
      return 0;
    s->pass_row += row;
    if ((!look && !row) || rma_potrf_panel_owner(&s->ho, k, x) == s->rank)
      continue;
    int ld;
    const char *a = panel_tile(s, k, x, &ld);
    RMA_CALL(panel_handout(s, k, x, a, ld, 3));
  }
  return 0;
}

// The pass-on of step k (its state) starts at the first of the two calls
// below.
static void pass_on_start(rma_potrf_state_t *s, int k) {
  if (s->pass_k != k)
    s->pass_k = k, s->pass_x = k + 1, s->pass_row = 0, s->row_waited = 0;
}

// Pass on what of step k has arrived, without waiting: the tiles of round
// 1 and those of round 2 in already (between pieces of the lookahead, so
// that round 3 leaves before this rank's next long kernel).
static int pass_on_arrived(rma_potrf_state_t *s, int k) {
  int64_t more;
  pass_on_start(s, k);
  RMA_CALL(rma_ring_arrived(&s->ring, k, C_ROW, &more));
  return panel_pass_on(s, k, s->row_waited + more);
}

// Pass on all of step k's round 3: wait for each round-2 tile in turn and
// pass it on before waiting for the next.
static int pass_on_all(rma_potrf_state_t *s, int k) {
  pass_on_start(s, k);
  RMA_CALL(panel_pass_on(s, k, s->row_waited));
  int64_t n = rma_potrf_panel_count(&s->ho, k, s->p, s->q, 2);
  while (s->row_waited < n) {
    RMA_CALL(rma_ring_wait(&s->ring, k, C_ROW, 1));
    s->row_waited++;
    RMA_CALL(panel_pass_on(s, k, s->row_waited));
  }
  return 0;
}

// 4. Lookahead of step k: tile column [row] k + 1 first, part by part of
// round 1 (look_part): as soon as a part of step k's panel is in, my tiles
// of line k + 1 in that part's tile rows [columns] are updated (on D_{k+1}
// first its diagonal tile, which it then factors) and, on step k + 1's
// panel line (which holds line k + 1), solved and handed out in round 1 of
// step k + 1; step k's round 3 is passed on as its tiles arrive, between
// those pieces.
static int lookahead(rma_potrf_state_t *s, int k) {
  int next = k + 1, solved = next + 1; // my panel tiles of step next below solved are solved
  s->look_k = k, s->look_hi = k + 1;
  for (int c = 0; c < LOOK_PARTS; c++) {
    int lo = look_from(s, k, c), hi = look_from(s, k, c + 1);
    int64_t n = rma_potrf_panel_count_in(&s->ho, k, s->p, s->q, 1, lo, hi);
    RMA_CALL(rma_ring_wait(&s->ring, k, C_LOOK + c, n));
    s->look_hi = hi;
    RMA_CALL(pass_on_arrived(s, k));
    if (next >= s->nt || lo >= hi)
      continue;
    if (c == 0)
      RMA_CALL(rma_potrf_help_apply(s, k, next));
    if (c == 0 && is_diag(s, next)) {
      rma_potrf_update_diag(s, k, next);
      RMA_CALL(factor_diag(s, next));
    }
    rma_potrf_update_part(s, k, next, lo, hi);
    // Solved as far as updated once the diagonal factor is in (never
    // waited for here: another part may be in to update meanwhile).
    int ready;
    RMA_CALL(diag_arrived(s, next, &ready));
    if (ready) {
      RMA_CALL(solve_tiles(s, next, solved, hi));
      solved = hi;
    }
  }
  if (next < s->nt) {
    RMA_CALL(solve_tiles(s, next, solved, s->nt));
    s->panel_done = next;
  }
  return 0;
}

static int chol_step(rma_potrf_state_t *s, int k) {
  if (is_diag(s, k) && s->diag_done < k)
    RMA_CALL(factor_diag(s, k));
  RMA_CALL(diag_wait(s, k));
  if (s->panel_done < k)
    RMA_CALL(solve_panel(s, k));
  int jj = diag_info(s, k);
  if (jj) {
    s->info = k * s->nb + jj, s->stopped = 1;
    return 0;
  }
  RMA_CALL(panel_rest(s, k));
  RMA_CALL(lookahead(s, k));
  int next = k + 1;
  RMA_CALL(pass_on_all(s, k));
  if (next < s->nt)
    RMA_CALL(panel_rest(s, next));
  RMA_CALL(rma_ring_wait(&s->ring, k, C_COL, rma_potrf_panel_count(&s->ho, k, s->p, s->q, 3)));
  RMA_CALL(rma_potrf_help_step(s, k, 1));
  if (next < s->nt)
    rma_potrf_update(s, k, next + 1, s->cut, 1);
  RMA_CALL(rma_potrf_help_step(s, k, 0));
  return rma_ring_done(&s->ring, k);
}

int rma_potrf_run(const rma_tiles_t *t, void *seg, int lower, int *info) {
  rma_context_t *ctx = rma_context();
  rma_potrf_state_t s;
  memset(&s, 0, sizeof s);
  s.t = t, s.seg = seg, s.lower = lower != 0, s.nb = t->mb, s.nt = t->nt;
  s.p0 = t->p0, s.p1 = t->p1, s.dt = t->dtype, s.es = rma_dtype_size(t->dtype);
  s.rank = ctx->rank;
  rma_tiles_coords(t, s.rank, &s.p, &s.q);
  s.lr = rma_numroc(t->n, s.nb, s.p, s.p0), s.lc = rma_numroc(t->n, s.nb, s.q, s.p1);
  s.lrmax = rma_numroc(t->n, s.nb, 0, s.p0), s.lcmax = rma_numroc(t->n, s.nb, 0, s.p1);
  s.diag_done = s.diag_seen = s.panel_done = s.rest_done = s.pass_k = s.look_k = -1;
  // Slot layout: the diagonal factor (ck x ck), the lines (lower: p0 areas
  // of lrmax x ck; upper: p1 areas of ck x lcmax).
  long nb2 = (long)s.nb * s.nb;
  s.off_diag = 0, s.off_line = nb2;
  // Then, when some rank updates tiles for another, the help area: one
  // tile column [row] of the owner's local rows [columns].
  long line = s.lower ? (long)s.p0 * s.lrmax * s.nb : (long)s.p1 * s.nb * s.lcmax;
  long help = (long)s.nb * (s.lower ? s.lrmax : s.lcmax);
  s.help_len = help;
  s.ranks = malloc(sizeof(int) * (size_t)(s.p0 + s.p1));
  s.backup = malloc(s.es * (size_t)nb2);
  s.gmax = rma_potrf_group_tiles(&s);
  s.gather = malloc(s.es * (size_t)s.gmax * (size_t)nb2);
  int ok = s.ranks && s.backup && s.gather && rma_potrf_handout_open(&s.ho, t, s.lower) == 0 &&
           rma_potrf_help_plan(&s.help, t, s.lower) == 0;
  // The helpers' sums in their own areas (the most any rank needs).
  int most = 0;
  for (int r = 0; ok && r < s.p0 * s.p1; r++)
    if (s.help.first[r + 1] - s.help.first[r] > most)
      most = s.help.first[r + 1] - s.help.first[r];
  s.cut = ok ? s.help.cut[s.rank] : s.nt;
  s.off_help = s.off_line + line;
  long slot_len = s.off_help + (s.help.nitems ? help : 0);
  rma_ring_desc_t ring = {C_PER_SLOT, HDR_LEN,  slot_len,  most * help,
                          PH_WAIT,    t->dtype, kind_phase};
  int rc = rma_status_agree(ctx->comm, ok ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = rma_ring_open(&s.ring, &ring);
  if (rc == 0) {
    rma_potrf_handout_groups(&s.ho, &s.ring.grp, &s.help);
    rma_timeline_t tl;
    rma_timeline_begin(&tl, "potrf", &chol_phases, s.nt);
    if (is_diag(&s, 0))
      rc = factor_diag(&s, 0);
    if (rc == 0)
      rc = solve_panel(&s, 0);
    for (int k = 0; k < s.nt && rc == 0 && !s.stopped; k++) {
      rc = chol_step(&s, k);
      rma_timeline_step(&tl, k);
    }
    int rc2 = rma_ring_close(&s.ring);
    rc = rc ? rc : rc2;
    rma_timeline_report(&tl, s.lower ? "rma_potrf (lower)" : "rma_potrf (upper)");
    rma_timeline_free(&tl);
  }
  rma_potrf_handout_close(&s.ho);
  rma_potrf_help_close(&s.help);
  free(s.ranks), free(s.backup), free(s.gather);
  *info = s.info;
  return rc;
}
