/* Native block-cyclic matrices of any element type: sizes, allocation,
 * checks, and the engine's view of a window. */
#include <stdio.h>
#include <stdlib.h>

#include "core/error.h"
#include "core/sim.h"
#include "native/grid.h"

int rma_bcm_owner(int g, int nb, int src, int np) { return (src + g / nb) % np; }

int rma_bcm_local_index(int g, int nb, int np) { return (g / (nb * np)) * nb + g % nb; }

// Local rows / columns of a on the caller (fields assumed legal).
static void local_size(const rma_bcm_t *a, int *lrows, int *lcols) {
  rma_grid_t g = a->grid;
  *lrows = rma_numroc(a->m, a->mb, (g->myrow - a->rsrc + g->nprow) % g->nprow, g->nprow);
  *lcols = rma_numroc(a->n, a->nb, (g->mycol - a->csrc + g->npcol) % g->npcol, g->npcol);
}

// The fields every process shares (not data, not lld).
static int shape_check(const rma_bcm_t *a, char *why, int len) {
  if (!a)
    return snprintf(why, len, "matrix = NULL"), 1;
  if (!a->grid)
    return snprintf(why, len, "grid = NULL"), 1;
  if (a->m < 0 || a->n < 0)
    return snprintf(why, len, "extent %d x %d", a->m, a->n), 1;
  if (a->mb < 1 || a->nb < 1)
    return snprintf(why, len, "block %d x %d", a->mb, a->nb), 1;
  if (a->rsrc < 0 || a->rsrc >= a->grid->nprow || a->csrc < 0 || a->csrc >= a->grid->npcol)
    return snprintf(why, len, "source (%d, %d) outside the %d x %d grid", a->rsrc, a->csrc,
                    a->grid->nprow, a->grid->npcol),
           1;
  return 0;
}

void rma_bcm_same(rma_same_t *s, const char *name, const rma_bcm_t *a, int ia, int ja) {
  int64_t f[11] = {-1};
  if (a)
    f[0] = a->m, f[1] = a->n, f[2] = a->mb, f[3] = a->nb, f[4] = a->rsrc, f[5] = a->csrc,
    f[6] = a->dtype, f[7] = a->grid ? a->grid->nprow : -1, f[8] = a->grid ? a->grid->npcol : -1,
    f[9] = ia, f[10] = ja;
  rma_same_fold(s, name, f, 11);
}

int rma_bcm_check(const rma_bcm_t *a, rma_grid_t grid, char *why, int len) {
  if (shape_check(a, why, len))
    return 1;
  if (a->grid != grid)
    return snprintf(why, len, "matrix on another grid"), 1;
  int lr, lc;
  local_size(a, &lr, &lc);
  // ScaLAPACK's rule: lld >= 1, and >= the local rows when there are local columns.
  if (a->lld < 1 || (lc > 0 && a->lld < lr))
    return snprintf(why, len, "lld = %d < local rows %d", a->lld, lr), 1;
  if (!a->data && lr > 0 && lc > 0)
    return snprintf(why, len, "data = NULL with a %d x %d local array", lr, lc), 1;
  return 0;
}

int rma_bcm_check_window(const rma_bcm_t *x, int i0, int j0, int rows, int cols, char *why,
                         int len) {
  if (i0 < 0 || j0 < 0)
    return snprintf(why, len, "offset (%d, %d) negative", i0, j0), 1;
  if (rows > 0 && cols > 0 && ((long)i0 + rows > x->m || (long)j0 + cols > x->n))
    return snprintf(why, len, "window %d x %d at (%d, %d) outside the %d x %d matrix", rows, cols,
                    i0, j0, x->m, x->n),
           1;
  return 0;
}

int rma_bcm_local_rows(const rma_bcm_t *a) {
  int lr = 0;
  rma_bcm_local_size(a, &lr, NULL);
  return lr;
}

int rma_bcm_local_size(const rma_bcm_t *a, int *lrows, int *lcols) {
  char why[128];
  if (shape_check(a, why, sizeof why))
    return -1;
  int lr, lc;
  local_size(a, &lr, &lc);
  if (lrows)
    *lrows = lr;
  if (lcols)
    *lcols = lc;
  return 0;
}

int rma_bcm_alloc(rma_bcm_t *a) {
  char why[128];
  if (shape_check(a, why, sizeof why))
    return -1;
  int lr, lc;
  local_size(a, &lr, &lc);
  a->lld = lr > 1 ? lr : 1;
  size_t len = (size_t)a->lld * (size_t)(lc > 0 ? lc : 1), es = rma_dtype_size(a->dtype);
#ifdef RMALA_SIMULATE
  // Shared-malloc mode (core/sim.h): one set of pages for every simulated
  // rank, values meaningless, so not even zeroed.
  if (rma_sim_shared())
    a->data = rma_sim_bulk_alloc(len * es, 0);
  else
#endif
    a->data = calloc(len, es);
  int rc = rma_status_agree(a->grid->ctx->comm, a->data ? 0 : RMA_ERR_NO_MEMORY);
  if (rc != 0)
    rma_sim_bulk_free(a->data), a->data = NULL;
  return rc;
}

void rma_bcm_free(rma_bcm_t *a) {
  rma_sim_bulk_free(a->data);
  a->data = NULL;
}

int rma_bcm_window(const rma_bcm_t *a, int ia, int ja, int rows, int cols, rma_tiles_t *t,
                   rma_matrix_t *mat) {
  rma_grid_t g = a->grid;
  rma_tiles_origin_t o = {ia % a->mb,
                          ja % a->nb,
                          rma_bcm_owner(ia, a->mb, a->rsrc, g->nprow),
                          rma_bcm_owner(ja, a->nb, a->csrc, g->npcol),
                          ia / a->mb,
                          ja / a->nb,
                          0,
                          1,
                          a->lld};
  RMA_CALL(rma_tiles_init_window(t, RMA_TILES_BLOCK_CYCLIC, rows, cols, a->mb, a->nb, g->nprow,
                                 g->npcol, &o));
  t->dtype = a->dtype;
  int lr, lc;
  local_size(a, &lr, &lc);
  *mat = (rma_matrix_t){t, lr > 0 && lc > 0 ? a->data : NULL,
                        lr > 0 && lc > 0 ? (long)a->lld * (lc - 1) + lr : 0};
  return 0;
}
