/*
 * The engine's rank-k update of one triangle (s, d, c, z), front-end
 * neutral: C := alpha op(A) op(A)^H + beta C (herk; for s and d the
 * transpose) or alpha op(A) op(A)^T + beta C (syrk, c and z complex
 * symmetric), on the lower or upper triangle of C only.
 * rma_syrk_matrices -> ops/gemm (rma_gemm_shaped: the SRUMMA task list
 * restricted to C's triangle, A mirrored once) -> kernel.
 */
#ifndef RMA_OPS_SYRK_H
#define RMA_OPS_SYRK_H

#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments checked and the same
 * everywhere. uplo 'L' or 'U': the triangle of the n x n window c written
 * (the other is neither read nor written); trans 0: op(A) = A (n x k), 1:
 * op(A) = A^T / A^H (A k x n); herk 1: the conjugate transpose (alpha and
 * beta real, the imaginary parts of C's diagonal set to zero, as ?herk),
 * 0: the plain transpose (?syrk). a and c of one element type. Returns 0
 * or a negative RMA_ERR_* code, the same on every rank.
 */
int rma_syrk_matrices(char uplo, int trans, int herk, int n, int k, rma_scalar_t alpha,
                      const rma_matrix_t *a, rma_scalar_t beta, const rma_matrix_t *c);

#endif
