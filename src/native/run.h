/*
 * The native operations after their argument checks: what rma_dmatrix_*
 * and the ScaLAPACK front-end's rma_pd* call once the arguments are known
 * to be legal and the same on every process of the grid (each front-end
 * checks in its own numbering).
 */
#ifndef RMA_NATIVE_RUN_H
#define RMA_NATIVE_RUN_H

#include "rmala.h"

/* Collective over the grid: rma_dmatrix_gemm with checked arguments. */
int rma_dmatrix_gemm_run(char transa, char transb, int m, int n, int k, double alpha,
                         const rma_dmatrix_t *a, int ia, int ja, const rma_dmatrix_t *b, int ib,
                         int jb, double beta, const rma_dmatrix_t *c, int ic, int jc);

/* Collective over the grid: rma_dmatrix_getrf with checked arguments. */
int rma_dmatrix_getrf_run(int m, int n, const rma_dmatrix_t *a, int ia, int ja, int *ipiv);

/* Collective over the grid: rma_dmatrix_getrs with checked arguments; a
 * pivot outside the window's rows is reported by routine as argument
 * ipiv_pos. */
int rma_dmatrix_getrs_run(char trans, int n, int nrhs, const rma_dmatrix_t *a, int ia, int ja,
                          const int *ipiv, const rma_dmatrix_t *b, int ib, int jb,
                          const char *routine, int ipiv_pos);

#endif
