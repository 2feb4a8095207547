/*
 * Element types: LAPACK's four (s, d, c, z). Every layer that holds or moves
 * matrix elements carries an rma_dtype_t; sizes, MPI datatypes and the
 * machine epsilon come from here. Scalars (alpha, beta) travel through the
 * engine as double _Complex whatever the type: a float, double or float
 * _Complex value converts to it and back exactly, so one signature serves
 * all four types.
 */
#ifndef RMA_CORE_DTYPE_H
#define RMA_CORE_DTYPE_H

#include <complex.h>
#include <mpi.h>
#include <stddef.h>

typedef enum { RMA_DT_S, RMA_DT_D, RMA_DT_C, RMA_DT_Z, RMA_DT_COUNT } rma_dtype_t;

/* A scalar argument of any type (the real part only for s and d). */
typedef double _Complex rma_scalar_t;

/* op(X) as two bits, RMA_OP_TRANS and RMA_OP_CONJ: as is, transposed,
 * conjugate-transposed (for s and d, C is T). Reading a column-major array
 * as the row-major array of its transpose flips the TRANS bit only, so
 * conj(X) (CONJ alone) can appear between two such flips; kernels take N,
 * T and C. */
typedef enum {
  RMA_OP_N = 0,
  RMA_OP_TRANS = 1, /* the bits */
  RMA_OP_CONJ = 2,
  RMA_OP_T = RMA_OP_TRANS, /* the ops kernels take */
  RMA_OP_C = RMA_OP_TRANS | RMA_OP_CONJ
} rma_op_t;

/* Local. Bytes of one element. */
static inline size_t rma_dtype_size(rma_dtype_t t) {
  return t == RMA_DT_S ? 4 : t == RMA_DT_Z ? 16 : 8;
}

/* Local. 1 for c and z. */
static inline int rma_dtype_complex(rma_dtype_t t) { return t == RMA_DT_C || t == RMA_DT_Z; }

/* Local. 1 for s and c (single precision). */
static inline int rma_dtype_single(rma_dtype_t t) { return t == RMA_DT_S || t == RMA_DT_C; }

/* Local. LAPACK's letter of the type: 's', 'd', 'c', 'z'. */
static inline char rma_dtype_char(rma_dtype_t t) { return "sdcz"[t]; }

/* Local. The MPI datatype of one element (MPI_FLOAT, MPI_DOUBLE,
 * MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX). */
MPI_Datatype rma_dtype_mpi(rma_dtype_t t);

/* Local. The MPI datatype of the type's real part (MPI_FLOAT or MPI_DOUBLE). */
MPI_Datatype rma_dtype_mpi_real(rma_dtype_t t);

/* Local. Relative machine precision of the type's real part, LAPACK's
 * ?LAMCH('E') (FLT_EPSILON / 2 or DBL_EPSILON / 2, rounding arithmetic). */
double rma_dtype_eps(rma_dtype_t t);

/* Local. Write scalar a as one element of type t at out. */
void rma_scalar_store(rma_dtype_t t, rma_scalar_t a, void *out);

/* Local. Element i of the array x of type t, as a scalar. */
rma_scalar_t rma_scalar_load(rma_dtype_t t, const void *x, long i);

/* Local. op for a BLAS transpose letter of a matrix of type t: 'N' / 'n' ->
 * N, 'T' / 't' -> T, 'C' / 'c' -> C for c and z, T for s and d. The letter
 * must be legal (core/trans.h). */
rma_op_t rma_dtype_op(rma_dtype_t t, char trans);

#endif
