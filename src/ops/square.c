/*
 * The three ways a square-tile pipeline runs on a matrix (ops/square.h):
 * in place, in the local re-layout, through a copy in the store.
 */
#include "ops/square.h"

#include <stddef.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "store/copy.h"
#include "store/relayout.h"
#include "store/store.h"

// Run on a matrix with plain tiles (GA's tiled layout, ScaLAPACK's
// column-major arrays) in its local re-layout (store/relayout.h).
static int run_relayout(const rma_matrix_t *mat, rma_relayout_part_t part, rma_square_run_t run,
                        void *arg) {
  rma_tiles_t t;
  void *work = NULL;
  int rc = rma_relayout_in(mat, part, &t, &work);
  if (rc == 0)
    rc = rma_status_agree(rma_context()->comm, run(&t, work, arg));
  if (rc == 0)
    rma_relayout_out(mat, part, &t, work);
  return rc;
}

// A square-tile run on the store's ScaLAPACK-layout copy (store/copy.h).
typedef struct {
  rma_square_run_t run;
  void *arg;
} on_copy_t;

static int run_on_copy(const rma_matrix_t *copy, void *arg) {
  on_copy_t *c = arg;
  return c->run(copy->tiles, copy->seg, c->arg);
}

int rma_square_run(const rma_matrix_t *a, rma_relayout_part_t part, rma_square_run_t run,
                   void *arg) {
  const rma_tiles_t *t = a->tiles;
  int rc;
  if (t->kind == RMA_TILES_BLOCK_CYCLIC && t->mb == t->nb && rma_tiles_plain(t))
    rc = run(t, a->seg, arg);
  else if (rma_relayout_possible(t))
    rc = run_relayout(a, part, run, arg);
  else
    rc = rma_store_through_copy(a, run_on_copy, &(on_copy_t){run, arg});
  return rma_status_agree(rma_context()->comm, rc);
}
