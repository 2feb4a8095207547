#include "sched/gemm_plan.h"

#include <stdlib.h>
#include <string.h>

#include "rmala.h"

// First tile boundary after x along dimension dim (0 rows, 1 columns) of t.
static int next_bound(const rma_tiles_t *t, int dim, int x) {
  rma_tile_t tile;
  if (dim == 0) {
    rma_tiles_locate(t, rma_tiles_row_of(t, x), 0, &tile);
    return tile.r0 + tile.rows;
  }
  rma_tiles_locate(t, 0, rma_tiles_col_of(t, x), &tile);
  return tile.c0 + tile.cols;
}

// Cut [lo, hi) at the boundaries of (t1, d1) and (t2, d2) and every max
// elements; the starts go to cuts (capacity hi - lo + 1) followed by hi.
// Returns the number of pieces.
static int cut_range(int lo, int hi, const rma_tiles_t *t1, int d1, const rma_tiles_t *t2, int d2,
                     int max, int *cuts) {
  int count = 0;
  for (int x = lo; x < hi;) {
    cuts[count++] = x;
    int next = x + max;
    int b1 = next_bound(t1, d1, x), b2 = next_bound(t2, d2, x);
    next = b1 < next ? b1 : next;
    next = b2 < next ? b2 : next;
    x = next < hi ? next : hi;
  }
  cuts[count] = hi;
  return count;
}

// Locality class of patch p of directory t for this rank.
static int patch_class(const rma_tiles_t *t, rma_rect_t p, int rank, const int *node_of) {
  int bi0 = rma_tiles_row_of(t, p.r0), bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  int cls = RMA_TASK_LOCAL;
  for (int bi = bi0; bi <= bi1; bi++)
    for (int bj = bj0; bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      int c = tile.owner == rank                     ? RMA_TASK_LOCAL
              : node_of[tile.owner] == node_of[rank] ? RMA_TASK_NODE
                                                     : RMA_TASK_REMOTE;
      cls = c > cls ? c : cls;
    }
  // A patch spread over several local tiles still has to be gathered.
  if (cls == RMA_TASK_LOCAL && (bi0 != bi1 || bj0 != bj1))
    cls = RMA_TASK_NODE;
  return cls;
}

static const rma_gemm_task_t *sort_base;
static int sort_nk, sort_shift, sort_locality;

static int task_cmp(const void *x, const void *y) {
  const rma_gemm_task_t *a = &sort_base[*(const int *)x], *b = &sort_base[*(const int *)y];
  int ca = sort_locality ? a->cls : 0, cb = sort_locality ? b->cls : 0;
  if (ca != cb)
    return ca - cb;
  int ka = (a->kidx - sort_shift + sort_nk) % sort_nk,
      kb = (b->kidx - sort_shift + sort_nk) % sort_nk;
  if (ka != kb)
    return ka - kb;
  // Then the natural order (C rectangles row by row): keeps the A patch shared.
  return *(const int *)x - *(const int *)y;
}

static rma_rect_t make_rect(int r0, int rows, int c0, int cols, int trans) {
  rma_rect_t p = {r0, c0, rows, cols};
  if (trans)
    p = (rma_rect_t){c0, r0, cols, rows};
  return p;
}

