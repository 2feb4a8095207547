#include "sched/gemm_plan.h"

#include <stdlib.h>
#include <string.h>

#include "rmala.h"

// A growable span list.
typedef struct {
  rma_span_t *v;
  int n, cap;
} spans_t;

// Append run [g0, g0+len); with merge, one adjacent to the last run extends it.
static int push_span(spans_t *s, int g0, int len, int merge) {
  if (merge && s->n && s->v[s->n - 1].g0 + s->v[s->n - 1].len == g0) {
    s->v[s->n - 1].len += len;
    return 0;
  }
  if (s->n == s->cap) {
    int cap = s->cap ? 2 * s->cap : 16;
    rma_span_t *v = realloc(s->v, sizeof(rma_span_t) * (size_t)cap);
    if (!v)
      return RMA_ERR_NO_MEMORY;
    s->v = v, s->cap = cap;
  }
  s->v[s->n++] = (rma_span_t){g0, len};
  return 0;
}

// Cut the runs in[0 .. nin) into groups of at most max elements appended to
// out; group g is out[start[g] .. start[g+1]) with total[g] elements.
// Returns the number of groups or -1 without memory. start has room for
// (sum of lengths) / max + nin + 2 entries.
static int group_spans(const rma_span_t *in, int nin, int max, spans_t *out, int *start,
                       int *total) {
  int groups = 0, fill = 0;
  for (int i = 0; i < nin; i++)
    for (int done = 0; done < in[i].len;) {
      if (fill == 0)
        start[groups] = out->n, total[groups] = 0;
      int take = in[i].len - done < max - fill ? in[i].len - done : max - fill;
      if (push_span(out, in[i].g0 + done, take, fill > 0)) // a group never merges into the last
        return -1;
      fill += take, done += take, total[groups] += take;
      if (fill == max)
        groups++, fill = 0;
    }
  if (fill > 0)
    groups++;
  start[groups] = out->n;
  return groups;
}

// This rank's C tiles inside m x n: row runs and column runs when they form
// a product (always for the uniform kinds and GA's one-block grids);
// otherwise *product = 0 and the caller goes tile by tile.
static int owned_runs(const rma_gemm_plan_args_t *g, spans_t *rows, spans_t *cols, int *product) {
  const rma_tiles_t *c = g->c;
  *product = 1;
  if (c->kind != RMA_TILES_GRID) {
    int pr, pc;
    if (rma_tiles_coords(c, g->rank, &pr, &pc))
      return 0;
    for (int bi = rma_tiles_first_row(c, pr); bi < c->mt; bi += c->p0) {
      rma_tile_t t;
      rma_tiles_locate(c, bi, 0, &t);
      if (t.r0 >= g->m)
        break;
      if (push_span(rows, t.r0, g->m - t.r0 < t.rows ? g->m - t.r0 : t.rows, 1))
        return RMA_ERR_NO_MEMORY;
    }
    for (int bj = rma_tiles_first_col(c, pc); bj < c->nt; bj += c->p1) {
      rma_tile_t t;
      rma_tiles_locate(c, 0, bj, &t);
      if (t.c0 >= g->n)
        break;
      if (push_span(cols, t.c0, g->n - t.c0 < t.cols ? g->n - t.c0 : t.cols, 1))
        return RMA_ERR_NO_MEMORY;
    }
    return 0;
  }
  int count = 0, nr = 0, nc = 0;
  char *rowhas = calloc((size_t)c->mt, 1), *colhas = calloc((size_t)c->nt, 1);
  if (!rowhas || !colhas) {
    free(rowhas), free(colhas);
    return RMA_ERR_NO_MEMORY;
  }
  for (int bi = 0; bi < c->mt && c->rowb[bi] < g->m; bi++)
    for (int bj = 0; bj < c->nt && c->colb[bj] < g->n; bj++)
      if (c->owner[bi * c->nt + bj] == g->rank)
        count++, rowhas[bi] = colhas[bj] = 1;
  int rc = 0;
  for (int bi = 0; bi < c->mt && rc == 0; bi++)
    if (rowhas[bi]) {
      int end = c->rowb[bi + 1] < g->m ? c->rowb[bi + 1] : g->m;
      rc = push_span(rows, c->rowb[bi], end - c->rowb[bi], 1), nr++;
    }
  for (int bj = 0; bj < c->nt && rc == 0; bj++)
    if (colhas[bj]) {
      int end = c->colb[bj + 1] < g->n ? c->colb[bj + 1] : g->n;
      rc = push_span(cols, c->colb[bj], end - c->colb[bj], 1), nc++;
    }
  free(rowhas), free(colhas);
  *product = count == nr * nc;
  return rc;
}

