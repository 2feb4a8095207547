#include "ops/gemm/gemm_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_region.h"
#include "ops/gemm/gemm_options.h"
#include "rma/panel.h"
#include "store/store.h"

// Largest C block side (per BLAS thread's share, block_side) and the target
// k chunk: one BLAS call is at most side^2 x RMA_GEMM_KC, whatever the
// user's block size; the panels of one step hold (rows + cols) x
// RMA_GEMM_KC elements.
#define RMA_GEMM_MAX_BLOCK 2048
#define RMA_GEMM_KC 256
// Columns of C per BLAS call and BLAS thread while gets are in flight (see
// run_steps).
#define RMA_GEMM_PROGRESS_SLAB 256
// Width of the column strips in which a triangle-restricted C piece that the
// diagonal crosses is computed (the crossing part through a W x W scratch).
#define RMA_GEMM_TRI_W 64

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

// The triangle restrictions of the product (shape) seen from one block and
// chunk: whether C's triangle meets the block, whether op(A) / op(B) is
// zero on the chunk, whether their panels need zeros or ones written.
typedef struct {
  const rma_gemm_shape_t *shape;
  int r0, r1, c0, c1; /* first and last global row and column of the block */
} block_view_t;

static block_view_t block_view(const rma_gemm_shape_t *shape, const rma_gemm_plan_t *plan,
                               const rma_gemm_block_t *blk) {
  rma_span_t fr = plan->rspans[blk->row0], lr = plan->rspans[blk->row0 + blk->nrow - 1];
  rma_span_t fc = plan->cspans[blk->col0], lc = plan->cspans[blk->col0 + blk->ncol - 1];
  return (block_view_t){shape, fr.g0, lr.g0 + lr.len - 1, fc.g0, lc.g0 + lc.len - 1};
}

// Where rows [r0, r1] x columns [c0, c1] of C lie against the triangle
// named by uplo ('L': row >= column, 'U': row <= column, 0: all of C): 1
// inside, 0 outside, -1 crossed by the diagonal.
static int tri_class(char uplo, int r0, int r1, int c0, int c1) {
  if (!uplo)
    return 1;
  if (uplo == 'L')
    return r0 >= c1 ? 1 : r1 < c0 ? 0 : -1;
  return r1 <= c0 ? 1 : r0 > c1 ? 0 : -1;
}

// 1 when the block computes nothing on chunk [k0, k1): C's triangle misses
// it, or a triangular op(A) / op(B) is zero there.
static int step_void(const block_view_t *v, int k0, int k1) {
  const rma_gemm_shape_t *s = v->shape;
  if (!s)
    return 0;
  return tri_class(s->c, v->r0, v->r1, v->c0, v->c1) == 0 || (s->a == 'L' && k0 > v->r1) ||
         (s->a == 'U' && k1 - 1 < v->r0) || (s->b == 'L' && k1 - 1 < v->c0) ||
         (s->b == 'U' && k0 > v->c1);
}

// 1 when the piece of triangular op(X) (uplo) from op(X)[r0][c0], rows x
// cols, holds an entry on or past its diagonal on the zero side.
static int needs_fix(char uplo, int r0, int rows, int c0, int cols) {
  return uplo == 'L' ? c0 + cols - 1 >= r0 : uplo == 'U' ? c0 <= r0 + rows - 1 : 0;
}

// Make a gathered piece of triangular op(X) exact: rows x cols from
// op(X)[r0][c0], stored at p (ld) as is or, when trans, transposed; zeros
// outside uplo's triangle, ones on a unit diagonal.
static void fix_piece(rma_dtype_t dt, char uplo, int unit, int trans, int rows, int cols, int r0,
                      int c0, void *p, int ld) {
  if (!needs_fix(uplo, r0, rows, c0, cols))
    return;
  int d = r0 - c0; // op(X)'s diagonal: y - x == d in the piece
  int lo = uplo == 'L' ? d + 1 : RMA_REGION_ALL_LO, hi = uplo == 'L' ? RMA_REGION_ALL_HI : d - 1;
  if (trans) {
    int x = rows, l = lo;
    rows = cols, cols = x, lo = -hi, hi = -l, d = -d;
  }
  rma_kernel_region_set_dt(dt, rows, cols, lo, hi, 0, p, ld);
  if (unit)
    rma_kernel_region_set_dt(dt, rows, cols, d, d, 1, p, ld);
}

