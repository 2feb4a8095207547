#include "ops/gemm_run.h"

#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "core/options.h"
#include "kernel/tile_blas.h"
#include "rma/ring.h"

// Largest C rectangle side and k chunk: bounds the patch buffers.
#define RMA_GEMM_MAX_EXTENT 512

// Pointer and ld of C rectangle r in this rank's segment.
static double *c_local(const rma_gemm_operand_t *c, rma_rect_t r, int *ld) {
  rma_tile_t t;
  rma_tiles_locate(c->tiles, rma_tiles_row_of(c->tiles, r.r0), rma_tiles_col_of(c->tiles, r.c0),
                   &t);
  *ld = t.ld;
  return c->seg + t.disp + (long)(r.r0 - t.r0) * t.ld + (r.c0 - t.c0);
}

// A task's operand: a direct pointer into the local segment, or a ring slot.
typedef struct {
  const double *ptr;
  int ld, slot; /* slot -1: not acquired yet; -2: direct */
} operand_ref_t;

static int acquire(rma_ring_t *ring, const rma_gemm_operand_t *op, rma_rect_t p,
                   operand_ref_t *ref) {
  if (ref->slot != -1)
    return 0;
  double *direct = rma_patch_in_place(op->win, op->tiles, p, &ref->ld);
  if (direct) {
    ref->ptr = direct, ref->slot = -2;
    return 0;
  }
  return rma_ring_acquire(ring, p, &ref->slot);
}

static int ready(rma_ring_t *ring, operand_ref_t *ref) {
  if (ref->slot < 0)
    return 0;
  RMA_CALL(rma_ring_wait(ring, ref->slot));
  ref->ptr = ring->slots[ref->slot].buf;
  ref->ld = ring->slots[ref->slot].tag.cols;
  return 0;
}

static int same_rect(rma_rect_t x, rma_rect_t y) {
  return x.r0 == y.r0 && x.c0 == y.c0 && x.rows == y.rows && x.cols == y.cols;
}

// How many tasks from t on can run as one dgemm: the same A patch and k
// chunk, C rectangles side by side in this rank's memory and B patches held
// locally side by side (the ScaLAPACK layout keeps a rank's tiles of a tile
// row in one local array). Widens each call for small tiles. *width gets
// the total number of C columns.
static int fusable(int transb, const rma_gemm_plan_t *plan, int t, const operand_ref_t *bt,
                   const rma_gemm_operand_t *b, const rma_gemm_operand_t *c, int *width) {
  const rma_gemm_task_t *q = &plan->tasks[t];
  int g = 1, ldc;
  *width = q->c.cols;
  if (bt->slot != -2)
    return 1;
  const double *cnext = c_local(c, q->c, &ldc) + q->c.cols;
  const double *bnext = bt->ptr + (transb ? (long)q->b.rows * bt->ld : q->b.cols);
  for (int u = t + 1; u < plan->ntasks; u++, g++) {
    const rma_gemm_task_t *v = &plan->tasks[u];
    int ld, ldv;
    if (v->kidx != q->kidx || !same_rect(v->a, q->a) || v->c.rows != q->c.rows)
      break;
    const double *bv = rma_patch_in_place(b->win, b->tiles, v->b, &ld);
    // One row-major matrix only when the stride is shared and covers the width.
    int wide = *width + v->c.cols;
    if (bv != bnext || ld != bt->ld || c_local(c, v->c, &ldv) != cnext || ldv != ldc ||
        ldc < wide || (!transb && ld < wide))
      break;
    cnext += v->c.cols;
    bnext += transb ? (long)v->b.rows * ld : v->b.cols;
    *width += v->c.cols;
  }
  return g;
}

