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

// Along one dimension of a uniform directory: n elements cut into nb-blocks,
// the first block starting off elements early (so it holds nb - off).
static int span_start(int off, int nb, int b) { return b == 0 ? 0 : b * nb - off; }
static int span_len(int n, int off, int nb, int b) {
  int end = (b + 1) * nb - off;
  return (end < n ? end : n) - span_start(off, nb, b);
}
// Elements grid coordinate p (of np) holds when block 0 is on src.
static int held(int n, int off, int nb, int src, int p, int np) {
  int rel = (p - src + np) % np, len = rma_numroc(n + off, nb, rel, np);
  return rel == 0 ? len - off : len;
}
// Elements of the owner's earlier blocks before block b (the store's order).
static int held_before(int off, int nb, int b, int np) {
  return (b / np) * nb - (b % np == 0 && b > 0 ? off : 0);
}
// Index of block b's first element in its owner's whole local array, when
// b is block b0 + b of the whole matrix.
static long local_start(int b0, int off, int nb, int b, int np) {
  return (long)((b0 + b) / np) * nb + (b == 0 ? off : 0);
}

int rma_tiles_init_window(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                          int p0, int p1, const rma_tiles_origin_t *o) {
  memset(t, 0, sizeof *t);
  if (kind == RMA_TILES_GRID || m < 1 || n < 1 || mb < 1 || nb < 1 || p0 < 1 || p1 < 1)
    return RMA_ERR_LAYOUT;
  if (o->ioff < 0 || o->ioff >= mb || o->joff < 0 || o->joff >= nb || o->rsrc < 0 ||
      o->rsrc >= p0 || o->csrc < 0 || o->csrc >= p1 || o->ib0 < 0 || o->jb0 < 0 || o->lld < 0)
    return RMA_ERR_LAYOUT;
  if (kind == RMA_TILES_TILED && (o->colmajor || o->lld || o->ib0 || o->jb0))
    return RMA_ERR_LAYOUT;
  t->kind = kind, t->dtype = RMA_DT_D;
  t->m = m, t->n = n, t->mb = mb, t->nb = nb, t->p0 = p0, t->p1 = p1;
  t->o = *o;
  t->o.gridcol = o->gridcol != 0, t->o.colmajor = o->colmajor != 0;
  t->mt = (m + o->ioff + mb - 1) / mb;
  t->nt = (n + o->joff + nb - 1) / nb;
  return 0;
}

int rma_tiles_init_uniform(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                           int p0, int p1) {
  rma_tiles_origin_t plain = {0};
  return rma_tiles_init_window(t, kind, m, n, mb, nb, p0, p1, &plain);
}

int rma_tiles_plain(const rma_tiles_t *t) {
  rma_tiles_origin_t plain = {0};
  return t->kind != RMA_TILES_GRID && memcmp(&t->o, &plain, sizeof plain) == 0;
}

int rma_tiles_transpose(rma_tiles_t *dst, const rma_tiles_t *src) {
  if (src->kind != RMA_TILES_BLOCK_CYCLIC)
    return RMA_ERR_LAYOUT;
  const rma_tiles_origin_t *o = &src->o;
  rma_tiles_origin_t x = {o->joff, o->ioff, o->csrc, o->rsrc, o->jb0,     o->ib0,
                          !o->gridcol, !o->colmajor, o->lld};
  int rc = rma_tiles_init_window(dst, src->kind, src->n, src->m, src->nb, src->mb, src->p1,
                                 src->p0, &x);
  dst->dtype = src->dtype;
  return rc;
}

int rma_tiles_coords(const rma_tiles_t *t, int rank, int *pr, int *pc) {
  if (rank < 0 || rank >= t->p0 * t->p1)
    return -1;
  *pr = t->o.gridcol ? rank % t->p0 : rank / t->p1;
  *pc = t->o.gridcol ? rank / t->p0 : rank % t->p1;
  return 0;
}

int rma_tiles_first_row(const rma_tiles_t *t, int pr) { return (pr - t->o.rsrc + t->p0) % t->p0; }
int rma_tiles_first_col(const rma_tiles_t *t, int pc) { return (pc - t->o.csrc + t->p1) % t->p1; }

// First index >= from in the residue class first (mod p).
static int from_class(int from, int first, int p) { return from + ((first - from) % p + p) % p; }

