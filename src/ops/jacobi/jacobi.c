/*
 * Jacobi iteration for A x = b after paper 003 (Bethune, Bull, Dingle,
 * Higham: asynchronous Jacobi with sync / async / racy halo exchanges), for a
 * dense A: every row needs all of x, so the "halo" of a band is the whole
 * iterate.
 *
 * Layer contract: rma_jacobi_matrices -> store mirrors + rma patch gets (each
 * rank's band of A and b, the initial x) -> one of the modes, each sweeping
 * with ops/jacobi/jacobi_sweep.c (kernel gemv / gemm per sweep):
 *   SYNC (here): one coll allgather per sweep (the new rows and the residual
 *         maxima of the previous iterate: the stop test is exact and the same
 *         on every rank);
 *   ASYNC / RACY: ops/jacobi/jacobi_async.c (mailbox puts + notify, no waiting);
 * then the check of the final iterate (two coll allgathers): the exact
 * scaled residual and the generations (ops/jacobi/jacobi_sweep.h), identical
 * on every rank. When the check fails before any rank completed generation
 * maxit, the sweeps resume.
 *
 * Options (ops/jacobi/jacobi_options.c; timing only, never results):
 * RMA_OPT_JACOBI_SLOW_US (RMALA_JACOBI_SLOW_US) makes rank
 * RMA_OPT_JACOBI_SLOW_RANK (default the last) sleep that long after each of
 * its sweeps: a slow process, as in paper 003's study of performance defects
 * (tests/ops/jacobi/test_jacobi_imbalance.c, rmala-bench --op jacobi).
 */
#define _POSIX_C_SOURCE 200809L
#include "ops/jacobi/jacobi.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/options.h"
#include "ops/jacobi/jacobi_async.h"
#include "ops/jacobi/jacobi_options.h"
#include "ops/jacobi/jacobi_sweep.h"
#include "rma/patch.h"
#include "store/store.h"

int rma_jacobi_zero_diagonal(const rma_matrix_t *a) {
  const rma_tiles_t *t = a->tiles;
  int me = rma_context()->rank;
  for (int i = 0; i < t->m; i++) {
    rma_tile_t tile;
    rma_tiles_locate(t, rma_tiles_row_of(t, i), rma_tiles_col_of(t, i), &tile);
    if (tile.owner != me)
      continue;
    double v = 1.0;
    rma_rect_t one = {i, i, 1, 1};
    rma_tiles_local_copy(t, a->seg, one, &v, 1, 1);
    if (v == 0.0)
      return i;
  }
  return -1;
}

// Allgather of J->send (bytes of payload) into J->recv over the coll context.
static int gather(rma_jacobi_t *J, size_t bytes) {
  rma_context_t *was = rma_context();
  rma_context_use(J->coll->ctx);
  int rc = rma_coll_allgather_run(J->coll, J->send, bytes, J->recv);
  rma_context_use(was);
  return rc;
}

// Copy band p's rows of x out of payload buf (its first h x nrhs doubles).
static void unpack_band(rma_jacobi_t *J, int p, const double *buf) {
  long lo = (long)p * J->h;
  if (lo >= J->n)
    return;
  long rows = J->n - lo < J->h ? J->n - lo : J->h;
  memcpy(J->x + lo * J->nrhs, buf, sizeof(double) * (size_t)(rows * J->nrhs));
}

// Pack this rank's band of x into J->send (the first h x nrhs doubles).
static void pack_band(rma_jacobi_t *J) {
  memcpy(J->send, J->x + (long)J->lo * J->nrhs, sizeof(double) * (size_t)J->rows * J->nrhs);
}

// Synchronous sweeps: each sweep's new band and the residual maxima of the
// iterate it started from go to every rank in one allgather; the stop test
// (that iterate's scaled residual <= tol) is then exact and the same on every rank.
static int sync_sweeps(rma_jacobi_t *J) {
  int nrhs = J->nrhs;
  double *gmax = J->rmax + nrhs; // global maxima (J->rmax has 2 nrhs entries)
  while (J->gen_of[J->me] < J->maxit) {
    rma_jacobi_xmax(J);
    rma_jacobi_sweep(J);
    if (J->np == 1) {
      if (rma_jacobi_ratio(J, J->rmax) <= J->tol)
        break;
      continue;
    }
    pack_band(J);
    memcpy(J->send + (long)J->h * nrhs, J->rmax, sizeof(double) * (size_t)nrhs);
    RMA_CALL(gather(J, sizeof(double) * (size_t)J->payload));
    for (int c = 0; c < nrhs; c++)
      gmax[c] = 0.0;
    for (int p = 0; p < J->np; p++) {
      const double *in = J->recv + (long)p * J->payload;
      if (p != J->me)
        unpack_band(J, p, in);
      J->gen_of[p] = J->gen_of[J->me]; // every band of this sweep
      for (int c = 0; c < nrhs; c++)
        gmax[c] = rma_jacobi_max_nan(gmax[c], in[(long)J->h * nrhs + c]);
    }
    if (rma_jacobi_ratio(J, gmax) <= J->tol)
      break;
  }
  return 0;
}

