#include "rma/patch.h"

#include <string.h>

#include "core/error.h"

int rma_patch_pieces(const rma_tiles_t *t, rma_rect_t p) {
  if (p.rows <= 0 || p.cols <= 0)
    return 0;
  int bi0 = rma_tiles_row_of(t, p.r0), bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  return (bi1 - bi0 + 1) * (bj1 - bj0 + 1);
}

// Issue one get of rows x cols elements from (owner, disp, ld) into dst (ldd).
// A piece this rank owns is copied at once and yields MPI_REQUEST_NULL.
static int rget_rect(const rma_win_t *w, int owner, long disp, int ld, int rows, int cols,
                     double *dst, int ldd, MPI_Request *req) {
  if (owner == w->rank) {
    for (int i = 0; i < rows; i++)
      memcpy(dst + (long)i * ldd, w->base + disp + (long)i * ld, sizeof(double) * (size_t)cols);
    *req = MPI_REQUEST_NULL;
    return 0;
  }
  if ((rows == 1 || (ld == cols && ldd == cols))) {
    // Contiguous on both sides: a plain count of doubles.
    RMA_CALL_MPI(MPI_Rget(dst, rows * cols, MPI_DOUBLE, owner, (MPI_Aint)disp, rows * cols,
                          MPI_DOUBLE, w->win, req));
    return 0;
  }
  MPI_Datatype src_t, dst_t;
  MPI_Type_vector(rows, cols, ld, MPI_DOUBLE, &src_t);
  MPI_Type_commit(&src_t);
  if (ldd == cols) {
    RMA_CALL_MPI(MPI_Rget(dst, rows * cols, MPI_DOUBLE, owner, (MPI_Aint)disp, 1, src_t, w->win, req));
  } else {
    MPI_Type_vector(rows, cols, ldd, MPI_DOUBLE, &dst_t);
    MPI_Type_commit(&dst_t);
    RMA_CALL_MPI(MPI_Rget(dst, 1, dst_t, owner, (MPI_Aint)disp, 1, src_t, w->win, req));
    MPI_Type_free(&dst_t);
  }
  MPI_Type_free(&src_t);
  return 0;
}

int rma_patch_rget(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, double *buf, int ldb,
                   MPI_Request *reqs, int *nreq) {
  if (p.rows <= 0 || p.cols <= 0)
    return 0;
  int bi0 = rma_tiles_row_of(t, p.r0), bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  for (int bi = bi0; bi <= bi1; bi++)
    for (int bj = bj0; bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      // Intersection of the patch with this tile.
      int r0 = p.r0 > tile.r0 ? p.r0 : tile.r0;
      int c0 = p.c0 > tile.c0 ? p.c0 : tile.c0;
      int r1 = p.r0 + p.rows < tile.r0 + tile.rows ? p.r0 + p.rows : tile.r0 + tile.rows;
      int c1 = p.c0 + p.cols < tile.c0 + tile.cols ? p.c0 + p.cols : tile.c0 + tile.cols;
      long disp = tile.disp + (long)(r0 - tile.r0) * tile.ld + (c0 - tile.c0);
      double *dst = buf + (long)(r0 - p.r0) * ldb + (c0 - p.c0);
      RMA_CALL(rget_rect(w, tile.owner, disp, tile.ld, r1 - r0, c1 - c0, dst, ldb, &reqs[*nreq]));
      (*nreq)++;
    }
  return 0;
}

double *rma_patch_local(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, int *ld) {
  if (p.rows <= 0 || p.cols <= 0)
    return NULL;
  int bi = rma_tiles_row_of(t, p.r0), bj = rma_tiles_col_of(t, p.c0);
  rma_tile_t tile;
  rma_tiles_locate(t, bi, bj, &tile);
  if (tile.owner != w->rank || p.r0 + p.rows > tile.r0 + tile.rows ||
      p.c0 + p.cols > tile.c0 + tile.cols)
    return NULL;
  *ld = tile.ld;
  return w->base + tile.disp + (long)(p.r0 - tile.r0) * tile.ld + (p.c0 - tile.c0);
}
