/*
 * The engine's solve with a Cholesky factor (s, d, c, z), front-end
 * neutral: two triangular solves on the trsm engine.
 */
#ifndef RMA_OPS_POTRS_H
#define RMA_OPS_POTRS_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments already checked and
 * the same everywhere. B (n x nrhs, b) := A^-1 B with A = L L^H (lower !=
 * 0: L the lower triangle of a) or U^H U (U the upper triangle of a), as
 * LAPACK's ?potrs; the other triangle of a is never read. Returns 0 or a
 * negative RMA_ERR_* code, the same on every rank.
 */
int rma_potrs_matrices(int lower, int n, int nrhs, const rma_matrix_t *a, const rma_matrix_t *b);

#endif
