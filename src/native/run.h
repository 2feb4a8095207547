/*
 * The native operations on generic matrices (native/grid.h's rma_bcm_t):
 * the argument checks of the native API (rma_bcm_gemm, ..., numbering the
 * public functions' arguments, messages naming routine) and the runs after
 * them, which the ScaLAPACK front-end's rma_p?* call once their own checks
 * (in PXERBLA's numbering) passed. The typed public functions
 * (rma_?matrix_*, native/typed.c) are one-line wrappers.
 */
#ifndef RMA_NATIVE_RUN_H
#define RMA_NATIVE_RUN_H

#include "core/dtype.h"
#include "native/grid.h"

/* Collective over c's grid: rma_?matrix_gemm (checks, then the run). A NULL
 * matrix pointer is passed as NULL. */
int rma_bcm_gemm(const char *routine, char transa, char transb, int m, int n, int k,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                 int ib, int jb, rma_scalar_t beta, const rma_bcm_t *c, int ic, int jc);

/* Collective over the grid: the gemm with checked arguments (a, b and c of
 * one type). */
int rma_bcm_gemm_run(char transa, char transb, int m, int n, int k, rma_scalar_t alpha,
                     const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b, int ib, int jb,
                     rma_scalar_t beta, const rma_bcm_t *c, int ic, int jc);

/* Collective over a's grid: rma_?matrix_getrf (checks, then the run). */
int rma_bcm_getrf(const char *routine, int m, int n, const rma_bcm_t *a, int ia, int ja,
                  int *ipiv);

/* Collective over the grid: the LU with checked arguments. */
int rma_bcm_getrf_run(int m, int n, const rma_bcm_t *a, int ia, int ja, int *ipiv);

/* Collective over a's grid: rma_?matrix_getrs (checks, then the run; b of
 * a's type). */
int rma_bcm_getrs(const char *routine, char trans, int n, int nrhs, const rma_bcm_t *a, int ia,
                  int ja, const int *ipiv, const rma_bcm_t *b, int ib, int jb);

/* Collective over the grid: the solve with checked arguments; a pivot
 * outside the window's rows is reported by routine as argument ipiv_pos. */
int rma_bcm_getrs_run(char trans, int n, int nrhs, const rma_bcm_t *a, int ia, int ja,
                      const int *ipiv, const rma_bcm_t *b, int ib, int jb, const char *routine,
                      int ipiv_pos);

/* Collective over a's grid: rma_?matrix_potrf (checks, then the run). */
int rma_bcm_potrf(const char *routine, char uplo, int n, const rma_bcm_t *a, int ia, int ja);

/* Collective over the grid: the Cholesky factorization with checked
 * arguments; returns 0, LAPACK's INFO j > 0 or an RMA_ERR_* code. */
int rma_bcm_potrf_run(char uplo, int n, const rma_bcm_t *a, int ia, int ja);

/* Collective over b's grid: rma_?matrix_trsm (checks, then the run; a of
 * b's type). */
int rma_bcm_trsm(const char *routine, char side, char uplo, char transa, char diag, int m, int n,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                 int ib, int jb);

/* Collective over the grid: the triangular solve with checked arguments. */
int rma_bcm_trsm_run(char side, char uplo, char transa, char diag, int m, int n,
                     rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                     int ib, int jb);

/* Collective over b's grid: rma_?matrix_potrs (checks, then the run). */
int rma_bcm_potrs(const char *routine, char uplo, int n, int nrhs, const rma_bcm_t *a, int ia,
                  int ja, const rma_bcm_t *b, int ib, int jb);

/* Collective over the grid: the Cholesky solve with checked arguments. */
int rma_bcm_potrs_run(char uplo, int n, int nrhs, const rma_bcm_t *a, int ia, int ja,
                      const rma_bcm_t *b, int ib, int jb);

/* Local. 1 when the xr x xc window at (xi, xj) of x and the yr x yc window
 * at (yi, yj) of y are windows of the same local arrays and overlap. */
int rma_bcm_overlap(const rma_bcm_t *x, int xi, int xj, int xr, int xc, const rma_bcm_t *y, int yi,
                    int yj, int yr, int yc);

/* Collective over c's grid: rma_?matrix_syrk (herk 0) / rma_?matrix_herk
 * (herk 1) (checks, then the run). */
int rma_bcm_syrk(const char *routine, int herk, char uplo, char trans, int n, int k,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, rma_scalar_t beta,
                 const rma_bcm_t *c, int ic, int jc);

/* Collective over the grid: the rank-k update with checked arguments. */
int rma_bcm_syrk_run(int herk, char uplo, char trans, int n, int k, rma_scalar_t alpha,
                     const rma_bcm_t *a, int ia, int ja, rma_scalar_t beta, const rma_bcm_t *c,
                     int ic, int jc);

/* Collective over b's grid: rma_?matrix_trmm (checks, then the run). */
int rma_bcm_trmm(const char *routine, char side, char uplo, char transa, char diag, int m, int n,
                 rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                 int ib, int jb);

/* Collective over the grid: the triangular product with checked arguments. */
int rma_bcm_trmm_run(char side, char uplo, char transa, char diag, int m, int n,
                     rma_scalar_t alpha, const rma_bcm_t *a, int ia, int ja, const rma_bcm_t *b,
                     int ib, int jb);

/* Collective over a's grid: rma_?matrix_trtri (checks, then the run). */
int rma_bcm_trtri(const char *routine, char uplo, char diag, int n, const rma_bcm_t *a, int ia,
                  int ja);

/* Collective over the grid: the triangular inverse with checked arguments;
 * returns 0, j > 0 (diagonal entry j exactly zero, nothing written) or a
 * negative RMA_ERR_* code. */
int rma_bcm_trtri_run(char uplo, char diag, int n, const rma_bcm_t *a, int ia, int ja);

/* Collective over a's grid: rma_?matrix_potri (checks, then the run). */
int rma_bcm_potri(const char *routine, char uplo, int n, const rma_bcm_t *a, int ia, int ja);

/* Collective over the grid: the inverse from a Cholesky factor with checked
 * arguments; returns 0, j > 0 (the factor's diagonal entry j is zero,
 * nothing written) or a negative RMA_ERR_* code. */
int rma_bcm_potri_run(char uplo, int n, const rma_bcm_t *a, int ia, int ja);

#endif
