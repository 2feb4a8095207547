/*
 * Window directories unit test (no MPI, no GA): ScaLAPACK's submatrices.
 *
 * A whole M x N matrix is dealt in MB x NB blocks over a P0 x P1 grid from
 * grid position (RSRC, CSRC), ranks numbering the grid by rows or by
 * columns, each local array column-major with leading dimension LLD (or
 * row-major). The window A(ia:ia+m-1, ja:ja+n-1) (0-based ia, ja) is
 * described by rma_tiles_init_window. For every element (i, j) of the
 * window, ScaLAPACK's index arithmetic, written out per element:
 *   gi = ia + i, block row gi / MB, owner row (RSRC + gi / MB) % P0,
 *   local row (gi / (MB * P0)) * MB + gi % MB   (INDXG2P / INDXG2L),
 * and likewise for columns, must equal what the directory gives:
 *   - the tile holding (i, j) (row_of / col_of), its owner rank, and
 *     owner memory offset disp + (i - r0) + (j - c0) * ld (column-major) or
 *     disp + (i - r0) * ld + (j - c0) (row-major);
 *   - tile extents: tiles cover the window exactly once;
 *   - segment_len(rank) = the number of window elements the rank owns, and
 *     segment_max the largest;
 *   - the transposed view (rma_tiles_transpose) maps element (j, i) of the
 *     transpose to the same owner and the same memory offset;
 *   - rma_tiles_local_copy of a rank's tiles into a row-major buffer and
 *     back reproduces the elements (column-major arrays are transposed);
 *   - the store's TILED directory of the same window (same origin, no local
 *     array facts) puts every owner's tiles contiguously: per owner a
 *     bijection onto [0, segment_len).
 * Exact checks; prints the number of windows checked and the failures;
 * exits 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "testutil.h"
#include "tiles/tiles.h"

static long nconf = 0;

typedef struct {
  int M, N, MB, NB, P0, P1, RSRC, CSRC, gridcol, colmajor;
  int ia, ja, m, n;
} case_t;

// ScaLAPACK's owner and local index of global index g (one dimension).
static int owner_of(int g, int nb, int src, int np) { return (src + g / nb) % np; }
static int local_of(int g, int nb, int np) { return (g / (nb * np)) * nb + g % nb; }
static int rank_of(const case_t *c, int pr, int pc) {
  return c->gridcol ? pr + pc * c->P0 : pr * c->P1 + pc;
}
// Local extent of the whole matrix on grid coordinate p (brute force).
static int local_extent(int n, int nb, int src, int p, int np) {
  int count = 0;
  for (int g = 0; g < n; g++)
    count += owner_of(g, nb, src, np) == p;
  return count;
}

static void check(const case_t *c) {
  nconf++;
  int np = c->P0 * c->P1;
  // This test plays every rank, so each rank's LLD must be the same: the
  // largest local row count (+ 1, "LLD larger than needed").
  int lld = 1;
  for (int p = 0; p < c->P0; p++) {
    int e = local_extent(c->M, c->MB, c->RSRC, p, c->P0);
    lld = e + 1 > lld ? e + 1 : lld;
  }
  int lldr = 1; // row-major: the largest local column count
  for (int q = 0; q < c->P1; q++) {
    int e = local_extent(c->N, c->NB, c->CSRC, q, c->P1);
    lldr = e + 1 > lldr ? e + 1 : lldr;
  }
  rma_tiles_origin_t o = {c->ia % c->MB,
                          c->ja % c->NB,
                          owner_of(c->ia, c->MB, c->RSRC, c->P0),
                          owner_of(c->ja, c->NB, c->CSRC, c->P1),
                          c->ia / c->MB,
                          c->ja / c->NB,
                          c->gridcol,
                          c->colmajor,
                          c->colmajor ? lld : lldr};
  rma_tiles_t t, tt, st;
  RT_CHECK(rma_tiles_init_window(&t, RMA_TILES_BLOCK_CYCLIC, c->m, c->n, c->MB, c->NB, c->P0, c->P1,
                                 &o) == 0,
           "init_window refused a legal window");
  RT_CHECK(rma_tiles_transpose(&tt, &t) == 0, "transpose refused");
  rma_tiles_origin_t so = {o.ioff, o.joff, o.rsrc, o.csrc, 0, 0, o.gridcol, 0, 0};
  RT_CHECK(
      rma_tiles_init_window(&st, RMA_TILES_TILED, c->m, c->n, c->MB, c->NB, c->P0, c->P1, &so) == 0,
      "init_window refused the store's directory");
  long *count = calloc((size_t)np, sizeof(long));
  long len_total = 0;
  for (int r = 0; r < np; r++)
    len_total += rma_tiles_segment_len(&st, r);
  char *hit = calloc((size_t)(len_total > 0 ? len_total : 1), 1);
  long *base = calloc((size_t)np + 1, sizeof(long));
  for (int r = 0; r < np; r++)
    base[r + 1] = base[r] + rma_tiles_segment_len(&st, r);
  int bad = 0;
  for (int i = 0; i < c->m && !bad; i++)
    for (int j = 0; j < c->n && !bad; j++) {
      int gi = c->ia + i, gj = c->ja + j;
      int pr = owner_of(gi, c->MB, c->RSRC, c->P0), pc = owner_of(gj, c->NB, c->CSRC, c->P1);
      int li = local_of(gi, c->MB, c->P0), lj = local_of(gj, c->NB, c->P1);
      long want = c->colmajor ? li + (long)lj * lld : (long)li * lldr + lj;
      int owner = rank_of(c, pr, pc);
      rma_tile_t tile;
      int bi = rma_tiles_row_of(&t, i), bj = rma_tiles_col_of(&t, j);
      rma_tiles_locate(&t, bi, bj, &tile);
      long got = c->colmajor ? tile.disp + (i - tile.r0) + (long)(j - tile.c0) * tile.ld
                             : tile.disp + (long)(i - tile.r0) * tile.ld + (j - tile.c0);
      if (i < tile.r0 || i >= tile.r0 + tile.rows || j < tile.c0 || j >= tile.c0 + tile.cols ||
          tile.owner != owner || got != want)
        bad = 1;
      // The transpose: element (j, i), same owner, same memory.
      rma_tile_t x;
      rma_tiles_locate(&tt, rma_tiles_row_of(&tt, j), rma_tiles_col_of(&tt, i), &x);
      long gotx = tt.o.colmajor ? x.disp + (j - x.r0) + (long)(i - x.c0) * x.ld
                                : x.disp + (long)(j - x.r0) * x.ld + (i - x.c0);
      if (x.owner != owner || gotx != want)
        bad = 2;
      // The store's tiled directory: same tile, same owner, a slot of its own.
      rma_tile_t s;
      rma_tiles_locate(&st, bi, bj, &s);
      long slot = s.disp + (long)(i - s.r0) * s.ld + (j - s.c0);
      if (s.owner != owner || s.r0 != tile.r0 || s.rows != tile.rows || slot < 0 ||
          slot >= base[owner + 1] - base[owner] || hit[base[owner] + slot]++)
        bad = 3;
      count[owner]++;
      if (bad)
        printf("  at (%d,%d): owner %d want %ld; tile owner %d got %ld, transpose owner %d got "
               "%ld, store owner %d slot %ld\n",
               i, j, owner, want, tile.owner, got, x.owner, gotx, s.owner, slot);
    }
  long most = 0;
  for (int r = 0; r < np && !bad; r++) {
    if (rma_tiles_segment_len(&t, r) != count[r] || rma_tiles_segment_len(&st, r) != count[r])
      bad = 4;
    most = count[r] > most ? count[r] : most;
  }
  if (!bad && rma_tiles_segment_max(&t) != most)
    bad = 5;
  // Local copy: each rank's tiles out to a row-major buffer and back.
  long cap = (long)(c->colmajor ? lld : lldr) * (c->M + c->N + 1);
  double *seg = malloc(sizeof(double) * (size_t)cap), *back = malloc(sizeof(double) * (size_t)cap);
  double *buf = malloc(sizeof(double) * (size_t)c->MB * c->NB);
  for (int r = 0; r < np && !bad; r++) {
    for (long e = 0; e < cap; e++)
      seg[e] = (double)(e * 7 + r), back[e] = -1.0;
    for (int bi = 0; bi < t.mt && !bad; bi++)
      for (int bj = 0; bj < t.nt && !bad; bj++) {
        rma_tile_t tile;
        rma_tiles_locate(&t, bi, bj, &tile);
        if (tile.owner != r)
          continue;
        rma_rect_t p = {tile.r0, tile.c0, tile.rows, tile.cols};
        rma_tiles_local_copy(&t, seg, p, buf, tile.cols, 1);
        for (int i = 0; i < tile.rows; i++)
          for (int j = 0; j < tile.cols; j++) {
            long at =
                c->colmajor ? tile.disp + i + (long)j * tile.ld : tile.disp + (long)i * tile.ld + j;
            if (buf[(long)i * tile.cols + j] != seg[at])
              bad = 6;
          }
        rma_tiles_local_copy(&t, back, p, buf, tile.cols, 0);
        for (int i = 0; i < tile.rows; i++)
          for (int j = 0; j < tile.cols; j++) {
            long at =
                c->colmajor ? tile.disp + i + (long)j * tile.ld : tile.disp + (long)i * tile.ld + j;
            if (back[at] != seg[at])
              bad = 7;
          }
      }
  }
  free(seg), free(back), free(buf), free(count), free(hit), free(base);
  RT_CHECK(
      !bad,
      "check %d failed: M=%d N=%d MB=%d NB=%d grid %dx%d src (%d,%d) %s %s ia=%d ja=%d m=%d n=%d",
      bad, c->M, c->N, c->MB, c->NB, c->P0, c->P1, c->RSRC, c->CSRC,
      c->gridcol ? "col-grid" : "row-grid", c->colmajor ? "col-major" : "row-major", c->ia, c->ja,
      c->m, c->n);
}

static void check_rejects(void) {
  rma_tiles_t t;
  rma_tiles_origin_t bad[] = {
      {.ioff = 4}, {.joff = -1}, {.rsrc = 2}, {.csrc = 3}, {.lld = -1}, {.ib0 = -2},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    nconf++;
    RT_CHECK(rma_tiles_init_window(&t, RMA_TILES_BLOCK_CYCLIC, 10, 10, 4, 4, 2, 3, &bad[i]) != 0,
             "origin %zu accepted", i);
  }
  rma_tiles_origin_t cm = {.colmajor = 1};
  nconf++;
  RT_CHECK(rma_tiles_init_window(&t, RMA_TILES_TILED, 10, 10, 4, 4, 2, 3, &cm) != 0,
           "column-major TILED accepted");
  rma_tiles_init_uniform(&t, RMA_TILES_TILED, 10, 10, 4, 4, 2, 3);
  rma_tiles_t x;
  nconf++;
  RT_CHECK(rma_tiles_transpose(&x, &t) != 0, "transpose of TILED accepted");
  nconf++;
  RT_CHECK(rma_tiles_plain(&t), "a whole matrix is not plain");
}

int main(void) {
  unsigned seed = 12345;
  for (int trial = 0; trial < 4000; trial++) {
    case_t c;
    c.MB = 1 + rt_rand(&seed, 7), c.NB = 1 + rt_rand(&seed, 7);
    c.P0 = 1 + rt_rand(&seed, 3), c.P1 = 1 + rt_rand(&seed, 4);
    c.RSRC = rt_rand(&seed, c.P0), c.CSRC = rt_rand(&seed, c.P1);
    c.gridcol = rt_rand(&seed, 2), c.colmajor = rt_rand(&seed, 2);
    c.M = 1 + rt_rand(&seed, 30), c.N = 1 + rt_rand(&seed, 30);
    c.ia = rt_rand(&seed, c.M), c.ja = rt_rand(&seed, c.N);
    c.m = 1 + rt_rand(&seed, c.M - c.ia), c.n = 1 + rt_rand(&seed, c.N - c.ja);
    if (trial % 5 == 0) // whole matrices too
      c.ia = c.ja = 0, c.m = c.M, c.n = c.N;
    check(&c);
  }
  check_rejects();
  printf("test_tiles_window: %ld configurations checked\n", nconf);
  return rt_finish("test_tiles_window", NULL, 0);
}