int rma_tiles_row_from(const rma_tiles_t *t, int pr, int from) {
  return from_class(from, rma_tiles_first_row(t, pr), t->p0);
}
int rma_tiles_col_from(const rma_tiles_t *t, int pc, int from) {
  return from_class(from, rma_tiles_first_col(t, pc), t->p1);
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
  t->kind = RMA_TILES_GRID, t->dtype = RMA_DT_D;
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

int rma_tiles_copy(rma_tiles_t *dst, const rma_tiles_t *src) {
  if (src->kind == RMA_TILES_GRID) {
    int rc = rma_tiles_init_grid(dst, src->mt, src->nt, src->rowb, src->colb, src->owner, src->ld);
    dst->dtype = src->dtype;
    return rc;
  }
  *dst = *src;
  return 0;
}

int rma_tiles_subwindow(rma_tiles_t *dst, const rma_tiles_t *src, int i0, int j0, int rows,
                        int cols, int rank) {
  if (src->kind != RMA_TILES_BLOCK_CYCLIC || i0 < 0 || j0 < 0 || rows < 1 || cols < 1 ||
      i0 + rows > src->m || j0 + cols > src->n)
    return RMA_ERR_LAYOUT;
  const rma_tiles_origin_t *o = &src->o;
  int qi = (o->ioff + i0) / src->mb, qj = (o->joff + j0) / src->nb;
  rma_tiles_origin_t x = {(o->ioff + i0) % src->mb, (o->joff + j0) % src->nb,
                          (o->rsrc + qi) % src->p0, (o->csrc + qj) % src->p1,
                          o->ib0 + qi,              o->jb0 + qj,
                          o->gridcol,               o->colmajor,
                          o->lld};
  // A derived leading dimension belongs to the whole window: this rank's is kept.
  int pr, pc;
  if (!x.lld && rma_tiles_coords(src, rank, &pr, &pc) == 0 &&
      rma_tiles_first_row(src, pr) < src->mt && rma_tiles_first_col(src, pc) < src->nt) {
    rma_tile_t t;
    rma_tiles_locate(src, rma_tiles_first_row(src, pr), rma_tiles_first_col(src, pc), &t);
    x.lld = t.ld;
  }
  if (!x.lld)
    x.lld = 1;
  int rc = rma_tiles_init_window(dst, src->kind, rows, cols, src->mb, src->nb, src->p0, src->p1, &x);
  dst->dtype = src->dtype;
  return rc;
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
  const rma_tiles_origin_t *o = &t->o;
  int pr = (bi + o->rsrc) % t->p0, pc = (bj + o->csrc) % t->p1;
  tile->owner = o->gridcol ? pr + pc * t->p0 : pr * t->p1 + pc;
  tile->r0 = span_start(o->ioff, t->mb, bi), tile->c0 = span_start(o->joff, t->nb, bj);
  tile->rows = span_len(t->m, o->ioff, t->mb, bi);
  tile->cols = span_len(t->n, o->joff, t->nb, bj);
  if (t->kind == RMA_TILES_TILED) {
    // Earlier tile rows of the owner span all its columns; earlier tiles of
    // this tile row have this tile's height.
    long lc = held(t->n, o->joff, t->nb, o->csrc, pc, t->p1);
    tile->disp = held_before(o->ioff, t->mb, bi, t->p0) * lc +
                 (long)tile->rows * held_before(o->joff, t->nb, bj, t->p1);
    tile->ld = tile->cols;
    return;
  }
  long li = local_start(o->ib0, o->ioff, t->mb, bi, t->p0);
  long lj = local_start(o->jb0, o->joff, t->nb, bj, t->p1);
  if (o->colmajor) {
    tile->ld = o->lld ? o->lld : held(t->m, o->ioff, t->mb, o->rsrc, pr, t->p0);
    tile->disp = li + lj * tile->ld;
  } else {
    tile->ld = o->lld ? o->lld : held(t->n, o->joff, t->nb, o->csrc, pc, t->p1);
    tile->disp = li * tile->ld + lj;
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
  return t->kind == RMA_TILES_GRID ? search_bounds(t->rowb, t->mt, i) : (i + t->o.ioff) / t->mb;
}

int rma_tiles_col_of(const rma_tiles_t *t, int j) {
  return t->kind == RMA_TILES_GRID ? search_bounds(t->colb, t->nt, j) : (j + t->o.joff) / t->nb;
}

// rows x cols: b (row-major, ld ldb) <-> s (column-major, ld lds), elements
// of type T; out = 1 writes b. In 32 x 32 blocks, so both sides stay in
// cache. One body for the three element sizes (s; d and c; z).
#define RMA_COPY_TRANSPOSED(name, T)                                                               \
  static void name(void *sv, int lds, void *bv, int ldb, int rows, int cols, int out) {            \
    enum { BLK = 32 };                                                                             \
    T *s = sv, *b = bv;                                                                            \
    for (int j0 = 0; j0 < cols; j0 += BLK)                                                         \
      for (int i0 = 0; i0 < rows; i0 += BLK) {                                                     \
        int i1 = i0 + BLK < rows ? i0 + BLK : rows, j1 = j0 + BLK < cols ? j0 + BLK : cols;        \
        for (int j = j0; j < j1; j++)                                                              \
          for (int i = i0; i < i1; i++) {                                                          \
            T *x = s + i + (long)j * lds, *y = b + (long)i * ldb + j;                              \
            if (out)                                                                               \
              *y = *x;                                                                             \
            else                                                                                   \
              *x = *y;                                                                             \
          }                                                                                        \
      }                                                                                            \
  }
RMA_COPY_TRANSPOSED(copy_transposed4, float)
RMA_COPY_TRANSPOSED(copy_transposed8, double)
RMA_COPY_TRANSPOSED(copy_transposed16, double _Complex)

static void copy_transposed(size_t es, void *s, int lds, void *b, int ldb, int rows, int cols,
                            int out) {
  if (es == 4)
    copy_transposed4(s, lds, b, ldb, rows, cols, out);
  else if (es == 8)
    copy_transposed8(s, lds, b, ldb, rows, cols, out);
  else
    copy_transposed16(s, lds, b, ldb, rows, cols, out);
}

void rma_tiles_local_copy(const rma_tiles_t *t, void *seg, rma_rect_t p, void *buf, int ldb,
                          int out) {
  if (p.rows <= 0 || p.cols <= 0)
    return;
  size_t es = rma_tiles_esize(t);
  int bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  for (int bi = rma_tiles_row_of(t, p.r0); bi <= bi1; bi++)
    for (int bj = rma_tiles_col_of(t, p.c0); bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      int r0 = p.r0 > tile.r0 ? p.r0 : tile.r0, c0 = p.c0 > tile.c0 ? p.c0 : tile.c0;
      int r1 = p.r0 + p.rows < tile.r0 + tile.rows ? p.r0 + p.rows : tile.r0 + tile.rows;
      int c1 = p.c0 + p.cols < tile.c0 + tile.cols ? p.c0 + p.cols : tile.c0 + tile.cols;
      char *b = (char *)buf + es * ((long)(r0 - p.r0) * ldb + (c0 - p.c0));
      if (t->kind != RMA_TILES_GRID && t->o.colmajor) {
        char *s = (char *)seg + es * (tile.disp + (r0 - tile.r0) + (long)(c0 - tile.c0) * tile.ld);
        copy_transposed(es, s, tile.ld, b, ldb, r1 - r0, c1 - c0, out);
        continue;
      }
      for (int i = r0; i < r1; i++) {
        char *s = (char *)seg + es * (tile.disp + (long)(i - tile.r0) * tile.ld + (c0 - tile.c0));
        memcpy(out ? b : s, out ? s : b, es * (size_t)(c1 - c0));
        b += es * (size_t)ldb;
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
  int pr, pc;
  if (rma_tiles_coords(t, rank, &pr, &pc))
    return 0;
  const rma_tiles_origin_t *o = &t->o;
  return (long)held(t->m, o->ioff, t->mb, o->rsrc, pr, t->p0) *
         held(t->n, o->joff, t->nb, o->csrc, pc, t->p1);
}

long rma_tiles_segment_max(const rma_tiles_t *t) {
  if (t->kind != RMA_TILES_GRID) {
    const rma_tiles_origin_t *o = &t->o;
    long rows = 0, cols = 0;
    for (int p = 0; p < t->p0; p++) {
      long h = held(t->m, o->ioff, t->mb, o->rsrc, p, t->p0);
      rows = h > rows ? h : rows;
    }
    for (int q = 0; q < t->p1; q++) {
      long w = held(t->n, o->joff, t->nb, o->csrc, q, t->p1);
      cols = w > cols ? w : cols;
    }
    return rows * cols;
  }
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
