/*
 * Triangle kernels of the Cholesky family (row-major, as GA stores tiles),
 * for the four element types (rma_dtype_t; arrays void * of that type):
 * Cholesky, triangular inverse and product U U^H / L^H L of one tile
 * (LAPACK's ?potrf, ?trtri, ?lauum), the rank-k update of one triangle
 * (?herk, ?syrk for s and d) and the triangular product (?trmm). "lower"
 * names the triangle of the row-major array as the caller sees it; LAPACK
 * (column-major) is called on the transposed view, the other triangle,
 * which holds the same numbers: no copy. Only the named triangle is read or
 * written. In the simulation build each call charges a time MODEL
 * (kernel/sim_charge.h). No MPI here.
 */
#ifndef RMA_KERNEL_TILE_TRIANGLE_H
#define RMA_KERNEL_TILE_TRIANGLE_H
#include "core/dtype.h"
#include "kernel/tile_lapack.h"

/* Local. Cholesky of the n x n Hermitian (symmetric for s, d) matrix whose
 * lower (lower != 0: A = L L^H) or upper (A = U^H U) triangle a (lda) holds,
 * in place. Returns 0, or j > 0 when the leading minor of order j is not
 * positive definite (LAPACK's info: columns before j's block are factored). */
int rma_kernel_potrf_dt(rma_dtype_t t, int lower, int n, void *a, int lda);

/* Local. Inverse of the n x n triangle (lower or upper) of a (lda), in
 * place; unit != 0: unit diagonal, not read or written. Returns 0, or j > 0
 * when diagonal entry j is exactly zero (the inverse is then not computed). */
int rma_kernel_trtri_dt(rma_dtype_t t, int lower, int unit, int n, void *a, int lda);

/* Local. The product of the n x n triangle of a (lda) with its conjugate
 * transpose, in place: L^H L (lower) or U U^H (upper), into that triangle.
 * As LAPACK's, for a Cholesky factor: the imaginary parts of the diagonal
 * (zero in a factor) are taken as zero. */
void rma_kernel_lauum_dt(rma_dtype_t t, int lower, int n, void *a, int lda);

/* Local. C := alpha op(A) op(A)^H + beta C on the lower or upper triangle of
 * C (n x n, ldc), op(A) n x k (op N or C; T is taken as C, and for s and d
 * both are the transpose); alpha and beta real for c and z (?herk), the
 * real parts are used. beta == 0: C is not read. complex_sym != 0 with c or
 * z: the complex symmetric update op(A) op(A)^T (?syrk; op T) instead. */
void rma_kernel_herk_dt(rma_dtype_t t, int lower, rma_op_t op, int complex_sym, int n, int k,
                        rma_scalar_t alpha, const void *a, int lda, rma_scalar_t beta, void *c,
                        int ldc);

/* Local. B (m x n, ldb) := alpha op(T) B (side left, T m x m) or alpha B op(T)
 * (side right, T n x n); T the lower or upper triangle of a (lda), unit
 * diagonal (not read) when unit != 0 (?trmm). m == 0 or n == 0: nothing. */
void rma_kernel_trmm_dt(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                        int n, rma_scalar_t alpha, const void *a, int lda, void *b, int ldb);
#endif
