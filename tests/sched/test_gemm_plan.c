/*
 * dgemm schedule unit test (no MPI, no GA): rma_gemm_plan_build on
 * hand-made tile directories and a hand-made rank -> node map.
 *
 * Check, for every case (m, n, k, transposes, A/B/C directories of different
 * kinds, block sizes and grids, a process count larger than some grids,
 * max_block, kc, the four locality/contention settings), over all ranks:
 *   - coverage: the blocks' row runs x column runs cover every (i, j) of the
 *     m x n C exactly once, each element by the rank owning its C tile;
 *   - a block's rows / cols are the sums of its runs and at most max_block;
 *     max_rows / max_cols / max_kc are the largest block sides and chunk;
 *   - chunks: the same cuts on every rank, 0 = kcuts[0] < ... = kcuts[nk] = k,
 *     each at most kc and, but the last, longer than kc / 2;
 *   - a_rect / b_rect are op(A)[run rows, chunk] / op(B)[chunk, run cols]
 *     in stored coordinates;
 *   - cls[b, c] is exactly the farthest owner of the step's A and B pieces;
 *   - order: a permutation per block; locality on -> cls non-decreasing;
 *     contention on -> within a class one rotated sweep, and with locality off
 *     the first chunks of the ranks of one process row of C, and of one
 *     process column, are pairwise distinct when nk >= ranks (of all ranks
 *     when C has no grid); both off -> natural order.
 *   - rma_gemm_plan_owner_reads('A' / 'B') against its definition checked
 *     element by element: 1 exactly when every C(i, j) of the m x n C is
 *     owned by the rank owning every op(A)(i, :) (op(B)(:, j)) element
 *     (for m, n, k > 0; with an empty dimension it must answer 0).
 * Prints the number of plans checked and the failures; exits 1 on any failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "sched/gemm_plan.h"
#include "testutil.h"
#include "tiles/tiles.h"

static long nplans = 0, ncases = 0, nowner = 0, nowner_yes = 0;
static char err[512];

// Record why a check failed in err; returns 1.
__attribute__((format(printf, 1, 2))) static int failf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, sizeof err, fmt, ap);
  va_end(ap);
  return 1;
}
#define FAILF(...) failf(__VA_ARGS__)

typedef struct {
  int kind, mb, nb, p0, p1; /* kind 0 TILED, 1 BLOCK_CYCLIC, 2 GRID (irregular) */
} dir_t;

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

// Build a directory of a rows x cols matrix. GRID: irregular cuts near mb / nb,
// owner of block (bi,bj) = (bi * nt + bj) % size.
static int make_dir(rma_tiles_t *t, dir_t d, int rows, int cols, int size) {
  rows = imax(rows, 1), cols = imax(cols, 1);
  if (d.kind < 2)
    return rma_tiles_init_uniform(t, d.kind ? RMA_TILES_BLOCK_CYCLIC : RMA_TILES_TILED, rows, cols,
                                  d.mb, d.nb, d.p0, d.p1);
  int rb[64], cb[64], mt = 0, nt = 0;
  for (int x = 0, s = 0; x < rows; s++) // sizes mb, mb+1, mb-1 (>= 1), ...
    rb[mt++] = x, x = imin(rows, x + imax(1, d.mb + (s % 3) - 1)), rb[mt] = x;
  for (int x = 0, s = 1; x < cols; s++)
    cb[nt++] = x, x = imin(cols, x + imax(1, d.nb + (s % 3) - 1)), cb[nt] = x;
  int *own = malloc(sizeof(int) * (size_t)(mt * nt)), *ld = malloc(sizeof(int) * (size_t)(mt * nt));
  for (int bi = 0; bi < mt; bi++)
    for (int bj = 0; bj < nt; bj++)
      own[bi * nt + bj] = (bi * nt + bj) % size, ld[bi * nt + bj] = cb[bj + 1] - cb[bj];
  int rc = rma_tiles_init_grid(t, mt, nt, rb, cb, own, ld);
  free(own), free(ld);
  return rc;
}

// Farthest class of the owners of patch p's elements.
static int owner_class(const rma_tiles_t *t, rma_rect_t p, int rank, const int *node_of) {
  int cls = RMA_TASK_LOCAL;
  for (int i = p.r0; i < p.r0 + p.rows; i++)
    for (int j = p.c0; j < p.c0 + p.cols; j++) {
      rma_tile_t tl;
      rma_tiles_locate(t, rma_tiles_row_of(t, i), rma_tiles_col_of(t, j), &tl);
      int c = tl.owner == rank                     ? RMA_TASK_LOCAL
              : node_of[tl.owner] == node_of[rank] ? RMA_TASK_NODE
                                                   : RMA_TASK_REMOTE;
      cls = imax(cls, c);
    }
  return cls;
}

