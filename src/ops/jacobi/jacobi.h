/*
 * The engine's Jacobi solver, front-end neutral (ops/jacobi/jacobi.c).
 */
#ifndef RMA_OPS_JACOBI_H
#define RMA_OPS_JACOBI_H

#include "tiles/tiles.h"

/*
 * Local. The smallest i with A(i, i) == 0 among the diagonal entries this
 * rank holds of the n x n matrix a, or -1 when there is none.
 */
int rma_jacobi_zero_diagonal(const rma_matrix_t *a);

/*
 * Collective over the current context; arguments already checked (a n x n
 * with a non-zero diagonal, b and x n x nrhs, tol >= 0, maxit >= 0, mode
 * 0 sync / 1 async / 2 racy). Jacobi iteration on A x = b from the x given;
 * x gets the last iterate. Returns 0 (every column's scaled residual <= tol),
 * 1 (not within maxit generations, ops/jacobi/jacobi_sweep.h) or an RMA_ERR_*
 * code, the same on every rank, with *iters (the most generations any rank
 * completed) and *resid (the final scaled
 * residual, largest over the columns) identical on every rank.
 */
int rma_jacobi_matrices(const rma_matrix_t *a, const rma_matrix_t *b, const rma_matrix_t *x,
                        double tol, int maxit, int mode, int *iters, double *resid);

#endif
