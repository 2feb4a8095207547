#include "ops/gemm/gemm.h"

#include <stddef.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "ops/gemm/gemm_run.h"
#include "sched/gemm_plan.h"
#include "store/store.h"

// Bytes of x's local segment up to its last element on this rank (a window
// of a ScaLAPACK-layout array may start and end inside the local array).
static long seg_bytes(const rma_matrix_t *x) {
  const rma_tiles_t *t = x->tiles;
  int pr, pc;
  long end = x->seglen;
  if (t->kind == RMA_TILES_BLOCK_CYCLIC && rma_tiles_coords(t, rma_context()->rank, &pr, &pc) == 0)
    RMA_TILES_FOR_OWNED(t, pr, pc, 0, 0, bi, bj) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      long last = t->o.colmajor ? tile.disp + (long)(tile.cols - 1) * tile.ld + tile.rows
                                : tile.disp + (long)(tile.rows - 1) * tile.ld + tile.cols;
      end = last > end ? last : end;
    }
  return end * (long)rma_tiles_esize(t);
}

// The local segments of x and y overlap on this rank.
static int shares_memory(const rma_matrix_t *x, const rma_matrix_t *y) {
  const char *xs = x->seg, *ys = y->seg;
  long xl = seg_bytes(x), yl = seg_bytes(y);
  return xs && ys && xl > 0 && yl > 0 && xs < ys + yl && ys < xs + xl;
}

// An input operand: mirrored into the store under role, or, when only its
// owners read it (own = 1, the same on every rank) and its arrays are
// row-major, the user's memory itself. A mirror that is the user's memory
// (one process) while C shares it (trmm, lauum: the result overwrites an
// operand) is made a copy.
static int operand(const rma_matrix_t *x, rma_store_role_t role, int own, const rma_matrix_t *c,
                   rma_gemm_operand_t *op) {
  rma_win_t *win = NULL;
  const rma_tiles_t *stored = x->tiles;
  long bytes = seg_bytes(x);
  if (own && (x->tiles->kind == RMA_TILES_GRID || !x->tiles->o.colmajor))
    RMA_CALL(rma_status_agree(rma_context()->comm, rma_store_own(role, x->seg, bytes, &win)));
  else
    RMA_CALL(rma_status_agree(rma_context()->comm,
                              rma_store_mirror(role, x->tiles, x->seg, x->seglen, &win, &stored)));
  if (win->base == x->seg && bytes > 0 && shares_memory(x, c)) {
    RMA_CALL(rma_store_segment(role, bytes, &win));
    memcpy(win->base, x->seg, (size_t)bytes);
  }
  *op = (rma_gemm_operand_t){stored, win, NULL};
  return 0;
}

// A matrix whose local arrays are row-major: x itself, or, for column-major
// arrays, x read as its transpose (op's TRANS bit flips; v holds the
// directory).
typedef struct {
  rma_tiles_t t;
  rma_matrix_t m;
} view_t;

static void row_major(const rma_matrix_t *x, view_t *v, rma_op_t *op) {
  v->m = *x;
  if (x->tiles->kind == RMA_TILES_GRID || !x->tiles->o.colmajor ||
      rma_tiles_transpose(&v->t, x->tiles) != 0)
    return;
  v->m.tiles = &v->t;
  *op ^= RMA_OP_TRANS;
}

static int gemm_row_major(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m,
                          int n, int k, rma_scalar_t alpha, const rma_matrix_t *a,
                          const rma_matrix_t *b, rma_scalar_t beta, const rma_matrix_t *c);

int rma_gemm_matrices(rma_op_t transa, rma_op_t transb, int m, int n, int k, rma_scalar_t alpha,
                      const rma_matrix_t *a, const rma_matrix_t *b, rma_scalar_t beta,
                      const rma_matrix_t *c) {
  return rma_gemm_shaped(NULL, transa, transb, m, n, k, alpha, a, b, beta, c);
}

// The other triangle's name.
static char other(char uplo) { return uplo == 'L' ? 'U' : uplo == 'U' ? 'L' : 0; }