// The final iterate: every band to every rank with its generation, the
// exact scaled residual of the whole x and the most generations any rank
// completed, identical everywhere.
static int check_final(rma_jacobi_t *J, struct rma_jacobi_async_s *st, double *resid, int *most) {
  int nrhs = J->nrhs;
  *most = J->gen_of[J->me];
  if (J->np > 1) {
    pack_band(J);
    J->send[(long)J->h * nrhs] = J->gen_of[J->me];
    RMA_CALL(gather(J, sizeof(double) * (size_t)J->payload));
    for (int p = 0; p < J->np; p++) {
      const double *in = J->recv + (long)p * J->payload;
      unpack_band(J, p, in);
      int g = (int)in[(long)J->h * nrhs];
      J->gen_of[p] = g;
      *most = g > *most ? g : *most;
    }
    if (st)
      RMA_CALL(rma_jacobi_async_mark(J, st));
  }
  rma_jacobi_residual(J);
  rma_jacobi_xmax(J);
  if (J->np > 1) {
    memcpy(J->send, J->rmax, sizeof(double) * (size_t)nrhs);
    RMA_CALL(gather(J, sizeof(double) * (size_t)nrhs));
    for (int c = 0; c < nrhs; c++) {
      J->rmax[c] = 0.0;
      for (int p = 0; p < J->np; p++)
        J->rmax[c] = rma_jacobi_max_nan(J->rmax[c], J->recv[(long)p * nrhs + c]);
    }
  }
  *resid = rma_jacobi_ratio(J, J->rmax);
  return 0;
}

// This rank's band of A and b and the whole initial x, through the store.
static int load(rma_jacobi_t *J, const rma_matrix_t *a, const rma_matrix_t *b,
                const rma_matrix_t *x) {
  MPI_Comm comm = J->ctx->comm;
  rma_win_t *w;
  const rma_tiles_t *st;
  int rc = rma_status_agree(comm, rma_store_mirror(RMA_STORE_A, a->tiles, a->seg, a->seglen, &w, &st));
  if (rc == 0 && J->rows > 0)
    rc = rma_patch_copy(w, st, 0, (rma_rect_t){J->lo, 0, J->rows, J->n}, J->a, J->n);
  // Nobody re-fills a segment another rank still reads.
  rc = rma_status_agree(comm, rc);
  if (rc == 0)
    rc = rma_status_agree(comm, rma_store_mirror(RMA_STORE_B, b->tiles, b->seg, b->seglen, &w, &st));
  if (rc == 0 && J->rows > 0)
    rc = rma_patch_copy(w, st, 0, (rma_rect_t){J->lo, 0, J->rows, J->nrhs}, J->b, J->nrhs);
  rc = rma_status_agree(comm, rc);
  if (rc == 0)
    rc = rma_status_agree(comm, rma_store_mirror(RMA_STORE_B, x->tiles, x->seg, x->seglen, &w, &st));
  if (rc == 0)
    rc = rma_patch_copy(w, st, 0, (rma_rect_t){0, 0, J->n, J->nrhs}, J->x, J->nrhs);
  rc = rma_status_agree(comm, rc);
  int rc2 = rma_store_done();
  return rc ? rc : rc2;
}

// ||A||_inf, the diagonal and ||b_j||_inf (maxima over ranks: exact, the same everywhere).
static int norms(rma_jacobi_t *J) {
  double an = 0.0;
  for (long i = 0; i < J->rows; i++) {
    double s = 0.0;
    for (long j = 0; j < J->n; j++)
      s += fabs(J->a[i * J->n + j]);
    J->d[i] = J->a[i * J->n + J->lo + i];
    an = rma_jacobi_max_nan(an, s);
  }
  for (int c = 0; c < J->nrhs; c++) {
    J->bnorm[c] = 0.0;
    for (long i = 0; i < J->rows; i++)
      J->bnorm[c] = rma_jacobi_max_nan(J->bnorm[c], fabs(J->b[i * J->nrhs + c]));
  }
  J->anorm = an;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &J->anorm, 1, MPI_DOUBLE, MPI_MAX, J->ctx->comm));
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, J->bnorm, J->nrhs, MPI_DOUBLE, MPI_MAX, J->ctx->comm));
  return 0;
}

// The slowed rank's sleep for this rank (0: not slowed).
static int slow_hook(int me, int np) {
  const rma_jacobi_options_t *o = rma_jacobi_options();
  int r = o->slow_rank < 0 ? np - 1 : o->slow_rank;
  return o->slow_us > 0 && r == me ? o->slow_us : 0;
}

