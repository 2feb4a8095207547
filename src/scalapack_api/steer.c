/*
 * The drop-in's steering (steer.h): RMALA_SCALAPACK_ROUTINES and
 * RMALA_SCALAPACK_MIN_DIM, read once.
 *
 *   RMALA_SCALAPACK_ROUTINES  "all" (default), "none", or a comma-separated
 *                             list of the routines rmala serves, any case,
 *                             a trailing underscore allowed ("pdgemm,PZGEMM_")
 *   RMALA_SCALAPACK_MIN_DIM   N >= 0: a call whose size is below N goes to
 *                             ScaLAPACK (default RMA_STEER_MIN_DIM_DEFAULT)
 *
 * An illegal value (an unknown routine, an empty entry, a size that is not
 * a non-negative integer) keeps that variable's default, with one message
 * naming the variable, the value and what is allowed.
 */
#define _POSIX_C_SOURCE 200809L // strcasecmp
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scalapack_api/steer.h"

static rma_dropin_t *registry; // every routine, registered before main, in definition order
static int min_dim = RMA_STEER_MIN_DIM_DEFAULT;
static pthread_once_t once = PTHREAD_ONCE_INIT;

void rma_dropin_register(rma_dropin_t *d) {
  rma_dropin_t **end = &registry;
  while (*end)
    end = &(*end)->next;
  d->next = NULL;
  *end = d;
}

// One message per job: rank 0 of MPI_COMM_WORLD (every process before MPI).
static void complain(const char *var, const char *value, const char *what, const char *dflt) {
  int init = 0, fin = 0, rank = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (init && !fin)
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    fprintf(stderr, "rmala: %s='%s' ignored: %s; using the default (%s)\n", var, value, what, dflt);
}

// s without leading and trailing blanks, into out (n bytes); -1 if too long.
static int trimmed(const char *s, size_t len, char *out, size_t n) {
  while (len && isspace((unsigned char)*s))
    s++, len--;
  while (len && isspace((unsigned char)s[len - 1]))
    len--;
  if (len >= n)
    return -1;
  memcpy(out, s, len);
  out[len] = '\0';
  return 0;
}

static void read_min_dim(void) {
  const char *v = getenv("RMALA_SCALAPACK_MIN_DIM");
  if (!v)
    return;
  char s[32], *end;
  errno = 0;
  long x = trimmed(v, strlen(v), s, sizeof s) ? -1 : strtol(s, &end, 10);
  if (x < 0 || !*s || *end || errno || x > INT_MAX) {
    char dflt[32];
    snprintf(dflt, sizeof dflt, "%d", RMA_STEER_MIN_DIM_DEFAULT);
    complain("RMALA_SCALAPACK_MIN_DIM", v, "not an integer >= 0", dflt);
    return;
  }
  min_dim = (int)x;
}

// The routine called name (any case, one trailing '_' allowed), or NULL.
static rma_dropin_t *lookup(char *name) {
  size_t n = strlen(name);
  if (n && name[n - 1] == '_')
    name[--n] = '\0';
  for (size_t i = 0; i < n; i++)
    name[i] = (char)tolower((unsigned char)name[i]);
  for (rma_dropin_t *d = registry; d; d = d->next)
    if (strcmp(d->name, name) == 0)
      return d;
  return NULL;
}

static void serve_all(int serve) {
  for (rma_dropin_t *d = registry; d; d = d->next)
    d->serve = serve;
}

static void read_routines(void) {
  const char *v = getenv("RMALA_SCALAPACK_ROUTINES");
  char tok[64];
  if (!v || (trimmed(v, strlen(v), tok, sizeof tok) == 0 && (!*tok || !strcasecmp(tok, "all"))))
    return; // every routine (the registry's initial state)
  if (trimmed(v, strlen(v), tok, sizeof tok) == 0 && !strcasecmp(tok, "none")) {
    serve_all(0);
    return;
  }
  // A list: validated whole before it takes effect.
  serve_all(0);
  for (const char *p = v;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    rma_dropin_t *d = NULL;
    if (trimmed(p, len, tok, sizeof tok) == 0 && *tok)
      d = lookup(tok);
    if (!d) {
      char what[1024];
      size_t w = (size_t)snprintf(what, sizeof what, "'%.*s' is not a routine the drop-in serves (",
                                  (int)(len < 40 ? len : 40), p);
      for (rma_dropin_t *r = registry; r && w < sizeof what; r = r->next)
        w += (size_t)snprintf(what + w, sizeof what - w, "%s, ", r->name);
      if (w < sizeof what)
        snprintf(what + w, sizeof what - w, "all or none)");
      complain("RMALA_SCALAPACK_ROUTINES", v, what, "all");
      serve_all(1);
      return;
    }
    d->serve = 1;
    if (!comma)
      break;
    p = comma + 1;
  }
}

static void read_env(void) {
  read_min_dim();
  read_routines();
}

int rma_steer_takes(rma_dropin_t *d, int size, char *why, size_t n) {
  pthread_once(&once, read_env);
  if (!d->serve) {
    snprintf(why, n, "RMALA_SCALAPACK_ROUTINES");
    return 0;
  }
  if (size < min_dim) {
    snprintf(why, n, "RMALA_SCALAPACK_MIN_DIM=%d: size %d", min_dim, size);
    return 0;
  }
  return 1;
}
