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
 * rma_potrf_matrix -> ops/square -> here (the receivers: potrf_handout)
 * -> pipeline (ring, hand-out, timeline) -> rma mailbox (put + notify);
 * kernel.
 */
#include "ops/potrf/potrf_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/tile_region.h"
#include "kernel/tile_triangle.h"
#include "ops/potrf/potrf_handout.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"

// Round 1 of a step's panel in parts (of its tile rows [columns] k + 1 ..
// nt - 1, about equal), each counted on its own: the lookahead updates,
// solves and hands out the part of the next panel whose tiles are in
// while the rest is still on its way (point 4 above).
#define LOOK_PARTS 4

// The messages of a step (counters of a ring slot): the diagonal tile's
// header and factor, the panel tiles of rounds 2 and 3, the sums of a rank
// that updates tiles for this one (point 5), then the panel tiles of round
// 1, part by part (see potrf_handout.h).
enum { C_DIAG, C_ROW, C_COL, C_HELP, C_LOOK, C_PER_SLOT = C_LOOK + LOOK_PARTS };

// The Cholesky's phases (RMALA_VERBOSE): waits for credits ("wait"), for
// the diagonal tile and for each round of the panel, then the work.
enum { PH_WAIT, PH_WDIAG, PH_WLOOK, PH_WROW, PH_WCOL, PH_COMM, PH_DIAG, PH_PANEL, PH_UPDATE,
       PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"wait", "wdiag", "wlook", "wrow",  "wcol",
                                                  "comm", "diag",  "panel", "update"};
static const rma_phases_t chol_phases = {PH_COUNT, phase_names};
static const int kind_phase[C_PER_SLOT] = {PH_WDIAG, PH_WROW,  PH_WCOL,  PH_WLOOK,
                                           PH_WLOOK, PH_WLOOK, PH_WLOOK, PH_WLOOK};

// Header of a step: the diagonal tile's INFO (0, or its failing column).
#define HDR_LEN 1

typedef struct {
  const rma_tiles_t *t;
  char *seg;      /* this rank's local segment (elements of type dt) */
  rma_dtype_t dt; /* the element type; es its size */
  size_t es;
  int lower, nb, nt, p0, p1, p, q, rank;
  long lr, lc, lrmax, lcmax;          /* local rows and columns: mine, the largest */
  long off_diag, off_line, off_help;  /* areas of a slot */
  rma_ring_t ring;
  int info, stopped;
  int diag_done, diag_seen, panel_done, rest_done; /* the last step whose diagonal tile this
            rank factored, whose header it received, whose panel it solved, whose rounds 2 and 3
            of its panel tiles it sent */
  int pass_k, pass_x, pass_row; /* round 3 passed on (panel_pass_on): the step, the next panel
            tile to look at, the round-2 tiles looked at so far */
  int look_k, look_hi; /* round 1 of step look_k is in below tile look_hi */
  int64_t row_waited;           /* round-2 tiles of step pass_k waited for */
  rma_potrf_handout_t ho; /* who receives what, when (potrf_handout.h) */
  rma_potrf_help_t help;  /* the updates handed out (potrf_help.h) */
  int cut;                /* my first tile column [row] whose trailing updates another rank does */
  long help_len;          /* elements of one tile column [row] of sums (in a helper's own area) */
  int *ranks;   /* p0 + p1: the receivers of a panel tile */
  char *backup; /* nb x nb: the diagonal tile before its factorization */
  int gmax;     /* tile columns [rows] one gemm of the update takes at most */
  char *gather; /* gmax nb x nb: the single tiles of such a group, side by side */
} chol_t;

static char *tile_at(const chol_t *s, int bi, int bj, int *ld) {
  rma_tile_t tile;
  rma_tiles_locate(s->t, bi, bj, &tile);
  *ld = tile.ld;
  return s->seg + s->es * (size_t)tile.disp;
}

// Tile (i, j) of the factor's triangle, i >= j, in lower's words: tile
// (i, j) of the matrix when lower, (j, i) when upper; and its ld.
static char *tri_tile(const chol_t *s, int i, int j, int *ld) {
  return s->lower ? tile_at(s, i, j, ld) : tile_at(s, j, i, ld);
}

