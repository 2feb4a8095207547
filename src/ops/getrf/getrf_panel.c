#include "ops/getrf/getrf_panel.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"

// Pivot payload of one column: this header, then the candidate row and the
// diagonal row, each nb elements of the panel's type (the first w, the
// panel width, in use). Travels as one MPI datatype of bytes.
typedef struct {
  double key;  // the candidate's |x| (s, d) or |re x| + |im x| (c, z), NaN for a NaN
  int row;     // its global row, -1: none
  int hasdiag; // 1 when the sender holds the diagonal row
} pv_head_t;

// Bytes of one payload.
static size_t pay_bytes(const rma_getrf_panel_t *pp) {
  return sizeof(pv_head_t) + 2 * pp->es * (size_t)pp->nb;
}

// The key of the element at x: izamax's cabs1 (|x| for real types), in the
// type's own precision, so that its comparisons are the one-rank kernel's.
static double key(rma_dtype_t dt, const void *x) {
  rma_scalar_t v = rma_scalar_load(dt, x, 0);
  if (rma_dtype_single(dt))
    return fabsf((float)creal(v)) + fabsf((float)cimag(v));
  return fabs(creal(v)) + fabs(cimag(v));
}

// 1 when candidate (ka, ra) comes before (kb, rb): the larger key, a NaN
// above every number, the smaller row on ties. A total order, so every rank
// reduces to the same pivot whatever the reduction's order.
static int beats(double ka, int ra, double kb, int rb) {
  if (isnan(ka) || isnan(kb))
    return isnan(ka) && (!isnan(kb) || ra < rb);
  return ka > kb || (ka == kb && ra < rb);
}

// The reduction: the candidate that comes first and the diagonal row from
// whoever holds it. The rows are bytes; their length follows from the
// payload type's size.
static void pick_pivot(void *in, void *inout, int *len, MPI_Datatype *type) {
  int bytes = 0;
  MPI_Type_size(*type, &bytes);
  size_t rb = ((size_t)bytes - sizeof(pv_head_t)) / 2;
  for (int e = 0; e < *len; e++) {
    const char *a = (const char *)in + (size_t)e * (size_t)bytes;
    char *b = (char *)inout + (size_t)e * (size_t)bytes;
    pv_head_t ha, hb;
    memcpy(&ha, a, sizeof ha), memcpy(&hb, b, sizeof hb);
    if (ha.row >= 0 && (hb.row < 0 || beats(ha.key, ha.row, hb.key, hb.row))) {
      hb.key = ha.key, hb.row = ha.row;
      memcpy(b + sizeof hb, a + sizeof ha, rb);
    }
    if (ha.hasdiag) {
      hb.hasdiag = 1;
      memcpy(b + sizeof hb + rb, a + sizeof ha + rb, rb);
    }
    memcpy(b, &hb, sizeof hb);
  }
}

int rma_getrf_panel_open(MPI_Comm comm, rma_dtype_t dt, int p0, int p, int q, int nb, int mt,
                         rma_getrf_panel_t *pp) {
  memset(pp, 0, sizeof *pp);
  pp->col = MPI_COMM_NULL, pp->op = MPI_OP_NULL, pp->pay = MPI_DATATYPE_NULL;
  pp->dt = dt, pp->es = rma_dtype_size(dt);
  pp->p0 = p0, pp->prow = p, pp->nb = nb, pp->mt = mt;
  int n = mt / p0 + 1;
  // Zeroed: payload columns beyond a narrow last panel's width travel too.
  pp->buf = calloc(pay_bytes(pp) + pp->es * (1 + (size_t)nb * nb), 1);
  pp->at = malloc(sizeof(char *) * (size_t)n);
  pp->ld = malloc(sizeof(int) * (size_t)n);
  pp->g0 = malloc(sizeof(int) * (size_t)n);
  pp->rows = malloc(sizeof(int) * (size_t)n);
  int rc = pp->buf && pp->at && pp->ld && pp->g0 && pp->rows ? 0 : RMA_ERR_NO_MEMORY;
  // Collective whatever happened above: every rank splits.
  if (MPI_Comm_split(comm, q, p, &pp->col) != MPI_SUCCESS)
    rc = rc ? rc : RMA_ERR_MPI;
  if (MPI_Op_create(pick_pivot, 1, &pp->op) != MPI_SUCCESS)
    rc = rc ? rc : RMA_ERR_MPI;
  if (MPI_Type_contiguous((int)pay_bytes(pp), MPI_BYTE, &pp->pay) != MPI_SUCCESS ||
      MPI_Type_commit(&pp->pay) != MPI_SUCCESS)
    rc = rc ? rc : RMA_ERR_MPI;
  return rc;
}

