/*
 * Error handling shared by every layer: internal functions return int (0 or
 * an RMA_ERR_* / -i code); RMA_CALL propagates a failure with file/line
 * context, RMA_CALL_MPI turns an MPI error into RMA_ERR_MPI.
 */
#ifndef RMA_CORE_ERROR_H
#define RMA_CORE_ERROR_H

#include <mpi.h>
#include <stdint.h>

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
 * The arguments every rank must pass alike (the argument fingerprint):
 * sizes, block sizes, TRANS / UPLO / SIDE / DIAG, scalars, GA handles,
 * matrices' global shape and blocking; never local ones (LLD, pointers). A
 * front-end lists them, one named 64-bit value each, and hands the list to
 * its argument agreement, which compares them over the ranks in the same
 * allreduce. Initialise with {0}.
 */
#define RMA_SAME_MAX 16
typedef struct {
  int count;
  const char *name[RMA_SAME_MAX];
  int64_t value[RMA_SAME_MAX];
  unsigned char kind[RMA_SAME_MAX]; /* how the message shows it: rma_same_kind_t */
} rma_same_t;
typedef enum { RMA_SAME_INT, RMA_SAME_CHAR, RMA_SAME_FOLDED } rma_same_kind_t;

/* Local. Append integer argument name with value v. Past RMA_SAME_MAX
 * values are dropped (every rank drops the same). */
void rma_same_add(rma_same_t *s, const char *name, int64_t v);

/* Local. Append character argument name (TRANS, UPLO, ...): letters compare
 * case-blind, as the routines read them. */
void rma_same_char(rma_same_t *s, const char *name, char c);

/* Local. Append one value standing for the n fields f (a matrix: its
 * global shape, blocking, grid and offsets); the message names it only. */
void rma_same_fold(rma_same_t *s, const char *name, const int64_t *f, int n);

/* Local. Append a scalar (alpha, beta, tol) by its bits, real and imaginary part. */
void rma_same_scalar(rma_same_t *s, const char *name, double _Complex x);

/*
 * Collective over comm. Every rank passes the index of its first illegal
 * argument (0 when all are legal), the matching text and what must agree
 * over the ranks (same; NULL: nothing but the routine's name). One
 * allreduce carries both. All ranks return -i for the smallest illegal
 * index found on any rank, and the rank that found it prints one message
 * "rmala: routine: argument i illegal (...)". When every argument is legal
 * everywhere but a value of same (or the routine's name) differs between
 * ranks, all ranks return RMA_ERR_ARGS_DIFFER and rank 0 of comm prints
 * "rmala: routine: arguments differ between ranks: <name> ...". Else 0.
 */
int rma_args_agree(MPI_Comm comm, const char *routine, int bad_arg, const char *why,
                   const rma_same_t *same);

/*
 * Collective over comm. rma_args_agree in ScaLAPACK's numbering: key =
 * 100 * i for argument i, 100 * i + j for entry j of descriptor argument i
 * (0: all legal). The smallest key on any rank wins, as PXERBLA's checks
 * take the minimum; returns -i or -(100 * i + j), and one message; or,
 * every argument legal, RMA_ERR_ARGS_DIFFER when same differs over the ranks.
 */
int rma_info_agree(MPI_Comm comm, const char *routine, int key, const char *why,
                   const rma_same_t *same);

/*
 * Collective over comm. Agree on a status code: returns the first non-zero
 * code of the lowest rank that had one (0 when every rank succeeded), so a
 * failure on one rank becomes the same return value everywhere.
 */
int rma_status_agree(MPI_Comm comm, int code);

#endif
