/*
 * One triangular sweep per factor over the tile diagonal, pipelined by put +
 * notify: no collective between steps. At step k, with D_k the owner of tile
 * (k, k), its "line" the ranks holding tiles of tile row k (process row
 * k % p0 for 'N', column k % p1 for 'T', roles of rows and columns swapped)
 * and its "cross" the ranks holding the tiles that multiply x_k:
 *  1. every other rank of the line puts the contributions it accumulated for
 *     tile row k into D_k's slot (one area per position on the line) and
 *     notifies it;
 *  2. D_k adds them to b_k, solves with its diagonal tile and hands x_k to
 *     the cross in two levels (pipeline/handout.h: one copy per node, read
 *     in place);
 *  3. the cross subtracts its tile products from the later tile rows.
 * The steps of both sweeps are numbered 0 .. 2 nt - 1 and travel in the
 * pipeline's ring (pipeline/ring.h: rotating slots, credits). A final sum
 * over all ranks makes x whole everywhere.
 *
 * rma_lu_solve -> ops/getrs -> here -> pipeline (ring, hand-out, timeline)
 * -> rma mailbox (put + notify); kernel.
 */
#include "ops/getrs/getrs_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/vector_blas.h"
#include "pipeline/ring.h"
#include "pipeline/timeline.h"

// The messages of a step (counters of a ring slot): contributions to D_k,
// x_k handed out.
enum { C_RED, C_X, C_PER_SLOT };

// The solve's phases (RMALA_VERBOSE).
enum { PH_WAIT, PH_COMM, PH_SOLVE, PH_UPDATE, PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"wait", "comm", "solve", "update"};
static const rma_phases_t solve_phases = {PH_COUNT, phase_names};

typedef struct {
  const rma_tiles_t *t;
  const char *seg; /* the factors' local segment (elements of type dt) */
  rma_dtype_t dt;  /* the element type; es its size */
  size_t es;
  int p, q, rank, nrhs, nb;
  rma_ring_t ring;
  long blk;        /* one block (nb x nrhs); slot: a block per line position, then x_k */
  int xoff_blocks; /* blocks before the x_k area */
  int *cross;      /* receivers of x_k */
  char *w;         /* contributions accumulated for every tile row */
  const char *xk;  /* the block being handed out */
  int xlen;        /* its elements: h x nrhs (the last tile row's h may be < nb) */
  int g;           /* its step */
} solve_t;

static const char *tile(const solve_t *s, int bi, int bj, int *ld, int *rows, int *cols) {
  rma_tile_t tl;
  rma_tiles_locate(s->t, bi, bj, &tl);
  *ld = tl.ld, *rows = tl.rows, *cols = tl.cols;
  return s->seg + s->es * (size_t)tl.disp;
}

// Element off of the array at p (elements of the solve's type).
static char *elem(const solve_t *s, const void *p, long off) {
  return (char *)p + (long)s->es * off;
}

// x_k into holder's slot (the hand-out's put): its h x nrhs elements only
// (a whole block's worth would read past the end of x at the last tile row).
static int x_put(void *arg, int holder, int group) {
  solve_t *s = arg;
  (void)group;
  return rma_ring_put(&s->ring, holder, s->g, s->xoff_blocks * s->blk, s->xk, 1, s->xlen, s->xlen,
                      s->xlen);
}

// Step g of a sweep: tile row k, with the lower (unit) or upper (non-unit)
// triangle, op N, T or C (trans: op is not N).
static int step(solve_t *s, int g, int k, int lower, rma_op_t op, char *x) {
  const rma_tiles_t *t = s->t;
  int trans = op != RMA_OP_N;
  int nb = s->nb, nrhs = s->nrhs, forward = lower ^ trans, nt = t->mt;
  int kp = k % t->p0, kq = k % t->p1, h = t->m - k * nb < nb ? t->m - k * nb : nb;
  int d = kp * t->p1 + kq, len = h * nrhs;
  char *xk = elem(s, x, (long)k * nb * nrhs), *wk = elem(s, s->w, (long)k * nb * nrhs);
  int in_line = trans ? s->q == kq : s->p == kp, pos = trans ? s->p : s->q;
  int line_len = trans ? t->p0 : t->p1;
  // 1. Contributions to tile row k go to D_k.
  if (in_line && s->rank != d) {
    RMA_CALL(rma_ring_credit(&s->ring, d, g));
    double t0 = rma_timing_start();
    RMA_CALL(rma_ring_put(&s->ring, d, g, pos * s->blk, wk, 1, len, len, len));
    RMA_CALL(rma_ring_notify(&s->ring, d, g, C_RED, 1));
    rma_timing_stop(PH_COMM, t0);
  }
  // 2. D_k solves and hands x_k to the cross.
  if (s->rank == d) {
    RMA_CALL(rma_ring_wait(&s->ring, g, C_RED, line_len - 1));
    double t0 = rma_timing_start();
    const char *red = rma_ring_slot(&s->ring, g);
    for (int c = 0; c < line_len; c++)
      rma_kernel_axpy_dt(s->dt, len, 1, c == pos ? wk : elem(s, red, c * s->blk), 1, xk, 1);
    int ld, rows, cols;
    const char *dk = tile(s, k, k, &ld, &rows, &cols);
    rma_kernel_trsm_dt(s->dt, RMA_SIDE_LEFT, lower, op, lower, h, nrhs, 1, dk, ld, xk, nrhs);
    rma_timing_stop(PH_SOLVE, t0);
    int n = 0, cross_len = trans ? t->p1 : t->p0;
    for (int c = 0; c < cross_len; c++) {
      int r = trans ? kp * t->p1 + c : c * t->p1 + kq;
      if (r != d)
        s->cross[n++] = r;
    }
    s->xk = xk, s->xlen = len, s->g = g;
    t0 = rma_timing_start();
    RMA_CALL(rma_ring_handout(&s->ring, g, C_X, s->cross, n, x_put, s));
    rma_timing_stop(PH_COMM, t0);
  }
  // 3. The cross subtracts its products from the later tile rows.
  int in_cross = trans ? s->p == kp : s->q == kq;
  if (in_cross && s->rank != d) {
    RMA_CALL(rma_ring_wait(&s->ring, g, C_X, 1));
    memcpy(xk, elem(s, rma_ring_slot_from(&s->ring, d, g), s->xoff_blocks * s->blk),
           s->es * (size_t)len);
  }
  if (in_cross) {
    int first = forward ? k + 1 : 0, last = forward ? nt : k; // later tile rows [first, last)
    int stride = trans ? t->p1 : t->p0;
    double t0 = rma_timing_start();
    for (int i = trans ? rma_tiles_col_from(t, s->q, first) : rma_tiles_row_from(t, s->p, first);
         i < last; i += stride) {
      int ld, rows, cols;
      const char *a = trans ? tile(s, k, i, &ld, &rows, &cols) : tile(s, i, k, &ld, &rows, &cols);
      int hi = trans ? cols : rows;
      rma_kernel_gemm_dt(s->dt, op, RMA_OP_N, hi, nrhs, h, -1, a, ld, xk, nrhs, 1,
                         elem(s, s->w, (long)i * nb * nrhs), nrhs);
    }
    rma_timing_stop(PH_UPDATE, t0);
  }
  return rma_ring_done(&s->ring, g);
}