void rma_getrf_panel_close(rma_getrf_panel_t *pp) {
  if (pp->col != MPI_COMM_NULL)
    MPI_Comm_free(&pp->col);
  if (pp->op != MPI_OP_NULL)
    MPI_Op_free(&pp->op);
  if (pp->pay != MPI_DATATYPE_NULL)
    MPI_Type_free(&pp->pay);
  free(pp->buf), free(pp->at), free(pp->ld), free(pp->g0), free(pp->rows), free(pp->tn);
  memset(pp, 0, sizeof *pp);
  pp->col = MPI_COMM_NULL, pp->op = MPI_OP_NULL, pp->pay = MPI_DATATYPE_NULL;
}

// A(g, c0 .. c0+w) -= A(g, a0 .. a0+kk) B for this rank's rows g >= from
// (B kk x w, ld ldb): one gemm per tile.
static void update_below(const rma_getrf_panel_t *pp, int from, int a0, int kk, const void *b,
                         int ldb, int c0, int w) {
  if (w <= 0 || kk <= 0)
    return;
  for (int x = 0; x < pp->ntiles; x++) {
    int g = pp->g0[x] > from ? pp->g0[x] : from, rows = pp->g0[x] + pp->rows[x] - g;
    if (rows > 0)
      rma_kernel_gemm_dt(pp->dt, RMA_OP_N, RMA_OP_N, rows, w, kk, -1.0,
                         rma_getrf_panel_elem(pp, x, g, a0), pp->ld[x], b, ldb, 1.0,
                         rma_getrf_panel_elem(pp, x, g, c0), pp->ld[x]);
  }
}

// L's column j in this rank's rows g >= from: times the reciprocal of the
// pivot v (nonzero), or divided by v when |v| is below the safe minimum and
// the reciprocal would overflow (?getf2's rule).
static void scale_below(const rma_getrf_panel_t *pp, int from, int j, rma_scalar_t v) {
  rma_dtype_t dt = pp->dt;
  int cplx = rma_dtype_complex(dt);
  int small = cabs(v) < (rma_dtype_single(dt) ? FLT_MIN : DBL_MIN);
  rma_scalar_t r = cplx ? 1.0 / v : 1.0 / creal(v);
  for (int x = 0; x < pp->ntiles; x++) {
    int g = pp->g0[x] > from ? pp->g0[x] : from, rows = pp->g0[x] + pp->rows[x] - g;
    if (rows > 0 && !small)
      rma_kernel_scale_dt(dt, rows, 1, r, rma_getrf_panel_elem(pp, x, g, j), pp->ld[x]);
    for (int i = 0; i < rows && small; i++) {
      char *e = rma_getrf_panel_elem(pp, x, g + i, j);
      rma_scalar_t a = rma_scalar_load(dt, e, 0);
      rma_scalar_store(dt, cplx ? a / v : creal(a) / creal(v), e);
    }
  }
}

