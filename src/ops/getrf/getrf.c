/*
 * The engine's LU, front-end neutral: blocked right-looking LU with put +
 * notify pipelining on a matrix described by a tile directory and local
 * segment. rma_getrf_matrix -> ops/getrf/getrf_run (rma mailbox -> kernel).
 * Square-tiled arrays (tiled or ScaLAPACK layout, mb == nb) are factored in
 * the ScaLAPACK layout, where one BLAS call updates all of a rank's trailing
 * tiles: that layout in place, the tiled layout after a local re-layout of
 * each rank's tiles into the store's scratch buffer (same tiles, same
 * owners, no communication); any other distribution is gathered into a
 * ScaLAPACK-layout copy in the store, factored there and copied back
 * (store/copy.h).
 */
#include "ops/getrf/getrf.h"

#include <stddef.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/error.h"
#include "ops/getrf/getrf_run.h"
#include "store/copy.h"
#include "store/relayout.h"
#include "store/store.h"

// Factor a matrix with plain tiles (GA's tiled layout, ScaLAPACK's
// column-major arrays) in its local re-layout (store/relayout.h).
static int lu_relayout(const rma_matrix_t *mat, int *ipiv, int *info) {
  rma_tiles_t t;
  void *work = NULL;
  int rc = rma_relayout_in(mat, &t, &work);
  if (rc == 0)
    rc = rma_status_agree(rma_context()->comm, rma_getrf_run(&t, work, ipiv, info));
  if (rc == 0)
    rma_relayout_out(mat, &t, work);
  return rc;
}

// The factorization of a copy (store/copy.h): pivots and info out.
typedef struct {
  int *ipiv, *info;
} lu_out_t;

static int lu_copy_run(const rma_matrix_t *copy, void *arg) {
  lu_out_t *o = arg;
  return rma_getrf_run(copy->tiles, copy->seg, o->ipiv, o->info);
}

int rma_getrf_matrix(const rma_matrix_t *a, int *ipiv, int *info) {
  const rma_tiles_t *t = a->tiles;
  int rc;
  *info = 0;
  if (t->kind == RMA_TILES_BLOCK_CYCLIC && t->mb == t->nb && rma_tiles_plain(t))
    rc = rma_getrf_run(t, a->seg, ipiv, info);
  else if (rma_relayout_possible(t))
    rc = lu_relayout(a, ipiv, info);
  else
    rc = rma_store_through_copy(a, lu_copy_run, &(lu_out_t){ipiv, info});
  int rc2 = rma_store_done();
  return rma_status_agree(rma_context()->comm, rc ? rc : rc2);
}