// The lower (unit) or upper (non-unit) triangle, with op: steps g0 .. g0 +
// nt - 1.
static int sweep(solve_t *s, rma_timeline_t *tl, int g0, int lower, rma_op_t op, char *x) {
  int nt = s->t->mt, forward = lower ^ (op != RMA_OP_N);
  memset(s->w, 0, s->es * (size_t)s->t->m * s->nrhs);
  for (int i = 0; i < nt; i++) {
    RMA_CALL(step(s, g0 + i, forward ? i : nt - 1 - i, lower, op, x));
    rma_timeline_step(tl, g0 + i);
  }
  return 0;
}

int rma_getrs_run(const rma_tiles_t *t, const void *seg, rma_op_t op, int nrhs, void *xv) {
  rma_context_t *ctx = rma_context();
  solve_t s;
  memset(&s, 0, sizeof s);
  s.t = t, s.seg = seg, s.nrhs = nrhs, s.nb = t->mb, s.rank = ctx->rank;
  s.dt = t->dtype, s.es = rma_dtype_size(t->dtype);
  char *x = xv;
  int trans = op != RMA_OP_N;
  s.p = ctx->rank / t->p1, s.q = ctx->rank % t->p1;
  int n = t->m, line_max = t->p0 > t->p1 ? t->p0 : t->p1, rc = 0;
  s.blk = (long)s.nb * nrhs;
  s.xoff_blocks = line_max;
  rma_ring_desc_t ring = {C_PER_SLOT, 0, (line_max + 1) * s.blk, 0, PH_WAIT, t->dtype, NULL};
  s.w = malloc(s.es * (size_t)n * nrhs);
  s.cross = malloc(sizeof(int) * (size_t)line_max);
  char *whole = malloc(s.es * (size_t)n * nrhs);
  rc = s.w && s.cross && whole ? 0 : RMA_ERR_NO_MEMORY;
  rc = rma_status_agree(ctx->comm, rc);
  if (rc == 0)
    rc = rma_ring_open(&s.ring, &ring);
  if (rc == 0) {
    rma_timeline_t tl;
    rma_timeline_begin(&tl, "lu_solve", &solve_phases, 2 * t->mt);
    // N: L then U; T, C: U^op then L^op.
    rc = sweep(&s, &tl, 0, !trans, op, x);
    if (rc == 0)
      rc = sweep(&s, &tl, t->mt, trans, op, x);
    int rc2 = rma_ring_close(&s.ring);
    rc = rma_status_agree(ctx->comm, rc ? rc : rc2);
    rma_timeline_report(&tl, "rma_lu_solve");
    rma_timeline_free(&tl);
  }
  if (rc == 0) {
    // Tile row k of the solution is final on D_k: sum the pieces everywhere.
    memset(whole, 0, s.es * (size_t)n * nrhs);
    for (int k = 0; k < t->mt; k++)
      if (k % t->p0 == s.p && k % t->p1 == s.q) {
        long at = (long)k * t->mb * nrhs;
        int h = n - k * t->mb < t->mb ? n - k * t->mb : t->mb;
        memcpy(elem(&s, whole, at), elem(&s, x, at), s.es * (size_t)h * nrhs);
      }
    if (MPI_Allreduce(whole, x, n * nrhs, rma_dtype_mpi(s.dt), MPI_SUM, ctx->comm) != MPI_SUCCESS)
      rc = RMA_ERR_MPI;
  }
  free(s.w), free(s.cross), free(whole);
  return rc;
}
