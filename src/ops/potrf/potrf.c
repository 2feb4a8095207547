/*
 * The engine's Cholesky, front-end neutral: blocked right-looking Cholesky
 * with put + notify pipelining. rma_potrf_matrix -> ops/square (in place,
 * local re-layout or copy) -> ops/potrf/potrf_run (rma mailbox -> kernel).
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

int rma_potrf_matrix(const rma_matrix_t *a, int lower, int *info) {
  *info = 0;
  chol_args_t args = {lower, info};
  int rc = rma_square_run(a, chol_run, &args);
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