// Does seq[0..cnt) make one rotation of an increasing sweep?
static int is_rotation(const int *seq, int cnt) {
  int drops = 0;
  for (int i = 1; i < cnt; i++)
    drops += seq[i] < seq[i - 1];
  return drops == 0 || (drops == 1 && seq[cnt - 1] < seq[0]);
}

static int rect_eq(rma_rect_t a, rma_rect_t b) {
  return a.r0 == b.r0 && a.c0 == b.c0 && a.rows == b.rows && a.cols == b.cols;
}

// Check one rank's plan; counts coverage of C. Returns 1 on failure (err set).
static int check_plan(const rma_gemm_plan_args_t *g, const rma_gemm_plan_t *pl, int *cover,
                      int *first) {
  int m = g->m, n = g->n, rows_max = 0, cols_max = 0, kc_max = 0;
  *first = -1;
  if (pl->nk < 0 || pl->kcuts[0] != 0 || pl->kcuts[pl->nk] != g->k)
    return FAILF("chunks: nk %d, cuts from %d to %d, k %d", pl->nk, pl->kcuts[0], pl->kcuts[pl->nk],
                 g->k);
  for (int c = 0; c < pl->nk; c++) {
    int len = pl->kcuts[c + 1] - pl->kcuts[c];
    kc_max = imax(kc_max, len);
    if (len < 1 || len > g->kc || (c + 1 < pl->nk && g->kc > 1 && 2 * len <= g->kc))
      return FAILF("chunk %d is [%d,%d), kc %d", c, pl->kcuts[c], pl->kcuts[c + 1], g->kc);
  }
  for (int b = 0; b < pl->nblocks; b++) {
    const rma_gemm_block_t *blk = &pl->blocks[b];
    int rs = 0, cs = 0;
    for (int i = 0; i < blk->nrow; i++)
      rs += pl->rspans[blk->row0 + i].len;
    for (int j = 0; j < blk->ncol; j++)
      cs += pl->cspans[blk->col0 + j].len;
    if (rs != blk->rows || cs != blk->cols || rs < 1 || cs < 1 || rs > g->max_block ||
        cs > g->max_block)
      return FAILF("block %d: %dx%d, runs sum to %dx%d, max_block %d", b, blk->rows, blk->cols, rs,
                   cs, g->max_block);
    rows_max = imax(rows_max, rs), cols_max = imax(cols_max, cs);
    for (int i = 0; i < blk->nrow; i++)
      for (int j = 0; j < blk->ncol; j++) {
        rma_span_t r = pl->rspans[blk->row0 + i], q = pl->cspans[blk->col0 + j];
        if (r.g0 < 0 || r.len < 1 || r.g0 + r.len > m || q.g0 < 0 || q.len < 1 || q.g0 + q.len > n)
          return FAILF("block %d: run rows [%d,+%d) cols [%d,+%d) outside %dx%d", b, r.g0, r.len,
                       q.g0, q.len, m, n);
        for (int x = r.g0; x < r.g0 + r.len; x++)
          for (int y = q.g0; y < q.g0 + q.len; y++) {
            rma_tile_t t;
            rma_tiles_locate(g->c, rma_tiles_row_of(g->c, x), rma_tiles_col_of(g->c, y), &t);
            if (t.owner != g->rank)
              return FAILF("block %d holds C(%d,%d), owned by %d", b, x, y, t.owner);
            cover[(long)x * n + y]++;
          }
      }
    const int *cls = pl->cls + (long)b * pl->nk, *order = pl->order + (long)b * pl->nk;
    for (int c = 0; c < pl->nk; c++) {
      int k0 = pl->kcuts[c], kc = pl->kcuts[c + 1] - k0, want = RMA_TASK_LOCAL;
      for (int i = 0; i < blk->nrow; i++) {
        rma_span_t s = pl->rspans[blk->row0 + i];
        rma_rect_t a = rma_gemm_plan_a_rect(pl, g->transa, s, c);
        rma_rect_t wa =
            g->transa ? (rma_rect_t){k0, s.g0, kc, s.len} : (rma_rect_t){s.g0, k0, s.len, kc};
        if (!rect_eq(a, wa))
          return FAILF("block %d chunk %d: A rect (%d,%d %dx%d)", b, c, a.r0, a.c0, a.rows, a.cols);
        want = imax(want, owner_class(g->a, a, g->rank, g->node_of));
      }
      for (int j = 0; j < blk->ncol; j++) {
        rma_span_t s = pl->cspans[blk->col0 + j];
        rma_rect_t r = rma_gemm_plan_b_rect(pl, g->transb, s, c);
        rma_rect_t wb =
            g->transb ? (rma_rect_t){s.g0, k0, s.len, kc} : (rma_rect_t){k0, s.g0, kc, s.len};
        if (!rect_eq(r, wb))
          return FAILF("block %d chunk %d: B rect (%d,%d %dx%d)", b, c, r.r0, r.c0, r.rows, r.cols);
        want = imax(want, owner_class(g->b, r, g->rank, g->node_of));
      }
      if (cls[c] != want)
        return FAILF("block %d chunk %d: class %d, its pieces' owners say %d", b, c, cls[c], want);
    }
    // Order: a permutation, then the switches' rules.
    int seen[64] = {0}, seq[64];
    if (pl->nk > 64)
      return FAILF("test limit: nk %d > 64", pl->nk);
    for (int x = 0; x < pl->nk; x++) {
      if (order[x] < 0 || order[x] >= pl->nk || seen[order[x]]++)
        return FAILF("block %d: order is not a permutation at %d", b, x);
      if (g->locality && x && cls[order[x]] < cls[order[x - 1]])
        return FAILF("locality on: block %d chunk %d (class %d) after class %d", b, order[x],
                     cls[order[x]], cls[order[x - 1]]);
      if (!g->locality && !g->contention && order[x] != x)
        return FAILF("both off: block %d step %d is chunk %d", b, x, order[x]);
    }
    for (int x0 = 0; x0 < pl->nk;) {
      int x1 = x0, cnt = 0;
      while (x1 < pl->nk && (!g->locality || cls[order[x1]] == cls[order[x0]]))
        seq[cnt++] = order[x1++];
      if (g->contention ? !is_rotation(seq, cnt) : !is_rotation(seq, cnt) || seq[0] > seq[cnt - 1])
        return FAILF("block %d: the sweep of class %d is not %s", b, cls[order[x0]],
                     g->contention ? "one rotation" : "in natural order");
      x0 = x1;
    }
    if (b == 0 && pl->nk)
      *first = order[0];
  }
  if (pl->max_rows != rows_max || pl->max_cols != cols_max || pl->max_kc != kc_max)
    return FAILF("max_rows/cols/kc %d %d %d, largest %d %d %d", pl->max_rows, pl->max_cols,
                 pl->max_kc, rows_max, cols_max, kc_max);
  return 0;
}

