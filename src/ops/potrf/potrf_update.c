/*
 * rma_potrf's trailing updates on one rank (points 3 and 5 of
 * potrf_run.c): its own tiles', in groups of tile columns [rows], the
 * lookahead's line, and the updates it does for another rank (the plan:
 * potrf_help.h), summed and handed over; potrf_update.h.
 */
#include "ops/potrf/potrf_update.h"

#include <string.h>

#include "core/error.h"
#include "core/timing.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_region.h"
#include "kernel/tile_triangle.h"

// Tile columns [rows] one gemm of the update takes at most, about
// GROUP_COLS columns [rows]. One tile column's gemm is long and nb wide;
// OpenBLAS packs the long operand again for every call and runs its
// kernel below rate on a narrow one. np 1, n 3072, nb 64, lower: CPU time
// 0.90x (512) of one gemm per tile column (perf, 2026-11-27; 1024 no better).
#define GROUP_COLS 512
int rma_potrf_group_tiles(const rma_potrf_state_t *s) {
  return GROUP_COLS / s->nb > 1 ? GROUP_COLS / s->nb : 1;
}

// The single tiles of step k of my tile columns [rows] x .. last stacked
// [side by side], and their ld: in place in the slot when they follow one
// another in one line (one tile, or a square grid), else gathered (they
// stand apart in a line, or come from several panel owners' slots).
static const char *group_operand(rma_potrf_state_t *s, int k, int x, int last, int *ld) {
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
static void gemm_into(const rma_potrf_state_t *s, char *a, int lda, int n, int w, int ck,
                      const char *line, int ldl, const char *px, int lds, double beta) {
  if (s->lower)
    rma_kernel_gemm_dt(s->dt, RMA_OP_N, RMA_OP_C, n, w, ck, -1.0, line, ldl, px, lds, beta, a, lda);
  else
    rma_kernel_gemm_dt(s->dt, RMA_OP_C, RMA_OP_N, w, n, ck, -1.0, px, lds, line, ldl, beta, a, lda);
}

// The same on my tiles from tile row [column] y of tile columns [rows]
// from x (n local rows [columns]), with the line from y.
static void update_gemm(const rma_potrf_state_t *s, int y, int x, int n, int w, int ck,
                        const char *line, int ldl, const char *px, int lds) {
  int lda;
  char *a = tri_tile(s, y, x, &lda);
  gemm_into(s, a, lda, n, w, ck, line, ldl, px, lds, 1.0);
}

// The update of step k on diagonal tile (x, x), at a (lda), scaled by
// beta first: its triangle only.
static void herk_into(rma_potrf_state_t *s, int k, int x, char *a, int lda, double beta) {
  int lds;
  const char *px = panel_tile(s, k, x, &lds);
  rma_kernel_herk_dt(s->dt, s->lower, s->lower ? RMA_OP_N : RMA_OP_C, 0, width(s, x), width(s, k),
                     -1.0, px, lds, beta, a, lda);
}

// The same on my diagonal tile (x, x).
static void herk_diag(rma_potrf_state_t *s, int k, int x) {
  int lda;
  char *a = tile_at(s, x, x, &lda);
  herk_into(s, k, x, a, lda, 1.0);
}

// The same, timed on its own (the lookahead's first tile, on D_{k+1}).
void rma_potrf_update_diag(rma_potrf_state_t *s, int k, int x) {
  double t0 = rma_timing_start();
  herk_diag(s, k, x);
  rma_timing_stop(PH_UPDATE, t0);
}

// The lookahead's update of step k on my tiles of tile column [row] x =
// k + 1 in tile rows [columns] y, lo <= y < hi, below [right of] its
// diagonal tile (update_diag): one gemm, with the part of the line from
// the first of them.
void rma_potrf_update_part(rma_potrf_state_t *s, int k, int x, int lo, int hi) {
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
void rma_potrf_update(rma_potrf_state_t *s, int k, int lo, int hi, int diag) {
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
      int n = (int)(full - end),
          ws = (int)(local_at(s, last, !lower) - local_at(s, x, !lower)) + width(s, last);
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
static long help_at(const rma_potrf_state_t *s, int i, int *ld) {
  *ld = s->lower ? s->nb : (int)s->lcmax;
  return s->lower ? local_row(s, i) * s->nb : local_col(s, i);
}

// Rank a's (along the tile rows [columns]) first tile row [column] at or
// after x, and the local rows [columns] it holds from there.
static int owner_from(const rma_potrf_state_t *s, int a, int x) {
  return s->lower ? rma_tiles_row_from(s->t, a, x) : rma_tiles_col_from(s->t, a, x);
}
static long owner_rest(const rma_potrf_state_t *s, int a, int y) {
  long all = rma_numroc(s->t->n, s->nb, a, s->help.per);
  return all - (s->lower ? local_row(s, y) : local_col(s, y));
}

// Step k's trailing update of item it's tiles (its owner's, of tile
// column [row] x), summed into sum (written afresh at step 0, the first):
// the diagonal tile's triangle by herk, the rest by one gemm (as rma_potrf_update()
// does them).
static void help_update(rma_potrf_state_t *s, int k, const rma_potrf_help_item_t *it, char *sum) {
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
static int help_send(rma_potrf_state_t *s, int k, const rma_potrf_help_item_t *it,
                     const char *sum) {
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
int rma_potrf_help_step(rma_potrf_state_t *s, int k, int due) {
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
int rma_potrf_help_apply(rma_potrf_state_t *s, int k, int x) {
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
