#include "core/error.h"

#include <complex.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/options.h"

void rma_error_trace(int code, const char *file, int line, const char *what) {
  if (rma_core_options()->verbose)
    fprintf(stderr, "rmala: %s (%d) at %s:%d in %s\n", rma_strerror(code), code, file, line, what);
}

// Append one value of the given kind.
static void append(rma_same_t *s, const char *name, int64_t v, rma_same_kind_t kind) {
  if (s->count >= RMA_SAME_MAX)
    return;
  s->name[s->count] = name;
  s->kind[s->count] = (unsigned char)kind;
  s->value[s->count++] = v;
}

void rma_same_add(rma_same_t *s, const char *name, int64_t v) { append(s, name, v, RMA_SAME_INT); }

void rma_same_char(rma_same_t *s, const char *name, char c) {
  append(s, name, toupper((unsigned char)c), RMA_SAME_CHAR);
}

// FNV-1a over len bytes.
static int64_t fold_bytes(const void *bytes, size_t len) {
  uint64_t h = 1469598103934665603ull;
  const unsigned char *p = bytes;
  for (size_t i = 0; i < len; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return (int64_t)h;
}

void rma_same_fold(rma_same_t *s, const char *name, const int64_t *f, int n) {
  append(s, name, fold_bytes(f, sizeof(int64_t) * (size_t)n), RMA_SAME_FOLDED);
}

void rma_same_scalar(rma_same_t *s, const char *name, double _Complex x) {
  double parts[2] = {creal(x), cimag(x)};
  int64_t bits[2];
  memcpy(bits, parts, sizeof bits);
  rma_same_fold(s, name, bits, 2);
}

// The reduction buffer: the argument key, then per slot of the fingerprint
// (the routine's name first) its value and its complement, so one MPI_MIN
// gives every slot's smallest and largest value over the ranks.
enum { SLOTS = RMA_SAME_MAX + 1, WORDS = 1 + 2 * SLOTS };

int rma_info_agree(MPI_Comm comm, const char *routine, int key, const char *why,
                   const rma_same_t *same) {
  int64_t mine[WORDS] = {key > 0 ? key : INT_MAX}, all[WORDS];
  const char *name[SLOTS] = {"the routine called"};
  unsigned char kind[SLOTS] = {RMA_SAME_FOLDED};
  int64_t value[SLOTS] = {fold_bytes(routine, strlen(routine))};
  for (int i = 0; same && i < same->count; i++)
    name[1 + i] = same->name[i], value[1 + i] = same->value[i], kind[1 + i] = same->kind[i];
  for (int i = 0; i < SLOTS; i++)
    mine[1 + 2 * i] = value[i], mine[2 + 2 * i] = ~value[i];
  MPI_Allreduce(mine, all, WORDS, MPI_INT64_T, MPI_MIN, comm);
  int rank = 0, first = (int)all[0];
  MPI_Comm_rank(comm, &rank);
  if (first != INT_MAX) {
    // The rank that saw the first bad argument with the lowest rank number reports it.
    int reporter = mine[0] == first ? rank : INT_MAX, who = 0;
    MPI_Allreduce(&reporter, &who, 1, MPI_INT, MPI_MIN, comm);
    int arg = first / 100, entry = first % 100;
    if (rank == who && entry == 0)
      fprintf(stderr, "rmala: %s: argument %d illegal (%s)\n", routine, arg, why ? why : "");
    else if (rank == who)
      fprintf(stderr, "rmala: %s: entry %d of argument %d illegal (%s)\n", routine, entry, arg,
              why ? why : "");
    return entry == 0 ? -arg : -first;
  }
  // Every argument legal everywhere: do they agree? Every rank sees the same
  // smallest and largest values, so the same verdict, without another collective.
  for (int i = 0; i < SLOTS; i++) {
    int64_t lo = all[1 + 2 * i], hi = ~all[2 + 2 * i];
    if (lo == hi)
      continue;
    const char *what = name[i] ? name[i] : "(unnamed)";
    if (rank == 0 && kind[i] == RMA_SAME_FOLDED)
      fprintf(stderr, "rmala: %s: arguments differ between ranks: %s\n", routine, what);
    else if (rank == 0 && kind[i] == RMA_SAME_CHAR)
      fprintf(stderr,
              "rmala: %s: arguments differ between ranks: %s is '%c' on some, '%c' on others\n",
              routine, what, (char)lo, (char)hi);
    else if (rank == 0)
      fprintf(stderr,
              "rmala: %s: arguments differ between ranks: %s is %lld on some, %lld on others\n",
              routine, what, (long long)lo, (long long)hi);
    return RMA_ERR_ARGS_DIFFER;
  }
  return 0;
}

int rma_args_agree(MPI_Comm comm, const char *routine, int bad_arg, const char *why,
                   const rma_same_t *same) {
  return rma_info_agree(comm, routine, bad_arg > 0 ? 100 * bad_arg : 0, why, same);
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