// All ranks of one case; returns 1 on failure.
static int owner_at(const rma_tiles_t *t, int i, int j) {
  rma_tile_t tile;
  rma_tiles_locate(t, rma_tiles_row_of(t, i), rma_tiles_col_of(t, j), &tile);
  return tile.owner;
}

// The definition of rma_gemm_plan_owner_reads, element by element.
static int owner_reads_def(const rma_tiles_t *a, const rma_tiles_t *b, const rma_tiles_t *c, int ta,
                           int tb, int m, int n, int k, int which) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int x = 0, oc = owner_at(c, i, j); x < k; x++) {
        int o = which == 'A' ? (ta ? owner_at(a, x, i) : owner_at(a, i, x))
                             : (tb ? owner_at(b, j, x) : owner_at(b, x, j));
        if (o != oc)
          return 0;
      }
  return m > 0 && n > 0 && k > 0;
}

static int run_case(int m, int n, int k, int ta, int tb, dir_t da, dir_t db, dir_t dc, int size,
                    int ranks_per_node, int maxb, int kc, int extra) {
  rma_tiles_t A, B, C;
  int *node_of = malloc(sizeof(int) * (size_t)size);
  for (int r = 0; r < size; r++)
    node_of[r] = r / ranks_per_node;
  // Arrays may be larger than the operands (extra rows and columns).
  int rc = make_dir(&A, da, (ta ? k : m) + extra, (ta ? m : k) + extra, size) |
           make_dir(&B, db, (tb ? n : k) + extra, (tb ? k : n) + extra, size) |
           make_dir(&C, dc, m + extra, n + 2 * extra, size);
  if (rc) {
    FAILF("directory init failed");
    free(node_of);
    return 1;
  }
  for (int w = 0; w < 2 && !rc; w++) {
    int which = w ? 'B' : 'A';
    int got = rma_gemm_plan_owner_reads(&A, &B, &C, ta, tb, m, n, k, which);
    int want = owner_reads_def(&A, &B, &C, ta, tb, m, n, k, which);
    nowner++, nowner_yes += got;
    if (got != want)
      rc = FAILF("owner_reads('%c') = %d, the definition says %d", which, got, want);
  }
  int *cover = malloc(sizeof(int) * (size_t)imax(1, m * n));
  int *first = malloc(sizeof(int) * (size_t)size), *cuts = malloc(sizeof(int) * (size_t)(k + 2));
  for (int set = 0; set < 4 && !rc; set++) {
    memset(cover, 0, sizeof(int) * (size_t)imax(1, m * n));
    int nk = -1;
    for (int r = 0; r < size && !rc; r++) {
      rma_gemm_plan_args_t g = {&A, &B,   &C,      ta,      tb,       m,    n, k,
                                r,  size, node_of, set & 1, set >> 1, maxb, kc};
      rma_gemm_plan_t pl;
      if (rma_gemm_plan_build(&g, &pl) != 0) {
        rc = FAILF("rank %d: plan_build failed", r);
        break;
      }
      nplans++;
      if (nk >= 0 && (pl.nk != nk || memcmp(cuts, pl.kcuts, sizeof(int) * (size_t)(nk + 1))))
        rc = FAILF("rank %d: chunks differ from rank 0's", r);
      nk = pl.nk;
      memcpy(cuts, pl.kcuts, sizeof(int) * (size_t)(nk + 1));
      if (!rc && check_plan(&g, &pl, cover, &first[r])) {
        char why[sizeof err];
        memcpy(why, err, sizeof why);
        rc = FAILF("rank %d, locality %d contention %d: %.400s", r, set & 1, set >> 1, why);
      }
      rma_gemm_plan_free(&pl);
    }
    for (long x = 0; x < (long)m * n && !rc; x++)
      if (cover[x] != 1)
        rc = FAILF("C(%ld,%ld) covered %d times (locality %d contention %d)", x / n, x % n,
                   cover[x], set & 1, set >> 1);
    // Contention alone: the ranks of one process row of C start their
    // sweeps at different chunks, and so do those of one process column
    // (Cannon's skew, or rank / size of the chunks); where C has no grid,
    // all ranks do.
    if (!rc && set == 2 && nk >= size)
      for (int r = 0; r < size && !rc; r++)
        for (int s = 0; s < r && !rc; s++) {
          int pr, pc, qr, qc, grid = C.kind != RMA_TILES_GRID &&
                                     !rma_tiles_coords(&C, r, &pr, &pc) &&
                                     !rma_tiles_coords(&C, s, &qr, &qc);
          if (first[r] >= 0 && first[r] == first[s] && (!grid || pr == qr || pc == qc))
            rc = FAILF("contention on: ranks %d and %d (%s) both start at chunk %d (nk %d)", s,
                       r, grid ? (pr == qr ? "one process row" : "one process column") : "no grid",
                       first[r], nk);
        }
  }
  free(cover), free(first), free(cuts), free(node_of);
  rma_tiles_free(&A), rma_tiles_free(&B), rma_tiles_free(&C);
  return rc;
}
int main(void) {
  const int sizes[] = {0, 1, 2, 5, 7, 12, 17};
  const int blocks[] = {1, 2, 3, 5, 8};
  const int grids[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 4}, {3, 1}, {2, 3}, {3, 2}};
  const int nsz = 7, nbl = 5, ngr = 8;
  unsigned lcg = 2024;
