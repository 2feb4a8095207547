/*
 * The engine's LU with partial pivoting (or none), front-end neutral.
 */
#ifndef RMA_OPS_GETRF_H
#define RMA_OPS_GETRF_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator. Factor the square-or-not
 * matrix a in place (P A = L U, unit lower L); ipiv (min(m, n) global
 * 1-based row indices, replicated) or NULL for no pivoting. *info gets
 * LAPACK's INFO (i > 0: U(i,i) exactly zero). Returns 0 or a negative
 * RMA_ERR_* code, the same on every rank.
 */
int rma_getrf_matrix(const rma_matrix_t *a, int *ipiv, int *info);

#endif
