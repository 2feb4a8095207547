/*
 * The engine's gemm (s, d, c, z), front-end neutral: C = alpha op(A) op(B) + beta C on
 * matrices described by tile directories and local segments (rma_matrix_t).
 * rma_gemm_matrices -> store (A and B mirrored) -> ops/gemm/gemm_run (sched
 * plan -> rma panels -> kernel). C is computed in place by its owners.
 */
#ifndef RMA_OPS_GEMM_H
#define RMA_OPS_GEMM_H

#include "ops/gemm/gemm_run.h"
#include "tiles/tiles.h"

/*
 * Collective over the library communicator; arguments already checked and
 * the same everywhere (transa / transb N, T or C; b may equal a; a, b and c
 * of one element type, their directories' dtype). alpha == 0 or k == 0 only
 * scales C (A and B are not read). Returns 0 or a negative RMA_ERR_* code,
 * the same on every rank.
 */
int rma_gemm_matrices(rma_op_t transa, rma_op_t transb, int m, int n, int k, rma_scalar_t alpha,
                      const rma_matrix_t *a, const rma_matrix_t *b, rma_scalar_t beta,
                      const rma_matrix_t *c);

/*
 * Collective, as rma_gemm_matrices, with the product restricted as shape
 * says (ops/gemm/gemm_run.h: one triangle of C, triangular operands; the
 * same shape everywhere, NULL the plain gemm), in the indices of the
 * windows as the caller sees them (a column-major C's transposed reading is
 * taken care of here). c may share memory with a or b (trmm, lauum): the
 * operands are read from copies.
 */
int rma_gemm_shaped(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m, int n,
                    int k, rma_scalar_t alpha, const rma_matrix_t *a, const rma_matrix_t *b,
                    rma_scalar_t beta, const rma_matrix_t *c);

#endif
