#include "ops/getrf/getrf_panel.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/vector_blas.h"

// Pivot payload of one column: the candidate's key, its global row (-1:
// none), 1 when the sender holds the diagonal row, the candidate row, the
// diagonal row (each w = panel width doubles). The key is |candidate|, +inf
// for a NaN: keys and rows order candidates totally.
enum { PV_ABS, PV_ROW, PV_HASDIAG, PV_HEAD };

static double key(double v) { return isnan(v) ? INFINITY : fabs(v); }

// The reduction: the larger candidate (the smaller row on ties) and the
// diagonal row from whoever holds it. Order-independent (a total order), so
// every rank gets the same answer.
static void pick_pivot(void *in, void *inout, int *len, MPI_Datatype *type) {
  int bytes = 0;
  MPI_Type_size(*type, &bytes);
  int n = bytes / (int)sizeof(double), w = (n - PV_HEAD) / 2;
  for (int e = 0; e < *len; e++) {
    const double *a = (const double *)in + (long)e * n;
    double *b = (double *)inout + (long)e * n;
    if (a[PV_ROW] >= 0 && (b[PV_ROW] < 0 || a[PV_ABS] > b[PV_ABS] ||
                           (a[PV_ABS] == b[PV_ABS] && a[PV_ROW] < b[PV_ROW]))) {
      b[PV_ABS] = a[PV_ABS], b[PV_ROW] = a[PV_ROW];
      memcpy(b + PV_HEAD, a + PV_HEAD, sizeof(double) * (size_t)w);
    }
    if (a[PV_HASDIAG] != 0.0) {
      b[PV_HASDIAG] = 1.0;
      memcpy(b + PV_HEAD + w, a + PV_HEAD + w, sizeof(double) * (size_t)w);
    }
  }
}

int rma_getrf_panel_open(MPI_Comm comm, int p0, int p, int q, int nb, int mt, rma_getrf_panel_t *pp) {
  memset(pp, 0, sizeof *pp);
  pp->col = MPI_COMM_NULL, pp->op = MPI_OP_NULL;
  pp->p0 = p0, pp->prow = p, pp->nb = nb;
  int n = mt / p0 + 1;
  pp->buf = malloc(sizeof(double) * ((size_t)PV_HEAD + 2 * (size_t)nb + (size_t)nb * nb));
  pp->at = malloc(sizeof(double *) * (size_t)n);
  pp->ld = malloc(sizeof(int) * (size_t)n);
  pp->g0 = malloc(sizeof(int) * (size_t)n);
  pp->rows = malloc(sizeof(int) * (size_t)n);
  int rc = pp->buf && pp->at && pp->ld && pp->g0 && pp->rows ? 0 : RMA_ERR_NO_MEMORY;
  // Collective whatever happened above: every rank splits.
  if (MPI_Comm_split(comm, q, p, &pp->col) != MPI_SUCCESS)
    rc = rc ? rc : RMA_ERR_MPI;
  if (MPI_Op_create(pick_pivot, 1, &pp->op) != MPI_SUCCESS)
    rc = rc ? rc : RMA_ERR_MPI;
  return rc;
}

void rma_getrf_panel_close(rma_getrf_panel_t *pp) {
  if (pp->col != MPI_COMM_NULL)
    MPI_Comm_free(&pp->col);
  if (pp->op != MPI_OP_NULL)
    MPI_Op_free(&pp->op);
  free(pp->buf), free(pp->at), free(pp->ld), free(pp->g0), free(pp->rows);
  memset(pp, 0, sizeof *pp);
  pp->col = MPI_COMM_NULL, pp->op = MPI_OP_NULL;
}

// Element (global row g, panel column c) of this rank's tile x.
static double *elem(const rma_getrf_panel_t *pp, int x, int g, int c) {
  return pp->at[x] + (long)(g - pp->g0[x]) * pp->ld[x] + c;
}

