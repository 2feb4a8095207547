#include "ops/gemm/gemm_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "ops/gemm/gemm_options.h"
#include "rma/panel.h"
#include "store/store.h"

// Largest C block side and the target k chunk: one BLAS call is at most
// RMA_GEMM_MAX_BLOCK^2 x RMA_GEMM_KC, whatever the user's block size; the
// panels of one step hold (rows + cols) x RMA_GEMM_KC elements.
#define RMA_GEMM_MAX_BLOCK 2048
#define RMA_GEMM_KC 256
// Columns of C per BLAS call while gets are in flight (see run_steps).
#define RMA_GEMM_PROGRESS_SLAB 256

// One set of step buffers: the two panels and, once issued, where each
// operand of the step is (the panel, or a tile used in place).
typedef struct {
  rma_panel_t a, b;
  const void *aptr, *bptr;
  int lda, ldb;
} step_set_t;

// Where block blk of C is computed: in place in the user's segment when its
// runs form one strided array there (ScaLAPACK layout, GA's blocks), else
// NULL (gathered into a buffer).
static char *c_in_place(const rma_gemm_plan_t *plan, const rma_gemm_block_t *blk,
                        const rma_gemm_operand_t *c, int rank, int *ldc) {
  size_t es = rma_tiles_esize(c->tiles);
  char *base = NULL;
  for (int i = 0, roff = 0; i < blk->nrow; roff += plan->rspans[blk->row0 + i++].len) {
    rma_span_t r = plan->rspans[blk->row0 + i];
    for (int j = 0, coff = 0; j < blk->ncol; coff += plan->cspans[blk->col0 + j++].len) {
      rma_span_t q = plan->cspans[blk->col0 + j];
      // Every tile the pair of runs crosses must continue the same array.
      for (int x = r.g0; x < r.g0 + r.len;) {
        rma_tile_t t;
        int bi = rma_tiles_row_of(c->tiles, x);
        for (int y = q.g0; y < q.g0 + q.len;) {
          rma_tiles_locate(c->tiles, bi, rma_tiles_col_of(c->tiles, y), &t);
          char *at = (char *)c->seg + es * (t.disp + (long)(x - t.r0) * t.ld + (y - t.c0));
          if (!base)
            base = at - es * ((long)roff * t.ld + coff), *ldc = t.ld;
          long want = (long)(roff + x - r.g0) * *ldc + coff + (y - q.g0);
          if (t.owner != rank || t.ld != *ldc || *ldc < blk->cols || at != base + es * want)
            return NULL;
          y = t.c0 + t.cols;
        }
        x = t.r0 + t.rows;
      }
    }
  }
  return base;
}

// Copy block blk of C between the user's segment and buf (ld blk->cols).
static void c_copy(const rma_gemm_plan_t *plan, const rma_gemm_block_t *blk,
                   const rma_gemm_operand_t *c, void *buf, int out) {
  size_t es = rma_tiles_esize(c->tiles);
  for (int i = 0, roff = 0; i < blk->nrow; roff += plan->rspans[blk->row0 + i++].len) {
    rma_span_t r = plan->rspans[blk->row0 + i];
    for (int j = 0, coff = 0; j < blk->ncol; coff += plan->cspans[blk->col0 + j++].len) {
      rma_span_t q = plan->cspans[blk->col0 + j];
      rma_rect_t p = {r.g0, q.g0, r.len, q.len};
      rma_tiles_local_copy(c->tiles, c->seg, p, (char *)buf + es * ((long)roff * blk->cols + coff),
                           blk->cols, out);
    }
  }
}

