#include "rma/win.h"

#include <stddef.h>

#include "core/error.h"

int rma_win_create(MPI_Comm comm, double *base, long len, rma_win_t *w) {
  w->win = MPI_WIN_NULL;
  w->base = base;
  w->len = len;
  MPI_Comm_rank(comm, &w->rank);
  int size = 1;
  MPI_Comm_size(comm, &size);
  // Alone, every tile is local and read directly; no window is needed (and
  // Open MPI 4.1 refuses one over GA's memory at np = 1).
  if (size == 1)
    return 0;
  MPI_Info info;
  MPI_Info_create(&info);
  // Tile reads only, no accumulates: let the implementation skip ordering.
  MPI_Info_set(info, "accumulate_ordering", "none");
  MPI_Info_set(info, "same_disp_unit", "true");
  int rc = MPI_Win_create(len > 0 ? base : NULL, (MPI_Aint)(len > 0 ? len : 0) * sizeof(double),
                          sizeof(double), info, comm, &w->win);
  MPI_Info_free(&info);
  if (rc != MPI_SUCCESS)
    return RMA_ERR_MPI;
  MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);
  RMA_CALL_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win));
  return 0;
}

int rma_win_free(rma_win_t *w) {
  if (w->win == MPI_WIN_NULL)
    return 0;
  int rc = MPI_Win_unlock_all(w->win);
  int rc2 = MPI_Win_free(&w->win);
  w->win = MPI_WIN_NULL;
  return (rc != MPI_SUCCESS || rc2 != MPI_SUCCESS) ? RMA_ERR_MPI : 0;
}