// The tile holding global row g, or -1 when it is not this rank's.
static int tile_of(const rma_getrf_panel_t *pp, int g) {
  for (int x = 0; x < pp->ntiles; x++)
    if (g >= pp->g0[x] && g < pp->g0[x] + pp->rows[x])
      return x;
  return -1;
}

// A(g, c0 .. c0+w) -= A(g, a0 .. a0+kk) B for this rank's rows g >= from
// (B kk x w, ld ldb): one gemm per tile.
static void update_below(const rma_getrf_panel_t *pp, int from, int a0, int kk, const double *b,
                         int ldb, int c0, int w) {
  if (w <= 0 || kk <= 0)
    return;
  for (int x = 0; x < pp->ntiles; x++) {
    int g = pp->g0[x] > from ? pp->g0[x] : from, rows = pp->g0[x] + pp->rows[x] - g;
    if (rows > 0)
      rma_kernel_gemm(0, 0, rows, w, kk, -1.0, elem(pp, x, g, a0), pp->ld[x], b, ldb,
                      elem(pp, x, g, c0), pp->ld[x]);
  }
}

// Columns [c0, c1) column by column (r0: the panel's first global row, w
// its width).
static int factor_columns(rma_getrf_panel_t *pp, int r0, int w, int c0, int c1, int *piv,
                          int *info) {
  double *pay = pp->buf, *prow = pay + PV_HEAD, *drow = prow + w;
  MPI_Datatype type;
  if (MPI_Type_contiguous(PV_HEAD + 2 * w, MPI_DOUBLE, &type) != MPI_SUCCESS ||
      MPI_Type_commit(&type) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  int rc = 0;
  for (int j = c0; j < c1 && rc == 0; j++) {
    int gj = r0 + j, best_x = -1, best_g = -1;
    double best = -1.0;
    for (int x = 0; x < pp->ntiles; x++) { // my rows >= gj, in increasing order
      int g = pp->g0[x] > gj ? pp->g0[x] : gj, rows = pp->g0[x] + pp->rows[x] - g;
      int i = rma_kernel_iamax(rows, elem(pp, x, g, j), pp->ld[x]);
      if (i >= 0 && (best_x < 0 || key(*elem(pp, x, g + i, j)) > best))
        best = key(*elem(pp, x, g + i, j)), best_x = x, best_g = g + i;
    }
    pay[PV_ABS] = best, pay[PV_ROW] = best_g;
    if (best_x >= 0)
      memcpy(prow, elem(pp, best_x, best_g, 0), sizeof(double) * (size_t)w);
    int dx = tile_of(pp, gj);
    pay[PV_HASDIAG] = dx >= 0;
    if (dx >= 0)
      memcpy(drow, elem(pp, dx, gj, 0), sizeof(double) * (size_t)w);
    if (MPI_Allreduce(MPI_IN_PLACE, pay, 1, type, pp->op, pp->col) != MPI_SUCCESS) {
      rc = RMA_ERR_MPI;
      break;
    }
    int gp = (int)pay[PV_ROW];
    piv[j] = gp - r0 + 1;
    if (gp != gj) { // the interchange, by the two rows' owners
      int px = tile_of(pp, gp);
      if (dx >= 0)
        memcpy(elem(pp, dx, gj, 0), prow, sizeof(double) * (size_t)w);
      if (px >= 0)
        memcpy(elem(pp, px, gp, 0), drow, sizeof(double) * (size_t)w);
    }
    double v = prow[j];
    if (v == 0.0) {
      if (*info == 0)
        *info = j + 1;
      continue;
    }
    // L below the diagonal, then the rest of the block (dgetf2's rule:
    // multiply by the reciprocal unless it would overflow).
    for (int x = 0; x < pp->ntiles; x++) {
      int g = pp->g0[x] > gj + 1 ? pp->g0[x] : gj + 1, rows = pp->g0[x] + pp->rows[x] - g;
      if (rows <= 0)
        continue;
      if (fabs(v) >= DBL_MIN)
        rma_kernel_scale(rows, 1, 1.0 / v, elem(pp, x, g, j), pp->ld[x]);
      else
        for (int i = 0; i < rows; i++)
          *elem(pp, x, g + i, j) /= v;
    }
    update_below(pp, gj + 1, j, 1, prow + j + 1, w, j + 1, c1 - j - 1);
  }
  MPI_Type_free(&type);
  return rc;
}

// Columns [c0, c1) recursively; top: this rank holds the panel's top rows
// (tile x = 0 is the diagonal tile there).
static int factor_recursive(rma_getrf_panel_t *pp, int r0, int w, int c0, int c1, int top, int root,
                            int *piv, int *info) {
  if (c1 - c0 <= RMA_LU_PANEL_BASE)
    return factor_columns(pp, r0, w, c0, c1, piv, info);
  int h = (c1 - c0) / 2, w2 = c1 - c0 - h;
  RMA_CALL(factor_recursive(pp, r0, w, c0, c0 + h, top, root, piv, info));
  // U12 := L11^-1 A12 on the top rows' owner, then to the whole column.
  double *u12 = pp->buf + PV_HEAD + 2 * (long)pp->nb;
  if (top) {
    double *a11 = elem(pp, 0, r0 + c0, c0);
    rma_kernel_trsm(1, 0, 1, h, w2, a11, pp->ld[0], a11 + h, pp->ld[0]);
    for (int i = 0; i < h; i++)
      memcpy(u12 + (long)i * w2, a11 + (long)i * pp->ld[0] + h, sizeof(double) * (size_t)w2);
  }
  if (MPI_Bcast(u12, h * w2, MPI_DOUBLE, root, pp->col) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  update_below(pp, r0 + c0 + h, c0, h, u12, w2, c0 + h, w2);
  return factor_recursive(pp, r0, w, c0 + h, c1, top, root, piv, info);
}

int rma_getrf_panel_factor(rma_getrf_panel_t *pp, const rma_tiles_t *t, double *seg, int k, int pivot,
                        int *piv, int *info) {
  int r0 = k * pp->nb, w = t->n - r0 < pp->nb ? t->n - r0 : pp->nb;
  int root = k % pp->p0, top = pp->prow == root;
  *info = 0;
  pp->ntiles = 0;
  for (int i = rma_tiles_row_from(t, pp->prow, k); i < t->mt; i += pp->p0) {
    rma_tile_t tile;
    rma_tiles_locate(t, i, k, &tile);
    int x = pp->ntiles++;
    pp->at[x] = seg + tile.disp, pp->ld[x] = tile.ld, pp->g0[x] = tile.r0, pp->rows[x] = tile.rows;
  }
  if (pivot)
    return factor_recursive(pp, r0, w, 0, w, top, root, piv, info);
  // No pivoting: U11 (w x w, the diagonal tile's top rows) and its info.
  double *u11 = pp->buf + 1;
  if (top) {
    pp->buf[0] = rma_kernel_getrf_nopiv(w, w, pp->at[0], pp->ld[0]);
    for (int i = 0; i < w; i++)
      memcpy(u11 + (long)i * w, pp->at[0] + (long)i * pp->ld[0], sizeof(double) * (size_t)w);
  }
  if (MPI_Bcast(pp->buf, 1 + w * w, MPI_DOUBLE, root, pp->col) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  *info = (int)pp->buf[0];
  if (*info)
    return 0; // the LU stops at this zero pivot: nothing is divided by it
  for (int x = 0; x < pp->ntiles; x++) {
    int g = pp->g0[x] > r0 + w ? pp->g0[x] : r0 + w, rows = pp->g0[x] + pp->rows[x] - g;
    if (rows > 0)
      rma_kernel_trsm_right(0, 0, 0, rows, w, u11, w, elem(pp, x, g, 0), pp->ld[x]);
  }
  for (int j = 0; j < w; j++)
    piv[j] = j + 1;
  return 0;
}
