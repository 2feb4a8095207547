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
 *     column x's tiles (i, x), k < i <= x], in three rounds (receives()):
 *     the lookahead's tiles first, then the owner's process row [column],
 *     then the crossing column [row] from the groups that then hold the
 *     tile, each sending a share (round3());
 *  3. every rank updates its trailing tiles of the triangle, A(i, j) -=
 *     L(i, k) L(j, k)^H [A(i, j) -= U(k, i)^H U(k, j)]: on its diagonal
 *     tiles only the triangle (rma_kernel_herk_dt: the other triangle of
 *     every tile stays bitwise unchanged), elsewhere by gemm, over groups
 *     of consecutive local tile columns [rows] of ~512 columns: per column
 *     the tiles down to the group's last diagonal tile, then one gemm for
 *     the whole group below [right of] it (the ScaLAPACK layout keeps a
 *     rank's local rows and columns contiguous);
 *  4. lookahead: tile column [row] k+1 is updated first (with round 1's
 *     tiles); D_{k+1} factors its diagonal tile and the panel line of step
 *     k+1 solves and sends its panel before the rest of step k's update
 *     (after rounds 2 and 3).
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
 * rma_potrf_matrix -> ops/square -> here -> pipeline (ring, hand-out,
 * timeline) -> rma mailbox (put + notify); kernel.
 */
#include "ops/potrf/potrf_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/tile_triangle.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"

// The messages of a step (counters of a ring slot): the diagonal tile's
// header and factor, then the panel tiles in their three rounds (see
// receives()).
enum { C_DIAG, C_LOOK, C_ROW, C_COL, C_PER_SLOT };

// The Cholesky's phases (RMALA_VERBOSE): waits for credits ("wait"), for
// the diagonal tile and for each round of the panel, then the work.
enum { PH_WAIT, PH_WDIAG, PH_WLOOK, PH_WROW, PH_WCOL, PH_COMM, PH_DIAG, PH_PANEL, PH_UPDATE,
       PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"wait", "wdiag", "wlook", "wrow",  "wcol",
                                                  "comm", "diag",  "panel", "update"};
static const rma_phases_t chol_phases = {PH_COUNT, phase_names};
static const int kind_phase[C_PER_SLOT] = {PH_WDIAG, PH_WLOOK, PH_WROW, PH_WCOL};

// Header of a step: the diagonal tile's INFO (0, or its failing column).
#define HDR_LEN 1

typedef struct {
  const rma_tiles_t *t;
  char *seg;      /* this rank's local segment (elements of type dt) */
  rma_dtype_t dt; /* the element type; es its size */
  size_t es;
  int lower, nb, nt, p0, p1, p, q, rank;
  long lr, lc, lrmax, lcmax;          /* local rows and columns: mine, the largest */
  long off_diag, off_line; /* areas of a slot */
  rma_ring_t ring;
  int info, stopped;
  int diag_done, diag_seen, panel_done; /* the last step whose diagonal tile this rank factored,
                                           whose header it received, whose panel it solved */
  int *ranks;   /* p0 + p1: the receivers of a panel tile */
  int *sends, *deal; /* per group: round 3's sender in it, the sender dealt its copy (round3()) */
  int *holders;      /* p0 + p1: round 3's sending groups */
  int *rowpos, *colpos; /* per rank: its group's index among its process row's / column's groups */
  int *rowgroups, *colgroups; /* per process row / column: its groups */
  char *backup; /* nb x nb: the diagonal tile before its factorization */
  int gmax;     /* tile columns [rows] one gemm of the update takes at most */
  char *gather; /* gmax nb x nb: the single tiles of such a group, side by side */
} chol_t;

// The rank at grid position (r, c), in the directory's rank numbering
// (row by row, or column by column for a transposed column-major array),
// and the position of rank.
static int rank_at(const chol_t *s, int r, int c) {
  return s->t->o.gridcol ? r + c * s->p0 : r * s->p1 + c;
}
static void position(const chol_t *s, int rank, int *r, int *c) {
  rma_tiles_coords(s->t, rank, r, c);
}

static int owner_of(const chol_t *s, int bi, int bj) { return rank_at(s, bi % s->p0, bj % s->p1); }

static char *tile_at(const chol_t *s, int bi, int bj, int *ld) {
  rma_tile_t tile;
  rma_tiles_locate(s->t, bi, bj, &tile);
  *ld = tile.ld;
  return s->seg + s->es * (size_t)tile.disp;
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

// 1 when this rank holds tile (k, k).
static int is_diag(const chol_t *s, int k) { return owner_of(s, k, k) == s->rank; }

// The owner of step k's panel tile x: of L(x, k) [U(k, x)].
static int panel_owner(const chol_t *s, int k, int x) {
  return s->lower ? owner_of(s, x, k) : owner_of(s, k, x);
}

// 1 when some v in [a, b] has v % per == c.
static int any_in(int a, int b, int per, int c) {
  if (b < a)
    return 0;
  return b - a + 1 >= per || (c - a % per + per) % per <= b - a;
}

// 1 when rank (r, c) uses step k's panel tile x as its "single" operand
// (single != 0) or in its "line" operand (see the top of the file). Upper
// is lower on the transposed grid.
static int uses(const chol_t *s, int k, int x, int r, int c, int single) {
  int pr = s->p0, pc = s->p1;
  if (!s->lower) {
    int tmp = r;
    r = c, c = tmp, pr = s->p1, pc = s->p0;
  }
  if (single) // tile column x's tiles (i, x), i >= x
    return c == x % pc && any_in(x, s->nt - 1, pr, r);
  return r == x % pr && any_in(k + 1, x, pc, c); // tile row x's tiles (x, j), k < j <= x
}

// 1 when rank (r, c) uses step k's panel tile x in its lookahead, the
// update of tile column [row] k + 1: as that column's single operand, or
// in its line operand (all of its line tiles then).
static int look_uses(const chol_t *s, int k, int x, int r, int c) {
  int across = s->lower ? c : r, per = s->lower ? s->p1 : s->p0;
  if (k + 1 >= s->nt || across != (k + 1) % per)
    return 0;
  return (x == k + 1 && uses(s, k, x, r, c, 1)) || uses(s, k, x, r, c, 0);
}

// 1 when rank (r, c) is on step k's panel line and holds a panel tile.
static int holds_panel(const chol_t *s, int k, int r, int c) {
  if (s->lower)
    return c == k % s->p1 && any_in(k + 1, s->nt - 1, s->p0, r);
  return r == k % s->p0 && any_in(k + 1, s->nt - 1, s->p1, c);
}

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

// How many groups of its process row [column] besides its own the owner of
// a panel tile serves in round 2, when that line has g groups and the
// crossing one gc: d, so that the owner's node link carries d copies and
// each of the d served groups about (g - 1 - d + gc - 1) / d in round 3,
// the larger of the two as small as it gets. (The line's every group from
// the owner put 7 copies of each of a node's tiles through its link at
// simulated FDR P 1024, a node a 4 x 4 block of the grid: the waits for
// round 2 were 0.54 s of a rank's ~1.3 s.)
static int direct_groups(int g, int gc) {
  int best = g - 1, cost = g - 1 + gc;
  for (int d = 1; d < g; d++) {
    int share = (g - 1 - d + gc - 1 + d - 1) / d, c = d > share ? d : share;
    if (c < cost)
      best = d, cost = c;
  }
  return best > 0 ? best : 0;
}

// 1 when the owner of step k's panel tile x serves rank (r, c), a user on
// its process row [column], in round 2: in its own group, or in one of the
// next direct_groups() groups along that line.
static int direct(const chol_t *s, int k, int x, int r, int c) {
  int me = rank_at(s, r, c), owner = panel_owner(s, k, x);
  const int *pos = s->lower ? s->rowpos : s->colpos;
  int g = s->lower ? s->rowgroups[r] : s->colgroups[c];
  int gc = s->lower ? s->colgroups[x % s->p1] : s->rowgroups[x % s->p0];
  return (pos[me] - pos[owner] + g) % g <= direct_groups(g, gc);
}

// 1 when rank (r, c) receives step k's panel tile x in round 1, 2 or 3:
//  1. from its owner, the ranks whose lookahead uses it;
//  2. from its owner, the other users on its process row [column] in the
//     groups it serves directly (direct());
//  3. the other users, on its crossing process column [row] or in the
//     other groups of its row [column], from the groups that hold the tile
//     after rounds 1 and 2 (round3()).
// The lookahead's tiles go before the others, and the copies of a tile
// leave from several nodes, not all from its owner's.
static int receives(const chol_t *s, int k, int x, int r, int c, int round) {
  if (look_uses(s, k, x, r, c))
    return round == 1;
  if (!uses(s, k, x, r, c, 1) && !uses(s, k, x, r, c, 0))
    return 0;
  int along = s->lower ? r == x % s->p0 : c == x % s->p1;
  return round == (along && direct(s, k, x, r, c) ? 2 : 3);
}

// 1 when group g holds a rank with a panel tile of step h->k: it needs the
// diagonal factor, and the panel it solves is next on the step's path.
static int diag_needed(void *arg, int g) {
  handout_t *h = arg;
  const rma_groups_t *gr = &h->s->ring.grp;
  for (int x = gr->start[g]; x < gr->start[g + 1]; x++) {
    int r, c;
    position(h->s, gr->ranks[x], &r, &c);
    if (holds_panel(h->s, h->k, r, c))
      return 1;
  }
  return 0;
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
  const rma_groups_t *gr = &s->ring.grp;
  int k = h->k, x = h->x, need = 1, ld;
  for (int i = gr->start[g]; i < gr->start[g + 1] && need; i++) {
    int r, c;
    position(s, gr->ranks[i], &r, &c);
    for (int round = 1; round < h->round; round++)
      need = need && !receives(s, k, x, r, c, round);
  }
  int rows = s->lower ? width(s, x) : width(s, k), cols = s->lower ? width(s, k) : width(s, x);
  if (need) {
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

static int diag_info(const chol_t *s, int k) {
  return (int)rma_ring_header_from(&s->ring, owner_of(s, k, k), k)[0];
}

// Rank i of step k's panel tile x's process row (i < p1) and column
// (then), or -1 for the row's rank met again on the column.
static int cross_rank(const chol_t *s, int x, int i) {
  int xr = x % s->p0, xc = x % s->p1;
  if (i < s->p1)
    return rank_at(s, xr, i);
  return i - s->p1 == xr ? -1 : rank_at(s, i - s->p1, xc);
}

// Round 3 of step k's panel tile x: which of its receivers this rank
// serves (into s->ranks; returns their number). Every group that holds
// the tile after rounds 1 and 2 (the owner's, and those of the ranks that
// received it then) sends from one rank, the owner in its group, else its
// first such rank on the row [column]: the notifications to its own
// receivers of round 3 (the copy is in place), and the copy to its share
// of the groups that have none, dealt in turn from holder x % H on among
// the holders other than the owner's (its link carried round 2), or by the
// owner when it is the only one (one node holds its whole process row
// [column]). (All
// from the owner of tile (x, x) instead put every round 3 of a node's
// diagonal ranks through its link: simulated FDR, P 256, a node a 4 x 4
// block of the grid, those ranks spent 0.13 s of 0.33 s sending, the
// others 0.01 s.)
static int round3(chol_t *s, int k, int x) {
  const int *of = s->ring.grp.of;
  int len = s->p0 + s->p1, owner = panel_owner(s, k, x), nh = 0, dealt = 0, n = 0;
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(s, x, i);
    if (rank >= 0)
      s->sends[of[rank]] = s->deal[of[rank]] = -1;
  }
  s->sends[of[owner]] = owner;
  s->holders[nh++] = of[owner];
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(s, x, i), r, c;
    if (rank < 0 || s->sends[of[rank]] >= 0)
      continue;
    position(s, rank, &r, &c);
    if (receives(s, k, x, r, c, 1) || receives(s, k, x, r, c, 2))
      s->sends[of[rank]] = rank, s->holders[nh++] = of[rank];
  }
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(s, x, i), r, c;
    if (rank < 0)
      continue;
    position(s, rank, &r, &c);
    if (!receives(s, k, x, r, c, 3))
      continue;
    int g = of[rank], from = s->sends[g];
    if (from < 0) {
      int base = nh > 1;
      if (s->deal[g] < 0)
        s->deal[g] = s->sends[s->holders[base + (x + dealt++) % (nh - base)]];
      from = s->deal[g];
    }
    if (from == s->rank)
      s->ranks[n++] = rank;
  }
  return n;
}

// Hand out step k's panel tile x (at a, ld) in round 1, 2 (its owner) or 3
// (this rank's share, round3()) to the ranks of its process row and column
// that receive it then.
static int panel_handout(chol_t *s, int k, int x, const char *a, int ld, int round) {
  int n = 0, xr = x % s->p0, xc = x % s->p1;
  if (round == 3)
    n = round3(s, k, x);
  for (int c = 0; c < s->p1 && round < 3; c++)
    if (receives(s, k, x, xr, c, round))
      s->ranks[n++] = rank_at(s, xr, c);
  for (int r = 0; r < s->p0 && round < 3; r++)
    if (r != xr && receives(s, k, x, r, xc, round))
      s->ranks[n++] = rank_at(s, r, xc);
  if (n == 0)
    return 0;
  handout_t h = {s, k, x, ld, round, a, NULL};
  static const int counter[4] = {0, C_LOOK, C_ROW, C_COL};
  double t0 = rma_timing_start();
  int rc = round < 3 ? rma_ring_handout(&s->ring, k, counter[round], s->ranks, n, panel_put, &h)
                     : rma_ring_pass_on(&s->ring, k, C_COL, panel_owner(s, k, x), s->ranks, n,
                                        panel_put, &h);
  rma_timing_stop(PH_COMM, t0);
  return rc;
}

// 2. On the panel line: solve my panel tiles with the diagonal factor (all
// its columns, or the first jj - 1 when the tile failed at jj) and, unless
// it failed, hand them out: each, once solved, to the ranks whose
// lookahead uses it (the next column's update waits for those only), then
// all to the others.
static int solve_panel(chol_t *s, int k) {
  s->panel_done = k;
  if (!holds_panel(s, k, s->p, s->q))
    return 0;
  RMA_CALL(diag_wait(s, k));
  int ck = width(s, k), jj = diag_info(s, k), good = jj ? jj - 1 : ck;
  const char *f = elem(s, rma_ring_slot_from(&s->ring, owner_of(s, k, k), k), s->off_diag);
  int per = s->lower ? s->p0 : s->p1;
  int x0 = s->lower ? rma_tiles_row_from(s->t, s->p, k + 1) : rma_tiles_col_from(s->t, s->q, k + 1);
  for (int x = x0; x < s->nt; x += per) {
    int ld;
    char *a = s->lower ? tile_at(s, x, k, &ld) : tile_at(s, k, x, &ld);
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
  for (int x = x0; x < s->nt && !jj; x += per) {
    int ld;
    const char *a = s->lower ? tile_at(s, x, k, &ld) : tile_at(s, k, x, &ld);
    RMA_CALL(panel_handout(s, k, x, a, ld, 2));
    RMA_CALL(panel_handout(s, k, x, a, ld, 3));
  }
  return 0;
}

// Step k's panel tile x as this rank reads it (its sender's copy in my
// group), and its ld: the start of the single operand, or of a line
// operand from tile row [column] x on.
static const char *panel_tile(const chol_t *s, int k, int x, int *ld) {
  long off = line_at(s, k, x, ld);
  return elem(s, rma_ring_slot_from(&s->ring, panel_owner(s, k, x), k), off);
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

// One gemm of the update: my tiles from tile row [column] y of tile
// columns [rows] from x, n local rows [columns] by w, -= the line from y
// (ldl) times the singles px (lds) of those columns [rows], ck deep.
static void update_gemm(const chol_t *s, int y, int x, int n, int w, int ck, const char *line,
                        int ldl, const char *px, int lds) {
  int lda;
  char *a = s->lower ? tile_at(s, y, x, &lda) : tile_at(s, x, y, &lda);
  if (s->lower)
    rma_kernel_gemm_dt(s->dt, RMA_OP_N, RMA_OP_C, n, w, ck, -1.0, line, ldl, px, lds, 1.0, a, lda);
  else
    rma_kernel_gemm_dt(s->dt, RMA_OP_C, RMA_OP_N, w, n, ck, -1.0, px, lds, line, ldl, 1.0, a, lda);
}

// 3. The trailing update of step k on my tile columns [rows] of the
// triangle in [lo, hi), in groups of consecutive ones (x .. last): each
// column's diagonal tile by herk (its triangle only) and its tiles down to
// the group's last diagonal by gemm, then everything below [right of] that
// for the whole group by one gemm. With L the panel (lower):
// A(y.., x) -= L(y.., k) L(x, k)^H; upper A(x, y..) -= U(k, x)^H U(k, y..).
static void update(chol_t *s, int k, int lo, int hi) {
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
    int lds, ldl, lda;
    for (int xi = x; xi <= last; xi += per) {
      int w = width(s, xi), y = mine_from(s, !lower, xi);
      const char *px = panel_tile(s, k, xi, &lds);
      if (y == xi) {
        char *a = tile_at(s, xi, xi, &lda);
        rma_kernel_herk_dt(s->dt, lower, lower ? RMA_OP_N : RMA_OP_C, 0, w, ck, -1.0, px, lds, 1.0,
                           a, lda);
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

// The panel tiles of step k this rank receives in round (1, 2 or 3).
static int panel_count(const chol_t *s, int k, int round) {
  int n = 0;
  for (int x = k + 1; x < s->nt; x++)
    n += receives(s, k, x, s->p, s->q, round);
  return n;
}

// Round 3 of step k's hand-out on the ranks that received a panel tile in
// round 1 or 2: their share of its round 3 (round3()); the owners sent
// theirs with their round 2 (solve_panel).
static int panel_pass_on(chol_t *s, int k) {
  for (int x = k + 1; x < s->nt; x++)
    if (panel_owner(s, k, x) != s->rank &&
        (receives(s, k, x, s->p, s->q, 1) || receives(s, k, x, s->p, s->q, 2))) {
      int ld;
      const char *a = panel_tile(s, k, x, &ld);
      RMA_CALL(panel_handout(s, k, x, a, ld, 3));
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
  // 4. Lookahead: line k+1 first (its panel tiles only), its diagonal tile
  // and panel, then the rest.
  RMA_CALL(rma_ring_wait(&s->ring, k, C_LOOK, panel_count(s, k, 1)));
  int next = k + 1;
  if (next < s->nt) {
    update(s, k, next, next + 1);
    if (is_diag(s, next))
      RMA_CALL(factor_diag(s, next));
    RMA_CALL(solve_panel(s, next));
  }
  RMA_CALL(rma_ring_wait(&s->ring, k, C_ROW, panel_count(s, k, 2)));
  RMA_CALL(panel_pass_on(s, k));
  RMA_CALL(rma_ring_wait(&s->ring, k, C_COL, panel_count(s, k, 3)));
  if (next < s->nt)
    update(s, k, next + 1, s->nt);
  return rma_ring_done(&s->ring, k);
}

// The groups along each process row and column (direct()): how many, and
// each rank's group's index among them, in order of first rank.
static void find_line_groups(chol_t *s) {
  const int *of = s->ring.grp.of;
  int size = s->p0 * s->p1, *seen = s->holders;
  s->colpos = s->rowpos + size;
  s->rowgroups = s->colpos + size, s->colgroups = s->rowgroups + s->p0;
  for (int cols = 0; cols < 2; cols++) {
    int lines = cols ? s->p1 : s->p0, across = cols ? s->p0 : s->p1;
    for (int l = 0; l < lines; l++) {
      int n = 0;
      for (int a = 0; a < across; a++) {
        int rank = cols ? rank_at(s, a, l) : rank_at(s, l, a), i = 0;
        while (i < n && seen[i] != of[rank])
          i++;
        if (i == n)
          seen[n++] = of[rank];
        (cols ? s->colpos : s->rowpos)[rank] = i;
      }
      (cols ? s->colgroups : s->rowgroups)[l] = n;
    }
  }
}

int rma_potrf_run(const rma_tiles_t *t, void *seg, int lower, int *info) {
  rma_context_t *ctx = rma_context();
  chol_t s;
  memset(&s, 0, sizeof s);
  s.t = t, s.seg = seg, s.lower = lower != 0, s.nb = t->mb, s.nt = t->nt;
  s.p0 = t->p0, s.p1 = t->p1, s.dt = t->dtype, s.es = rma_dtype_size(t->dtype);
  s.rank = ctx->rank;
  position(&s, s.rank, &s.p, &s.q);
  s.lr = rma_numroc(t->n, s.nb, s.p, s.p0), s.lc = rma_numroc(t->n, s.nb, s.q, s.p1);
  s.lrmax = rma_numroc(t->n, s.nb, 0, s.p0), s.lcmax = rma_numroc(t->n, s.nb, 0, s.p1);
  s.diag_done = s.diag_seen = s.panel_done = -1;
  // Slot layout: the diagonal factor (ck x ck), the lines (lower: p0 areas
  // of lrmax x ck; upper: p1 areas of ck x lcmax).
  long nb2 = (long)s.nb * s.nb;
  s.off_diag = 0, s.off_line = nb2;
  long line = s.lower ? (long)s.p0 * s.lrmax * s.nb : (long)s.p1 * s.nb * s.lcmax;
  rma_ring_desc_t ring = {C_PER_SLOT, HDR_LEN, s.off_line + line, 0, PH_WAIT, t->dtype,
                          kind_phase};
  s.ranks = malloc(sizeof(int) * (size_t)(s.p0 + s.p1));
  s.sends = malloc(sizeof(int) * (size_t)ctx->size);
  s.deal = malloc(sizeof(int) * (size_t)ctx->size);
  s.holders = malloc(sizeof(int) * (size_t)(s.p0 + s.p1));
  s.backup = malloc(s.es * (size_t)nb2);
  s.gmax = group_tiles(&s);
  s.gather = malloc(s.es * (size_t)s.gmax * (size_t)nb2);
  s.rowpos = malloc(sizeof(int) * (size_t)(2 * ctx->size + s.p0 + s.p1));
  int ok = s.ranks && s.sends && s.deal && s.holders && s.rowpos && s.backup && s.gather;
  int rc = rma_status_agree(ctx->comm, ok ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = rma_ring_open(&s.ring, &ring);
  if (rc == 0)
    find_line_groups(&s);
  if (rc == 0) {
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
  free(s.ranks), free(s.backup), free(s.gather), free(s.sends), free(s.deal), free(s.holders);
  free(s.rowpos);
  *info = s.info;
  return rc;
}