// Locality class of rectangle p of directory t for this rank.
static int rect_class(const rma_tiles_t *t, rma_rect_t p, int rank, const int *node_of) {
  if (p.rows <= 0 || p.cols <= 0)
    return RMA_TASK_LOCAL;
  int bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  int cls = RMA_TASK_LOCAL;
  for (int bi = rma_tiles_row_of(t, p.r0); bi <= bi1; bi++)
    for (int bj = rma_tiles_col_of(t, p.c0); bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      int c = tile.owner == rank                     ? RMA_TASK_LOCAL
              : node_of[tile.owner] == node_of[rank] ? RMA_TASK_NODE
                                                     : RMA_TASK_REMOTE;
      cls = c > cls ? c : cls;
    }
  return cls;
}

rma_rect_t rma_gemm_plan_a_rect(const rma_gemm_plan_t *plan, int transa, rma_span_t s, int c) {
  int k0 = plan->kcuts[c], kc = plan->kcuts[c + 1] - k0;
  return transa ? (rma_rect_t){k0, s.g0, kc, s.len} : (rma_rect_t){s.g0, k0, s.len, kc};
}

rma_rect_t rma_gemm_plan_b_rect(const rma_gemm_plan_t *plan, int transb, rma_span_t s, int c) {
  int k0 = plan->kcuts[c], kc = plan->kcuts[c + 1] - k0;
  return transb ? (rma_rect_t){s.g0, k0, s.len, kc} : (rma_rect_t){k0, s.g0, kc, s.len};
}

// Chunk boundaries along k: about kc long, ending on a tile boundary of A
// along k when one lies in the chunk's second half.
static int cut_k(const rma_gemm_plan_args_t *g, int *cuts) {
  int nk = 0;
  for (int x = 0; x < g->k;) {
    cuts[nk++] = x;
    int end = x + g->kc < g->k ? x + g->kc : g->k;
    if (end < g->k) {
      rma_tile_t t;
      if (g->transa)
        rma_tiles_locate(g->a, rma_tiles_row_of(g->a, end), 0, &t);
      int start = g->transa ? t.r0 : 0;
      if (!g->transa) {
        rma_tiles_locate(g->a, 0, rma_tiles_col_of(g->a, end), &t);
        start = t.c0;
      }
      if (2 * (start - x) > g->kc)
        end = start;
    }
    x = end;
  }
  cuts[nk] = g->k;
  return nk;
}

static const int *sort_cls;
static int sort_nk, sort_shift, sort_locality;

static int chunk_cmp(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  if (sort_locality && sort_cls[a] != sort_cls[b])
    return sort_cls[a] - sort_cls[b];
  return (a - sort_shift + sort_nk) % sort_nk - (b - sort_shift + sort_nk) % sort_nk;
}

