/*
 * Element-wise kernels on a diagonal band of a row-major tile: the region
 * R(lo, hi) of an m x n array is the set of entries (x, y) with
 * lo <= y - x <= hi (lo = RMA_REGION_ALL_LO: no lower bound; hi =
 * RMA_REGION_ALL_HI: none above). With lo = RMA_REGION_ALL_LO, hi = d the
 * region is the lower trapezoid up to the d-th superdiagonal; with lo = d,
 * hi = RMA_REGION_ALL_HI the upper one; lo = hi = d one diagonal. These
 * serve the triangle-restricted products (ops/gemm): scaling and adding
 * only one triangle of a C block, zeroing the other triangle of a
 * triangular operand's panel, setting its unit diagonal. Entries outside
 * the region are neither read nor written. No MPI here.
 */
#ifndef RMA_KERNEL_TILE_REGION_H
#define RMA_KERNEL_TILE_REGION_H

#include <limits.h>

#include "core/dtype.h"

#define RMA_REGION_ALL_LO (INT_MIN / 4)
#define RMA_REGION_ALL_HI (INT_MAX / 4)

/* Local. C := beta C on R(lo, hi) of C (m x n, ldc, type t); beta == 0
 * writes zeros (C not read there), beta == 1 returns at once. */
void rma_kernel_region_scale_dt(rma_dtype_t t, int m, int n, int lo, int hi, rma_scalar_t beta,
                                void *c, int ldc);

/* Local. C += A on R(lo, hi), both m x n of type t (lda, ldc). */
void rma_kernel_region_add_dt(rma_dtype_t t, int m, int n, int lo, int hi, const void *a, int lda,
                              void *c, int ldc);

/* Local. C := v on R(lo, hi) of C (m x n, ldc, type t). */
void rma_kernel_region_set_dt(rma_dtype_t t, int m, int n, int lo, int hi, rma_scalar_t v, void *c,
                              int ldc);

/* Local. The imaginary parts on R(lo, hi) of C (m x n, ldc) set to zero
 * (c and z; nothing for s and d), as ?herk leaves its diagonal. */
void rma_kernel_region_real_dt(rma_dtype_t t, int m, int n, int lo, int hi, void *c, int ldc);

#endif
