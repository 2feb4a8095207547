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
 *     the cross in two levels (rma/groups.h: one copy per node, read in
 *     place);
 *  3. the cross subtracts its tile products from the later tile rows.
 * The steps of both sweeps are numbered 0 .. 2 nt - 1; slots rotate over
 * RING, and a writer first checks that the target's group finished the
 * slot's previous use (credit). A final sum over all ranks makes x whole
 * everywhere.
 *
 * rma_lu_solve -> here -> rma mailbox (put + notify), rma groups -> kernel.
 */
#include "ops/getrs/getrs_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "rma/groups.h"
#include "rma/mailbox.h"

#define RING 3
enum { C_RED, C_X, C_PER_SLOT };
#define C_DONE (RING * C_PER_SLOT)

typedef struct {
  const rma_tiles_t *t;
  const double *seg;
  int p, q, rank, nrhs, nb;
  rma_mailbox_t *mb;
  rma_groups_t grp;
  long blk, slot_len; /* one block (nb x nrhs); slot: a block per line position, then x_k */
  int xoff_blocks;    /* blocks before the x_k area */
  int64_t expect[RING * C_PER_SLOT];
  int64_t *done_seen; /* per rank: completed steps seen (credits) */
  int *stamp;         /* per group (rma_groups_fanout) */
  int *cross;         /* receivers of x_k */
  double *w;          /* contributions accumulated for every tile row */
  const double *xk;   /* the block being handed out */
  int g;              /* its step */
} solve_t;

static long slot_off(const solve_t *s, int g, long off) {
  return (long)(g % RING) * s->slot_len + off;
}
static int counter(int g, int which) { return (g % RING) * C_PER_SLOT + which; }

static const double *tile(const solve_t *s, int bi, int bj, int *ld, int *rows, int *cols) {
  rma_tile_t tl;
  rma_tiles_locate(s->t, bi, bj, &tl);
  *ld = tl.ld, *rows = tl.rows, *cols = tl.cols;
  return s->seg + tl.disp;
}

// Slot g % RING of target is free once target's group finished step g - RING.
static int credit(solve_t *s, int target, int g) {
  if (g < RING)
    return 0;
  return rma_groups_wait_counter(&s->grp, s->mb, target, C_DONE, g - RING + 1, s->done_seen);
}

static int wait_for(solve_t *s, int g, int which, int64_t count) {
  s->expect[counter(g, which)] += count;
  return rma_mailbox_wait(s->mb, counter(g, which), s->expect[counter(g, which)]);
}

static int x_credit(void *arg, int holder) {
  solve_t *s = arg;
  return credit(s, holder, s->g);
}

static int x_put(void *arg, int holder, int group) {
  solve_t *s = arg;
  (void)group;
  return rma_mailbox_put(s->mb, holder, slot_off(s, s->g, s->xoff_blocks * s->blk), s->xk, 1,
                         (int)s->blk, (int)s->blk, (int)s->blk);
}

