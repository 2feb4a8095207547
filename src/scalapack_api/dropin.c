/*
 * The drop-in ScaLAPACK library (librmala_scalapack): ScaLAPACK's Fortran
 * routines P?GEMM, P?GETRF, P?GETRS, P?POTRF, P?POTRS, P?POTRI, P?TRTRI,
 * P?TRSM, P?TRMM, P?SYRK (? = s, d, c, z) and PCHERK / PZHERK, each served
 * by the rma_p?... routine of the same name. Linked before ScaLAPACK, or put
 * in front of an already linked program's ScaLAPACK with LD_PRELOAD, it
 * makes an unmodified Fortran or C ScaLAPACK program call rmala.
 *
 * Layer: above the ScaLAPACK front-end (src/scalapack); uses only rmala.h
 * and the generic mechanism of dropin.h (route.c: who runs a call, steer.c:
 * RMALA_SCALAPACK_ROUTINES and RMALA_SCALAPACK_MIN_DIM). Kept out of
 * librmala, so linking librmala never shadows ScaLAPACK.
 *
 * Each routine is one macro (its Fortran argument list, the arguments
 * passed on to ScaLAPACK, the size the steering compares, the rma call)
 * and one line per type; RMA_DROPIN gives it the four Fortran names
 * (p?gemm_, p?gemm, P?GEMM, P?GEMM_), the fall-through to ScaLAPACK and
 * the steering.
 *
 * Fortran convention: every argument by reference, INTEGER 32-bit, the
 * hidden CHARACTER lengths (size_t since gfortran 8) appended; they are
 * never read (C callers often pass none) and 1 is passed on.
 */
#include <stddef.h>

#include "rmala.h"
#include "scalapack_api/dropin.h"

// P?GEMM (size min(m, n, k)): ScaLAPACK's argument list (scalars by
// reference) on rma_p?gemm (scalars by value). No INFO.
#define RMA_DROPIN_PGEMM(x, X, T)                                                                  \
  RMA_DROPIN(p##x##gemm, P##X##GEMM, rma_dropin_min3(*m, *n, *k), desca,                           \
             (const char *transa, const char *transb, const int *m, const int *n, const int *k,    \
              const T *alpha, const T *a, const int *ia, const int *ja, const int *desca,          \
              const T *b, const int *ib, const int *jb, const int *descb, const T *beta, T *c,     \
              const int *ic, const int *jc, const int *descc, size_t ltransa RMA_DROPIN_LEN,       \
              size_t ltransb RMA_DROPIN_LEN),                                                      \
             (transa, transb, m, n, k, alpha, a, ia, ja, desca, b, ib, jb, descb, beta, c, ic, jc, \
              descc, 1, 1),                                                                        \
             rma_p##x##gemm(*transa, *transb, *m, *n, *k, *alpha, a, *ia, *ja, desca, b, *ib, *jb, \
                            descb, *beta, c, *ic, *jc, descc))

RMA_DROPIN_PGEMM(s, S, float)
RMA_DROPIN_PGEMM(d, D, double)
RMA_DROPIN_PGEMM(c, C, float _Complex)
RMA_DROPIN_PGEMM(z, Z, double _Complex)

// P?GETRF (size min(m, n)) on rma_p?getrf; INFO = its return code.
#define RMA_DROPIN_PGETRF(x, X, T)                                                                 \
  RMA_DROPIN(p##x##getrf, P##X##GETRF, rma_dropin_min2(*m, *n), desca,                             \
             (const int *m, const int *n, T *a, const int *ia, const int *ja, const int *desca,    \
              int *ipiv, int *info),                                                               \
             (m, n, a, ia, ja, desca, ipiv, info),                                                 \
             *info = rma_p##x##getrf(*m, *n, a, *ia, *ja, desca, ipiv))

RMA_DROPIN_PGETRF(s, S, float)
RMA_DROPIN_PGETRF(d, D, double)
RMA_DROPIN_PGETRF(c, C, float _Complex)
RMA_DROPIN_PGETRF(z, Z, double _Complex)

// P?GETRS (size n, the order: NRHS is often 1) on rma_p?getrs; INFO = its
// return code.
#define RMA_DROPIN_PGETRS(x, X, T)                                                                 \
  RMA_DROPIN(p##x##getrs, P##X##GETRS, *n, desca,                                                  \
             (const char *trans, const int *n, const int *nrhs, const T *a, const int *ia,         \
              const int *ja, const int *desca, const int *ipiv, T *b, const int *ib,               \
              const int *jb, const int *descb, int *info, size_t ltrans RMA_DROPIN_LEN),           \
             (trans, n, nrhs, a, ia, ja, desca, ipiv, b, ib, jb, descb, info, 1),                  \
             *info = rma_p##x##getrs(*trans, *n, *nrhs, a, *ia, *ja, desca, ipiv, b, *ib, *jb,     \
                                     descb))

