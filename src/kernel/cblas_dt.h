/*
 * Kernel-internal (only src/kernel includes this): the typed CBLAS calls'
 * arguments and the BLAS-3 dispatch without the simulation charge. The
 * public kernels (tile_blas.h, tile_lapack.h) add the charge around these;
 * the recursive LU, inside its own charge, calls them bare. Row-major; no
 * quick returns here (the callers' sizes are positive). No MPI here.
 */
#ifndef RMA_KERNEL_CBLAS_DT_H
#define RMA_KERNEL_CBLAS_DT_H

#include <cblas.h>

#include "core/dtype.h"
#include "kernel/tile_lapack.h"

/* One scalar in its type's storage: CBLAS takes c and z scalars by pointer. */
typedef union {
  float s;
  double d;
  float _Complex c;
  double _Complex z;
} rma_cblas_scalar_t;

/* Local. The scalar a as one element of type t (rma_scalar_store). */
static inline rma_cblas_scalar_t rma_cblas_scalar(rma_dtype_t t, rma_scalar_t a) {
  rma_cblas_scalar_t u;
  rma_scalar_store(t, a, &u);
  return u;
}

/* Local. The scalar a as type t holds it (real part for s and d, rounded to
 * single for s and c): what the BLAS routine sees, for the 0 / 1 tests. */
static inline rma_scalar_t rma_cblas_value(rma_dtype_t t, rma_scalar_t a) {
  rma_cblas_scalar_t u = rma_cblas_scalar(t, a);
  return rma_scalar_load(t, &u, 0);
}

/* Local. CBLAS's transpose argument for op on type t (C is T for s and d). */
static inline enum CBLAS_TRANSPOSE rma_cblas_op(rma_dtype_t t, rma_op_t op) {
  if (op == RMA_OP_N)
    return CblasNoTrans;
  return op == RMA_OP_C && rma_dtype_complex(t) ? CblasConjTrans : CblasTrans;
}

/* Local. cblas_?gemm: C (m x n, ldc) := alpha op(A) op(B) + beta C, op(A)
 * m x k, all of type t; m, n, k > 0. beta == 0: C is not read. */
void rma_cblas_gemm(rma_dtype_t t, rma_op_t opa, rma_op_t opb, int m, int n, int k,
                    rma_scalar_t alpha, const void *a, int lda, const void *b, int ldb,
                    rma_scalar_t beta, void *c, int ldc);

/* Local. cblas_?trsm: B (m x n, ldb) := alpha op(T)^-1 B (side left, T m x m)
 * or alpha B op(T)^-1 (side right, T n x n); T the lower (lower != 0) or
 * upper triangle of a (lda), unit diagonal (not read) when unit != 0; m, n > 0. */
void rma_cblas_trsm(rma_dtype_t t, rma_side_t side, int lower, rma_op_t op, int unit, int m, int n,
                    rma_scalar_t alpha, const void *a, int lda, void *b, int ldb);

#endif