// The chunk holding element k0 of the k range.
static int chunk_at(const rma_gemm_plan_t *plan, int k0) {
  int lo = 0, hi = plan->nk - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (plan->kcuts[mid] <= k0)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

// Where grid position (pr, pc) of C starts its k sweep in Cannon's skew:
// chunk (pr + pc) mod nk when A's tiles along k (kt of them) are no longer
// than a chunk, else the chunk holding the start of k tile (pr + pc) mod kt.
static int skew_start(const rma_gemm_plan_args_t *g, const rma_gemm_plan_t *plan, int pr, int pc,
                      int kt) {
  if (kt >= plan->nk)
    return (pr + pc) % plan->nk;
  rma_tile_t t;
  int t0 = (pr + pc) % kt;
  rma_tiles_locate(g->a, g->transa ? t0 : 0, g->transa ? 0 : t0, &t);
  return chunk_at(plan, g->transa ? t.r0 : t.c0);
}

// 1 when the skew starts the ranks of every process row at pairwise
// different chunks, and those of every process column too (the same answer
// on every rank); seen: nk bytes of scratch.
static int skew_distinct(const rma_gemm_plan_args_t *g, const rma_gemm_plan_t *plan, int kt,
                         char *seen) {
  int p0 = g->c->p0, p1 = g->c->p1;
  for (int line = 0; line < p0 + p1; line++) {
    int rows = line >= p0, fixed = rows ? line - p0 : line;
    memset(seen, 0, (size_t)plan->nk);
    for (int x = 0; x < (rows ? p0 : p1); x++)
      if (seen[skew_start(g, plan, rows ? x : fixed, rows ? fixed : x, kt)]++)
        return 0;
  }
  return 1;
}

// The chunk this rank's k sweep starts at (contention on). Where C is on a
// grid: Cannon's skew (skew_start) when it starts the ranks of each process
// row at pairwise different chunks and those of each process column too.
// With A and B on C's grid, k tile t is on process column t mod p1 of A and
// process row t mod p0 of B, so in each step the ranks of a process row
// read A from different owners and those of a process column read B from
// different owners. Else at rank / size of the chunks. (That alone put the
// q ranks of a process row of a q x q grid in the same k tile: one owner
// served all of their A gets at once. Simulated, FDR tree, one 4096 x 4096
// block per rank, 16 cores per rank, host code free: 256 ranks 60.7% ->
// 85.7% of the kernel MODEL rate.)
static int stagger(const rma_gemm_plan_args_t *g, const rma_gemm_plan_t *plan) {
  int fallback = (int)((long)g->rank * (plan->nk > 0 ? plan->nk : 1) / g->size), pr, pc;
  int kt = g->transa ? g->a->mt : g->a->nt;
  if (plan->nk == 0 || g->c->kind == RMA_TILES_GRID || rma_tiles_coords(g->c, g->rank, &pr, &pc) ||
      plan->nk < g->c->p0 || plan->nk < g->c->p1)
    return fallback;
  char *seen = malloc((size_t)plan->nk);
  int ok = seen && skew_distinct(g, plan, kt, seen);
  free(seen);
  return ok ? skew_start(g, plan, pr, pc, kt) : fallback;
}

// Append the blocks of row runs rr x column runs cr (each cut at max_block).
static int add_blocks(const rma_gemm_plan_args_t *g, rma_gemm_plan_t *plan, const spans_t *rr,
                      const spans_t *cr, spans_t *rout, spans_t *cout, int *cap) {
  int rtot = 0, ctot = 0;
  for (int i = 0; i < rr->n; i++)
    rtot += rr->v[i].len;
  for (int j = 0; j < cr->n; j++)
    ctot += cr->v[j].len;
  int rroom = rtot / g->max_block + rr->n + 2, croom = ctot / g->max_block + cr->n + 2;
  int *rs = malloc(sizeof(int) * (size_t)rroom * 2), *cs = malloc(sizeof(int) * (size_t)croom * 2);
  int rc = RMA_ERR_NO_MEMORY;
  if (!rs || !cs)
    goto out;
  int ng_r = group_spans(rr->v, rr->n, g->max_block, rout, rs, rs + rroom);
  int ng_c = group_spans(cr->v, cr->n, g->max_block, cout, cs, cs + croom);
  if (ng_r < 0 || ng_c < 0)
    goto out;
  if (plan->nblocks + ng_r * ng_c > *cap) {
    *cap = 2 * (plan->nblocks + ng_r * ng_c);
    rma_gemm_block_t *b = realloc(plan->blocks, sizeof(rma_gemm_block_t) * (size_t)*cap);
    if (!b)
      goto out;
    plan->blocks = b;
  }
  for (int i = 0; i < ng_r; i++)
    for (int j = 0; j < ng_c; j++)
      plan->blocks[plan->nblocks++] =
          (rma_gemm_block_t){rs[i], rs[i + 1] - rs[i], cs[j], cs[j + 1] - cs[j],
                             rs[rroom + i], cs[croom + j]};
  rc = 0;
out:
  free(rs), free(cs);
  return rc;
}

int rma_gemm_plan_build(const rma_gemm_plan_args_t *g, rma_gemm_plan_t *plan) {
  memset(plan, 0, sizeof *plan);
  spans_t rows = {0}, cols = {0}, rout = {0}, cout = {0};
  int product, cap = 0, rc = owned_runs(g, &rows, &cols, &product);
  if (rc == 0 && product) {
    rc = add_blocks(g, plan, &rows, &cols, &rout, &cout, &cap);
  } else if (rc == 0) {
    // Not a product of runs: one tile at a time.
    const rma_tiles_t *c = g->c;
    for (int bi = 0; bi < c->mt && rc == 0; bi++)
      for (int bj = 0; bj < c->nt && rc == 0; bj++) {
        rma_tile_t t;
        rma_tiles_locate(c, bi, bj, &t);
        if (t.owner != g->rank || t.r0 >= g->m || t.c0 >= g->n)
          continue;
        rma_span_t r = {t.r0, t.r0 + t.rows < g->m ? t.rows : g->m - t.r0};
        rma_span_t q = {t.c0, t.c0 + t.cols < g->n ? t.cols : g->n - t.c0};
        spans_t one_r = {&r, 1, 1}, one_c = {&q, 1, 1};
        rc = add_blocks(g, plan, &one_r, &one_c, &rout, &cout, &cap);
      }
  }
  free(rows.v), free(cols.v);
  plan->rspans = rout.v, plan->cspans = cout.v;
  if (rc != 0)
    goto fail;
  plan->kcuts = malloc(sizeof(int) * (size_t)(g->k / (g->kc > 1 ? g->kc / 2 : 1) + 2));
  if (!plan->kcuts)
    goto nomem;
  plan->nk = cut_k(g, plan->kcuts);
  for (int c = 0; c < plan->nk; c++) {
    int len = plan->kcuts[c + 1] - plan->kcuts[c];
    plan->max_kc = len > plan->max_kc ? len : plan->max_kc;
  }
  long steps = (long)plan->nblocks * plan->nk;
  plan->order = malloc(sizeof(int) * (size_t)(steps ? steps : 1));
  plan->cls = malloc(sizeof(int) * (size_t)(steps ? steps : 1));
  if (!plan->order || !plan->cls)
    goto nomem;
  sort_nk = plan->nk > 0 ? plan->nk : 1, sort_locality = g->locality;
  sort_shift = g->contention ? stagger(g, plan) : 0;
  for (int b = 0; b < plan->nblocks; b++) {
    const rma_gemm_block_t *blk = &plan->blocks[b];
    plan->max_rows = blk->rows > plan->max_rows ? blk->rows : plan->max_rows;
    plan->max_cols = blk->cols > plan->max_cols ? blk->cols : plan->max_cols;
    int *cls = plan->cls + (long)b * plan->nk, *order = plan->order + (long)b * plan->nk;
    for (int c = 0; c < plan->nk; c++) {
      cls[c] = RMA_TASK_LOCAL;
      for (int i = 0; i < blk->nrow; i++) {
        int x = rect_class(g->a, rma_gemm_plan_a_rect(plan, g->transa, plan->rspans[blk->row0 + i], c),
                           g->rank, g->node_of);
        cls[c] = x > cls[c] ? x : cls[c];
      }
      for (int j = 0; j < blk->ncol; j++) {
        int x = rect_class(g->b, rma_gemm_plan_b_rect(plan, g->transb, plan->cspans[blk->col0 + j], c),
                           g->rank, g->node_of);
        cls[c] = x > cls[c] ? x : cls[c];
      }
      order[c] = c;
    }
    sort_cls = cls;
    qsort(order, (size_t)plan->nk, sizeof(int), chunk_cmp);
  }
  return 0;
nomem:
  rc = RMA_ERR_NO_MEMORY;
fail:
  rma_gemm_plan_free(plan);
  return rc;
}

void rma_gemm_plan_free(rma_gemm_plan_t *plan) {
  free(plan->blocks);
  free(plan->rspans);
  free(plan->cspans);
  free(plan->kcuts);
  free(plan->order);
  free(plan->cls);
  memset(plan, 0, sizeof *plan);
}

// The one rank holding the elements [0, len) of tile column b of t (col = 1)
// or of tile row b (col = 0); -1 when several ranks hold them (or len is 0).
static int strip_owner(const rma_tiles_t *t, int col, int b, int len) {
  int owner = -1;
  // A uniform directory with one grid row (column) holds a tile column (row)
  // on one rank: its first tile tells.
  int one = t->kind != RMA_TILES_GRID && (col ? t->p0 : t->p1) == 1;
  for (int x = 0; x < len;) {
    int o = col ? rma_tiles_row_of(t, x) : rma_tiles_col_of(t, x);
    rma_tile_t tile;
    rma_tiles_locate(t, col ? o : b, col ? b : o, &tile);
    if (owner >= 0 && tile.owner != owner)
      return -1;
    owner = tile.owner;
    x = one ? len : col ? tile.r0 + tile.rows : tile.c0 + tile.cols;
  }
  return owner;
}

// Where the tile row (col = 0) or tile column (col = 1) of t holding
// global index g ends; its index in *b.
static int strip_end(const rma_tiles_t *t, int col, int g, int *b) {
  rma_tile_t tile;
  *b = col ? rma_tiles_col_of(t, g) : rma_tiles_row_of(t, g);
  rma_tiles_locate(t, col ? 0 : *b, col ? *b : 0, &tile);
  return col ? tile.c0 + tile.cols : tile.r0 + tile.rows;
}

int rma_gemm_plan_owner_reads(const rma_tiles_t *a, const rma_tiles_t *b, const rma_tiles_t *c,
                              int transa, int transb, int m, int n, int k, int which) {
  int of_a = which == 'A';
  const rma_tiles_t *x = of_a ? a : b;
  // The lines compared: C's rows with op(A)'s rows (A's columns when
  // transposed), C's columns with op(B)'s columns (B's rows when transposed).
  int ccol = !of_a, xcol = of_a ? transa : !transb;
  int ext = of_a ? m : n, clen = of_a ? n : m;
  if (ext == 0)
    return 0;
  for (int g = 0; g < ext;) {
    int cb, xb;
    int cend = strip_end(c, ccol, g, &cb), xend = strip_end(x, xcol, g, &xb);
    int owner = strip_owner(c, ccol, cb, clen);
    if (owner < 0 || strip_owner(x, xcol, xb, k) != owner)
      return 0;
    g = cend < xend ? cend : xend;
  }
  return 1;
}
