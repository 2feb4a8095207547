/*
 * Helpers shared by the model's routines (sim/model): argument checks and
 * ScaLAPACK's block-cyclic index arithmetic on the model grid.
 */
#ifndef RMA_SIM_MODEL_UTIL_H
#define RMA_SIM_MODEL_UTIL_H

#include "pblas_model.h"

/* PBLAS's logical block (PILAENV, 32 in ScaLAPACK 2.x): PDGEMM's AB
 * variant steps through k in pieces of at most this many, and PDTRSM's
 * in-place variant moves columns in chunks of at most this many. */
#define RMA_MODEL_KB 32

/* Local. 0 when x's fields are legal on mg; else 1 with the reason. */
int rma_model_check(const rma_model_grid_t *mg, const rma_dmatrix_t *x, char *why, int len);

/* Local. The caller's local rows and columns of x (NUMROC). */
void rma_model_local_size(const rma_model_grid_t *mg, const rma_dmatrix_t *x, int *lr, int *lc);

/* Local. How many of the global indices 0 .. g-1 (of n, blocks of nb, first
 * block on src) grid coordinate me of np holds: the local index of the
 * first of its indices >= g. */
int rma_model_count_below(int g, int n, int nb, int src, int me, int np);

/* Local. The grid coordinate holding global index g. */
int rma_model_owner(int g, int nb, int src, int np);

/* Local. The global index of local index l on grid coordinate me (INDXL2G). */
int rma_model_global(int l, int nb, int src, int me, int np);

/* Collective over the caller's grid row. A column panel's local rows li0 ..
 * lr-1 of x's local columns lcl .. lcl+jb-1, packed on grid column pc into
 * buf (column-major, ld lr - li0) and broadcast along the grid row: every
 * process of the row gets them in buf (BLACS's row-wise broadcast of a
 * column panel: PDGETRF's L11 and L21, PDSYRK's PB_CInV of A21). Nothing
 * when lr <= li0. Returns 0 or RMA_ERR_MPI. */
int rma_model_row_bcast_panel(const rma_model_grid_t *mg, const rma_dmatrix_t *x, int lr, int li0,
                              int lcl, int jb, int pc, double *buf);

#endif
