/*
 * dgemm task-list unit test (no MPI, no GA): rma_gemm_plan_build on
 * hand-made tile directories and a hand-made rank -> node map.
 *
 * Check, for every case (m, n, k, transposes, A/B/C directories of different
 * kinds, block sizes and grids, a process count larger than some grids,
 * max_extent, the four locality/contention settings), over all ranks:
 *   - coverage: the tasks' C rectangles x k chunks cover every (i, j, l) of
 *     the m x n x k product exactly once (count per triple == 1);
 *   - every C rectangle lies inside one C tile owned by the rank and inside
 *     m x n; plan->crects are distinct and are the tasks' rectangles;
 *   - A / B patches are op()'s rectangles: A = [i-range x l-range] ('N') or
 *     its transpose ('T'), B likewise, with the same k range; each patch lies
 *     in one tile of its directory (rma_patch_pieces == 1);
 *   - kidx names one k range per chunk, chunks partition [0, k); no C side or
 *     chunk exceeds max_extent;
 *   - cls >= the farthest owner of the patches' elements (local < node < remote);
 *   - amax / bmax >= every A / B patch (and are attained);
 *   - ordering: locality on -> cls non-decreasing; contention on -> within a
 *     class the k sweep is one rotation, and with locality off the ranks'
 *     first k chunks are pairwise distinct when nk >= ranks; both off ->
 *     task t is (k chunk t / ncrects, C rectangle t % ncrects) (k-major natural).
 * Prints the number of plans checked and the failures; exits 1 on any failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tiles/tiles.h"
#include "rma/patch.h"
#include "rmala.h"
#include "sched/gemm_plan.h"

static long nplans = 0, ncases = 0, nfail = 0;
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

static int rect_eq(rma_rect_t a, rma_rect_t b) {
  return a.r0 == b.r0 && a.c0 == b.c0 && a.rows == b.rows && a.cols == b.cols;
}

// Does the kidx sequence seq[0..cnt) make one rotation of a non-decreasing sweep?
static int is_rotation(const int *seq, int cnt) {
  int drops = 0;
  for (int i = 1; i < cnt; i++)
    drops += seq[i] < seq[i - 1];
  return drops == 0 || (drops == 1 && seq[cnt - 1] <= seq[0]);
}

// Check one rank's plan; accumulates coverage counts. Returns 1 on failure (err set).
static int check_plan(const rma_gemm_plan_args_t *g, const rma_gemm_plan_t *pl, int *cover,
                      int *kstart, int *kend, int *first_k) {
  int m = g->m, n = g->n, k = g->k;
  long amax = 0, bmax = 0;
  int *seqbuf = malloc(sizeof(int) * (size_t)(pl->ntasks + 1));
  int rc = 0;
  if (pl->ntasks != pl->ncrects * pl->nk)
    rc = FAILF("ntasks %d != ncrects %d * nk %d", pl->ntasks, pl->ncrects, pl->nk);
  // crects: distinct, each in one owned C tile, inside m x n.
  for (int r = 0; r < pl->ncrects && !rc; r++) {
    rma_rect_t cr = pl->crects[r];
    rma_tile_t tl;
    rma_tiles_locate(g->c, rma_tiles_row_of(g->c, cr.r0), rma_tiles_col_of(g->c, cr.c0), &tl);
    if (cr.rows < 1 || cr.cols < 1 || cr.r0 + cr.rows > m || cr.c0 + cr.cols > n)
      rc = FAILF("crect %d (%d,%d %dx%d) outside %dx%d", r, cr.r0, cr.c0, cr.rows, cr.cols, m, n);
    else if (tl.owner != g->rank || cr.r0 + cr.rows > tl.r0 + tl.rows ||
             cr.c0 + cr.cols > tl.c0 + tl.cols)
      rc = FAILF("crect (%d,%d %dx%d) not inside one C tile of rank %d (tile owner %d)", cr.r0,
                 cr.c0, cr.rows, cr.cols, g->rank, tl.owner);
    else if (cr.rows > g->max_extent || cr.cols > g->max_extent)
      rc = FAILF("crect %dx%d exceeds max_extent %d", cr.rows, cr.cols, g->max_extent);
    for (int s = 0; s < r && !rc; s++)
      if (rect_eq(pl->crects[s], cr))
        rc = FAILF("crect %d repeated", r);
  }
  for (int t = 0; t < pl->ntasks && !rc; t++) {
    const rma_gemm_task_t *tk = &pl->tasks[t];
    rma_rect_t c = tk->c, a = tk->a, b = tk->b;
    int found = 0;
    for (int r = 0; r < pl->ncrects; r++)
      found |= rect_eq(pl->crects[r], c);
    if (!found) {
      rc = FAILF("task %d: C rect not in crects", t);
      break;
    }
    if (tk->kidx < 0 || tk->kidx >= pl->nk) {
      rc = FAILF("task %d: kidx %d outside [0,%d)", t, tk->kidx, pl->nk);
      break;
    }
    // k range from A; B must agree; op(A) rows = C rows, op(B) cols = C cols.
    int k0 = g->transa ? a.r0 : a.c0, kc = g->transa ? a.rows : a.cols;
    rma_rect_t wa =
        g->transa ? (rma_rect_t){k0, c.r0, kc, c.rows} : (rma_rect_t){c.r0, k0, c.rows, kc};
    rma_rect_t wb =
        g->transb ? (rma_rect_t){c.c0, k0, c.cols, kc} : (rma_rect_t){k0, c.c0, kc, c.cols};
    if (kc < 1 || k0 < 0 || k0 + kc > k || kc > g->max_extent) {
      rc = FAILF("task %d: k range [%d,%d) bad (k %d, max_extent %d)", t, k0, k0 + kc, k,
                 g->max_extent);
      break;
    }
    if (!rect_eq(a, wa) || !rect_eq(b, wb)) {
      rc = FAILF("task %d: A (%d,%d %dx%d) B (%d,%d %dx%d), expected A (%d,%d %dx%d) B (%d,%d "
                 "%dx%d)",
                 t, a.r0, a.c0, a.rows, a.cols, b.r0, b.c0, b.rows, b.cols, wa.r0, wa.c0, wa.rows,
                 wa.cols, wb.r0, wb.c0, wb.rows, wb.cols);
      break;
    }
    if (rma_patch_pieces(g->a, a) != 1 || rma_patch_pieces(g->b, b) != 1) {
      rc = FAILF("task %d: A patch spans %d tiles, B patch %d (expected 1 each)", t,
                 rma_patch_pieces(g->a, a), rma_patch_pieces(g->b, b));
      break;
    }
    // One k range per chunk, shared by all ranks.
    if (kstart[tk->kidx] < 0)
      kstart[tk->kidx] = k0, kend[tk->kidx] = k0 + kc;
    else if (kstart[tk->kidx] != k0 || kend[tk->kidx] != k0 + kc) {
      rc = FAILF("task %d: chunk %d is [%d,%d) here, [%d,%d) elsewhere", t, tk->kidx, k0, k0 + kc,
                 kstart[tk->kidx], kend[tk->kidx]);
      break;
    }
    int want =
        imax(owner_class(g->a, a, g->rank, g->node_of), owner_class(g->b, b, g->rank, g->node_of));
    if (tk->cls < want || tk->cls > RMA_TASK_REMOTE) {
      rc = FAILF("task %d: class %d, its patches' owners need >= %d", t, tk->cls, want);
      break;
    }
    amax = imax((int)amax, a.rows * a.cols), bmax = imax((int)bmax, b.rows * b.cols);
    for (int i = c.r0; i < c.r0 + c.rows; i++)
      for (int j = c.c0; j < c.c0 + c.cols; j++)
        for (int l = k0; l < k0 + kc; l++)
          cover[((long)i * n + j) * k + l]++;
  }
  if (!rc && (pl->amax < amax || pl->bmax < bmax ||
              (pl->ntasks && (pl->amax != amax || pl->bmax != bmax))))
    rc = FAILF("amax %ld bmax %ld, largest patches %ld %ld", pl->amax, pl->bmax, amax, bmax);
  // Ordering.
  for (int t = 1; t < pl->ntasks && !rc && g->locality; t++)
    if (pl->tasks[t].cls < pl->tasks[t - 1].cls)
      rc = FAILF("locality on: task %d class %d after class %d", t, pl->tasks[t].cls,
                 pl->tasks[t - 1].cls);
  if (!rc && g->contention) {
    // Within each class (the whole list when locality is off), one rotated sweep.
    for (int t0 = 0; t0 < pl->ntasks && !rc;) {
      int t1 = t0, cnt = 0;
      while (t1 < pl->ntasks && (!g->locality || pl->tasks[t1].cls == pl->tasks[t0].cls))
        seqbuf[cnt++] = pl->tasks[t1++].kidx;
      if (!is_rotation(seqbuf, cnt))
        rc = FAILF("contention on: k sweep of class %d is not one rotation", pl->tasks[t0].cls);
      t0 = t1;
    }
  }
  // Locality without contention: each class sweeps k in natural order.
  for (int t = 1; t < pl->ntasks && !rc && g->locality && !g->contention; t++)
    if (pl->tasks[t].cls == pl->tasks[t - 1].cls && pl->tasks[t].kidx < pl->tasks[t - 1].kidx)
      rc = FAILF("locality on, contention off: task %d k chunk %d after %d in class %d", t,
                 pl->tasks[t].kidx, pl->tasks[t - 1].kidx, pl->tasks[t].cls);
  if (!rc && !g->locality && !g->contention)
    for (int t = 0; t < pl->ntasks && !rc; t++)
      if (pl->tasks[t].kidx != t / pl->ncrects ||
          !rect_eq(pl->tasks[t].c, pl->crects[t % pl->ncrects]))
        rc = FAILF("both off: task %d is (k %d, C %d,%d), natural order wants (k %d, crect %d)", t,
                   pl->tasks[t].kidx, pl->tasks[t].c.r0, pl->tasks[t].c.c0, t / pl->ncrects,
                   t % pl->ncrects);
  *first_k = pl->ntasks ? pl->tasks[0].kidx : -1;
  free(seqbuf);
  return rc;
}

// All ranks of one case; returns 1 on failure.
static int run_case(int m, int n, int k, int ta, int tb, dir_t da, dir_t db, dir_t dc, int size,
                    int ranks_per_node, int maxe, int extra) {
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
  int *cover = malloc(sizeof(int) * (size_t)imax(1, m * n * k));
  int *kstart = malloc(sizeof(int) * (size_t)(k + 1)),
      *kend = malloc(sizeof(int) * (size_t)(k + 1));
  int *first = malloc(sizeof(int) * (size_t)size);
  for (int set = 0; set < 4 && !rc; set++) {
    memset(cover, 0, sizeof(int) * (size_t)imax(1, m * n * k));
    for (int l = 0; l <= k; l++)
      kstart[l] = kend[l] = -1;
    int nk = -1;
    for (int r = 0; r < size && !rc; r++) {
      rma_gemm_plan_args_t g = {&A, &B, &C,   ta,      tb,      m,        n,
                                k,  r,  size, node_of, set & 1, set >> 1, maxe};
      rma_gemm_plan_t pl;
      if (rma_gemm_plan_build(&g, &pl) != 0) {
        rc = FAILF("rank %d: plan_build failed", r);
        break;
      }
      nplans++;
      if (nk >= 0 && pl.nk != nk)
        rc = FAILF("rank %d: nk %d, other ranks %d", r, pl.nk, nk);
      nk = pl.nk;
      if (!rc && check_plan(&g, &pl, cover, kstart, kend, &first[r])) {
        char why[sizeof err];
        memcpy(why, err, sizeof why);
        rc = FAILF("rank %d, locality %d contention %d: %.400s", r, set & 1, set >> 1, why);
      }
      rma_gemm_plan_free(&pl);
    }
    // Chunks partition [0, k) (seen only when some rank has tasks).
    for (int c = 0, x = 0; c < nk && !rc && (long)m * n > 0; c++) {
      if (kstart[c] != x)
        rc = FAILF("k chunk %d starts at %d, expected %d", c, kstart[c], x);
      x = kend[c];
      if (c == nk - 1 && x != k)
        rc = FAILF("k chunks end at %d, k = %d", x, k);
    }
    for (long x = 0; x < (long)m * n * k && !rc; x++)
      if (cover[x] != 1)
        rc = FAILF("(i,j,l) = (%ld,%ld,%ld) covered %d times (locality %d contention %d)",
                   x / k / n, x / k % n, x % k, cover[x], set & 1, set >> 1);
    // Contention alone: the ranks start their sweeps at different k chunks.
    if (!rc && set == 2 && nk >= size)
      for (int r = 0; r < size && !rc; r++)
        for (int s = 0; s < r && !rc; s++)
          if (first[r] >= 0 && first[r] == first[s])
            rc = FAILF("contention on: ranks %d and %d both start at k chunk %d (nk %d)", s, r,
                       first[r], nk);
  }
  free(cover), free(kstart), free(kend), free(first), free(node_of);
  rma_tiles_free(&A), rma_tiles_free(&B), rma_tiles_free(&C);
  return rc;
}

int main(void) {
  const int sizes[] = {0, 1, 2, 5, 7, 12, 17};
  const int blocks[] = {1, 2, 3, 5, 8};
  const int grids[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 4}, {3, 1}, {2, 3}, {3, 2}};
  const int nsz = 7, nbl = 5, ngr = 8;
  unsigned long long lcg = 2024;
#define PICK(cnt)                                                                                  \
  ((int)((lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % (cnt))
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
    int maxe = PICK(4) == 0 ? 1 + PICK(4) : 1 << 20;
    int rpn = 1 + PICK(3); // ranks per node
    int extra = PICK(4) == 0 ? 1 + PICK(5) : 0;
    ncases++;
    if (run_case(m, n, k, ta, tb, d[0], d[1], d[2], size, rpn, maxe, extra)) {
      nfail++;
      if (nfail <= 20)
        printf(
            "FAIL case %d: m=%d n=%d k=%d %c%c size=%d rpn=%d maxe=%d extra=%d A(%d,%dx%d,%dx%d) "
            "B(%d,%dx%d,%dx%d) C(%d,%dx%d,%dx%d): %s\n",
            c, m, n, k, ta ? 'T' : 'N', tb ? 'T' : 'N', size, rpn, maxe, extra, d[0].kind, d[0].mb,
            d[0].nb, d[0].p0, d[0].p1, d[1].kind, d[1].mb, d[1].nb, d[1].p0, d[1].p1, d[2].kind,
            d[2].mb, d[2].nb, d[2].p0, d[2].p1, err);
    }
  }
  printf("test_gemm_plan: %ld cases, %ld plans checked, %ld failed\n", ncases, nplans, nfail);
  return nfail ? 1 : 0;
}