int rma_gemm_plan_build(const rma_gemm_plan_args_t *g, rma_gemm_plan_t *plan) {
  memset(plan, 0, sizeof *plan);
  const rma_tiles_t *c = g->c;
  int *rcuts = malloc(sizeof(int) * (size_t)(g->m + 1));
  int *ccuts = malloc(sizeof(int) * (size_t)(g->n + 1));
  int *kcuts = malloc(sizeof(int) * (size_t)(g->k + 1));
  if (!rcuts || !ccuts || !kcuts)
    goto nomem;
  // k chunks: aligned with A's and B's tiles along k.
  plan->nk =
      cut_range(0, g->k, g->a, g->transa ? 0 : 1, g->b, g->transb ? 1 : 0, g->max_extent, kcuts);
  // C rectangles: this rank's C tiles, clipped to m x n, cut where A's rows
  // (op(A)'s) and B's columns (op(B)'s) change tile, and at max_extent.
  int cap = 0;
  for (int bi = 0; bi < c->mt; bi++)
    for (int bj = 0; bj < c->nt; bj++) {
      rma_tile_t t;
      rma_tiles_locate(c, bi, bj, &t);
      if (t.owner != g->rank || t.r0 >= g->m || t.c0 >= g->n)
        continue;
      int r1 = t.r0 + t.rows < g->m ? t.r0 + t.rows : g->m;
      int c1 = t.c0 + t.cols < g->n ? t.c0 + t.cols : g->n;
      int nr = cut_range(t.r0, r1, g->a, g->transa ? 1 : 0, c, 0, g->max_extent, rcuts);
      int nc = cut_range(t.c0, c1, g->b, g->transb ? 0 : 1, c, 1, g->max_extent, ccuts);
      if (plan->ncrects + nr * nc > cap) {
        cap = 2 * (plan->ncrects + nr * nc);
        rma_rect_t *q = realloc(plan->crects, sizeof(rma_rect_t) * (size_t)cap);
        if (!q)
          goto nomem;
        plan->crects = q;
      }
      for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++)
          plan->crects[plan->ncrects++] =
              (rma_rect_t){rcuts[i], ccuts[j], rcuts[i + 1] - rcuts[i], ccuts[j + 1] - ccuts[j]};
    }
  // Tasks in natural order: k chunk outer, C rectangles inner.
  plan->ntasks = plan->ncrects * plan->nk;
  rma_gemm_task_t *tasks =
      malloc(sizeof(rma_gemm_task_t) * (size_t)(plan->ntasks ? plan->ntasks : 1));
  int *order = malloc(sizeof(int) * (size_t)(plan->ntasks ? plan->ntasks : 1));
  if (!tasks || !order) {
    free(tasks);
    free(order);
    goto nomem;
  }
  int t = 0;
  for (int kk = 0; kk < plan->nk; kk++)
    for (int r = 0; r < plan->ncrects; r++, t++) {
      rma_gemm_task_t *task = &tasks[t];
      rma_rect_t cr = plan->crects[r];
      int k0 = kcuts[kk], kc = kcuts[kk + 1] - kcuts[kk];
      task->c = cr;
      task->kidx = kk;
      task->a = make_rect(cr.r0, cr.rows, k0, kc, g->transa);
      task->b = make_rect(k0, kc, cr.c0, cr.cols, g->transb);
      int ca = patch_class(g->a, task->a, g->rank, g->node_of);
      int cb = patch_class(g->b, task->b, g->rank, g->node_of);
      task->cls = ca > cb ? ca : cb;
      long asz = (long)task->a.rows * task->a.cols, bsz = (long)task->b.rows * task->b.cols;
      plan->amax = asz > plan->amax ? asz : plan->amax;
      plan->bmax = bsz > plan->bmax ? bsz : plan->bmax;
      order[t] = t;
    }
  // Order: locality class, then the k sweep rotated by rank, then natural.
  sort_base = tasks, sort_nk = plan->nk > 0 ? plan->nk : 1, sort_locality = g->locality;
  sort_shift = g->contention ? (int)((long)g->rank * sort_nk / g->size) : 0;
  qsort(order, (size_t)plan->ntasks, sizeof(int), task_cmp);
  plan->tasks = malloc(sizeof(rma_gemm_task_t) * (size_t)(plan->ntasks ? plan->ntasks : 1));
  if (!plan->tasks) {
    free(tasks);
    free(order);
    goto nomem;
  }
  for (int i = 0; i < plan->ntasks; i++)
    plan->tasks[i] = tasks[order[i]];
  free(tasks);
  free(order);
  free(rcuts), free(ccuts), free(kcuts);
  return 0;
nomem:
  free(rcuts), free(ccuts), free(kcuts);
  rma_gemm_plan_free(plan);
  return RMA_ERR_NO_MEMORY;
}

void rma_gemm_plan_free(rma_gemm_plan_t *plan) {
  free(plan->tasks);
  free(plan->crects);
  memset(plan, 0, sizeof *plan);
}
