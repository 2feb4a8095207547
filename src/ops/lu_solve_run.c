/*
 * One triangular sweep per factor over the tile diagonal. At step k the
 * owner D_k of tile (k, k) receives, by a reduction, the contributions the
 * other ranks accumulated for tile row k, solves with its diagonal tile,
 * and broadcasts the result to the ranks whose tiles use it; they subtract
 * their products for later tile rows. For 'N' contributions to row k come
 * from tiles (k, j) (process row k % p0) and the result goes down process
 * column k % p1; for 'T' the roles of rows and columns swap. Collectives on
 * each communicator are called in step order by all its members, so the
 * sweeps cannot deadlock. A final sum over all ranks makes x whole everywhere.
 */
#include "ops/lu_solve_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"

typedef struct {
  const rma_tiles_t *t;
  const double *seg;
  int p, q, nrhs;
  MPI_Comm row, col; /* my process row (ranked by q) and column (ranked by p) */
  double *w, *sum;   /* contributions accumulated for every row; reduction result */
} solve_t;

static const double *tile(const solve_t *s, int bi, int bj, int *ld, int *rows, int *cols) {
  rma_tile_t tl;
  rma_tiles_locate(s->t, bi, bj, &tl);
  *ld = tl.ld, *rows = tl.rows, *cols = tl.cols;
  return s->seg + tl.disp;
}

// Solve with the lower (unit) or upper (non-unit) triangle, transposed or not.
static int sweep(solve_t *s, int lower, int trans, double *x) {
  const rma_tiles_t *t = s->t;
  int nb = t->mb, nt = t->mt, forward = lower ^ trans, nrhs = s->nrhs;
  memset(s->w, 0, sizeof(double) * (size_t)t->m * nrhs);
  for (int step = 0; step < nt; step++) {
    int k = forward ? step : nt - 1 - step;
    int kp = k % t->p0, kq = k % t->p1, h = t->m - k * nb < nb ? t->m - k * nb : nb;
    double *xk = x + (long)k * nb * nrhs;
    // Contributions to row k: reduced to D_k, which then solves with tile (k, k).
    int in_red = trans ? s->q == kq : s->p == kp;
    if (in_red) {
      MPI_Comm red = trans ? s->col : s->row;
      int root = trans ? kp : kq;
      RMA_CALL_MPI(
          MPI_Reduce(s->w + (long)k * nb * nrhs, s->sum, h * nrhs, MPI_DOUBLE, MPI_SUM, root, red));
      if (s->p == kp && s->q == kq) {
        for (long i = 0; i < (long)h * nrhs; i++)
          xk[i] += s->sum[i];
        int ld, rows, cols;
        const double *d = tile(s, k, k, &ld, &rows, &cols);
        rma_kernel_trsm(lower, trans, lower, h, nrhs, d, ld, xk, nrhs);
      }
    }
    // The result goes to the ranks holding the tiles that multiply it.
    int in_bc = trans ? s->p == kp : s->q == kq;
    if (!in_bc)
      continue;
    RMA_CALL_MPI(MPI_Bcast(xk, h * nrhs, MPI_DOUBLE, trans ? kq : kp, trans ? s->row : s->col));
    int first = forward ? k + 1 : 0, last = forward ? nt : k; // later tile rows [first, last)
    int mine = trans ? s->q : s->p, stride = trans ? t->p1 : t->p0;
    for (int i = first + ((mine - first) % stride + stride) % stride; i < last; i += stride) {
      int ld, rows, cols;
      const double *a = trans ? tile(s, k, i, &ld, &rows, &cols) : tile(s, i, k, &ld, &rows, &cols);
      int hi = trans ? cols : rows;
      rma_kernel_gemm(trans, 0, hi, nrhs, h, -1.0, a, ld, xk, nrhs, s->w + (long)i * nb * nrhs,
                      nrhs);
    }
  }
  return 0;
}

int rma_lu_solve_run(const rma_tiles_t *t, const double *seg, int trans, int nrhs, double *x) {
  rma_context_t *ctx = rma_context();
  solve_t s = {t,    seg, ctx->rank / t->p1, ctx->rank % t->p1, nrhs, MPI_COMM_NULL, MPI_COMM_NULL,
               NULL, NULL};
  int n = t->m, rc = 0;
  s.w = malloc(sizeof(double) * (size_t)n * nrhs);
  s.sum = malloc(sizeof(double) * (size_t)t->mb * nrhs);
  double *whole = malloc(sizeof(double) * (size_t)n * nrhs);
  rc = rma_status_agree(ctx->comm, s.w && s.sum && whole ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0) {
    MPI_Comm_split(ctx->comm, s.p, s.q, &s.row);
    MPI_Comm_split(ctx->comm, s.q, s.p, &s.col);
    // 'N': L then U; 'T': U^T then L^T.
    rc = sweep(&s, !trans, trans, x);
    if (rc == 0)
      rc = sweep(&s, trans, trans, x);
    // Tile row k of the solution is final on D_k: sum the pieces everywhere.
    memset(whole, 0, sizeof(double) * (size_t)n * nrhs);
    for (int k = 0; k < t->mt; k++)
      if (k % t->p0 == s.p && k % t->p1 == s.q) {
        long at = (long)k * t->mb * nrhs;
        int h = n - k * t->mb < t->mb ? n - k * t->mb : t->mb;
        memcpy(whole + at, x + at, sizeof(double) * (size_t)h * nrhs);
      }
    if (rc == 0 && MPI_Allreduce(whole, x, n * nrhs, MPI_DOUBLE, MPI_SUM, ctx->comm) != MPI_SUCCESS)
      rc = RMA_ERR_MPI;
    MPI_Comm_free(&s.row);
    MPI_Comm_free(&s.col);
  }
  free(s.w), free(s.sum), free(whole);
  return rc;
}