// The panels of step (block blk, chunk ch) in set s, once arrived, with the
// triangular operands' pieces made exact.
static void fix_panels(const rma_gemm_shape_t *shape, rma_dtype_t dt, int ta, int tb,
                       const rma_gemm_plan_t *plan, const rma_gemm_block_t *blk, int ch,
                       step_set_t *s) {
  size_t es = rma_dtype_size(dt);
  int k0 = plan->kcuts[ch], kc = plan->kcuts[ch + 1] - k0;
  for (int i = 0, off = 0; shape->a && i < blk->nrow; off += plan->rspans[blk->row0 + i++].len) {
    rma_span_t r = plan->rspans[blk->row0 + i];
    char *p = (char *)s->a.buf + es * (size_t)(ta ? off : (long)off * s->lda);
    fix_piece(dt, shape->a, shape->aunit, ta, r.len, kc, r.g0, k0, p, s->lda);
  }
  for (int j = 0, off = 0; shape->b && j < blk->ncol; off += plan->cspans[blk->col0 + j++].len) {
    rma_span_t q = plan->cspans[blk->col0 + j];
    char *p = (char *)s->b.buf + es * (size_t)(tb ? (long)off * s->ldb : off);
    fix_piece(dt, shape->b, shape->bunit, tb, kc, q.len, k0, q.g0, p, s->ldb);
  }
}