#define PICK(cnt) rt_rand(&lcg, (cnt))
  for (int c = 0; c < 3000; c++) {
    int m = sizes[PICK(nsz)], n = sizes[PICK(nsz)], k = sizes[PICK(nsz)];
    int ta = PICK(2), tb = PICK(2);
    int size = 1 + PICK(6);
    dir_t d[3];
    for (int x = 0; x < 3; x++) {
      const int *gr = grids[PICK(ngr)];
      d[x] = (dir_t){PICK(3), blocks[PICK(nbl)], blocks[PICK(nbl)], gr[0], gr[1]};
      // A grid larger than the process count is not a real configuration.
      if (d[x].p0 * d[x].p1 > size)
        d[x].p0 = 1, d[x].p1 = size;
    }
    if (c % 4 == 0) // conformal: the fast path's shape
      d[1] = d[2] = d[0];
    int maxb = PICK(4) == 0 ? 1 + PICK(4) : 2048;
    int kc = 1 + PICK(9);
    int rpn = 1 + PICK(3); // ranks per node
    int extra = PICK(4) == 0 ? 1 + PICK(5) : 0;
    ncases++;
    if (run_case(m, n, k, ta, tb, d[0], d[1], d[2], size, rpn, maxb, kc, extra))
      rt_fail(
          "case %d: m=%d n=%d k=%d %c%c size=%d rpn=%d maxb=%d kc=%d extra=%d A(%d,%dx%d,%dx%d) "
          "B(%d,%dx%d,%dx%d) C(%d,%dx%d,%dx%d): %s",
          c, m, n, k, ta ? 'T' : 'N', tb ? 'T' : 'N', size, rpn, maxb, kc, extra, d[0].kind,
          d[0].mb, d[0].nb, d[0].p0, d[0].p1, d[1].kind, d[1].mb, d[1].nb, d[1].p0, d[1].p1,
          d[2].kind, d[2].mb, d[2].nb, d[2].p0, d[2].p1, err);
  }
  printf("test_gemm_plan: %ld cases, %ld plans checked, owner_reads %ld checks (%ld yes)\n", ncases,
         nplans, nowner, nowner_yes);
  return rt_finish("test_gemm_plan", NULL, 0);
}
