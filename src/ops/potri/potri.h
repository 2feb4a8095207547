/*
 * The engine's inverse of a Hermitian (symmetric) positive definite matrix
 * from its Cholesky factor (s, d, c, z), front-end neutral, in place:
 * inv(A) = inv(L)^H inv(L) (A = L L^H, lower) or inv(U) inv(U)^H
 * (A = U^H U, upper): the factor's triangle inverted (ops/trtri), then
 * LAPACK's lauum as one triangle-restricted product of two triangular
 * operands (ops/gemm's rma_gemm_shaped: the product's other triangle is
 * never computed, the zero chunks of the factors are skipped).
 * rma_potri_matrix -> ops/trtri, ops/gemm -> kernel.
 */
#ifndef RMA_OPS_POTRI_H
#define RMA_OPS_POTRI_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments the same everywhere.
 * a: n x n, its lower (lower != 0) or upper triangle the factor, overwritten
 * by that triangle of inv(A); the other triangle untouched. *info = j > 0
 * when the factor's diagonal entry j is exactly zero (nothing written). A
 * factor's diagonal is real; a complex one is used as given (LAPACK's lauum
 * would take its imaginary parts as zero).
 * Returns 0 or a negative RMA_ERR_* code, the same on every rank.
 */
int rma_potri_matrix(int lower, const rma_matrix_t *a, int *info);

#endif
