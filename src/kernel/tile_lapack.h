/*
 * Panel and triangular kernels of the LU (row-major, as GA stores tiles),
 * for the four element types (rma_dtype_t; arrays void * of that type). The
 * panel factorisations are rmala's own recursive LU on BLAS-3 calls, written
 * once for all types (no LAPACK: its row-major interface copies the panel
 * twice through a buffer it allocates per call). In the simulation build each
 * call charges the time MODEL (kernel/sim_charge.h). No MPI here.
 */
#ifndef RMA_KERNEL_TILE_LAPACK_H
#define RMA_KERNEL_TILE_LAPACK_H

#include "core/dtype.h"

/* Which side of B a triangular solve's matrix stands on. */
typedef enum { RMA_SIDE_LEFT = 0, RMA_SIDE_RIGHT = 1 } rma_side_t;

/* Local. B (m x n, ldb) := alpha op(T)^-1 B (side left, T m x m) or
 * alpha B op(T)^-1 (side right, T n x n), type t (cblas_?trsm). T is the
 * lower (lower != 0) or upper triangle of a (lda); unit != 0: unit diagonal,
 * not read; the other triangle is never read. m == 0 or n == 0: nothing. A
 * column-major caller's left-side solve T^-1 X is the row-major right-side
 * X^T T^-T (sim/model's PDTRSM step). */
void rma_kernel_trsm_dt(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m,
                        int n, rma_scalar_t alpha, const void *a, int lda, void *b, int ldb);

/* Local. LU with partial pivoting of the m x n panel a (lda, type t), in
 * place, LAPACK's ?getrf pivot rule: the largest |x| in the column (s, d) or
 * |re x| + |im x| (c, z: izamax's cabs1), the first on ties. ipiv[0..min(m,n))
 * gets 1-based panel-relative pivots. Returns 0 or the 1-based column of the
 * first exactly zero pivot (LAPACK's info; the factorization still completes). */
int rma_kernel_getrf_dt(rma_dtype_t t, int m, int n, void *a, int lda, int *ipiv);

/* Local. LU without pivoting of the m x n panel a (lda, type t), in place,
 * recursive (BLAS-3). Stops at the first exactly zero pivot and returns its
 * 1-based column (0 when none): nothing is divided by it. */
int rma_kernel_getrf_nopiv_dt(rma_dtype_t t, int m, int n, void *a, int lda);

/* Local. rma_kernel_getrf_dt for d. Double entry kept until the callers carry
 * the type. */
int rma_kernel_getrf(int m, int n, double *a, int lda, int *ipiv);

/* Local. rma_kernel_getrf_nopiv_dt for d. Double entry kept until the callers
 * carry the type. */
int rma_kernel_getrf_nopiv(int m, int n, double *a, int lda);

/* Local. rma_kernel_trsm_dt for d, side left, alpha = 1: B := op(T)^-1 B;
 * trans != 0: transposed. Double entry kept until the callers carry the type. */
void rma_kernel_trsm(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                     double *b, int ldb);

/* Local. rma_kernel_trsm_dt for d, side right, alpha = 1: B := B op(T)^-1;
 * trans != 0: transposed. Double entry kept until the callers carry the type. */
void rma_kernel_trsm_right(int lower, int trans, int unit, int m, int n, const double *a, int lda,
                           double *b, int ldb);

#endif
