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

/*
 * The prologue of every ScaLAPACK entry point: read the first descriptor
 * desc (argument dpos) into *d and enter its context: the caller's place
 * (*g) and rmala grid (*grid). Returns 0; or the code the routine returns at
 * once: an unreadable descriptor's (-(100 dpos + 1), one message),
 * -(100 dpos + 2) for a caller outside the context (nothing collective
 * done), an RMA_ERR_* code. With RMALA_VERBOSE the first process of the
 * context prints "rmala: <routine> <what>".
 */
/* Local. CHK1MAT's checks of sub(B) (rma_desc_check's arguments) for a
 * routine whose context is ctxt, on grid g: as ScaLAPACK, a descriptor of
 * another context is checked on its own context's grid first, and its
 * context blamed (-(100 dpos + 2)) only when those checks pass. */
void rma_pd_check_second(const rma_desc_t *d, int ctxt, int ma, int mpos, int na, int npos, int ib,
                         int jb, int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e);

int rma_pd_enter(const char *routine, const char *what, const int *desc, int dpos, rma_desc_t *d,
                 rma_desc_grid_t *g, rma_grid_t *grid);

#endif