static void release(rma_jacobi_t *J) {
  free(J->a), free(J->d), free(J->b), free(J->x), free(J->r), free(J->rmax), free(J->xmax);
  free(J->bnorm), free(J->send), free(J->recv), free(J->gen_of);
}

// The sweeps and the final check, resumed while the check fails and every
// rank has sweeps left.
static int solve(rma_jacobi_t *J, int *iters, double *resid) {
  struct rma_jacobi_async_s *st = NULL;
  int async = J->np > 1 && J->mode != RMA_JACOBI_MODE_SYNC, rc = 0, most = 0;
  if (async)
    RMA_CALL(rma_jacobi_async_open(J, &st));
  for (int epoch = 0; rc == 0; epoch++) {
    rc = async ? rma_jacobi_async(J, st, epoch) : sync_sweeps(J);
    rc = rma_status_agree(J->ctx->comm, rc);
    if (rc == 0)
      rc = check_final(J, st, resid, &most);
    if (rc != 0 || *resid <= J->tol || most >= J->maxit)
      break;
  }
  int rc2 = async ? rma_jacobi_async_close(st) : 0;
  rc = rc ? rc : rc2;
  if (rc == 0) {
    *iters = most;
    rc = *resid <= J->tol ? 0 : 1;
  }
  if (rma_core_options()->verbose)
    fprintf(stderr,
            "rmala: rma_jacobi: rank %d mode %d rows %d sweeps %d generation %d (most %d) "
            "resid %.3e\n",
            J->me, J->mode, J->rows, J->sweeps, J->gen_of[J->me], most, *resid);
  return rc;
}

int rma_jacobi_matrices(const rma_matrix_t *a, const rma_matrix_t *b, const rma_matrix_t *x,
                        double tol, int maxit, int mode, int *iters, double *resid) {
  rma_jacobi_t J = {0};
  J.ctx = rma_context();
  J.np = J.ctx->size, J.me = J.ctx->rank, J.mode = mode;
  J.n = a->tiles->m, J.nrhs = b->tiles->n, J.tol = tol, J.maxit = maxit;
  J.h = (J.n + J.np - 1) / J.np;
  J.lo = J.me * J.h < J.n ? J.me * J.h : J.n;
  J.rows = J.n - J.lo < J.h ? J.n - J.lo : J.h;
  J.slow_us = slow_hook(J.me, J.np);
  // Payload: a band of x, then nrhs residual maxima or the sweep count.
  J.payload = (long)J.h * J.nrhs + J.nrhs + 1;
  size_t band = (size_t)(J.rows > 0 ? J.rows : 1), nrhs = (size_t)J.nrhs;
  J.a = malloc(sizeof(double) * band * (size_t)J.n);
  J.d = malloc(sizeof(double) * band);
  J.b = malloc(sizeof(double) * band * nrhs);
  J.r = malloc(sizeof(double) * band * nrhs);
  J.x = malloc(sizeof(double) * (size_t)J.n * nrhs);
  J.rmax = malloc(sizeof(double) * 2 * nrhs);
  J.xmax = malloc(sizeof(double) * nrhs);
  J.bnorm = malloc(sizeof(double) * nrhs);
  J.send = malloc(sizeof(double) * (size_t)J.payload);
  J.recv = malloc(sizeof(double) * (size_t)J.payload * (size_t)J.np);
  J.gen_of = calloc((size_t)J.np, sizeof(int)); // x0: generation 0
  int ok = J.a && J.d && J.b && J.r && J.x && J.rmax && J.xmax && J.bnorm && J.send && J.recv &&
           J.gen_of;
  int rc = rma_status_agree(J.ctx->comm, ok ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = load(&J, a, b, x);
  if (rc == 0)
    rc = rma_status_agree(J.ctx->comm, norms(&J));
  if (rc == 0 && J.np > 1)
    rc = rma_coll_kept(sizeof(double) * (size_t)J.payload, &J.coll); // no window per call
  if (rc == 0)
    rc = solve(&J, iters, resid);
  // Every rank holds the whole final iterate; each writes the tiles of x it owns.
  const rma_tiles_t *tx = x->tiles;
  for (int bi = 0; rc >= 0 && bi < tx->mt; bi++)
    for (int bj = 0; bj < tx->nt; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(tx, bi, bj, &tile);
      if (tile.owner != J.me)
        continue;
      rma_rect_t p = {tile.r0, tile.c0, tile.rows, tile.cols};
      rma_tiles_local_copy(tx, x->seg, p, J.x + (long)tile.r0 * J.nrhs + tile.c0, J.nrhs, 0);
    }
  int rc2 = J.coll ? rma_coll_kept_done() : 0;
  release(&J);
  return rc ? rc : rc2;
}
