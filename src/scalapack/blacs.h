/*
 * The ScaLAPACK front-end's link to BLACS: the rmala grid behind a BLACS
 * context. BLACS itself declares no C header; the prototypes below are the
 * C interface of the BLACS shipped inside ScaLAPACK (32-bit integers).
 */
#ifndef RMA_SCALAPACK_BLACS_H
#define RMA_SCALAPACK_BLACS_H

#include <mpi.h>

#include "rmala.h"
#include "scalapack/desc.h"

void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_get(int ictxt, int what, int *val);
MPI_Comm Cblacs2sys_handle(int sysctxt);

/*
 * Collective over the processes of context ictxt (call only when
 * Cblacs_gridinfo reports the caller inside it). The rmala grid with the
 * same processes at the same positions, made on first use of the context
 * (over the context's own communicator, so processes outside it are not
 * involved) and remembered: later calls only check, locally, that the
 * context still has the same processes. Released by rma_finalize (or
 * MPI_Finalize). Returns 0, RMA_ERR_MPI or RMA_ERR_NO_MEMORY.
 */
int rma_blacs_grid(int ictxt, rma_grid_t *grid);

/* Collective over the context's processes when the caller is one of them.
 * The caller's place in context ictxt (*g) and its rmala grid: 0, 1 when
 * the caller is not in the context (nothing collective done), or an
 * RMA_ERR_* code. */
int rma_blacs_enter(int ictxt, rma_desc_grid_t *g, rma_grid_t *grid);

#endif
