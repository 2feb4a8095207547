/*
 * The engine's LU, front-end neutral: blocked right-looking LU with put +
 * notify pipelining on a matrix described by a tile directory and local
 * segment. rma_getrf_matrix -> ops/square (in place, local re-layout or
 * copy) -> ops/getrf/getrf_run (rma mailbox -> kernel).
 */
#include "ops/getrf/getrf.h"

#include "core/context.h"
#include "core/error.h"
#include "ops/getrf/getrf_run.h"
#include "ops/square.h"
#include "store/store.h"

// What the LU's run needs besides the matrix.
typedef struct {
  int *ipiv, *info;
} lu_args_t;

static int lu_run(const rma_tiles_t *t, void *seg, void *arg) {
  lu_args_t *a = arg;
  return rma_getrf_run(t, seg, a->ipiv, a->info);
}

int rma_getrf_matrix(const rma_matrix_t *a, int *ipiv, int *info) {
  *info = 0;
  lu_args_t args = {ipiv, info};
  int rc = rma_square_run(a, RMA_RELAYOUT_ALL, lu_run, &args);
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
