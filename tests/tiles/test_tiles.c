/*
 * Tile directory unit test (no MPI, no GA).
 *
 * Check, for every configuration (m, n, mb, nb, p0, p1) of a sweep that has
 * uneven edge tiles, 1 x P and P x 1 grids, grids with more processes than
 * tiles and blocks larger than the matrix, for both RMA_TILES_TILED and
 * RMA_TILES_BLOCK_CYCLIC:
 *   - tile (bi,bj): owner = (bi % p0) * p1 + bj % p1, r0 = bi*mb, c0 = bj*nb,
 *     rows = min(mb, m - r0), cols = min(nb, n - c0);
 *   - ld: the tile width (TILED), the owner's local column count NUMROC(n, nb,
 *     q, p1) (BLOCK_CYCLIC);
 *   - the map (i,j) -> (owner, disp + (i-r0)*ld + (j-c0)) is, per owner, a
 *     bijection onto [0, rma_tiles_segment_len(owner)) (every slot hit once);
 *     ranks outside the grid have segment length 0;
 *   - the offset equals GA 5.8.2's layout formula: TILED = the owner's
 *     tiles back to back by block row then block column; BLOCK_CYCLIC =
 *     local row (bi/p0)*mb + i-r0, local column (bj/p1)*nb + j-c0;
 *   - rma_tiles_row_of(i) / col_of(j) name the tile holding i / j.
 * For RMA_TILES_GRID (irregular boundaries, permuted owners, padded ld):
 * locate, row_of / col_of (binary search) against a linear scan, segment
 * length = (rows-1)*ld + cols of the owner's block. Init rejects bad input.
 * rma_numroc against a brute-force count.
 * Prints the number of configurations checked and the failures; exits 1 on
 * any failure. (No numerical ratio here: every check is exact.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "tiles/tiles.h"

static long nconf = 0;

static int imin(int a, int b) { return a < b ? a : b; }

// Brute-force NUMROC: indices g in [0, n) whose block g/nb is dealt to iproc.
static int numroc_ref(int n, int nb, int iproc, int nprocs) {
  int count = 0;
  for (int g = 0; g < n; g++)
    count += (g / nb) % nprocs == iproc;
  return count;
}

static void check_numroc(void) {
  for (int n = 0; n <= 41; n++)
    for (int nb = 1; nb <= 10; nb++)
      for (int np = 1; np <= 7; np++)
        for (int ip = 0; ip < np; ip++) {
          int got = rma_numroc(n, nb, ip, np), want = numroc_ref(n, nb, ip, np);
          RT_CHECK(got == want, "rma_numroc(%d,%d,%d,%d) = %d, expected %d", n, nb, ip, np, got,
                   want);
        }
  nconf++;
}

// One uniform configuration of one kind.
static void check_uniform(rma_tiles_kind_t kind, int m, int n, int mb, int nb, int p0, int p1) {
  const char *kname = kind == RMA_TILES_TILED ? "TILED" : "BLOCK_CYCLIC";
  rma_tiles_t t;
  int rc = rma_tiles_init_uniform(&t, kind, m, n, mb, nb, p0, p1);
  nconf++;
  RT_CHECK(rc == 0, "%s init(%d,%d,%d,%d,%d,%d) = %d", kname, m, n, mb, nb, p0, p1, rc);
  int mt = (m + mb - 1) / mb, nt = (n + nb - 1) / nb, np = p0 * p1;
  RT_CHECK(t.mt == mt && t.nt == nt, "%s %dx%d/%dx%d: mt,nt = %d,%d expected %d,%d", kname, m, n,
           mb, nb, t.mt, t.nt, mt, nt);
  // Segment lengths; ranks beyond the grid hold nothing.
  long *seglen = calloc((size_t)np + 2, sizeof(long));
  long total = 0;
  for (int r = 0; r < np + 2; r++) {
    seglen[r] = rma_tiles_segment_len(&t, r);
    total += seglen[r];
  }
  int ok_len = seglen[np] == 0 && seglen[np + 1] == 0 && rma_tiles_segment_len(&t, -1) == 0 &&
               total == (long)m * n;
  if (!ok_len) {
    free(seglen);
    rma_tiles_free(&t);
  }
  RT_CHECK(ok_len, "%s %dx%d/%dx%d grid %dx%d: segment lengths sum to %ld (m*n = %ld)", kname, m, n,
           mb, nb, p0, p1, total, (long)m * n);
  // Per-owner hit counts.
  unsigned char **hit = malloc(sizeof(unsigned char *) * (size_t)np);
  long *next_tile =
      calloc((size_t)np, sizeof(long)); // TILED: expected disp of the owner's next tile
  for (int r = 0; r < np; r++)
    hit[r] = calloc((size_t)seglen[r] + 1, 1);
  char err[256] = "";
  for (int bi = 0; bi < mt && !err[0]; bi++)
    for (int bj = 0; bj < nt && !err[0]; bj++) {
      rma_tile_t tl;
      rma_tiles_locate(&t, bi, bj, &tl);
      int p = bi % p0, q = bj % p1, owner = p * p1 + q;
      int r0 = bi * mb, c0 = bj * nb, rows = imin(mb, m - r0), cols = imin(nb, n - c0);
      int lc = rma_numroc(n, nb, q, p1);
      int ld = kind == RMA_TILES_TILED ? cols : lc;
      if (tl.owner != owner || tl.r0 != r0 || tl.c0 != c0 || tl.rows != rows || tl.cols != cols ||
          tl.ld != ld) {
        snprintf(err, sizeof err,
                 "tile (%d,%d): owner %d r0 %d c0 %d %dx%d ld %d, expected %d %d %d %dx%d ld %d",
                 bi, bj, tl.owner, tl.r0, tl.c0, tl.rows, tl.cols, tl.ld, owner, r0, c0, rows, cols,
                 ld);
        break;
      }
      // GA's layout: tiled = back to back in (bi, bj) order, the owner's tiles
      // being visited in that order here; block-cyclic = ScaLAPACK local array.
      if (kind == RMA_TILES_TILED && tl.disp != next_tile[owner]) {
        snprintf(err, sizeof err, "tile (%d,%d): disp %ld, expected %ld (back to back)", bi, bj,
                 tl.disp, next_tile[owner]);
        break;
      }
      next_tile[owner] += (long)rows * cols;
      for (int i = r0; i < r0 + rows && !err[0]; i++)
        for (int j = c0; j < c0 + cols; j++) {
          long off = tl.disp + (long)(i - r0) * tl.ld + (j - c0);
          if (kind == RMA_TILES_BLOCK_CYCLIC) {
            long li = (long)(bi / p0) * mb + (i - r0), lj = (long)(bj / p1) * nb + (j - c0);
            if (off != li * lc + lj) {
              snprintf(err, sizeof err, "(%d,%d): offset %ld, ScaLAPACK local %ld*%d+%ld", i, j,
                       off, li, lc, lj);
              break;
            }
          }
          if (off < 0 || off >= seglen[owner]) {
            snprintf(err, sizeof err, "(%d,%d): offset %ld outside [0,%ld) of rank %d", i, j, off,
                     seglen[owner], owner);
            break;
          }
          if (hit[owner][off]++) {
            snprintf(err, sizeof err, "(%d,%d): offset %ld of rank %d hit twice", i, j, off, owner);
            break;
          }
          if (rma_tiles_row_of(&t, i) != bi || rma_tiles_col_of(&t, j) != bj) {
            snprintf(err, sizeof err, "(%d,%d): row_of %d col_of %d, expected %d %d", i, j,
                     rma_tiles_row_of(&t, i), rma_tiles_col_of(&t, j), bi, bj);
            break;
          }
        }
    }
  // No holes: every slot of every segment was hit (counts already sum to m*n).
  for (int r = 0; r < np && !err[0]; r++)
    for (long x = 0; x < seglen[r]; x++)
      if (hit[r][x] != 1) {
        snprintf(err, sizeof err, "rank %d: offset %ld hit %d times", r, x, hit[r][x]);
        break;
      }
  for (int r = 0; r < np; r++)
    free(hit[r]);
  free(hit), free(next_tile), free(seglen);
  rma_tiles_free(&t);
  RT_CHECK(!err[0], "%s m=%d n=%d mb=%d nb=%d grid %dx%d: %s", kname, m, n, mb, nb, p0, p1, err);
}

// A GRID directory with the given boundaries; owner[bi*nt+bj] = perm, ld = cols + pad.
static void check_grid(int mt, int nt, const int *rowb, const int *colb, int pad, int shift) {
  int ntl = mt * nt;
  int *owner = malloc(sizeof(int) * (size_t)ntl), *ld = malloc(sizeof(int) * (size_t)ntl);
  for (int bi = 0; bi < mt; bi++)
    for (int bj = 0; bj < nt; bj++) {
      owner[bi * nt + bj] = (bi * nt + bj + shift) % ntl; // a permutation: one block per rank
      ld[bi * nt + bj] = colb[bj + 1] - colb[bj] + pad * (bj + 1);
    }
  rma_tiles_t t;
  int rc = rma_tiles_init_grid(&t, mt, nt, rowb, colb, owner, ld);
  nconf++;
  char err[256] = "";
  if (rc != 0)
    snprintf(err, sizeof err, "init_grid = %d", rc);
  if (!err[0] && (t.m != rowb[mt] || t.n != colb[nt] || t.mt != mt || t.nt != nt))
    snprintf(err, sizeof err, "extent %dx%d tiles %dx%d", t.m, t.n, t.mt, t.nt);
  for (int bi = 0; bi < mt && !err[0]; bi++)
    for (int bj = 0; bj < nt && !err[0]; bj++) {
      rma_tile_t tl;
      rma_tiles_locate(&t, bi, bj, &tl);
      int id = bi * nt + bj;
      int rows = rowb[bi + 1] - rowb[bi], cols = colb[bj + 1] - colb[bj];
      if (tl.owner != owner[id] || tl.disp != 0 || tl.ld != ld[id] || tl.r0 != rowb[bi] ||
          tl.c0 != colb[bj] || tl.rows != rows || tl.cols != cols)
        snprintf(err, sizeof err, "tile (%d,%d) wrong: owner %d disp %ld ld %d at %d,%d %dx%d", bi,
                 bj, tl.owner, tl.disp, tl.ld, tl.r0, tl.c0, tl.rows, tl.cols);
      long len = rma_tiles_segment_len(&t, owner[id]);
      if (!err[0] && len != (long)(rows - 1) * ld[id] + cols)
        snprintf(err, sizeof err, "segment_len(%d) = %ld, expected %ld", owner[id], len,
                 (long)(rows - 1) * ld[id] + cols);
    }
  if (!err[0] && rma_tiles_segment_len(&t, ntl) != 0)
    snprintf(err, sizeof err, "rank %d outside the grid has segment length %ld", ntl,
             rma_tiles_segment_len(&t, ntl));
  // row_of / col_of against a linear scan of the boundaries.
  for (int i = 0; i < rowb[mt] && !err[0]; i++) {
    int want = 0;
    while (rowb[want + 1] <= i)
      want++;
    if (rma_tiles_row_of(&t, i) != want)
      snprintf(err, sizeof err, "row_of(%d) = %d, expected %d", i, rma_tiles_row_of(&t, i), want);
  }
  for (int j = 0; j < colb[nt] && !err[0]; j++) {
    int want = 0;
    while (colb[want + 1] <= j)
      want++;
    if (rma_tiles_col_of(&t, j) != want)
      snprintf(err, sizeof err, "col_of(%d) = %d, expected %d", j, rma_tiles_col_of(&t, j), want);
  }
  rma_tiles_free(&t);
  free(owner), free(ld);
  RT_CHECK(!err[0], "GRID %dx%d tiles (pad %d): %s", mt, nt, pad, err);
}

static void check_grids(void) {
  // Irregular boundaries, including 1-wide blocks and a single block.
  const int r1[] = {0, 5}, c1[] = {0, 1};
  const int r2[] = {0, 1, 2, 10, 11, 30}, c2[] = {0, 7, 8, 9};
  const int r3[] = {0, 3, 4, 17, 18, 19, 40, 41}, c3[] = {0, 2, 13, 14, 29, 30, 31, 64};
  for (int pad = 0; pad <= 2; pad++)
    for (int shift = 0; shift < 3; shift++) {
      check_grid(1, 1, r1, c1, pad, shift);
      check_grid(5, 3, r2, c2, pad, shift);
      check_grid(3, 5, c2, r2, pad, shift);
      check_grid(7, 7, r3, c3, pad, shift);
      check_grid(1, 7, r1, c3, pad, shift);
      check_grid(7, 1, r3, c1, pad, shift);
    }
}

static void check_rejects(void) {
  rma_tiles_t t;
  const int own[4] = {0, 1, 2, 3}, ld[4] = {5, 5, 5, 5};
  struct {
    int mt, nt;
    int rowb[3], colb[3];
    const char *what;
  } bad[] = {
      {2, 2, {0, 3, 3}, {0, 2, 5}, "equal row boundaries"},
      {2, 2, {0, 4, 3}, {0, 2, 5}, "decreasing row boundaries"},
      {2, 2, {0, 2, 4}, {0, 0, 5}, "equal column boundaries"},
      {2, 2, {0, 2, 4}, {0, 3, 1}, "decreasing column boundaries"},
      {0, 2, {0, 2, 4}, {0, 2, 5}, "mt = 0"},
      {2, 0, {0, 2, 4}, {0, 2, 5}, "nt = 0"},
      {-1, 2, {0, 2, 4}, {0, 2, 5}, "mt < 0"},
  };
  for (size_t c = 0; c < sizeof bad / sizeof bad[0]; c++) {
    int rc = rma_tiles_init_grid(&t, bad[c].mt, bad[c].nt, bad[c].rowb, bad[c].colb, own, ld);
    nconf++;
    if (rc == 0)
      rma_tiles_free(&t);
    RT_CHECK(rc != 0, "init_grid accepted %s", bad[c].what);
  }
  // Uniform: non-positive extents, blocks, grids; GRID is not a uniform kind.
  const int args[][6] = {{0, 5, 2, 2, 1, 1},  {5, 0, 2, 2, 1, 1},  {5, 5, 0, 2, 1, 1},
                         {5, 5, 2, 0, 1, 1},  {5, 5, 2, 2, 0, 1},  {5, 5, 2, 2, 1, 0},
                         {-1, 5, 2, 2, 1, 1}, {5, 5, -2, 2, 1, 1}, {5, 5, 2, 2, 1, -3}};
  for (int kind = 0; kind < 2; kind++)
    for (size_t c = 0; c < sizeof args / sizeof args[0]; c++) {
      const int *a = args[c];
      int rc = rma_tiles_init_uniform(&t, kind ? RMA_TILES_BLOCK_CYCLIC : RMA_TILES_TILED, a[0],
                                      a[1], a[2], a[3], a[4], a[5]);
      nconf++;
      RT_CHECK(rc != 0, "init_uniform(kind %d, %d,%d,%d,%d,%d,%d) accepted", kind, a[0], a[1], a[2],
               a[3], a[4], a[5]);
    }
  int rc = rma_tiles_init_uniform(&t, RMA_TILES_GRID, 5, 5, 2, 2, 1, 1);
  nconf++;
  RT_CHECK(rc != 0, "init_uniform accepted kind RMA_TILES_GRID");
  // Boundaries must start at 0; ld must cover the tile width.
  const int rb0[] = {2, 4, 6}, cb0[] = {0, 3}, ld1[] = {1, 1};
  rc = rma_tiles_init_grid(&t, 2, 1, rb0, cb0, own, ld);
  nconf++;
  RT_CHECK(rc != 0, "init_grid accepted rowb[0] = 2");
  const int rb1[] = {0, 2, 4};
  rc = rma_tiles_init_grid(&t, 2, 1, rb1, cb0, own, ld1);
  nconf++;
  RT_CHECK(rc != 0, "init_grid accepted ld = 1 < tile width 3");
  // A zeroed directory frees cleanly.
  memset(&t, 0, sizeof t);
  rma_tiles_free(&t);
}

int main(void) {
  const int ms[] = {1, 2, 3, 5, 7, 8, 13, 16, 31};
  const int bs[] = {1, 2, 3, 4, 5, 8, 16, 40};
  const int ps[] = {1, 2, 3, 4, 5, 7};
  const int nm = sizeof ms / sizeof ms[0], nbs = sizeof bs / sizeof bs[0];
  const int nps = sizeof ps / sizeof ps[0];
  check_numroc();
  for (int a = 0; a < nm; a++)
    for (int b = 0; b < nm; b++)
      for (int c = 0; c < nbs; c++)
        for (int d = 0; d < nbs; d++)
          for (int e = 0; e < nps; e++)
            for (int f = 0; f < nps; f++) {
              check_uniform(RMA_TILES_TILED, ms[a], ms[b], bs[c], bs[d], ps[e], ps[f]);
              check_uniform(RMA_TILES_BLOCK_CYCLIC, ms[a], ms[b], bs[c], bs[d], ps[e], ps[f]);
            }
  check_grids();
  check_rejects();
  printf("test_tiles: %ld configurations checked\n", nconf);
  return rt_finish("test_tiles", NULL, 0);
}