RMA_DROPIN_PGETRS(s, S, float)
RMA_DROPIN_PGETRS(d, D, double)
RMA_DROPIN_PGETRS(c, C, float _Complex)
RMA_DROPIN_PGETRS(z, Z, double _Complex)

// P?POTRF (size n) on rma_p?potrf; INFO = its return code.
#define RMA_DROPIN_PPOTRF(x, X, T)                                                                 \
  RMA_DROPIN(p##x##potrf, P##X##POTRF, *n, desca,                                                  \
             (const char *uplo, const int *n, T *a, const int *ia, const int *ja,                  \
              const int *desca, int *info, size_t luplo RMA_DROPIN_LEN),                           \
             (uplo, n, a, ia, ja, desca, info, 1),                                                 \
             *info = rma_p##x##potrf(*uplo, *n, a, *ia, *ja, desca))

RMA_DROPIN_PPOTRF(s, S, float)
RMA_DROPIN_PPOTRF(d, D, double)
RMA_DROPIN_PPOTRF(c, C, float _Complex)
RMA_DROPIN_PPOTRF(z, Z, double _Complex)

// P?POTRS (size n, the order) on rma_p?potrs; INFO = its return code.
#define RMA_DROPIN_PPOTRS(x, X, T)                                                                 \
  RMA_DROPIN(p##x##potrs, P##X##POTRS, *n, desca,                                                  \
             (const char *uplo, const int *n, const int *nrhs, const T *a, const int *ia,          \
              const int *ja, const int *desca, T *b, const int *ib, const int *jb,                 \
              const int *descb, int *info, size_t luplo RMA_DROPIN_LEN),                           \
             (uplo, n, nrhs, a, ia, ja, desca, b, ib, jb, descb, info, 1),                         \
             *info = rma_p##x##potrs(*uplo, *n, *nrhs, a, *ia, *ja, desca, b, *ib, *jb, descb))

RMA_DROPIN_PPOTRS(s, S, float)
RMA_DROPIN_PPOTRS(d, D, double)
RMA_DROPIN_PPOTRS(c, C, float _Complex)
RMA_DROPIN_PPOTRS(z, Z, double _Complex)

// P?POTRI (size n) on rma_p?potri; INFO = its return code.
#define RMA_DROPIN_PPOTRI(x, X, T)                                                                 \
  RMA_DROPIN(p##x##potri, P##X##POTRI, *n, desca,                                                  \
             (const char *uplo, const int *n, T *a, const int *ia, const int *ja,                  \
              const int *desca, int *info, size_t luplo RMA_DROPIN_LEN),                           \
             (uplo, n, a, ia, ja, desca, info, 1),                                                 \
             *info = rma_p##x##potri(*uplo, *n, a, *ia, *ja, desca))

RMA_DROPIN_PPOTRI(s, S, float)
RMA_DROPIN_PPOTRI(d, D, double)
RMA_DROPIN_PPOTRI(c, C, float _Complex)
RMA_DROPIN_PPOTRI(z, Z, double _Complex)

// P?TRTRI (size n) on rma_p?trtri; INFO = its return code.
#define RMA_DROPIN_PTRTRI(x, X, T)                                                                 \
  RMA_DROPIN(p##x##trtri, P##X##TRTRI, *n, desca,                                                  \
             (const char *uplo, const char *diag, const int *n, T *a, const int *ia,               \
              const int *ja, const int *desca, int *info, size_t luplo RMA_DROPIN_LEN,             \
              size_t ldiag RMA_DROPIN_LEN),                                                        \
             (uplo, diag, n, a, ia, ja, desca, info, 1, 1),                                        \
             *info = rma_p##x##trtri(*uplo, *diag, *n, a, *ia, *ja, desca))

RMA_DROPIN_PTRTRI(s, S, float)
RMA_DROPIN_PTRTRI(d, D, double)
RMA_DROPIN_PTRTRI(c, C, float _Complex)
RMA_DROPIN_PTRTRI(z, Z, double _Complex)

// P?TRSM (size min(m, n)) on rma_p?trsm (alpha by value). No INFO.
#define RMA_DROPIN_PTRSM(x, X, T)                                                                  \
  RMA_DROPIN(p##x##trsm, P##X##TRSM, rma_dropin_min2(*m, *n), descb,                               \
             (const char *side, const char *uplo, const char *transa, const char *diag,            \
              const int *m, const int *n, const T *alpha, const T *a, const int *ia,               \
              const int *ja, const int *desca, T *b, const int *ib, const int *jb,                 \
              const int *descb, size_t lside RMA_DROPIN_LEN, size_t luplo RMA_DROPIN_LEN,          \
              size_t ltransa RMA_DROPIN_LEN, size_t ldiag RMA_DROPIN_LEN),                         \
             (side, uplo, transa, diag, m, n, alpha, a, ia, ja, desca, b, ib, jb, descb, 1, 1, 1,  \
              1),                                                                                  \
             rma_p##x##trsm(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *ia, *ja, desca, b,   \
                            *ib, *jb, descb))

RMA_DROPIN_PTRSM(s, S, float)
RMA_DROPIN_PTRSM(d, D, double)
RMA_DROPIN_PTRSM(c, C, float _Complex)
RMA_DROPIN_PTRSM(z, Z, double _Complex)

// P?TRMM (size min(m, n)) on rma_p?trmm (alpha by value). No INFO.
#define RMA_DROPIN_PTRMM(x, X, T)                                                                  \
  RMA_DROPIN(p##x##trmm, P##X##TRMM, rma_dropin_min2(*m, *n), descb,                               \
             (const char *side, const char *uplo, const char *transa, const char *diag,            \
              const int *m, const int *n, const T *alpha, const T *a, const int *ia,               \
              const int *ja, const int *desca, T *b, const int *ib, const int *jb,                 \
              const int *descb, size_t lside RMA_DROPIN_LEN, size_t luplo RMA_DROPIN_LEN,          \
              size_t ltransa RMA_DROPIN_LEN, size_t ldiag RMA_DROPIN_LEN),                         \
             (side, uplo, transa, diag, m, n, alpha, a, ia, ja, desca, b, ib, jb, descb, 1, 1, 1,  \
              1),                                                                                  \
             rma_p##x##trmm(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *ia, *ja, desca, b,   \
                            *ib, *jb, descb))

RMA_DROPIN_PTRMM(s, S, float)
RMA_DROPIN_PTRMM(d, D, double)
RMA_DROPIN_PTRMM(c, C, float _Complex)
RMA_DROPIN_PTRMM(z, Z, double _Complex)

// P?SYRK (size min(n, k)) on rma_p?syrk (c and z: the complex symmetric
// update; scalars by value). No INFO.
#define RMA_DROPIN_PSYRK(x, X, T)                                                                  \
  RMA_DROPIN(p##x##syrk, P##X##SYRK, rma_dropin_min2(*n, *k), descc,                               \
             (const char *uplo, const char *trans, const int *n, const int *k, const T *alpha,     \
              const T *a, const int *ia, const int *ja, const int *desca, const T *beta, T *c,     \
              const int *ic, const int *jc, const int *descc, size_t luplo RMA_DROPIN_LEN,         \
              size_t ltrans RMA_DROPIN_LEN),                                                       \
             (uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, 1, 1),           \
             rma_p##x##syrk(*uplo, *trans, *n, *k, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, \
                            descc))

RMA_DROPIN_PSYRK(s, S, float)
RMA_DROPIN_PSYRK(d, D, double)
RMA_DROPIN_PSYRK(c, C, float _Complex)
RMA_DROPIN_PSYRK(z, Z, double _Complex)

// P?HERK in the two complex types (size min(n, k)) on rma_p?herk (alpha
// and beta real, of type R). No INFO.
#define RMA_DROPIN_PHERK(x, X, T, R)                                                               \
  RMA_DROPIN(p##x##herk, P##X##HERK, rma_dropin_min2(*n, *k), descc,                               \
             (const char *uplo, const char *trans, const int *n, const int *k, const R *alpha,     \
              const T *a, const int *ia, const int *ja, const int *desca, const R *beta, T *c,     \
              const int *ic, const int *jc, const int *descc, size_t luplo RMA_DROPIN_LEN,         \
              size_t ltrans RMA_DROPIN_LEN),                                                       \
             (uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, 1, 1),           \
             rma_p##x##herk(*uplo, *trans, *n, *k, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, \
                            descc))

RMA_DROPIN_PHERK(c, C, float _Complex, float)
RMA_DROPIN_PHERK(z, Z, double _Complex, double)
