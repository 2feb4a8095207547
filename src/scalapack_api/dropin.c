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
             *info =                                                                               \
                 rma_p##x##getrs(*trans, *n, *nrhs, a, *ia, *ja, desca, ipiv, b, *ib, *jb, descb))

RMA_DROPIN_PGETRS(s, S, float)
RMA_DROPIN_PGETRS(d, D, double)
RMA_DROPIN_PGETRS(c, C, float _Complex)
RMA_DROPIN_PGETRS(z, Z, double _Complex)

// P?POTRF and P?POTRI (size n) on rma_p?potrf / rma_p?potri, which take
// the same arguments; INFO = the return code.
#define RMA_DROPIN_PPOTRX(x, X, T, op, OP)                                                         \
  RMA_DROPIN(p##x##op, P##X##OP, *n, desca,                                                        \
             (const char *uplo, const int *n, T *a, const int *ia, const int *ja,                  \
              const int *desca, int *info, size_t luplo RMA_DROPIN_LEN),                           \
             (uplo, n, a, ia, ja, desca, info, 1),                                                 \
             *info = rma_p##x##op(*uplo, *n, a, *ia, *ja, desca))

RMA_DROPIN_PPOTRX(s, S, float, potrf, POTRF)
RMA_DROPIN_PPOTRX(d, D, double, potrf, POTRF)
RMA_DROPIN_PPOTRX(c, C, float _Complex, potrf, POTRF)
RMA_DROPIN_PPOTRX(z, Z, double _Complex, potrf, POTRF)
RMA_DROPIN_PPOTRX(s, S, float, potri, POTRI)
RMA_DROPIN_PPOTRX(d, D, double, potri, POTRI)
RMA_DROPIN_PPOTRX(c, C, float _Complex, potri, POTRI)
RMA_DROPIN_PPOTRX(z, Z, double _Complex, potri, POTRI)

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

// P?TRSM and P?TRMM (size min(m, n)) on rma_p?trsm / rma_p?trmm, which take
// the same arguments (alpha by value). No INFO.
#define RMA_DROPIN_PTRXM(x, X, T, op, OP)                                                          \
  RMA_DROPIN(                                                                                      \
      p##x##op, P##X##OP, rma_dropin_min2(*m, *n), descb,                                          \
      (const char *side, const char *uplo, const char *transa, const char *diag, const int *m,     \
       const int *n, const T *alpha, const T *a, const int *ia, const int *ja, const int *desca,   \
       T *b, const int *ib, const int *jb, const int *descb, size_t lside RMA_DROPIN_LEN,          \
       size_t luplo RMA_DROPIN_LEN, size_t ltransa RMA_DROPIN_LEN, size_t ldiag RMA_DROPIN_LEN),   \
      (side, uplo, transa, diag, m, n, alpha, a, ia, ja, desca, b, ib, jb, descb, 1, 1, 1, 1),     \
      rma_p##x##op(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *ia, *ja, desca, b, *ib, *jb,  \
                   descb))

RMA_DROPIN_PTRXM(s, S, float, trsm, TRSM)
RMA_DROPIN_PTRXM(d, D, double, trsm, TRSM)
RMA_DROPIN_PTRXM(c, C, float _Complex, trsm, TRSM)
RMA_DROPIN_PTRXM(z, Z, double _Complex, trsm, TRSM)
RMA_DROPIN_PTRXM(s, S, float, trmm, TRMM)
RMA_DROPIN_PTRXM(d, D, double, trmm, TRMM)
RMA_DROPIN_PTRXM(c, C, float _Complex, trmm, TRMM)
RMA_DROPIN_PTRXM(z, Z, double _Complex, trmm, TRMM)

// P?SYRK (size min(n, k); c and z: the complex symmetric update) and P?HERK
// in the two complex types on rma_p?syrk / rma_p?herk, which take the same
// arguments: scalars by value, of type R (T for syrk, real for herk). No INFO.
#define RMA_DROPIN_PXRK(x, X, T, R, op, OP)                                                        \
  RMA_DROPIN(                                                                                      \
      p##x##op, P##X##OP, rma_dropin_min2(*n, *k), descc,                                          \
      (const char *uplo, const char *trans, const int *n, const int *k, const R *alpha,            \
       const T *a, const int *ia, const int *ja, const int *desca, const R *beta, T *c,            \
       const int *ic, const int *jc, const int *descc, size_t luplo RMA_DROPIN_LEN,                \
       size_t ltrans RMA_DROPIN_LEN),                                                              \
      (uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, 1, 1),                  \
      rma_p##x##op(*uplo, *trans, *n, *k, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc))

RMA_DROPIN_PXRK(s, S, float, float, syrk, SYRK)
RMA_DROPIN_PXRK(d, D, double, double, syrk, SYRK)
RMA_DROPIN_PXRK(c, C, float _Complex, float _Complex, syrk, SYRK)
RMA_DROPIN_PXRK(z, Z, double _Complex, double _Complex, syrk, SYRK)
RMA_DROPIN_PXRK(c, C, float _Complex, float, herk, HERK)
RMA_DROPIN_PXRK(z, Z, double _Complex, double, herk, HERK)