// Step g of a sweep: tile row k, with the lower (unit) or upper (non-unit)
// triangle, transposed or not.
static int step(solve_t *s, int g, int k, int lower, int trans, double *x) {
  const rma_tiles_t *t = s->t;
  int nb = s->nb, nrhs = s->nrhs, forward = lower ^ trans, nt = t->mt;
  int kp = k % t->p0, kq = k % t->p1, h = t->m - k * nb < nb ? t->m - k * nb : nb;
  int d = kp * t->p1 + kq, len = h * nrhs;
  double *xk = x + (long)k * nb * nrhs, *wk = s->w + (long)k * nb * nrhs;
  int in_line = trans ? s->q == kq : s->p == kp, pos = trans ? s->p : s->q;
  int line_len = trans ? t->p0 : t->p1;
  // 1. Contributions to tile row k go to D_k.
  if (in_line && s->rank != d) {
    RMA_CALL(credit(s, d, g));
    RMA_CALL(rma_mailbox_put(s->mb, d, slot_off(s, g, pos * s->blk), wk, 1, len, len, len));
    RMA_CALL(rma_mailbox_notify(s->mb, d, counter(g, C_RED), 1));
  }
  // 2. D_k solves and hands x_k to the cross.
  if (s->rank == d) {
    RMA_CALL(wait_for(s, g, C_RED, line_len - 1));
    const double *red = s->mb->data + slot_off(s, g, 0);
    for (int c = 0; c < line_len; c++) {
      const double *from = c == pos ? wk : red + c * s->blk;
      for (int i = 0; i < len; i++)
        xk[i] += from[i];
    }
    int ld, rows, cols;
    const double *dk = tile(s, k, k, &ld, &rows, &cols);
    rma_kernel_trsm(lower, trans, lower, h, nrhs, dk, ld, xk, nrhs);
    int n = 0, cross_len = trans ? t->p1 : t->p0;
    for (int c = 0; c < cross_len; c++) {
      int r = trans ? kp * t->p1 + c : c * t->p1 + kq;
      if (r != d)
        s->cross[n++] = r;
    }
    s->xk = xk, s->g = g;
    rma_fanout_ops_t ops = {x_credit, x_put, s};
    RMA_CALL(rma_groups_fanout(&s->grp, s->mb, s->rank, s->cross, n, counter(g, C_X), s->stamp,
                               g + 1, &ops));
  }
  // 3. The cross subtracts its products from the later tile rows.
  int in_cross = trans ? s->p == kp : s->q == kq;
  if (in_cross && s->rank != d) {
    RMA_CALL(wait_for(s, g, C_X, 1));
    int from = rma_groups_holder(&s->grp, d, s->rank);
    const double *base = from == s->rank ? s->mb->data : rma_mailbox_peer_data(s->mb, from);
    memcpy(xk, base + slot_off(s, g, s->xoff_blocks * s->blk), sizeof(double) * (size_t)len);
  }
  if (in_cross) {
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
  return rma_mailbox_store(s->mb, s->rank, C_DONE, g + 1);
}

// The lower (unit) or upper (non-unit) triangle, transposed or not: steps
// g0 .. g0 + nt - 1.
static int sweep(solve_t *s, int g0, int lower, int trans, double *x) {
  int nt = s->t->mt, forward = lower ^ trans;
  memset(s->w, 0, sizeof(double) * (size_t)s->t->m * s->nrhs);
  for (int i = 0; i < nt; i++)
    RMA_CALL(step(s, g0 + i, forward ? i : nt - 1 - i, lower, trans, x));
  return 0;
}

int rma_getrs_run(const rma_tiles_t *t, const double *seg, int trans, int nrhs, double *x) {
  rma_context_t *ctx = rma_context();
  solve_t s;
  memset(&s, 0, sizeof s);
  s.t = t, s.seg = seg, s.nrhs = nrhs, s.nb = t->mb, s.rank = ctx->rank;
  s.p = ctx->rank / t->p1, s.q = ctx->rank % t->p1;
  int n = t->m, line_max = t->p0 > t->p1 ? t->p0 : t->p1, rc = 0;
  s.blk = (long)s.nb * nrhs;
  s.xoff_blocks = line_max;
  s.slot_len = (line_max + 1) * s.blk;
  s.w = malloc(sizeof(double) * (size_t)n * nrhs);
  s.done_seen = calloc((size_t)ctx->size, sizeof(int64_t));
  s.stamp = calloc((size_t)ctx->size, sizeof(int));
  s.cross = malloc(sizeof(int) * (size_t)line_max);
  double *whole = malloc(sizeof(double) * (size_t)n * nrhs);
  rc = s.w && s.done_seen && s.stamp && s.cross && whole ? 0 : RMA_ERR_NO_MEMORY;
  rc = rma_status_agree(ctx->comm, rc);
  if (rc == 0)
    rc = rma_mailbox_open(C_DONE + 1, RING * s.slot_len, &s.mb);
  if (rc == 0) {
    rc = rma_status_agree(ctx->comm, rma_groups_make(s.mb, &s.grp));
    // 'N': L then U; 'T': U^T then L^T.
    if (rc == 0)
      rc = sweep(&s, 0, !trans, trans, x);
    if (rc == 0)
      rc = sweep(&s, t->mt, trans, trans, x);
    int rc2 = rma_mailbox_close(s.mb);
    rc = rma_status_agree(ctx->comm, rc ? rc : rc2);
  }
  if (rc == 0) {
    // Tile row k of the solution is final on D_k: sum the pieces everywhere.
    memset(whole, 0, sizeof(double) * (size_t)n * nrhs);
    for (int k = 0; k < t->mt; k++)
      if (k % t->p0 == s.p && k % t->p1 == s.q) {
        long at = (long)k * t->mb * nrhs;
        int h = n - k * t->mb < t->mb ? n - k * t->mb : t->mb;
        memcpy(whole + at, x + at, sizeof(double) * (size_t)h * nrhs);
      }
    if (MPI_Allreduce(whole, x, n * nrhs, MPI_DOUBLE, MPI_SUM, ctx->comm) != MPI_SUCCESS)
      rc = RMA_ERR_MPI;
  }
  rma_groups_free(&s.grp);
  free(s.w), free(s.done_seen), free(s.stamp), free(s.cross), free(whole);
  return rc;
}
