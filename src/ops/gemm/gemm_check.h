/*
 * The scalar arguments every gemm front-end takes first (transa, transb, m,
 * n, k: BLAS's positions 1-5), checked once; each front-end then checks its
 * own matrix arguments in its own terms.
 */
#ifndef RMA_OPS_GEMM_CHECK_H
#define RMA_OPS_GEMM_CHECK_H

#include <stddef.h>

/* Local. 0 when transa and transb are N, T or C (any case) and m, n, k >= 0;
 * else the position (1-5) of the first illegal one, the reason in why. */
int rma_gemm_check_scalars(char transa, char transb, int m, int n, int k, char *why, size_t len);

#endif
