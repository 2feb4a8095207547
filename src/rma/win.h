/*
 * A library-owned MPI window over each rank's local segment of a matrix,
 * held in one passive-target epoch (MPI_Win_lock_all) for its lifetime.
 * Created and freed only here; errors return instead of aborting.
 */
#ifndef RMA_RMA_WIN_H
#define RMA_RMA_WIN_H

#include <mpi.h>

typedef struct {
  MPI_Win win;
  double *base; /* this rank's segment (may be NULL with len 0) */
  long len;     /* elements */
  int rank;
} rma_win_t;

/* Collective over comm. Expose base[0..len) with displacement unit
 * sizeof(double) and open the epoch. On a one-process communicator no MPI
 * window is made (win stays MPI_WIN_NULL): every piece is local. */
int rma_win_create(MPI_Comm comm, double *base, long len, rma_win_t *w);

/* Collective. Close the epoch and free the window. Safe on a zeroed struct
 * with win == MPI_WIN_NULL. */
int rma_win_free(rma_win_t *w);

#endif
