#include "ops/gemm/gemm.h"

#include <stddef.h>

#include "core/context.h"
#include "core/error.h"
#include "ops/gemm/gemm_run.h"
#include "sched/gemm_plan.h"
#include "store/store.h"

// An input operand: mirrored into the store under role, or, when only its
// owners read it (own = 1, the same on every rank) and its arrays are
// row-major, the user's memory itself.
static int operand(const rma_matrix_t *x, rma_store_role_t role, int own, rma_gemm_operand_t *op) {
  rma_win_t *win = NULL;
  const rma_tiles_t *stored = x->tiles;
  if (own && (x->tiles->kind == RMA_TILES_GRID || !x->tiles->o.colmajor))
    RMA_CALL(rma_status_agree(rma_context()->comm,
                              rma_store_own(role, x->seg,
                                            x->seglen * (long)rma_tiles_esize(x->tiles), &win)));
  else
    RMA_CALL(rma_status_agree(rma_context()->comm,
                              rma_store_mirror(role, x->tiles, x->seg, x->seglen, &win, &stored)));
  *op = (rma_gemm_operand_t){stored, win, NULL};
  return 0;
}

// The local segments of x and y overlap on this rank.
static int shares_memory(const rma_matrix_t *x, const rma_matrix_t *y) {
  const char *xs = x->seg, *ys = y->seg;
  long xl = x->seglen * (long)rma_tiles_esize(x->tiles), yl = y->seglen * (long)rma_tiles_esize(y->tiles);
  return xs && ys && xl > 0 && yl > 0 && xs < ys + yl && ys < xs + xl;
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

static int gemm_row_major(rma_op_t transa, rma_op_t transb, int m, int n, int k,
                          rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b,
                          rma_scalar_t beta, const rma_matrix_t *c);

int rma_gemm_matrices(rma_op_t transa, rma_op_t transb, int m, int n, int k, rma_scalar_t alpha,
                      const rma_matrix_t *a, const rma_matrix_t *b, rma_scalar_t beta,
                      const rma_matrix_t *c) {
  // Column-major C (ScaLAPACK's arrays): C^T = op(B)^T op(A)^T, every
  // column-major operand read as its row-major transpose. No data moves:
  // each op's TRANS bit flips twice for a column-major operand (N, T and C
  // stay what they are) and once for a row-major one.
  if (c->tiles->kind != RMA_TILES_GRID && c->tiles->o.colmajor) {
    const rma_matrix_t *x = a;
    rma_op_t tx = transa;
    int mx = m;
    a = b, transa = transb ^ RMA_OP_TRANS, b = x, transb = tx ^ RMA_OP_TRANS, m = n, n = mx;
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
  return gemm_row_major(transa, transb, m, n, k, alpha, &va.m, b == a ? &va.m : &vb.m, beta, &vc.m);
}

static int gemm_row_major(rma_op_t transa, rma_op_t transb, int m, int n, int k,
                          rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b,
                          rma_scalar_t beta, const rma_matrix_t *c) {
  rma_context_t *ctx = rma_context();
  rma_gemm_operand_t oc = {c->tiles, NULL, c->seg}, oa, ob;
  // Only beta*C: A and B are not touched (a NaN in them cannot reach C).
  if (k == 0 || alpha == 0)
    return rma_status_agree(ctx->comm,
                            rma_gemm_run(RMA_OP_N, RMA_OP_N, m, n, 0, 0, &oc, &oc, beta, &oc));
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
  int rc = operand(a, RMA_STORE_A, own_a, &oa);
  if (rc == 0 && b != a)
    rc = operand(b, RMA_STORE_B, own_b, &ob);
  // Every rank must be done reading the store before it is reused or freed.
  if (rc == 0)
    rc = rma_status_agree(ctx->comm,
                          rma_gemm_run(transa, transb, m, n, k, alpha, &oa, b == a ? &oa : &ob,
                                       beta, &oc));
  int rc2 = rma_store_done();
  return rc ? rc : rc2;
}
