/*
 * The engine's Cholesky, front-end neutral: blocked right-looking Cholesky
 * with put + notify pipelining. rma_potrf_matrix -> in place on a
 * column-major array's transpose, or ops/square (in place, local re-layout
 * or copy) -> ops/potrf/potrf_run (rma mailbox -> kernel).
 */
#include "ops/potrf/potrf.h"

#include "core/context.h"
#include "core/error.h"
#include "ops/potrf/potrf_run.h"
#include "ops/square.h"
#include "store/store.h"

// What the Cholesky's run needs besides the matrix.
typedef struct {
  int lower, *info;
} chol_args_t;

static int chol_run(const rma_tiles_t *t, void *seg, void *arg) {
  chol_args_t *a = arg;
  return rma_potrf_run(t, seg, a->lower, a->info);
}

// 1 when t is a whole column-major (ScaLAPACK) array of square tiles whose
// first tile is on grid position (0, 0): the Cholesky runs in place on its
// transpose. A column-major array read row-major is A^T, Hermitian like A,
// and A = L L^H exactly when A^T = U^H U with U = L^T, which sits where L
// does: UPLO flips, nothing is copied or conjugated, INFO is the same.
static int transposed_in_place(const rma_tiles_t *t) {
  const rma_tiles_origin_t *o = &t->o;
  return t->kind == RMA_TILES_BLOCK_CYCLIC && t->mb == t->nb && o->colmajor && !o->ioff &&
         !o->joff && !o->rsrc && !o->csrc && !o->ib0 && !o->jb0;
}

int rma_potrf_matrix(const rma_matrix_t *a, int lower, int *info) {
  *info = 0;
  chol_args_t args = {lower, info};
  rma_tiles_t at;
  int rc;
  if (transposed_in_place(a->tiles) && rma_tiles_transpose(&at, a->tiles) == 0)
    rc = rma_status_agree(rma_context()->comm, rma_potrf_run(&at, a->seg, !lower, info));
  else
    rc = rma_square_run(a, lower ? RMA_RELAYOUT_LOWER : RMA_RELAYOUT_UPPER, chol_run, &args);
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
