/*
 * The typed native API: rma_smatrix_*, rma_dmatrix_*, rma_cmatrix_*,
 * rma_zmatrix_* are the generic operations of native/run.h and
 * native/matrix.c on the typed structs (one layout, the data pointer's
 * type apart), each written once below as a macro over the four types.
 * Layers: here -> native/run.h (checks) -> ops (the engine).
 */
#include "core/dtype.h"
#include "native/grid.h"
#include "native/run.h"

// The generic view of typed matrix x, or NULL when x is NULL.
#define VIEW(x, dt, tmp) ((x) ? ((tmp) = RMA_BCM((x), (dt)), &(tmp)) : NULL)

#define RMA_NATIVE_TYPED(p, T, DT)                                                                 \
  int rma_##p##matrix_local_size(const rma_##p##matrix_t *a, int *lrows, int *lcols) {             \
    rma_bcm_t A;                                                                                   \
    return rma_bcm_local_size(VIEW(a, DT, A), lrows, lcols);                                       \
  }                                                                                                \
  int rma_##p##matrix_alloc(rma_##p##matrix_t *a) {                                                \
    if (!a)                                                                                        \
      return -1;                                                                                   \
    rma_bcm_t A = RMA_BCM(a, DT);                                                                  \
    int rc = rma_bcm_alloc(&A);                                                                    \
    a->data = A.data, a->lld = A.lld;                                                              \
    return rc;                                                                                     \
  }                                                                                                \
  void rma_##p##matrix_free(rma_##p##matrix_t *a) {                                                \
    if (a) {                                                                                       \
      rma_bcm_t A = RMA_BCM(a, DT);                                                                \
      rma_bcm_free(&A);                                                                            \
      a->data = NULL;                                                                              \
    }                                                                                              \
  }                                                                                                \
  int rma_##p##matrix_gemm(char transa, char transb, int m, int n, int k, T alpha,                 \
                           const rma_##p##matrix_t *a, int ia, int ja, const rma_##p##matrix_t *b, \
                           int ib, int jb, T beta, const rma_##p##matrix_t *c, int ic, int jc) {   \
    rma_bcm_t A, B, C;                                                                             \
    return rma_bcm_gemm("rma_" #p "matrix_gemm", transa, transb, m, n, k, alpha, VIEW(a, DT, A),   \
                        ia, ja, VIEW(b, DT, B), ib, jb, beta, VIEW(c, DT, C), ic, jc);             \
  }                                                                                                \
  int rma_##p##matrix_getrf(int m, int n, const rma_##p##matrix_t *a, int ia, int ja, int *ipiv) { \
    rma_bcm_t A;                                                                                   \
    return rma_bcm_getrf("rma_" #p "matrix_getrf", m, n, VIEW(a, DT, A), ia, ja, ipiv);            \
  }                                                                                                \
  int rma_##p##matrix_getrs(char trans, int n, int nrhs, const rma_##p##matrix_t *a, int ia,       \
                            int ja, const int *ipiv, const rma_##p##matrix_t *b, int ib, int jb) { \
    rma_bcm_t A, B;                                                                                \
    return rma_bcm_getrs("rma_" #p "matrix_getrs", trans, n, nrhs, VIEW(a, DT, A), ia, ja, ipiv,   \
                         VIEW(b, DT, B), ib, jb);                                                  \
  }                                                                                                \
  int rma_##p##matrix_potrf(char uplo, int n, const rma_##p##matrix_t *a, int ia, int ja) {        \
    rma_bcm_t A;                                                                                   \
    return rma_bcm_potrf("rma_" #p "matrix_potrf", uplo, n, VIEW(a, DT, A), ia, ja);               \
  }                                                                                                \
  int rma_##p##matrix_trsm(char side, char uplo, char transa, char diag, int m, int n, T alpha,    \
                           const rma_##p##matrix_t *a, int ia, int ja, const rma_##p##matrix_t *b, \
                           int ib, int jb) {                                                       \
    rma_bcm_t A, B;                                                                                \
    return rma_bcm_trsm("rma_" #p "matrix_trsm", side, uplo, transa, diag, m, n, alpha,            \
                        VIEW(a, DT, A), ia, ja, VIEW(b, DT, B), ib, jb);                           \
  }                                                                                                \
  int rma_##p##matrix_potrs(char uplo, int n, int nrhs, const rma_##p##matrix_t *a, int ia,        \
                            int ja, const rma_##p##matrix_t *b, int ib, int jb) {                  \
    rma_bcm_t A, B;                                                                                \
    return rma_bcm_potrs("rma_" #p "matrix_potrs", uplo, n, nrhs, VIEW(a, DT, A), ia, ja,          \
                         VIEW(b, DT, B), ib, jb);                                                  \
  }                                                                                                \
  int rma_##p##matrix_syrk(char uplo, char trans, int n, int k, T alpha,                           \
                           const rma_##p##matrix_t *a, int ia, int ja, T beta,                     \
                           const rma_##p##matrix_t *c, int ic, int jc) {                           \
    rma_bcm_t A, C;                                                                                \
    return rma_bcm_syrk("rma_" #p "matrix_syrk", 0, uplo, trans, n, k, alpha, VIEW(a, DT, A), ia,  \
                        ja, beta, VIEW(c, DT, C), ic, jc);                                         \
  }                                                                                                \
  int rma_##p##matrix_trmm(char side, char uplo, char transa, char diag, int m, int n, T alpha,    \
                           const rma_##p##matrix_t *a, int ia, int ja, const rma_##p##matrix_t *b, \
                           int ib, int jb) {                                                       \
    rma_bcm_t A, B;                                                                                \
    return rma_bcm_trmm("rma_" #p "matrix_trmm", side, uplo, transa, diag, m, n, alpha,            \
                        VIEW(a, DT, A), ia, ja, VIEW(b, DT, B), ib, jb);                           \
  }                                                                                                \
  int rma_##p##matrix_trtri(char uplo, char diag, int n, const rma_##p##matrix_t *a, int ia,       \
                            int ja) {                                                              \
    rma_bcm_t A;                                                                                   \
    return rma_bcm_trtri("rma_" #p "matrix_trtri", uplo, diag, n, VIEW(a, DT, A), ia, ja);         \
  }                                                                                                \
  int rma_##p##matrix_potri(char uplo, int n, const rma_##p##matrix_t *a, int ia, int ja) {        \
    rma_bcm_t A;                                                                                   \
    return rma_bcm_potri("rma_" #p "matrix_potri", uplo, n, VIEW(a, DT, A), ia, ja);               \
  }

RMA_NATIVE_TYPED(s, float, RMA_DT_S)
RMA_NATIVE_TYPED(d, double, RMA_DT_D)
RMA_NATIVE_TYPED(c, float _Complex, RMA_DT_C)
RMA_NATIVE_TYPED(z, double _Complex, RMA_DT_Z)

// The Hermitian update of the complex types: real alpha and beta.
#define RMA_NATIVE_HERK(p, R, DT)                                                                  \
  int rma_##p##matrix_herk(char uplo, char trans, int n, int k, R alpha,                           \
                           const rma_##p##matrix_t *a, int ia, int ja, R beta,                     \
                           const rma_##p##matrix_t *c, int ic, int jc) {                           \
    rma_bcm_t A, C;                                                                                \
    return rma_bcm_syrk("rma_" #p "matrix_herk", 1, uplo, trans, n, k, alpha, VIEW(a, DT, A), ia,  \
                        ja, beta, VIEW(c, DT, C), ic, jc);                                         \
  }

RMA_NATIVE_HERK(c, float, RMA_DT_C)
RMA_NATIVE_HERK(z, double, RMA_DT_Z)
