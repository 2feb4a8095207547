#include "tiles/tiles.h"

#include <stdlib.h>
#include <string.h>

#include "rmala.h"

int rma_numroc(int n, int nb, int iproc, int nprocs) {
  int nblocks = n / nb;
  int len = (nblocks / nprocs) * nb;
  int extra = nblocks % nprocs;
  if (iproc < extra)
    len += nb;
  else if (iproc == extra)
    len += n % nb;
  return len;
}

int rma_tiles_init_uniform(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                           int p0, int p1) {
  memset(t, 0, sizeof *t);
  if (kind == RMA_TILES_GRID || m < 1 || n < 1 || mb < 1 || nb < 1 || p0 < 1 || p1 < 1)
    return RMA_ERR_LAYOUT;
  t->kind = kind;
  t->m = m, t->n = n, t->mb = mb, t->nb = nb, t->p0 = p0, t->p1 = p1;
  t->mt = (m + mb - 1) / mb;
  t->nt = (n + nb - 1) / nb;
  return 0;
}

static int *copy_ints(const int *src, int count) {
  int *dst = malloc(sizeof(int) * (size_t)count);
  if (dst)
    memcpy(dst, src, sizeof(int) * (size_t)count);
  return dst;
}

int rma_tiles_init_grid(rma_tiles_t *t, int mt, int nt, const int *rowb, const int *colb,
                        const int *owner, const int *ld) {
  memset(t, 0, sizeof *t);
  if (mt < 1 || nt < 1 || rowb[0] != 0 || colb[0] != 0)
    return RMA_ERR_LAYOUT;
  for (int i = 0; i < mt; i++)
    if (rowb[i + 1] <= rowb[i])
      return RMA_ERR_LAYOUT;
  for (int j = 0; j < nt; j++)
    if (colb[j + 1] <= colb[j])
      return RMA_ERR_LAYOUT;
  for (int i = 0; i < mt; i++)
    for (int j = 0; j < nt; j++)
      if (owner[i * nt + j] < 0 || ld[i * nt + j] < colb[j + 1] - colb[j])
        return RMA_ERR_LAYOUT;
  t->kind = RMA_TILES_GRID;
  t->m = rowb[mt], t->n = colb[nt], t->mt = mt, t->nt = nt;
  t->rowb = copy_ints(rowb, mt + 1);
  t->colb = copy_ints(colb, nt + 1);
  t->owner = copy_ints(owner, mt * nt);
  t->ld = copy_ints(ld, mt * nt);
  if (!t->rowb || !t->colb || !t->owner || !t->ld) {
    rma_tiles_free(t);
    return RMA_ERR_NO_MEMORY;
  }
  return 0;
}

void rma_tiles_free(rma_tiles_t *t) {
  free(t->rowb);
  free(t->colb);
  free(t->owner);
  free(t->ld);
  memset(t, 0, sizeof *t);
}

void rma_tiles_locate(const rma_tiles_t *t, int bi, int bj, rma_tile_t *tile) {
  if (t->kind == RMA_TILES_GRID) {
    int id = bi * t->nt + bj;
    tile->owner = t->owner[id];
    tile->disp = 0;
    tile->ld = t->ld[id];
    tile->r0 = t->rowb[bi], tile->c0 = t->colb[bj];
    tile->rows = t->rowb[bi + 1] - tile->r0;
    tile->cols = t->colb[bj + 1] - tile->c0;
    return;
  }
  int p = bi % t->p0, q = bj % t->p1;
  int li = bi / t->p0, lj = bj / t->p1;
  long lc = rma_numroc(t->n, t->nb, q, t->p1); // local columns of the owner
  tile->owner = p * t->p1 + q;
  tile->r0 = bi * t->mb, tile->c0 = bj * t->nb;
  tile->rows = t->m - tile->r0 < t->mb ? t->m - tile->r0 : t->mb;
  tile->cols = t->n - tile->c0 < t->nb ? t->n - tile->c0 : t->nb;
  // Local rows above this tile are all full mb-row tile rows of width lc.
  long above = (long)li * t->mb * lc;
  if (t->kind == RMA_TILES_TILED) {
    // Tiles left of it in its tile row are full nb-wide tiles of this height.
    tile->disp = above + (long)tile->rows * lj * t->nb;
    tile->ld = tile->cols;
  } else {
    tile->disp = above + (long)lj * t->nb;
    tile->ld = (int)lc;
  }
}