// Issue the panels of step (block blk, chunk ch) into set s.
static int issue(const rma_gemm_shape_t *shape, int transa, int transb, const rma_gemm_plan_t *plan,
                 const rma_gemm_block_t *blk, int ch, const rma_gemm_operand_t *a,
                 const rma_gemm_operand_t *b, int zero_copy, step_set_t *s) {
  int kc = plan->kcuts[ch + 1] - plan->kcuts[ch], k0 = plan->kcuts[ch];
  void *direct;
  int ld;
  rma_span_t r0 = plan->rspans[blk->row0], c0 = plan->cspans[blk->col0];
  // A piece of a triangular operand that needs zeros written is gathered.
  int fix_a = shape && needs_fix(shape->a, r0.g0, r0.len, k0, kc);
  int fix_b = shape && needs_fix(shape->b, k0, kc, c0.g0, c0.len);
  // A: one run inside one tile in place reach is used where it lies.
  if (blk->nrow == 1 && zero_copy && !fix_a &&
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
  if (blk->ncol == 1 && zero_copy && !fix_b &&
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

// C piece (global rows [r0, r0 + rows) x columns [c0, c0 + cols) at cp,
// ldc) += alpha A B on the triangle uplo only, the diagonal crossing it:
// A rows x kc (pa, lda, op ta), B kc x cols (pb, ldb, op tb). Column strips
// of RMA_GEMM_TRI_W: the rows wholly inside by one call, the rows the
// diagonal crosses through scratch w, of which the triangle is added.
static void tri_product(rma_dtype_t dt, char uplo, rma_op_t ta, rma_op_t tb, int r0, int rows,
                        int c0, int cols, int kc, rma_scalar_t alpha, const char *pa, int lda,
                        const char *pb, int ldb, char *cp, int ldc, void *w) {
  size_t es = rma_dtype_size(dt);
  int ra = (ta & RMA_OP_TRANS) != 0, rb = (tb & RMA_OP_TRANS) != 0;
  for (int cs = c0; cs < c0 + cols; cs += RMA_GEMM_TRI_W) {
    int ce = cs + RMA_GEMM_TRI_W < c0 + cols ? cs + RMA_GEMM_TRI_W : c0 + cols, sw = ce - cs;
    const char *bs = pb + es * (size_t)(rb ? (long)(cs - c0) * ldb : cs - c0);
    // Rows wholly inside [f0, f1), rows crossed [d0, d1) (global).
    int f0, f1, d0, d1;
    if (uplo == 'L')
      f0 = ce - 1 > r0 ? ce - 1 : r0, f1 = r0 + rows, d0 = cs > r0 ? cs : r0,
      d1 = f0 < f1 ? f0 : f1;
    else
      f0 = r0, f1 = cs + 1 < r0 + rows ? cs + 1 : r0 + rows, d0 = f1 > r0 ? f1 : r0,
      d1 = ce < r0 + rows ? ce : r0 + rows;
    if (f1 > f0)
      rma_kernel_gemm_dt(dt, ta, tb, f1 - f0, sw, kc, alpha,
                         pa + es * (size_t)(ra ? f0 - r0 : (long)(f0 - r0) * lda), lda, bs, ldb, 1,
                         cp + es * ((size_t)(f0 - r0) * ldc + (cs - c0)), ldc);
    for (int x0 = d0; x0 < d1; x0 += RMA_GEMM_TRI_W) { // crossed rows, at most W at a time
      int xr = d1 - x0 < RMA_GEMM_TRI_W ? d1 - x0 : RMA_GEMM_TRI_W;
      rma_kernel_gemm_dt(dt, ta, tb, xr, sw, kc, alpha,
                         pa + es * (size_t)(ra ? x0 - r0 : (long)(x0 - r0) * lda), lda, bs, ldb, 0,
                         w, sw);
      // Global column cs + y against row x0 + x: y - x <= x0 - cs (lower), >= (upper).
      int lo = uplo == 'L' ? RMA_REGION_ALL_LO : x0 - cs, hi = uplo == 'L' ? x0 - cs : RMA_REGION_ALL_HI;
      rma_kernel_region_add_dt(dt, xr, sw, lo, hi, w, sw,
                               cp + es * ((size_t)(x0 - r0) * ldc + (cs - c0)), ldc);
    }
  }
}

// Over the (row span, column span) pieces of block blk that meet C's
// triangle (shape->c): scale by beta (what = 0), make the diagonal real
// (what = 1), or add alpha times the panels of set s over chunk [.., +kc)
// (what = 2). cp (ldc) holds the block. The pieces of a row span wholly
// inside the triangle are consecutive in the block: one call for each run.
static void tri_pieces(int what, const rma_gemm_shape_t *shape, rma_dtype_t dt, rma_op_t ta,
                       rma_op_t tb, const rma_gemm_plan_t *plan, const rma_gemm_block_t *blk,
                       rma_scalar_t scalar, const step_set_t *s, int kc, char *cp, int ldc, void *w) {
  size_t es = rma_dtype_size(dt);
  int ra = (ta & RMA_OP_TRANS) != 0, rb = (tb & RMA_OP_TRANS) != 0;
  for (int i = 0, roff = 0; i < blk->nrow; roff += plan->rspans[blk->row0 + i++].len) {
    rma_span_t r = plan->rspans[blk->row0 + i];
    const char *pa = what == 2 ? (const char *)s->aptr + es * (size_t)(ra ? roff : (long)roff * s->lda)
                               : NULL;
    int run0 = 0, runlen = 0; // the current run of inside pieces: columns [run0, run0 + runlen)
    for (int j = 0, coff = 0; j <= blk->ncol; j++) {
      rma_span_t q = j < blk->ncol ? plan->cspans[blk->col0 + j] : (rma_span_t){0, 0};
      int cls = j < blk->ncol ? tri_class(shape->c, r.g0, r.g0 + r.len - 1, q.g0, q.g0 + q.len - 1)
                              : 0;
      if (cls > 0 && what != 1) {
        if (!runlen)
          run0 = coff;
        runlen += q.len, coff += q.len;
        continue;
      }
      if (runlen) { // the run ends: one call
        char *c0 = cp + es * ((size_t)roff * ldc + run0);
        if (what == 0)
          rma_kernel_scale_dt(dt, r.len, runlen, scalar, c0, ldc);
        else
          rma_kernel_gemm_dt(dt, ta, tb, r.len, runlen, kc, scalar, pa, s->lda,
                             (const char *)s->bptr + es * (size_t)(rb ? (long)run0 * s->ldb : run0),
                             s->ldb, 1, c0, ldc);
        runlen = 0;
      }
      if (cls == 0 || j == blk->ncol) {
        coff += q.len;
        continue;
      }
      char *cij = cp + es * ((size_t)roff * ldc + coff);
      // The piece's diagonal: y - x == r.g0 - q.g0; its triangle's region.
      int d = r.g0 - q.g0;
      int lo = shape->c == 'U' && cls < 0 ? d : RMA_REGION_ALL_LO;
      int hi = shape->c == 'L' && cls < 0 ? d : RMA_REGION_ALL_HI;
      if (what == 0)
        rma_kernel_region_scale_dt(dt, r.len, q.len, lo, hi, scalar, cij, ldc);
      else if (what == 1 && d > -r.len && d < q.len)
        rma_kernel_region_real_dt(dt, r.len, q.len, d, d, cij, ldc);
      else if (what == 2)
        tri_product(dt, shape->c, ta, tb, r.g0, r.len, q.g0, q.len, kc, scalar, pa, s->lda,
                    (const char *)s->bptr + es * (size_t)(rb ? (long)coff * s->ldb : coff), s->ldb,
                    cij, ldc, w);
      coff += q.len;
    }
  }
}

// Run every step; sets[nsets] rotate (nsets - 1 steps fetched ahead);
// threads: the BLAS threads of a call (the progress slab).
// Steps that compute nothing under shape (outside C's triangle, zero
// chunks of triangular operands) are neither fetched nor run.
static int run_steps(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb,
                     rma_scalar_t alpha, rma_scalar_t beta, const rma_gemm_plan_t *plan,
                     const rma_gemm_operand_t *a, const rma_gemm_operand_t *b,
                     const rma_gemm_operand_t *c, step_set_t *sets, int nsets, void *cbuf,
                     void *tri_w, int zero_copy, int rank, int threads) {
  long nk = plan->nk, total = (long)plan->nblocks * nk, issued = 0;
  rma_dtype_t dt = c->tiles->dtype;
  size_t es = rma_dtype_size(dt);
  int ta = (transa & RMA_OP_TRANS) != 0, tb = (transb & RMA_OP_TRANS) != 0;
  int tri = shape && shape->c;
  for (int bk = 0; bk < plan->nblocks; bk++) {
    const rma_gemm_block_t *blk = &plan->blocks[bk];
    block_view_t v = block_view(shape, plan, blk);
    if (tri && tri_class(shape->c, v.r0, v.r1, v.c0, v.c1) == 0)
      continue; // wholly in the other triangle: untouched
    int ldc;
    char *cp = c_in_place(plan, blk, c, rank, &ldc);
    if (!cp) {
      cp = cbuf, ldc = blk->cols;
      // A restricted block goes back whole: its other triangle is read too.
      if (beta != 0 || tri)
        c_copy(plan, blk, c, cbuf, 1);
    }
    if (tri)
      tri_pieces(0, shape, dt, transa, transb, plan, blk, beta, NULL, 0, cp, ldc, NULL);
    else
      rma_kernel_scale_dt(dt, blk->rows, blk->cols, beta, cp, ldc); // beta 0: zeros, C never read
    for (long st = (long)bk * nk; st < (long)(bk + 1) * nk; st++) {
      for (; issued < total && issued < st + nsets; issued++) {
        const rma_gemm_block_t *ib = &plan->blocks[issued / nk];
        block_view_t iv = block_view(shape, plan, ib);
        int ich = plan->order[issued];
        if (!step_void(&iv, plan->kcuts[ich], plan->kcuts[ich + 1]))
          RMA_CALL(issue(shape, ta, tb, plan, ib, ich, a, b, zero_copy, &sets[issued % nsets]));
      }
      int ch = plan->order[st], kc = plan->kcuts[ch + 1] - plan->kcuts[ch];
      if (step_void(&v, plan->kcuts[ch], plan->kcuts[ch + 1]))
        continue;
      step_set_t *s = &sets[st % nsets];
      RMA_CALL(rma_panel_wait(&s->a));
      RMA_CALL(rma_panel_wait(&s->b));
      if (shape && (shape->a || shape->b))
        fix_panels(shape, dt, ta, tb, plan, blk, ch, s);
      if (tri) {
        tri_pieces(2, shape, dt, transa, transb, plan, blk, alpha, s, kc, cp, ldc, tri_w);
        continue;
      }
      // With gets in flight, MPI is entered between column slabs of the
      // product: libraries whose gets need the target's progress (MPICH's
      // ch4) serve the other ranks within ~10 ms instead of once a step.
      // A slab is as wide per BLAS thread (the same time between MPI
      // calls): 256-column calls on 16 threads ran at ~86% of one whole
      // call (simulated, threaded-kernel MODEL, FDR C 16, 16 and 64 ranks:
      // 85.4% / 85.5% of the kernel rate with 256, 98.9% / 99.1% unsplit).
      int slab = nsets > 1 ? RMA_GEMM_PROGRESS_SLAB * threads : blk->cols;
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
    if (shape && shape->real_diag)
      tri_pieces(1, shape, dt, transa, transb, plan, blk, 0, NULL, 0, cp, ldc, NULL);
    if (cp == cbuf)
      c_copy(plan, blk, c, cbuf, 0);
  }
  return 0;
}

// The largest C block side for BLAS calls on threads threads:
// RMA_GEMM_MAX_BLOCK x floor(sqrt(threads)), the same work per thread and
// step as one thread's block. Fewer, larger blocks read each A and B piece
// fewer times: a rank standing for 16 cores with one 4096 x 4096 block
// fetched each of its A and B pieces twice in 2048-wide blocks (simulated,
// FDR C 16, 256 ranks: half the gets, the simulation's wall 230 -> 54 s).
// At most 4 x RMA_GEMM_MAX_BLOCK (16 threads and more): a gathered C block
// of that side is 512 MB of doubles.
static int block_side(int threads) {
  int r = 1;
  while (r < 4 && (r + 1) * (r + 1) <= threads)
    r++;
  return RMA_GEMM_MAX_BLOCK * r;
}

// 1 when some block of the plan is gathered into a buffer (c_in_place
// finds no strided array for it in the user's segment).
static int c_gathered(const rma_gemm_plan_t *plan, const rma_gemm_operand_t *c, int rank) {
  for (int b = 0; b < plan->nblocks; b++) {
    int ldc;
    if (!c_in_place(plan, &plan->blocks[b], c, rank, &ldc))
      return 1;
  }
  return 0;
}

int rma_gemm_run(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m, int n,
                 int k, rma_scalar_t alpha, const rma_gemm_operand_t *a,
                 const rma_gemm_operand_t *b, rma_scalar_t beta, const rma_gemm_operand_t *c) {
  rma_context_t *ctx = rma_context();
  const rma_gemm_options_t *opt = rma_gemm_options();
  long es = (long)rma_tiles_esize(c->tiles);
  int threads = rma_kernel_threads();
  rma_gemm_plan_args_t args = {a->tiles,        b->tiles,      c->tiles,
                               (transa & RMA_OP_TRANS) != 0, (transb & RMA_OP_TRANS) != 0, m,
                               n,               alpha == 0 ? 0 : k,
                               ctx->rank,       ctx->size,     ctx->node_of,
                               opt->locality,   opt->contention,
                               block_side(threads), RMA_GEMM_KC};
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
  long setlen = (alen + blen) * (staged ? 2 : 1);
  long clen = c_gathered(&plan, c, ctx->rank) ? (long)plan.max_rows * plan.max_cols : 0;
  long wlen = shape && shape->c ? (long)RMA_GEMM_TRI_W * RMA_GEMM_TRI_W : 0;
  void *scratch = NULL;
  int rc = rma_store_scratch((nsets * (plan.nk ? setlen : 0) + clen + wlen) * es, &scratch);
  step_set_t sets[17];
  for (int s = 0; s < nsets && rc == 0; s++) {
    char *at = (char *)scratch + (clen + s * setlen) * es;
    rma_panel_init(&sets[s].a, at, staged ? at + (alen + blen) * es : NULL, alen * es, !zc);
    rma_panel_init(&sets[s].b, at + alen * es, staged ? at + (2 * alen + blen) * es : NULL,
                   blen * es, !zc);
  }
  if (rc == 0)
    rc = run_steps(shape, transa, transb, alpha, beta, &plan, a, b, c, sets, nsets, scratch,
                   (char *)scratch + (clen + nsets * (plan.nk ? setlen : 0)) * es, zc, ctx->rank,
                   threads);
  for (int s = 0; s < nsets && scratch; s++) {
    int rc2 = rma_panel_free(&sets[s].a), rc3 = rma_panel_free(&sets[s].b);
    rc = rc ? rc : rc2 ? rc2 : rc3;
  }
  rma_gemm_plan_free(&plan);
  return rc;
}