int rma_gemm_shaped(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m, int n,
                    int k, rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b,
                    rma_scalar_t beta, const rma_matrix_t *c) {
  rma_gemm_shape_t sh = shape ? *shape : (rma_gemm_shape_t){0};
  // Column-major C (ScaLAPACK's arrays): C^T = op(B)^T op(A)^T, every
  // column-major operand read as its row-major transpose. No data moves:
  // each op's TRANS bit flips twice for a column-major operand (N, T and C
  // stay what they are) and once for a row-major one. The triangles flip
  // with the transposes (op(A)^T is upper where op(A) is lower).
  if (c->tiles->kind != RMA_TILES_GRID && c->tiles->o.colmajor) {
    const rma_matrix_t *x = a;
    rma_op_t tx = transa;
    int mx = m;
    a = b, transa = transb ^ RMA_OP_TRANS, b = x, transb = tx ^ RMA_OP_TRANS, m = n, n = mx;
    sh = (rma_gemm_shape_t){other(sh.c), other(sh.b), other(sh.a), sh.bunit, sh.aunit,
                            sh.real_diag};
  }
  view_t va, vb, vc;
  rma_op_t unused = RMA_OP_N;
  row_major(a, &va, &transa);
  row_major(b, &vb, &transb);
  row_major(c, &vc, &unused);
  // conj(X) without a transpose is left only by operands of mixed layouts,
  // which no front-end makes.
  if ((transa == RMA_OP_CONJ || transb == RMA_OP_CONJ) && k > 0 && alpha != 0)
    return RMA_ERR_NOT_IMPLEMENTED;
  int plain = !sh.c && !sh.a && !sh.b && !sh.real_diag;
  return gemm_row_major(plain ? NULL : &sh, transa, transb, m, n, k, alpha, &va.m,
                        b == a ? &va.m : &vb.m, beta, &vc.m);
}

static int gemm_row_major(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m,
                          int n, int k, rma_scalar_t alpha, const rma_matrix_t *a,
                          const rma_matrix_t *b, rma_scalar_t beta, const rma_matrix_t *c) {
  rma_context_t *ctx = rma_context();
  rma_gemm_operand_t oc = {c->tiles, NULL, c->seg}, oa, ob;
  // Only beta*C: A and B are not touched (a NaN in them cannot reach C).
  if (k == 0 || alpha == 0)
    return rma_status_agree(ctx->comm,
                            rma_gemm_run(shape, RMA_OP_N, RMA_OP_N, m, n, 0, 0, &oc, &oc, beta,
                                         &oc));
  // An operand only its owners read needs no copy others can read; read in
  // place, it must not share memory with C (ScaLAPACK's callers are not
  // checked for that), on any rank.
  int ta = (transa & RMA_OP_TRANS) != 0, tb = (transb & RMA_OP_TRANS) != 0;
  int own[2] = {b != a && rma_gemm_plan_owner_reads(a->tiles, b->tiles, c->tiles, ta, tb, m, n, k,
                                                    'A'),
                b != a && rma_gemm_plan_owner_reads(a->tiles, b->tiles, c->tiles, ta, tb, m, n, k,
                                                    'B')};
  if (own[0] || own[1]) {
    own[0] = own[0] && !shares_memory(a, c), own[1] = own[1] && !shares_memory(b, c);
    MPI_Allreduce(MPI_IN_PLACE, own, 2, MPI_INT, MPI_MIN, ctx->comm);
  }
  int own_a = own[0], own_b = own[1];
  int rc = operand(a, RMA_STORE_A, own_a, c, &oa);
  if (rc == 0 && b != a)
    rc = operand(b, RMA_STORE_B, own_b, c, &ob);
  // Every rank must be done reading the store before it is reused or freed.
  if (rc == 0)
    rc = rma_status_agree(ctx->comm,
                          rma_gemm_run(shape, transa, transb, m, n, k, alpha, &oa, b == a ? &oa : &ob,
                                       beta, &oc));
  int rc2 = rma_store_done();
  return rc ? rc : rc2;
}
