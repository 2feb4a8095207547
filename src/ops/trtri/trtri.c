#include "ops/trtri/trtri.h"

#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_triangle.h"
#include "ops/trmm/trmm.h"
#include "rma/patch.h"
#include "store/copy.h"
#include "store/store.h"

// Diagonal blocks of at most this order (or one tile, when larger) are
// inverted whole by the kernel.
#define RMA_TRTRI_LEAF 128

int rma_trtri_zero_diagonal(const rma_matrix_t *a, int *info) {
  const rma_tiles_t *t = a->tiles;
  rma_context_t *ctx = rma_context();
  int first = t->m, pr, pc;
  char x[16];
  if (t->kind == RMA_TILES_GRID) {
    for (int bi = 0; bi < t->mt; bi++)
      for (int bj = 0; bj < t->nt; bj++) {
        rma_tile_t tile;
        rma_tiles_locate(t, bi, bj, &tile);
        for (int g = tile.r0 > tile.c0 ? tile.r0 : tile.c0;
             tile.owner == ctx->rank && g < first && g < tile.r0 + tile.rows && g < tile.c0 + tile.cols; g++) {
          rma_tiles_local_copy(t, a->seg, (rma_rect_t){g, g, 1, 1}, x, 1, 1);
          if (rma_scalar_load(t->dtype, x, 0) == 0)
            first = g;
        }
      }
  } else if (rma_tiles_coords(t, ctx->rank, &pr, &pc) == 0) {
    RMA_TILES_FOR_OWNED(t, pr, pc, 0, 0, bi, bj) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      for (int g = tile.r0 > tile.c0 ? tile.r0 : tile.c0;
           g < first && g < tile.r0 + tile.rows && g < tile.c0 + tile.cols; g++) {
        rma_tiles_local_copy(t, a->seg, (rma_rect_t){g, g, 1, 1}, x, 1, 1);
        if (rma_scalar_load(t->dtype, x, 0) == 0)
          first = g;
      }
    }
  }
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, ctx->comm);
  *info = first < t->m ? first + 1 : 0;
  return 0;
}

// Where [o, o + s) is split: near its middle, on a tile boundary of the
// rows when one lies inside.
static int split(const rma_tiles_t *t, int o, int s) {
  int mb = t->mb, base = t->o.ioff + o;
  int cut = ((base + s / 2 + mb / 2) / mb) * mb - base;
  return cut > 0 && cut < s ? cut : s / 2;
}

static int leaf_order(const rma_tiles_t *t) {
  int tile = t->mb > t->nb ? t->mb : t->nb;
  return tile > RMA_TRTRI_LEAF ? tile : RMA_TRTRI_LEAF;
}

// 1 when this rank holds some element of rows x columns [o, o + s).
static int holds(const rma_tiles_t *t, int o, int s, int rank) {
  int pr, pc;
  if (rma_tiles_coords(t, rank, &pr, &pc))
    return 0;
  int r = rma_tiles_row_from(t, pr, rma_tiles_row_of(t, o));
  int c = rma_tiles_col_from(t, pc, rma_tiles_col_of(t, o));
  return r <= rma_tiles_row_of(t, o + s - 1) && c <= rma_tiles_col_of(t, o + s - 1);
}

// Invert every diagonal leaf of the recursion on [o, o + s) that this rank
// holds part of: read whole from the mirror (from, stored) into buf, inverted
// by the kernel, this rank's tiles written back.
static int leaves(int lower, int unit, const rma_matrix_t *a, const rma_win_t *from,
                  const rma_tiles_t *stored, int o, int s, void *buf) {
  const rma_tiles_t *t = a->tiles;
  if (s > leaf_order(t)) {
    int n1 = split(t, o, s);
    RMA_CALL(leaves(lower, unit, a, from, stored, o, n1, buf));
    return leaves(lower, unit, a, from, stored, o + n1, s - n1, buf);
  }
  rma_context_t *ctx = rma_context();
  if (!holds(t, o, s, ctx->rank))
    return 0;
  size_t es = rma_tiles_esize(t);
  RMA_CALL(rma_patch_copy(from, stored, 0, (rma_rect_t){o, o, s, s}, buf, s));
  (void)rma_kernel_trtri_dt(t->dtype, lower, unit, s, buf, s); // zero diagonals ruled out before
  int pr, pc;
  rma_tiles_coords(t, ctx->rank, &pr, &pc);
  RMA_TILES_FOR_OWNED(t, pr, pc, rma_tiles_row_of(t, o), rma_tiles_col_of(t, o), bi, bj) {
    rma_tile_t tile;
    rma_tiles_locate(t, bi, bj, &tile);
    if (tile.r0 >= o + s || tile.c0 >= o + s)
      continue;
    int r0 = tile.r0 > o ? tile.r0 : o, c0 = tile.c0 > o ? tile.c0 : o;
    int r1 = tile.r0 + tile.rows < o + s ? tile.r0 + tile.rows : o + s;
    int c1 = tile.c0 + tile.cols < o + s ? tile.c0 + tile.cols : o + s;
    rma_tiles_local_copy(t, a->seg, (rma_rect_t){r0, c0, r1 - r0, c1 - c0},
                         (char *)buf + es * ((size_t)(r0 - o) * s + (c0 - o)), s, 0);
  }
  return 0;
}