// Element off of the array at p (elements of the Cholesky's type).
static char *elem(const chol_t *s, const void *p, long off) {
  return (char *)p + (long)s->es * off;
}

// The extent of tile row / column x (the last one may be short).
static int width(const chol_t *s, int x) {
  int w = s->t->n - x * s->nb;
  return w < s->nb ? w : s->nb;
}

// Where tile row i starts among its process row's local rows, and tile
// column j among its process column's local columns.
static long local_row(const chol_t *s, int i) { return (long)(i / s->p0) * s->nb; }
static long local_col(const chol_t *s, int j) { return (long)(j / s->p1) * s->nb; }

static int owner_of(const chol_t *s, int bi, int bj) { return rma_potrf_owner(&s->ho, bi, bj); }

// 1 when this rank holds tile (k, k).
static int is_diag(const chol_t *s, int k) { return owner_of(s, k, k) == s->rank; }

// Where step k's panel tile x stands in a slot (elements): in the line of
// its process row [column]; and its ld.
static long line_at(const chol_t *s, int k, int x, int *ld) {
  if (s->lower) {
    *ld = width(s, k);
    return s->off_line + (long)(x % s->p0) * s->lrmax * s->nb + local_row(s, x) * *ld;
  }
  *ld = (int)s->lcmax;
  return s->off_line + (long)(x % s->p1) * s->nb * s->lcmax + local_col(s, x);
}