// Columns [c0, c1) column by column (r0: the panel's first global row, w
// its width).
static int factor_columns(rma_getrf_panel_t *pp, int r0, int w, int c0, int c1, int *piv,
                          int *info) {
  size_t es = pp->es, wb = es * (size_t)w;
  char *prow = pp->buf + sizeof(pv_head_t), *drow = prow + es * (size_t)pp->nb;
  for (int j = c0; j < c1; j++) {
    // This rank's candidate: its rows >= gj in increasing order.
    int gj = r0 + j, best_x = -1;
    pv_head_t h = {0.0, -1, 0};
    for (int x = 0; x < pp->ntiles; x++) {
      int g = pp->g0[x] > gj ? pp->g0[x] : gj, end = pp->g0[x] + pp->rows[x];
      const char *e = rma_getrf_panel_elem(pp, x, g, j);
      for (; g < end; g++, e += es * (size_t)pp->ld[x]) {
        double kv = key(pp->dt, e);
        if (h.row < 0 || beats(kv, g, h.key, h.row))
          h.key = kv, h.row = g, best_x = x;
      }
    }
    if (best_x >= 0)
      memcpy(prow, rma_getrf_panel_elem(pp, best_x, h.row, 0), wb);
    int dx = rma_getrf_panel_tile_of(pp, gj);
    h.hasdiag = dx >= 0;
    if (dx >= 0)
      memcpy(drow, rma_getrf_panel_elem(pp, dx, gj, 0), wb);
    memcpy(pp->buf, &h, sizeof h);
    if (MPI_Allreduce(MPI_IN_PLACE, pp->buf, 1, pp->pay, pp->op, pp->col) != MPI_SUCCESS)
      return RMA_ERR_MPI;
    memcpy(&h, pp->buf, sizeof h);
    int gp = h.row;
    piv[j] = gp - r0 + 1;
    if (gp != gj) { // the interchange, by the two rows' owners
      int px = rma_getrf_panel_tile_of(pp, gp);
      if (dx >= 0)
        memcpy(rma_getrf_panel_elem(pp, dx, gj, 0), prow, wb);
      if (px >= 0)
        memcpy(rma_getrf_panel_elem(pp, px, gp, 0), drow, wb);
    }
    rma_scalar_t v = rma_scalar_load(pp->dt, prow, j);
    if (v == 0.0) {
      if (*info == 0)
        *info = j + 1;
      continue;
    }
    // L below the diagonal, then the rest of the block.
    scale_below(pp, gj + 1, j, v);
    update_below(pp, gj + 1, j, 1, prow + es * (size_t)(j + 1), w, j + 1, c1 - j - 1);
  }
  return 0;
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
  char *u12 = pp->buf + pay_bytes(pp);
  if (top) {
    char *a11 = rma_getrf_panel_elem(pp, 0, r0 + c0, c0),
         *a12 = rma_getrf_panel_elem(pp, 0, r0 + c0, c0 + h);
    rma_kernel_trsm_dt(pp->dt, RMA_SIDE_LEFT, 1, RMA_OP_N, 1, h, w2, 1.0, a11, pp->ld[0], a12,
                       pp->ld[0]);
    for (int i = 0; i < h; i++)
      memcpy(u12 + pp->es * (size_t)i * w2, a12 + pp->es * (size_t)i * pp->ld[0],
             pp->es * (size_t)w2);
  }
  if (MPI_Bcast(u12, h * w2, rma_dtype_mpi(pp->dt), root, pp->col) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  update_below(pp, r0 + c0 + h, c0, h, u12, w2, c0 + h, w2);
  return factor_recursive(pp, r0, w, c0 + h, c1, top, root, piv, info);
}

void rma_getrf_panel_solve_below(const rma_getrf_panel_t *pp, int from, int w, const void *u11) {
  for (int x = 0; x < pp->ntiles; x++) {
    int g = pp->g0[x] > from ? pp->g0[x] : from, rows = pp->g0[x] + pp->rows[x] - g;
    if (rows > 0)
      rma_kernel_trsm_dt(pp->dt, RMA_SIDE_RIGHT, 0, RMA_OP_N, 0, rows, w, 1.0, u11, w,
                         rma_getrf_panel_elem(pp, x, g, 0), pp->ld[x]);
  }
}

void rma_getrf_panel_locate(rma_getrf_panel_t *pp, const rma_tiles_t *t, void *seg, int k) {
  pp->r0 = k * pp->nb, pp->w = t->n - pp->r0 < pp->nb ? t->n - pp->r0 : pp->nb;
  pp->root = k % pp->p0;
  pp->ntiles = 0;
  for (int i = rma_tiles_row_from(t, pp->prow, k); i < t->mt; i += pp->p0) {
    rma_tile_t tile;
    rma_tiles_locate(t, i, k, &tile);
    int x = pp->ntiles++;
    pp->at[x] = (char *)seg + pp->es * (size_t)tile.disp;
    pp->ld[x] = tile.ld, pp->g0[x] = tile.r0, pp->rows[x] = tile.rows;
  }
}

int rma_getrf_panel_factor(rma_getrf_panel_t *pp, const rma_tiles_t *t, void *seg, int k, int pivot,
                           int *piv, int *info) {
  rma_getrf_panel_locate(pp, t, seg, k);
  int r0 = pp->r0, w = pp->w, root = pp->root, top = pp->prow == root;
  *info = 0;
  if (pivot)
    return factor_recursive(pp, r0, w, 0, w, top, root, piv, info);
  // No pivoting: its info (as element 0, exact in every type) and U11 (w x
  // w, the diagonal tile's top rows) in one broadcast.
  char *blk = pp->buf + pay_bytes(pp), *u11 = blk + pp->es;
  if (top) {
    rma_scalar_store(pp->dt, rma_kernel_getrf_nopiv_dt(pp->dt, w, w, pp->at[0], pp->ld[0]), blk);
    for (int i = 0; i < w; i++)
      memcpy(u11 + pp->es * (size_t)i * w, pp->at[0] + pp->es * (size_t)i * pp->ld[0],
             pp->es * (size_t)w);
  }
  if (MPI_Bcast(blk, 1 + w * w, rma_dtype_mpi(pp->dt), root, pp->col) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  *info = (int)creal(rma_scalar_load(pp->dt, blk, 0));
  if (*info)
    return 0; // the LU stops at this zero pivot: nothing is divided by it
  rma_getrf_panel_solve_below(pp, r0 + w, w, u11);
  for (int j = 0; j < w; j++)
    piv[j] = j + 1;
  return 0;
}
