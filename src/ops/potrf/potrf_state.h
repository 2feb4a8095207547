/*
 * The state of one rank's run of rma_potrf (ops/potrf/potrf_run.c: the
 * steps; potrf_update.c: the trailing updates, its own and those it does
 * for another rank) and the slot layout, tile positions and panel operands
 * both read. Internal to ops/potrf.
 */
#ifndef RMA_OPS_POTRF_STATE_H
#define RMA_OPS_POTRF_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/dtype.h"
#include "ops/potrf/potrf_handout.h"
#include "ops/potrf/potrf_help.h"
#include "pipeline/ring.h"
#include "tiles/tiles.h"

// Round 1 of a step's panel in parts (of its tile rows [columns] k + 1 ..
// nt - 1, about equal), each counted on its own: the lookahead updates,
// solves and hands out the part of the next panel whose tiles are in
// while the rest is still on its way (potrf_run.c, point 4).
#define LOOK_PARTS 4

// The messages of a step (counters of a ring slot): the diagonal tile's
// header and factor, the panel tiles of rounds 2 and 3, the sums of a rank
// that updates tiles for this one (potrf_run.c, point 5), then the panel tiles of round
// 1, part by part (see potrf_handout.h).
enum { C_DIAG, C_ROW, C_COL, C_HELP, C_LOOK, C_PER_SLOT = C_LOOK + LOOK_PARTS };

// The Cholesky's phases (RMALA_VERBOSE): waits for credits ("wait"), for
// the diagonal tile and for each round of the panel, then the work.
enum {
  PH_WAIT,
  PH_WDIAG,
  PH_WLOOK,
  PH_WROW,
  PH_WCOL,
  PH_COMM,
  PH_DIAG,
  PH_PANEL,
  PH_UPDATE,
  PH_COUNT
};

// Header of a step: the diagonal tile's INFO (0, or its failing column).
#define HDR_LEN 1

typedef struct {
  const rma_tiles_t *t;
  char *seg;      /* this rank's local segment (elements of type dt) */
  rma_dtype_t dt; /* the element type; es its size */
  size_t es;
  int lower, nb, nt, p0, p1, p, q, rank;
  long lr, lc, lrmax, lcmax;         /* local rows and columns: mine, the largest */
  long off_diag, off_line, off_help; /* areas of a slot */
  rma_ring_t ring;
  int info, stopped;
  int diag_done, diag_seen, panel_done, rest_done; /* the last step whose diagonal tile this
            rank factored, whose header it received, whose panel it solved, whose rounds 2 and 3
            of its panel tiles it sent */
  int pass_k, pass_x, pass_row; /* round 3 passed on (panel_pass_on): the step, the next panel
            tile to look at, the round-2 tiles looked at so far */
  int look_k, look_hi;          /* round 1 of step look_k is in below tile look_hi */
  int64_t row_waited;           /* round-2 tiles of step pass_k waited for */
  rma_potrf_handout_t ho;       /* who receives what, when (potrf_handout.h) */
  rma_potrf_help_t help;        /* the updates handed out (potrf_help.h) */
  int cut;       /* my first tile column [row] whose trailing updates another rank does */
  long help_len; /* elements of one tile column [row] of sums (in a helper's own area) */
  int *ranks;    /* p0 + p1: the receivers of a panel tile */
  char *backup;  /* nb x nb: the diagonal tile before its factorization */
  int gmax;      /* tile columns [rows] one gemm of the update takes at most */
  char *gather;  /* gmax nb x nb: the single tiles of such a group, side by side */
} rma_potrf_state_t;

static inline char *tile_at(const rma_potrf_state_t *s, int bi, int bj, int *ld) {
  rma_tile_t tile;
  rma_tiles_locate(s->t, bi, bj, &tile);
  *ld = tile.ld;
  return s->seg + s->es * (size_t)tile.disp;
}

// Tile (i, j) of the factor's triangle, i >= j, in lower's words: tile
// (i, j) of the matrix when lower, (j, i) when upper; and its ld.
static inline char *tri_tile(const rma_potrf_state_t *s, int i, int j, int *ld) {
  return s->lower ? tile_at(s, i, j, ld) : tile_at(s, j, i, ld);
}

// Element off of the array at p (elements of the Cholesky's type).
static inline char *elem(const rma_potrf_state_t *s, const void *p, long off) {
  return (char *)p + (long)s->es * off;
}

// The extent of tile row / column x (the last one may be short).
static inline int width(const rma_potrf_state_t *s, int x) {
  int w = s->t->n - x * s->nb;
  return w < s->nb ? w : s->nb;
}

// Where tile row i starts among its process row's local rows, and tile
// column j among its process column's local columns.
static inline long local_row(const rma_potrf_state_t *s, int i) {
  return (long)(i / s->p0) * s->nb;
}
static inline long local_col(const rma_potrf_state_t *s, int j) {
  return (long)(j / s->p1) * s->nb;
}

static inline int owner_of(const rma_potrf_state_t *s, int bi, int bj) {
  return rma_potrf_owner(&s->ho, bi, bj);
}

// 1 when this rank holds tile (k, k).
static inline int is_diag(const rma_potrf_state_t *s, int k) {
  return owner_of(s, k, k) == s->rank;
}

// Where step k's panel tile x stands in a slot (elements): in the line of
// its process row [column]; and its ld.
static inline long line_at(const rma_potrf_state_t *s, int k, int x, int *ld) {
  if (s->lower) {
    *ld = width(s, k);
    return s->off_line + (long)(x % s->p0) * s->lrmax * s->nb + local_row(s, x) * *ld;
  }
  *ld = (int)s->lcmax;
  return s->off_line + (long)(x % s->p1) * s->nb * s->lcmax + local_col(s, x);
}

// Step k's panel tile x as this rank reads it (its sender's copy in my
// group), and its ld: the start of the single operand, or of a line
// operand from tile row [column] x on.
static inline const char *panel_tile(const rma_potrf_state_t *s, int k, int x, int *ld) {
  long off = line_at(s, k, x, ld);
  return elem(s, rma_ring_slot_from(&s->ring, rma_potrf_panel_owner(&s->ho, k, x), k), off);
}

// My first tile column (cols != 0) or row at or after from.
static inline int mine_from(const rma_potrf_state_t *s, int cols, int from) {
  return cols ? rma_tiles_col_from(s->t, s->q, from) : rma_tiles_row_from(s->t, s->p, from);
}

// Local row [column] offset where tile row [column] y starts, or the
// local extent when y is past the end.
static inline long local_at(const rma_potrf_state_t *s, int y, int rows) {
  if (y >= s->nt)
    return rows ? s->lr : s->lc;
  return rows ? local_row(s, y) : local_col(s, y);
}

#endif