static int run_tasks(int transa, int transb, double alpha, const rma_gemm_plan_t *plan,
                     const rma_gemm_operand_t *a, const rma_gemm_operand_t *b,
                     const rma_gemm_operand_t *c, rma_ring_t *ra, rma_ring_t *rb, int depth) {
  int nt = plan->ntasks, issued = 0, rc = 0;
  operand_ref_t *ar = malloc(sizeof(operand_ref_t) * (size_t)(nt ? nt : 1));
  operand_ref_t *br = malloc(sizeof(operand_ref_t) * (size_t)(nt ? nt : 1));
  if (!ar || !br) {
    free(ar), free(br);
    return RMA_ERR_NO_MEMORY;
  }
  for (int t = 0; t < nt; t++)
    ar[t].slot = br[t].slot = -1;
  for (int t = 0; t < nt && rc == 0; t++) {
    // Issue the gets of tasks t .. t+depth while slots are free.
    while (issued < nt && issued <= t + depth && rc == 0) {
      const rma_gemm_task_t *q = &plan->tasks[issued];
      rc = acquire(ra, a, q->a, &ar[issued]);
      if (rc == 0)
        rc = acquire(rb, b, q->b, &br[issued]);
      if (ar[issued].slot == -1 || br[issued].slot == -1)
        break; // every slot pinned: retry after this task
      issued++;
    }
    if (rc != 0)
      break;
    const rma_gemm_task_t *q = &plan->tasks[t];
    if (ar[t].slot == -1 || br[t].slot == -1) {
      rc = RMA_ERR_NO_MEMORY; // cannot happen with nslots > depth
      break;
    }
    rc = ready(ra, &ar[t]);
    if (rc == 0)
      rc = ready(rb, &br[t]);
    if (rc != 0)
      break;
    int ldc, width, group = fusable(transb, plan, t, &br[t], b, c, &width);
    double *cp = c_local(c, q->c, &ldc);
    int kc = transa ? q->a.rows : q->a.cols;
    rma_kernel_gemm(transa, transb, q->c.rows, width, kc, alpha, ar[t].ptr, ar[t].ld, br[t].ptr,
                    br[t].ld, cp, ldc);
    // Tasks run by the fused call drop what they hold; the unissued ones are skipped.
    for (int u = t; u < t + group; u++) {
      if (u < issued && ar[u].slot >= 0)
        rma_ring_release(ra, ar[u].slot);
      if (u < issued && br[u].slot >= 0)
        rma_ring_release(rb, br[u].slot);
    }
    issued = issued > t + group ? issued : t + group;
    t += group - 1;
  }
  free(ar), free(br);
  return rc;
}

int rma_gemm_run(int transa, int transb, int m, int n, int k, double alpha,
                 const rma_gemm_operand_t *a, const rma_gemm_operand_t *b, double beta,
                 const rma_gemm_operand_t *c) {
  rma_context_t *ctx = rma_context();
  rma_options_t *opt = rma_options();
  rma_gemm_plan_args_t args = {a->tiles,
                               b->tiles,
                               c->tiles,
                               transa,
                               transb,
                               m,
                               n,
                               alpha == 0.0 ? 0 : k,
                               ctx->rank,
                               ctx->size,
                               ctx->node_of,
                               opt->locality,
                               opt->contention,
                               RMA_GEMM_MAX_EXTENT};
  rma_gemm_plan_t plan;
  RMA_CALL(rma_gemm_plan_build(&args, &plan));
  // beta first, on every owned C rectangle; the products then accumulate.
  for (int r = 0; r < plan.ncrects; r++) {
    int ldc;
    double *cp = c_local(c, plan.crects[r], &ldc);
    rma_kernel_scale(plan.crects[r].rows, plan.crects[r].cols, beta, cp, ldc);
  }
  int depth = opt->nonblocking ? opt->prefetch : 0;
  rma_ring_t ra, rb;
  int rc = rma_ring_create(&ra, a->win, a->tiles, depth + 1, plan.amax, opt->zero_copy,
                           opt->nonblocking);
  if (rc == 0) {
    rc = rma_ring_create(&rb, b->win, b->tiles, depth + 1, plan.bmax, opt->zero_copy,
                         opt->nonblocking);
    if (rc == 0) {
      rc = run_tasks(transa, transb, alpha, &plan, a, b, c, &ra, &rb, depth);
      int rc2 = rma_ring_free(&rb);
      rc = rc ? rc : rc2;
    }
    int rc2 = rma_ring_free(&ra);
    rc = rc ? rc : rc2;
  }
  rma_gemm_plan_free(&plan);
  return rc;
}