// One hand-out of step k (the ring's put callbacks): the diagonal tile
// (x = k) with its header, or panel tile x in one of its rounds, at src
// (ld lds).
typedef struct {
  chol_t *s;
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
  chol_t *s = h->s;
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
  chol_t *s = h->s;
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
static int factor_tile(chol_t *s, char *a, int ld, int ck) {
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
static int factor_diag(chol_t *s, int k) {
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
static int diag_wait(chol_t *s, int k) {
  if (s->diag_seen >= k)
    return 0;
  RMA_CALL(rma_ring_wait(&s->ring, k, C_DIAG, 1));
  RMA_CALL(rma_ring_relay(&s->ring, owner_of(s, k, k), k, C_DIAG));
  s->diag_seen = k;
  return 0;
}

// *ready := 1 when step k's header is in (then taken as diag_wait does),
// never waiting for it.
static int diag_arrived(chol_t *s, int k, int *ready) {
  int64_t more = 0;
  if (s->diag_seen < k)
    RMA_CALL(rma_ring_arrived(&s->ring, k, C_DIAG, &more));
  *ready = s->diag_seen >= k || more > 0;
  return *ready ? diag_wait(s, k) : 0;
}

static int diag_info(const chol_t *s, int k) {
  return (int)rma_ring_header_from(&s->ring, owner_of(s, k, k), k)[0];
}

// My first panel tile at or after tile x (of any step: x > k), then every
// panel_stride-th (p0 [p1]).
static int my_panel_from(const chol_t *s, int x) {
  return s->lower ? rma_tiles_row_from(s->t, s->p, x) : rma_tiles_col_from(s->t, s->q, x);
}

// Round 1's parts of step k: part c holds the panel tiles x with
// look_part(k, x) == c, from look_from(k, c) on (LOOK_PARTS: the end).
static int look_part(const chol_t *s, int k, int x) {
  return (int)((long)(x - k - 1) * LOOK_PARTS / (s->nt - k - 1));
}
static int look_from(const chol_t *s, int k, int c) {
  long m = s->nt - k - 1;
  return k + 1 + (int)(((long)c * m + LOOK_PARTS - 1) / LOOK_PARTS);
}
static int panel_stride(const chol_t *s) { return s->lower ? s->p0 : s->p1; }

// Hand out step k's panel tile x (at a, ld) in round 1, 2 (its owner) or 3
// (this rank's share) to the ranks that receive it from this rank then
// (rma_potrf_receivers).
static int panel_handout(chol_t *s, int k, int x, const char *a, int ld, int round) {
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
static int solve_tiles(chol_t *s, int k, int lo, int hi) {
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
static int solve_panel(chol_t *s, int k) {
  s->panel_done = k;
  return solve_tiles(s, k, k + 1, s->nt);
}

// Rounds 2 and 3 of my solved panel tiles of step k (the owner's part),
// once: round 2 of every tile first (its receivers pass each tile on in
// round 3 as it arrives), then my round-3 shares. They feed the update
// after the lookahead, so a panel rank of step k sends them after its
// share of step k - 1's round 3 (chol_step), which its receivers need
// first.
static int panel_rest(chol_t *s, int k) {
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

// Step k's panel tile x as this rank reads it (its sender's copy in my
// group), and its ld: the start of the single operand, or of a line
// operand from tile row [column] x on.
static const char *panel_tile(const chol_t *s, int k, int x, int *ld) {
  long off = line_at(s, k, x, ld);
  return elem(s, rma_ring_slot_from(&s->ring, rma_potrf_panel_owner(&s->ho, k, x), k), off);
}

// My first tile column (cols != 0) or row at or after from.
static int mine_from(const chol_t *s, int cols, int from) {
  return cols ? rma_tiles_col_from(s->t, s->q, from) : rma_tiles_row_from(s->t, s->p, from);
}

// Local row [column] offset where tile row [column] y starts, or the
// local extent when y is past the end.
static long local_at(const chol_t *s, int y, int rows) {
  if (y >= s->nt)
    return rows ? s->lr : s->lc;
  return rows ? local_row(s, y) : local_col(s, y);
}

// Tile columns [rows] one gemm of the update takes at most, about
// GROUP_COLS columns [rows]. One tile column's gemm is long and nb wide;
// OpenBLAS packs the long operand again for every call and runs its
// kernel below rate on a narrow one. np 1, n 3072, nb 64, lower: CPU time
// 0.90x (512) of one gemm per tile column (perf, 2026-11-27; 1024 no better).
#define GROUP_COLS 512
static int group_tiles(const chol_t *s) { return GROUP_COLS / s->nb > 1 ? GROUP_COLS / s->nb : 1; }

// The single tiles of step k of my tile columns [rows] x .. last stacked
// [side by side], and their ld: in place in the slot when they follow one
// another in one line (one tile, or a square grid), else gathered (they
// stand apart in a line, or come from several panel owners' slots).
static const char *group_operand(chol_t *s, int k, int x, int last, int *ld) {
  int ck = width(s, k), per = s->lower ? s->p1 : s->p0, at = 0, lds;
  // A square grid's group is consecutive in one line: read in place.
  if (x == last || per == (s->lower ? s->p0 : s->p1))
    return panel_tile(s, k, x, ld);
  int ws = (int)(local_at(s, last, !s->lower) - local_at(s, x, !s->lower)) + width(s, last);
  *ld = s->lower ? ck : ws;
  for (int xi = x; xi <= last; xi += per) {
    const char *src = panel_tile(s, k, xi, &lds);
    int w = width(s, xi), rows = s->lower ? w : ck, cols = s->lower ? ck : w;
    char *dst = elem(s, s->gather, s->lower ? (long)at * ck : at);
    for (int r = 0; r < rows; r++)
      memcpy(dst + (size_t)r * (size_t)*ld * s->es, src + (size_t)r * (size_t)lds * s->es,
             s->es * (size_t)cols);
    at += w;
  }
  return s->gather;
}

// One gemm of the update into a (lda): n rows [columns] by w := beta a -
// the line (ldl) times the singles px (lds), ck deep.
static void gemm_into(const chol_t *s, char *a, int lda, int n, int w, int ck, const char *line,
                      int ldl, const char *px, int lds, double beta) {
  if (s->lower)
    rma_kernel_gemm_dt(s->dt, RMA_OP_N, RMA_OP_C, n, w, ck, -1.0, line, ldl, px, lds, beta, a, lda);
  else
    rma_kernel_gemm_dt(s->dt, RMA_OP_C, RMA_OP_N, w, n, ck, -1.0, px, lds, line, ldl, beta, a, lda);
}

// The same on my tiles from tile row [column] y of tile columns [rows]
// from x (n local rows [columns]), with the line from y.
static void update_gemm(const chol_t *s, int y, int x, int n, int w, int ck, const char *line,
                        int ldl, const char *px, int lds) {
  int lda;
  char *a = tri_tile(s, y, x, &lda);
  gemm_into(s, a, lda, n, w, ck, line, ldl, px, lds, 1.0);
}

// The update of step k on diagonal tile (x, x), at a (lda), scaled by
// beta first: its triangle only.
static void herk_into(chol_t *s, int k, int x, char *a, int lda, double beta) {
  int lds;
  const char *px = panel_tile(s, k, x, &lds);
  rma_kernel_herk_dt(s->dt, s->lower, s->lower ? RMA_OP_N : RMA_OP_C, 0, width(s, x), width(s, k),
                     -1.0, px, lds, beta, a, lda);
}

// The same on my diagonal tile (x, x).
static void herk_diag(chol_t *s, int k, int x) {
  int lda;
  char *a = tile_at(s, x, x, &lda);
  herk_into(s, k, x, a, lda, 1.0);
}

// The same, timed on its own (the lookahead's first tile, on D_{k+1}).
static void update_diag(chol_t *s, int k, int x) {
  double t0 = rma_timing_start();
  herk_diag(s, k, x);
  rma_timing_stop(PH_UPDATE, t0);
}

// The lookahead's update of step k on my tiles of tile column [row] x =
// k + 1 in tile rows [columns] y, lo <= y < hi, below [right of] its
// diagonal tile (update_diag): one gemm, with the part of the line from
// the first of them.
static void update_part(chol_t *s, int k, int x, int lo, int hi) {
  if (mine_from(s, s->lower, x) != x)
    return;
  int y = mine_from(s, !s->lower, lo > x + 1 ? lo : x + 1), y_end = mine_from(s, !s->lower, hi);
  long n = local_at(s, y_end, s->lower) - local_at(s, y, s->lower);
  if (y >= s->nt || n <= 0)
    return;
  int lds, ldl;
  const char *px = panel_tile(s, k, x, &lds), *line = panel_tile(s, k, y, &ldl);
  double t0 = rma_timing_start();
  update_gemm(s, y, x, (int)n, width(s, x), width(s, k), line, ldl, px, lds);
  rma_timing_stop(PH_UPDATE, t0);
}

// 3. The trailing update of step k on my tile columns [rows] of the
// triangle in [lo, hi) (their diagonal tiles unless diag is 0: done
// before, update_diag), in groups of consecutive ones (x .. last): each
// column's diagonal tile by herk (its triangle only) and its tiles down to
// the group's last diagonal by gemm, then everything below [right of] that
// for the whole group by one gemm. With L the panel (lower):
// A(y.., x) -= L(y.., k) L(x, k)^H; upper A(x, y..) -= U(k, x)^H U(k, y..).
static void update(chol_t *s, int k, int lo, int hi, int diag) {
  int ck = width(s, k), lower = s->lower, per = lower ? s->p1 : s->p0, down = lower ? s->p0 : s->p1;
  int gmax = s->gmax;
  double t0 = rma_timing_start();
  for (int x = mine_from(s, lower, lo); x < hi && x < s->nt;) {
    int last = x;
    for (int g = 1; g < gmax && last + per < hi && last + per < s->nt; g++)
      last += per;
    // My first tile row [column] past the group's last diagonal tile.
    int y_end = mine_from(s, !lower, last + 1);
    long end = local_at(s, y_end, lower), full = lower ? s->lr : s->lc;
    int lds, ldl;
    for (int xi = x; xi <= last; xi += per) {
      int w = width(s, xi), y = mine_from(s, !lower, xi);
      const char *px = panel_tile(s, k, xi, &lds);
      if (y == xi) {
        if (diag)
          herk_diag(s, k, xi);
        y += down;
      }
      int n = (int)(end - local_at(s, y, lower));
      if (y >= s->nt || n <= 0)
        continue;
      const char *line = panel_tile(s, k, y, &ldl);
      update_gemm(s, y, xi, n, w, ck, line, ldl, px, lds);
    }
    if (y_end < s->nt) {
      int n = (int)(full - end), ws = (int)(local_at(s, last, !lower) - local_at(s, x, !lower)) +
                                       width(s, last);
      const char *px = group_operand(s, k, x, last, &lds), *line = panel_tile(s, k, y_end, &ldl);
      update_gemm(s, y_end, x, n, ws, ck, line, ldl, px, lds);
    }
    x = last + per;
  }
  rma_timing_stop(PH_UPDATE, t0);
}

// 5. Updates handed out (potrf_help.h). Where tile row [column] i's part
// of a tile column [row] of sums stands in a slot's help area and in a
// helper's buffer (elements), and its ld: lower, the owner's local rows
// stacked (ld nb); upper, its local columns side by side (ld lcmax).
static long help_at(const chol_t *s, int i, int *ld) {
  *ld = s->lower ? s->nb : (int)s->lcmax;
  return s->lower ? local_row(s, i) * s->nb : local_col(s, i);
}

// Rank a's (along the tile rows [columns]) first tile row [column] at or
// after x, and the local rows [columns] it holds from there.
static int owner_from(const chol_t *s, int a, int x) {
  return s->lower ? rma_tiles_row_from(s->t, a, x) : rma_tiles_col_from(s->t, a, x);
}
static long owner_rest(const chol_t *s, int a, int y) {
  long all = rma_numroc(s->t->n, s->nb, a, s->help.per);
  return all - (s->lower ? local_row(s, y) : local_col(s, y));
}

// Step k's trailing update of item it's tiles (its owner's, of tile
// column [row] x), summed into sum (written afresh at step 0, the first):
// the diagonal tile's triangle by herk, the rest by one gemm (as update()
// does them).
static void help_update(chol_t *s, int k, const rma_potrf_help_item_t *it, char *sum) {
  int a = s->help.along[it->owner], x = it->x, ld, lds, ldl;
  int y = owner_from(s, a, x);
  double beta = k == 0 ? 0.0 : 1.0, t0 = rma_timing_start();
  if (y == x) {
    long at = help_at(s, x, &ld);
    herk_into(s, k, x, elem(s, sum, at), ld, beta);
    y += s->help.per;
  }
  if (y < s->nt) {
    const char *px = panel_tile(s, k, x, &lds), *line = panel_tile(s, k, y, &ldl);
    char *d = elem(s, sum, help_at(s, y, &ld));
    gemm_into(s, d, ld, (int)owner_rest(s, a, y), width(s, x), width(s, k), line, ldl, px, lds,
              beta);
  }
  rma_timing_stop(PH_UPDATE, t0);
}

// Item it's sums, complete after step k = x - 2, to its owner for step x
// - 1: a notification when the owner reads them in place (my group), else
// put into its slot of that step first (one block from its first tile row
// [column] on).
static int help_send(chol_t *s, int k, const rma_potrf_help_item_t *it, const char *sum) {
  int a = s->help.along[it->owner], x = it->x, ld;
  int y = owner_from(s, a, x);
  long at = help_at(s, y, &ld), len = owner_rest(s, a, y);
  int rows = s->lower ? (int)len : width(s, x), cols = s->lower ? width(s, x) : (int)len;
  double t0 = rma_timing_start();
  if (!rma_ring_own_from(&s->ring, it->owner)) {
    RMA_CALL(rma_ring_credit(&s->ring, it->owner, k + 1));
    RMA_CALL(rma_ring_put(&s->ring, it->owner, k + 1, s->off_help + at, elem(s, sum, at), rows,
                          cols, ld, ld));
  }
  int rc = rma_ring_notify(&s->ring, it->owner, k + 1, C_HELP, 1);
  rma_timing_stop(PH_COMM, t0);
  return rc;
}

// Step k's updates of the items I do for others: those due next (x = k +
// 2, then sent) when due is 1, else the others.
static int help_step(chol_t *s, int k, int due) {
  int from = s->help.first[s->rank], to = s->help.first[s->rank + 1];
  for (int i = from; i < to; i++) {
    const rma_potrf_help_item_t *it = &s->help.item[i];
    if (it->x < k + 2 || (it->x == k + 2) != due)
      continue;
    char *sum = elem(s, rma_ring_own(&s->ring), (long)(i - from) * s->help_len);
    help_update(s, k, it, sum);
    if (due)
      RMA_CALL(help_send(s, k, it, sum));
  }
  return 0;
}

// On the owner, at step k: the sums of my tiles of tile column [row] x
// (when another rank updated them), waited for and added to them (a
// diagonal tile's triangle only), before the lookahead's update.
static int help_apply(chol_t *s, int k, int x) {
  int i = x < s->cut ? -1 : rma_potrf_help_item(&s->help, s->rank, x);
  if (i < 0)
    return 0;
  RMA_CALL(rma_ring_wait(&s->ring, k, C_HELP, 1));
  int helper = s->help.item[i].helper;
  const char *area = rma_ring_own_from(&s->ring, helper);
  if (area) // the helper's own area: its items' sums in item order
    area = elem(s, area, (long)(i - s->help.first[helper]) * s->help_len);
  else
    area = elem(s, rma_ring_slot(&s->ring, k), s->off_help);
  double t0 = rma_timing_start();
  for (int y = mine_from(s, !s->lower, x); y < s->nt; y += s->help.per) {
    int ld, lda;
    char *a = tri_tile(s, y, x, &lda);
    int rows = s->lower ? width(s, y) : width(s, x), cols = s->lower ? width(s, x) : width(s, y);
    int lo = y == x && !s->lower ? 0 : RMA_REGION_ALL_LO;
    int hi = y == x && s->lower ? 0 : RMA_REGION_ALL_HI;
    long at = help_at(s, y, &ld);
    rma_kernel_region_add_dt(s->dt, rows, cols, lo, hi, elem(s, area, at), ld, a, lda);
  }
  rma_timing_stop(PH_UPDATE, t0);
  return 0;
}

// Round 3 of step k's hand-out on the ranks that received a panel tile in
// round 1 or 2: their share of its round 3 (rma_potrf_receivers), each
// tile once, in tile order, as far as the first `got` of the round-2 tiles
// this rank receives (all from one owner, which sends them in tile order,
// panel_rest: the first `got` notifications are theirs); round 1 is in
// (chol_step waited for it). The owners send theirs with their round 2.
static int panel_pass_on(chol_t *s, int k, int64_t got) {
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
static void pass_on_start(chol_t *s, int k) {
  if (s->pass_k != k)
    s->pass_k = k, s->pass_x = k + 1, s->pass_row = 0, s->row_waited = 0;
}

// Pass on what of step k has arrived, without waiting: the tiles of round
// 1 and those of round 2 in already (between pieces of the lookahead, so
// that round 3 leaves before this rank's next long kernel).
static int pass_on_arrived(chol_t *s, int k) {
  int64_t more;
  pass_on_start(s, k);
  RMA_CALL(rma_ring_arrived(&s->ring, k, C_ROW, &more));
  return panel_pass_on(s, k, s->row_waited + more);
}

// Pass on all of step k's round 3: wait for each round-2 tile in turn and
// pass it on before waiting for the next.
static int pass_on_all(chol_t *s, int k) {
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
static int lookahead(chol_t *s, int k) {
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
      RMA_CALL(help_apply(s, k, next));
    if (c == 0 && is_diag(s, next)) {
      update_diag(s, k, next);
      RMA_CALL(factor_diag(s, next));
    }
    update_part(s, k, next, lo, hi);
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

static int chol_step(chol_t *s, int k) {
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
  RMA_CALL(help_step(s, k, 1));
  if (next < s->nt)
    update(s, k, next + 1, s->cut, 1);
  RMA_CALL(help_step(s, k, 0));
  return rma_ring_done(&s->ring, k);
}

int rma_potrf_run(const rma_tiles_t *t, void *seg, int lower, int *info) {
  rma_context_t *ctx = rma_context();
  chol_t s;
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
  s.gmax = group_tiles(&s);
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
