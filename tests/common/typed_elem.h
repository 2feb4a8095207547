/*
 * Test helpers for the four element types (s, d, c, z): elements of a typed
 * array read and written as double complex, sizes and the epsilon each type's
 * results are checked with. Header only, no library behind it.
 */
#ifndef RMA_TEST_TYPED_ELEM_H
#define RMA_TEST_TYPED_ELEM_H

#include <complex.h>
#include <float.h>
#include <stddef.h>

enum { TE_S, TE_D, TE_C, TE_Z, TE_NTYPES };

/* The C type of the elements of LAPACK letter p (TE_T_s, ...). */
#define TE_T_s float
#define TE_T_d double
#define TE_T_c float complex
#define TE_T_z double complex

/* The one dispatch over the four types: X(p) for the LAPACK letter p (s, d,
 * c, z) of type t, as a switch; X's expansion ends its case (return or
 * break). */
#define TE_DISPATCH(t, X)                                                                          \
  switch (t) {                                                                                     \
  case TE_S:                                                                                       \
    X(s)                                                                                           \
  case TE_D:                                                                                       \
    X(d)                                                                                           \
  case TE_C:                                                                                       \
    X(c)                                                                                           \
  default:                                                                                         \
    X(z)                                                                                           \
  }

/* LAPACK's letter of type t. */
static inline char te_name(int t) { return "sdcz"[t]; }

/* Bytes of one element of type t. */
static inline size_t te_size(int t) { return t == TE_S ? 4 : t == TE_Z ? 16 : 8; }

/* 1 for c and z. */
static inline int te_complex(int t) { return t >= TE_C; }

/* Relative machine precision of the type's real part (LAPACK's ?LAMCH('E')):
 * single precision results are checked with single precision's. */
static inline double te_eps(int t) {
  return t == TE_S || t == TE_C ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
}

/* Element i of the array x of type t. */
static inline double complex te_get(int t, const void *x, long i) {
  switch (t) {
  case TE_S:
    return ((const float *)x)[i];
  case TE_D:
    return ((const double *)x)[i];
  case TE_C:
    return ((const float complex *)x)[i];
  default:
    return ((const double complex *)x)[i];
  }
}

/* Element i of the array x of type t := v (rounded to the type; the real
 * part only for s and d). */
static inline void te_put(int t, void *x, long i, double complex v) {
  switch (t) {
  case TE_S:
    ((float *)x)[i] = (float)creal(v);
    break;
  case TE_D:
    ((double *)x)[i] = creal(v);
    break;
  case TE_C:
    ((float complex *)x)[i] = (float complex)v;
    break;
  default:
    ((double complex *)x)[i] = v;
  }
}

#endif