// Issue the panels of step (block blk, chunk ch) into set s.
static int issue(int transa, int transb, const rma_gemm_plan_t *plan, const rma_gemm_block_t *blk,
                 int ch, const rma_gemm_operand_t *a, const rma_gemm_operand_t *b, int zero_copy,
                 step_set_t *s) {
  int kc = plan->kcuts[ch + 1] - plan->kcuts[ch];
  void *direct;
  int ld;
  // A: one run inside one tile in place reach is used where it lies.
  if (blk->nrow == 1 && zero_copy &&
      (direct = rma_patch_in_place(a->win, a->tiles,
                                   rma_gemm_plan_a_rect(plan, transa, plan->rspans[blk->row0], ch),
                                   &ld))) {
    s->aptr = direct, s->lda = ld;
  } else {
    s->aptr = s->a.buf, s->lda = transa ? blk->rows : kc;
    for (int i = 0, off = 0; i < blk->nrow; off += plan->rspans[blk->row0 + i++].len) {
      rma_rect_t r = rma_gemm_plan_a_rect(plan, transa, plan->rspans[blk->row0 + i], ch);
      RMA_CALL(rma_panel_get(&s->a, a->win, a->tiles, r, transa ? off : (long)off * kc, s->lda));
    }
  }
  if (blk->ncol == 1 && zero_copy &&
      (direct = rma_patch_in_place(b->win, b->tiles,
                                   rma_gemm_plan_b_rect(plan, transb, plan->cspans[blk->col0], ch),
                                   &ld))) {
    s->bptr = direct, s->ldb = ld;
    return 0;
  }
  s->bptr = s->b.buf, s->ldb = transb ? kc : blk->cols;
  for (int j = 0, off = 0; j < blk->ncol; off += plan->cspans[blk->col0 + j++].len) {
    rma_rect_t r = rma_gemm_plan_b_rect(plan, transb, plan->cspans[blk->col0 + j], ch);
    RMA_CALL(rma_panel_get(&s->b, b->win, b->tiles, r, transb ? (long)off * kc : off, s->ldb));
  }
  return 0;
}

// Run every step; sets[nsets] rotate (nsets - 1 steps fetched ahead).
static int run_steps(rma_op_t transa, rma_op_t transb, rma_scalar_t alpha, rma_scalar_t beta,
                     const rma_gemm_plan_t *plan, const rma_gemm_operand_t *a,
                     const rma_gemm_operand_t *b, const rma_gemm_operand_t *c, step_set_t *sets,
                     int nsets, void *cbuf, int zero_copy, int rank) {
  long nk = plan->nk, total = (long)plan->nblocks * nk, issued = 0;
  rma_dtype_t dt = c->tiles->dtype;
  size_t es = rma_dtype_size(dt);
  int ta = (transa & RMA_OP_TRANS) != 0, tb = (transb & RMA_OP_TRANS) != 0;
  for (int bk = 0; bk < plan->nblocks; bk++) {
    const rma_gemm_block_t *blk = &plan->blocks[bk];
    int ldc;
    char *cp = c_in_place(plan, blk, c, rank, &ldc);
    if (cp) {
      rma_kernel_scale_dt(dt, blk->rows, blk->cols, beta, cp, ldc);
    } else {
      cp = cbuf, ldc = blk->cols;
      if (beta != 0)
        c_copy(plan, blk, c, cbuf, 1);
      rma_kernel_scale_dt(dt, blk->rows, blk->cols, beta, cp, ldc); // beta 0: zeros, C never read
    }
    for (long st = (long)bk * nk; st < (long)(bk + 1) * nk; st++) {
      for (; issued < total && issued < st + nsets; issued++) {
        const rma_gemm_block_t *ib = &plan->blocks[issued / nk];
        RMA_CALL(issue(ta, tb, plan, ib, plan->order[issued], a, b, zero_copy,
                       &sets[issued % nsets]));
      }
      step_set_t *s = &sets[st % nsets];
      RMA_CALL(rma_panel_wait(&s->a));
      RMA_CALL(rma_panel_wait(&s->b));
      int ch = plan->order[st], kc = plan->kcuts[ch + 1] - plan->kcuts[ch];
      // With gets in flight, MPI is entered between column slabs of the
      // product: libraries whose gets need the target's progress (MPICH's
      // ch4) serve the other ranks within ~10 ms instead of once a step.
      int slab = nsets > 1 ? RMA_GEMM_PROGRESS_SLAB : blk->cols;
      for (int j = 0; j < blk->cols; j += slab) {
        int w = blk->cols - j < slab ? blk->cols - j : slab;
        const char *bj = (const char *)s->bptr + es * (size_t)(tb ? (long)j * s->ldb : j);
        rma_kernel_gemm_dt(dt, transa, transb, blk->rows, w, kc, alpha, s->aptr, s->lda, bj, s->ldb,
                          1, cp + es * (size_t)j, ldc);
        if (j + w < blk->cols) {
          int flag;
          MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, rma_context()->comm, &flag, MPI_STATUS_IGNORE);
        }
      }
    }
    if (cp == cbuf)
      c_copy(plan, blk, c, cbuf, 0);
  }
  return 0;
}

