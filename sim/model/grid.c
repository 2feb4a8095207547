/*
 * The model's process grid (sim/model/pblas_model.h): BLACS's 'Rowwise' and
 * 'Columnwise' scopes as MPI communicators, and the argument checks shared
 * by the model's routines. A MODEL of ScaLAPACK, not ScaLAPACK.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "model_util.h"
#include "pblas_model.h"

int rma_model_grid_open(MPI_Comm comm, rma_grid_t grid, rma_model_grid_t *mg) {
  int size = 0, nprow = 0, npcol = 0, myrow = 0, mycol = 0;
  if (comm == MPI_COMM_NULL || !mg)
    return -1;
  MPI_Comm_size(comm, &size);
  char why[96] = "";
  int bad = 0;
  if (rma_grid_info(grid, &nprow, &npcol, &myrow, &mycol) != 0)
    bad = 2, snprintf(why, sizeof why, "grid = NULL");
  else if (nprow * npcol != size)
    bad = 2, snprintf(why, sizeof why, "grid %d x %d on %d processes", nprow, npcol, size);
  RMA_CALL(rma_args_agree(comm, "rma_model_grid_open", bad, why, NULL));
  *mg = (rma_model_grid_t){grid,  nprow,         npcol,         myrow,
                           mycol, MPI_COMM_NULL, MPI_COMM_NULL, MPI_COMM_NULL};
  RMA_CALL_MPI(MPI_Comm_split(comm, 0, myrow * npcol + mycol, &mg->all));
  RMA_CALL_MPI(MPI_Comm_split(comm, myrow, mycol, &mg->row));
  RMA_CALL_MPI(MPI_Comm_split(comm, mycol, myrow, &mg->col));
  return 0;
}

int rma_model_grid_close(rma_model_grid_t *mg) {
  if (!mg)
    return 0;
  MPI_Comm *comms[3] = {&mg->row, &mg->col, &mg->all};
  for (int i = 0; i < 3; i++)
    if (*comms[i] != MPI_COMM_NULL)
      RMA_CALL_MPI(MPI_Comm_free(comms[i]));
  return 0;
}

int rma_model_check(const rma_model_grid_t *mg, const rma_dmatrix_t *x, char *why, int len) {
  if (!x)
    return snprintf(why, len, "matrix NULL"), 1;
  if (x->grid != mg->grid)
    return snprintf(why, len, "matrix on another grid"), 1;
  if (x->m < 0 || x->n < 0 || x->mb < 1 || x->nb < 1)
    return snprintf(why, len, "m, n, mb, nb = %d, %d, %d, %d", x->m, x->n, x->mb, x->nb), 1;
  if (x->rsrc < 0 || x->rsrc >= mg->nprow || x->csrc < 0 || x->csrc >= mg->npcol)
    return snprintf(why, len, "rsrc, csrc = %d, %d", x->rsrc, x->csrc), 1;
  int lr, lc;
  rma_model_local_size(mg, x, &lr, &lc);
  if (x->lld < (lr > 1 ? lr : 1))
    return snprintf(why, len, "lld = %d < local rows %d", x->lld, lr), 1;
  if (!x->data && lr > 0 && lc > 0)
    return snprintf(why, len, "data NULL"), 1;
  return 0;
}

void rma_model_local_size(const rma_model_grid_t *mg, const rma_dmatrix_t *x, int *lr, int *lc) {
  *lr = rma_model_count_below(x->m, x->m, x->mb, x->rsrc, mg->myrow, mg->nprow);
  *lc = rma_model_count_below(x->n, x->n, x->nb, x->csrc, mg->mycol, mg->npcol);
}

int rma_model_count_below(int g, int n, int nb, int src, int me, int np) {
  if (g > n)
    g = n;
  if (g <= 0)
    return 0;
  int rel = (me - src + np) % np;   // my position in the cycle
  int full = g / nb, rest = g % nb; // whole blocks below g, and the part of the next
  int mine = (full / np) * nb;      // whole cycles
  int left = full % np;             // blocks of the last, partial cycle
  if (rel < left)
    mine += nb;
  else if (rel == left)
    mine += rest;
  return mine;
}

int rma_model_owner(int g, int nb, int src, int np) { return (src + g / nb) % np; }

int rma_model_global(int l, int nb, int src, int me, int np) {
  return (l / nb) * nb * np + ((me - src + np) % np) * nb + l % nb;
}

int rma_model_row_bcast_panel(const rma_model_grid_t *mg, const rma_dmatrix_t *x, int lr, int li0,
                              int lcl, int jb, int pc, double *buf) {
  int ld = lr - li0;
  if (ld <= 0)
    return 0;
  if (mg->mycol == pc)
    for (int c = 0; c < jb; c++)
      memcpy(buf + (long)c * ld, x->data + li0 + (long)(lcl + c) * x->lld,
             sizeof(double) * (size_t)ld);
  RMA_CALL_MPI(MPI_Bcast(buf, ld * jb, MPI_DOUBLE, pc, mg->row));
  return 0;
}