// Index b with bounds[b] <= x < bounds[b+1] (bounds strictly increasing).
static int search_bounds(const int *bounds, int count, int x) {
  int lo = 0, hi = count; // invariant: bounds[lo] <= x < bounds[hi]
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (bounds[mid] <= x)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

int rma_tiles_row_of(const rma_tiles_t *t, int i) {
  return t->kind == RMA_TILES_GRID ? search_bounds(t->rowb, t->mt, i) : i / t->mb;
}

int rma_tiles_col_of(const rma_tiles_t *t, int j) {
  return t->kind == RMA_TILES_GRID ? search_bounds(t->colb, t->nt, j) : j / t->nb;
}

void rma_tiles_local_copy(const rma_tiles_t *t, double *seg, rma_rect_t p, double *buf, int ldb,
                          int out) {
  if (p.rows <= 0 || p.cols <= 0)
    return;
  int bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  for (int bi = rma_tiles_row_of(t, p.r0); bi <= bi1; bi++)
    for (int bj = rma_tiles_col_of(t, p.c0); bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      int r0 = p.r0 > tile.r0 ? p.r0 : tile.r0, c0 = p.c0 > tile.c0 ? p.c0 : tile.c0;
      int r1 = p.r0 + p.rows < tile.r0 + tile.rows ? p.r0 + p.rows : tile.r0 + tile.rows;
      int c1 = p.c0 + p.cols < tile.c0 + tile.cols ? p.c0 + p.cols : tile.c0 + tile.cols;
      for (int i = r0; i < r1; i++) {
        double *s = seg + tile.disp + (long)(i - tile.r0) * tile.ld + (c0 - tile.c0);
        double *b = buf + (long)(i - p.r0) * ldb + (c0 - p.c0);
        memcpy(out ? b : s, out ? s : b, sizeof(double) * (size_t)(c1 - c0));
      }
    }
}

long rma_tiles_segment_len(const rma_tiles_t *t, int rank) {
  if (t->kind == RMA_TILES_GRID) {
    long len = 0;
    for (int bi = 0; bi < t->mt; bi++)
      for (int bj = 0; bj < t->nt; bj++)
        if (t->owner[bi * t->nt + bj] == rank) {
          rma_tile_t tile;
          rma_tiles_locate(t, bi, bj, &tile);
          len += (long)(tile.rows - 1) * tile.ld + tile.cols;
        }
    return len;
  }
  if (rank < 0 || rank >= t->p0 * t->p1)
    return 0;
  return (long)rma_numroc(t->m, t->mb, rank / t->p1, t->p0) *
         rma_numroc(t->n, t->nb, rank % t->p1, t->p1);
}

long rma_tiles_segment_max(const rma_tiles_t *t) {
  if (t->kind != RMA_TILES_GRID)
    return rma_tiles_segment_len(t, 0); // NUMROC is largest for process 0
  // At most one block per process: the largest block is the answer.
  long most = 0;
  for (int bi = 0; bi < t->mt; bi++)
    for (int bj = 0; bj < t->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      long len = (long)(tile.rows - 1) * tile.ld + tile.cols;
      most = len > most ? len : most;
    }
  return most;
}

int rma_grid_choose(int np, int mt, int nt, int *p0, int *p1) {
  int found = 0, best_gap = 0;
  for (int r = 1; r <= np; r++) {
    if (np % r != 0 || r > mt || np / r > nt)
      continue;
    int gap = r > np / r ? r - np / r : np / r - r;
    if (!found || gap < best_gap) {
      *p0 = r, *p1 = np / r, best_gap = gap;
      found = 1;
    }
  }
  return found;
}
