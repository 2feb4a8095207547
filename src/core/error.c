#include "core/error.h"

#include <limits.h>
#include <stdio.h>

#include "core/options.h"

void rma_error_trace(int code, const char *file, int line, const char *what) {
  if (rma_core_options()->verbose)
    fprintf(stderr, "rmala: %s (%d) at %s:%d in %s\n", rma_strerror(code), code, file, line, what);
}

int rma_info_agree(MPI_Comm comm, const char *routine, int key, const char *why) {
  int mine = key > 0 ? key : INT_MAX, first = INT_MAX, rank = 0;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == INT_MAX)
    return 0;
  // The rank that saw the first bad argument with the lowest rank number reports it.
  MPI_Comm_rank(comm, &rank);
  int reporter = mine == first ? rank : INT_MAX, who = 0;
  MPI_Allreduce(&reporter, &who, 1, MPI_INT, MPI_MIN, comm);
  int arg = first / 100, entry = first % 100;
  if (rank == who && entry == 0)
    fprintf(stderr, "rmala: %s: argument %d illegal (%s)\n", routine, arg, why ? why : "");
  else if (rank == who)
    fprintf(stderr, "rmala: %s: entry %d of argument %d illegal (%s)\n", routine, entry, arg,
            why ? why : "");
  return entry == 0 ? -arg : -first;
}

int rma_args_agree(MPI_Comm comm, const char *routine, int bad_arg, const char *why) {
  return rma_info_agree(comm, routine, bad_arg > 0 ? 100 * bad_arg : 0, why);
}

int rma_status_agree(MPI_Comm comm, int code) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  // Lowest failing rank wins; its code is then broadcast.
  int mine = code != 0 ? rank : size, who = size;
  MPI_Allreduce(&mine, &who, 1, MPI_INT, MPI_MIN, comm);
  if (who == size)
    return 0;
  MPI_Bcast(&code, 1, MPI_INT, who, comm);
  return code;
}
