/*
 * Error handling shared by every layer: internal functions return int (0 or
 * an RMA_ERR_* / -i code); RMA_CALL propagates a failure with file/line
 * context, RMA_CALL_MPI turns an MPI error into RMA_ERR_MPI.
 */
#ifndef RMA_CORE_ERROR_H
#define RMA_CORE_ERROR_H

#include <mpi.h>

#include "rmala.h"

/* Record where a failure passed (printed when RMA_OPT_VERBOSE is on). */
void rma_error_trace(int code, const char *file, int line, const char *what);

#define RMA_CALL(call)                                                                             \
  do {                                                                                             \
    int rma_call_rc_ = (call);                                                                     \
    if (rma_call_rc_ != 0) {                                                                       \
      rma_error_trace(rma_call_rc_, __FILE__, __LINE__, #call);                                    \
      return rma_call_rc_;                                                                         \
    }                                                                                              \
  } while (0)

#define RMA_CALL_MPI(call)                                                                         \
  do {                                                                                             \
    int rma_mpi_rc_ = (call);                                                                      \
    if (rma_mpi_rc_ != MPI_SUCCESS) {                                                              \
      rma_error_trace(RMA_ERR_MPI, __FILE__, __LINE__, #call);                                     \
      return RMA_ERR_MPI;                                                                          \
    }                                                                                              \
  } while (0)

/*
 * Collective over comm. Every rank passes the index of its first illegal
 * argument (0 when all are legal) and the matching text; all ranks return
 * -i for the smallest such index found on any rank (0 when none). Rank 0 of
 * comm prints one message "rmala: routine: argument i (...)" when i > 0.
 */
int rma_args_agree(MPI_Comm comm, const char *routine, int bad_arg, const char *why);

/*
 * Collective over comm. rma_args_agree in ScaLAPACK's numbering: key =
 * 100 * i for argument i, 100 * i + j for entry j of descriptor argument i
 * (0: all legal). The smallest key on any rank wins, as PXERBLA's checks
 * take the minimum; returns -i or -(100 * i + j), and one message.
 */
int rma_info_agree(MPI_Comm comm, const char *routine, int key, const char *why);

/*
 * Collective over comm. Agree on a status code: returns the first non-zero
 * code of the lowest rank that had one (0 when every rank succeeded), so a
 * failure on one rank becomes the same return value everywhere.
 */
int rma_status_agree(MPI_Comm comm, int code);

#endif