// The window rows x cols at (i0, j0) of a.
static int window(const rma_matrix_t *a, int i0, int j0, int rows, int cols, rma_tiles_t *t,
                  rma_matrix_t *w) {
  *w = *a;
  w->tiles = t;
  return rma_tiles_subwindow(t, a->tiles, i0, j0, rows, cols, rma_context()->rank);
}

// Above the leaves: with X11 and X22 inverted, the off-diagonal block
// becomes -X22 T21 X11 (lower) or -X11 T12 X22 (upper), two products.
static int combine(int lower, int unit, const rma_matrix_t *a, int o, int s) {
  const rma_tiles_t *t = a->tiles;
  if (s <= leaf_order(t))
    return 0;
  int n1 = split(t, o, s), n2 = s - n1;
  RMA_CALL(combine(lower, unit, a, o, n1));
  RMA_CALL(combine(lower, unit, a, o + n1, n2));
  rma_tiles_t t11, t22, toff;
  rma_matrix_t x11, x22, off;
  RMA_CALL(window(a, o, o, n1, n1, &t11, &x11));
  RMA_CALL(window(a, o + n1, o + n1, n2, n2, &t22, &x22));
  if (lower) {
    RMA_CALL(window(a, o + n1, o, n2, n1, &toff, &off));
    RMA_CALL(rma_trmm_matrices(1, 1, RMA_OP_N, unit, n2, n1, 1, &x11, &off));
    return rma_trmm_matrices(0, 1, RMA_OP_N, unit, n2, n1, -1, &x22, &off);
  }
  RMA_CALL(window(a, o, o + n1, n1, n2, &toff, &off));
  RMA_CALL(rma_trmm_matrices(1, 0, RMA_OP_N, unit, n1, n2, 1, &x22, &off));
  return rma_trmm_matrices(0, 0, RMA_OP_N, unit, n1, n2, -1, &x11, &off);
}

int rma_trtri_blocks(int lower, int unit, const rma_matrix_t *a) {
  rma_context_t *ctx = rma_context();
  const rma_tiles_t *t = a->tiles;
  int n = t->m;
  int leaf = leaf_order(t) < n ? leaf_order(t) : n;
  void *buf = malloc(rma_tiles_esize(t) * (size_t)leaf * (size_t)leaf);
  RMA_CALL(rma_status_agree(ctx->comm, buf ? 0 : RMA_ERR_NO_MEMORY));
  rma_win_t *from = NULL;
  const rma_tiles_t *stored = NULL;
  int rc = rma_status_agree(ctx->comm,
                            rma_store_mirror(RMA_STORE_A, t, a->seg, a->seglen, &from, &stored));
  if (rc == 0)
    rc = leaves(lower, unit, a, from, stored, 0, n, buf);
  // Nobody mirrors into the store again while another rank still reads it.
  rc = rma_status_agree(ctx->comm, rc);
  free(buf);
  if (rc == 0)
    rc = combine(lower, unit, a, 0, n);
  return rma_status_agree(ctx->comm, rc);
}

// The arguments of rma_trtri_blocks on a copy (store/copy.h).
typedef struct {
  int lower, unit;
} trtri_args_t;

static int trtri_copy_run(const rma_matrix_t *copy, void *arg) {
  const trtri_args_t *x = arg;
  return rma_trtri_blocks(x->lower, x->unit, copy);
}

int rma_trtri_matrix(int lower, int unit, const rma_matrix_t *a, int *info) {
  *info = 0;
  if (a->tiles->m == 0)
    return 0;
  if (!unit) {
    RMA_CALL(rma_trtri_zero_diagonal(a, info));
    if (*info)
      return 0;
  }
  int rc = a->tiles->kind == RMA_TILES_BLOCK_CYCLIC
               ? rma_trtri_blocks(lower, unit, a)
               : rma_store_through_copy(a, trtri_copy_run, &(trtri_args_t){lower, unit});
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
