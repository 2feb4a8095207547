#include "core/dtype.h"

#include <float.h>

MPI_Datatype rma_dtype_mpi(rma_dtype_t t) {
  switch (t) {
  case RMA_DT_S:
    return MPI_FLOAT;
  case RMA_DT_C:
    return MPI_C_FLOAT_COMPLEX;
  case RMA_DT_Z:
    return MPI_C_DOUBLE_COMPLEX;
  default:
    return MPI_DOUBLE;
  }
}

MPI_Datatype rma_dtype_mpi_real(rma_dtype_t t) {
  return rma_dtype_single(t) ? MPI_FLOAT : MPI_DOUBLE;
}

double rma_dtype_eps(rma_dtype_t t) {
  return rma_dtype_single(t) ? FLT_EPSILON / 2 : DBL_EPSILON / 2;
}

void rma_scalar_store(rma_dtype_t t, rma_scalar_t a, void *out) {
  switch (t) {
  case RMA_DT_S:
    *(float *)out = (float)creal(a);
    break;
  case RMA_DT_D:
    *(double *)out = creal(a);
    break;
  case RMA_DT_C:
    *(float _Complex *)out = (float _Complex)a;
    break;
  default:
    *(double _Complex *)out = a;
  }
}

rma_scalar_t rma_scalar_load(rma_dtype_t t, const void *x, long i) {
  switch (t) {
  case RMA_DT_S:
    return ((const float *)x)[i];
  case RMA_DT_D:
    return ((const double *)x)[i];
  case RMA_DT_C:
    return ((const float _Complex *)x)[i];
  default:
    return ((const double _Complex *)x)[i];
  }
}

rma_op_t rma_dtype_op(rma_dtype_t t, char trans) {
  if (trans == 'N' || trans == 'n')
    return RMA_OP_N;
  if ((trans == 'C' || trans == 'c') && rma_dtype_complex(t))
    return RMA_OP_C;
  return RMA_OP_T;
}