int rma_gemm_run(rma_op_t transa, rma_op_t transb, int m, int n, int k, rma_scalar_t alpha,
                 const rma_gemm_operand_t *a, const rma_gemm_operand_t *b, rma_scalar_t beta,
                 const rma_gemm_operand_t *c) {
  rma_context_t *ctx = rma_context();
  const rma_gemm_options_t *opt = rma_gemm_options();
  long es = (long)rma_tiles_esize(c->tiles);
  rma_gemm_plan_args_t args = {a->tiles,        b->tiles,      c->tiles,
                               (transa & RMA_OP_TRANS) != 0, (transb & RMA_OP_TRANS) != 0, m,
                               n,               alpha == 0 ? 0 : k,
                               ctx->rank,       ctx->size,     ctx->node_of,
                               opt->locality,   opt->contention,
                               RMA_GEMM_MAX_BLOCK, RMA_GEMM_KC};
  rma_gemm_plan_t plan;
  RMA_CALL(rma_gemm_plan_build(&args, &plan));
  // Panels ahead only pay where gets are in flight: when some tile is out of
  // in-place reach. Copies in place reach happen when issued.
  int by_rma = plan.nk > 0 && (a->win->remote || b->win->remote);
  int nsets = by_rma && opt->nonblocking ? 1 + opt->prefetch : 1, zc = opt->zero_copy;
  long alen = (long)plan.max_rows * plan.max_kc, blen = (long)plan.max_kc * plan.max_cols;
  // A staging area as large as the panels when zero-copy is off (every
  // piece) or, under MPICH, when tiles travel by RMA (whole tiles staged).
  int staged = !zc || (by_rma && rma_patch_prefers_stage());
  long setlen = (alen + blen) * (staged ? 2 : 1), clen = (long)plan.max_rows * plan.max_cols;
  void *scratch = NULL;
  int rc = rma_store_scratch((nsets * (plan.nk ? setlen : 0) + clen) * es, &scratch);
  step_set_t sets[17];
  for (int s = 0; s < nsets && rc == 0; s++) {
    char *at = (char *)scratch + (clen + s * setlen) * es;
    rma_panel_init(&sets[s].a, at, staged ? at + (alen + blen) * es : NULL, alen * es, !zc);
    rma_panel_init(&sets[s].b, at + alen * es, staged ? at + (2 * alen + blen) * es : NULL,
                   blen * es, !zc);
  }
  if (rc == 0)
    rc = run_steps(transa, transb, alpha, beta, &plan, a, b, c, sets, nsets, scratch, zc,
                   ctx->rank);
  for (int s = 0; s < nsets && scratch; s++) {
    int rc2 = rma_panel_free(&sets[s].a), rc3 = rma_panel_free(&sets[s].b);
    rc = rc ? rc : rc2 ? rc2 : rc3;
  }
  rma_gemm_plan_free(&plan);
  return rc;
}
