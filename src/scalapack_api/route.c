/*
 * Who runs a drop-in call (dropin.h): rmala, or ScaLAPACK's own routine
 * found with dlsym(RTLD_NEXT) — the next definition after the program's
 * (the drop-in linked into the program) or after librmala_scalapack.so's
 * (LD_PRELOAD): ScaLAPACK as a shared library.
 *
 * ScaLAPACK's routine runs
 *   - calls ScaLAPACK makes from inside its own library (PDGESV -> PDGETRF,
 *     PDGETRF -> PDGEMM, ...): the return address lies in the object that
 *     holds ScaLAPACK's routine;
 *   - calls the steering sends there (steer.c: RMALA_SCALAPACK_ROUTINES,
 *     RMALA_SCALAPACK_MIN_DIM);
 *   - calls rmala left unchanged: an illegal argument (-i, -(100 i + j)),
 *     which ScaLAPACK reports its way, and RMA_ERR_NOT_IMPLEMENTED (DTYPE 2
 *     descriptors with IMB != MB or INB != NB).
 * Any other RMA_ERR_* code is a failure inside rmala after which the
 * operands may be partly written: printed, not re-run (INFO = the code for
 * routines with INFO). RMALA_VERBOSE=1: one line per call on grid process
 * (0,0) saying who served it.
 */
#define _GNU_SOURCE // RTLD_NEXT, dladdr
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "rmala.h"
#include "scalapack_api/dropin.h"
#include "scalapack_api/steer.h"

// BLACS (inside ScaLAPACK) declares no C header.
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);

// ScaLAPACK's definition of d under any of the four Fortran names (its own
// build chose one), the drop-in's own (self) never counting; NULL when
// there is none (d->why says why).
static void *next_find(rma_dropin_t *d, void *self) {
  if (d->looked)
    return d->real;
  d->looked = 1;
  char names[4][40];
  size_t n = strlen(d->name);
  if (n + 2 > sizeof names[0]) {
    snprintf(d->why, sizeof d->why, "name too long");
    return NULL;
  }
  snprintf(names[0], sizeof names[0], "%s_", d->name);
  snprintf(names[1], sizeof names[1], "%s", d->name);
  snprintf(names[2], sizeof names[2], "%s", d->upper);
  snprintf(names[3], sizeof names[3], "%s_", d->upper);
  const char *err = NULL;
  for (int i = 0; i < 4; i++) {
    dlerror();
    void *p = dlsym(RTLD_NEXT, names[i]);
    const char *e = dlerror();
    Dl_info at;
    if (p && p != self && dladdr(p, &at)) {
      d->real = p, d->base = at.dli_fbase;
      return p;
    }
    if (i == 0)
      err = e ? e : p ? "only the drop-in's own" : "none";
  }
  snprintf(d->why, sizeof d->why, "%s", err);
  return NULL;
}

// 1 when the caller (a return address) lies in the object holding
// ScaLAPACK's routine: one ScaLAPACK routine calling another.
static int from_scalapack(rma_dropin_t *d, void *self, const void *caller) {
  Dl_info at;
  return next_find(d, self) && dladdr(caller, &at) && at.dli_fbase == d->base;
}

// 1 on grid process (0,0) of desc's context, and on processes that cannot
// tell (no readable descriptor, not in the context): who prints.
static int reporter(const int *desc) {
  int nprow = -1, npcol = -1, myrow = -1, mycol = -1;
  if (desc && (desc[0] == 1 || desc[0] == 2))
    Cblacs_gridinfo(desc[1], &nprow, &npcol, &myrow, &mycol);
  return myrow < 0 || mycol < 0 || (myrow == 0 && mycol == 0);
}

static int verbose(void) {
  int v = 0;
  rma_get_option(RMA_OPT_VERBOSE, &v);
  return v > 0;
}

void *rma_dropin_route(rma_dropin_t *d, void *self, const void *caller, int size,
                       const int *desc) {
  if (from_scalapack(d, self, caller))
    return d->real;
  char why[96];
  if (rma_steer_takes(d, size, why, sizeof why))
    return NULL;
  void *real = next_find(d, self);
  int say = reporter(desc);
  if (!real) {
    // Nothing to hand the call to: rmala serves it after all.
    if (say && verbose())
      fprintf(stderr, "rmala: %s served by rmala (%s, but ScaLAPACK's %s_ was not found: %s)\n",
              d->upper, why, d->name, d->why);
    return NULL;
  }
  if (say && verbose())
    fprintf(stderr, "rmala: %s passed to ScaLAPACK (%s)\n", d->upper, why);
  return real;
}

// What follows an rma_* return code.
typedef enum { SERVED, TO_SCALAPACK, FAILED } outcome_t;

static outcome_t outcome(int rc) {
  if (rc >= 0)
    return SERVED; // 0, or P?GETRF's zero pivot i > 0
  // Argument codes and RMA_ERR_NOT_IMPLEMENTED: reported before any work.
  if (rc > -10000 || rc == RMA_ERR_NOT_IMPLEMENTED)
    return TO_SCALAPACK;
  return FAILED;
}

void *rma_dropin_after(rma_dropin_t *d, void *self, int rc, const int *desc) {
  outcome_t o = outcome(rc);
  int say = reporter(desc);
  if (o == SERVED) {
    if (say && verbose())
      fprintf(stderr, "rmala: %s served by rmala\n", d->upper);
    return NULL;
  }
  if (o == FAILED) {
    if (say)
      fprintf(stderr,
              "rmala: %s failed in rmala: %s (%d); not re-run by ScaLAPACK (the operands "
              "may be partly written)\n",
              d->upper, rma_strerror(rc), rc);
    return NULL;
  }
  void *real = next_find(d, self);
  if (!real) {
    if (say)
      fprintf(stderr,
              "rmala: %s not computed: rmala returned %d (%s) and ScaLAPACK's %s_ was not found "
              "(%s): link ScaLAPACK as a shared library after -lrmala_scalapack\n",
              d->upper, rc, rma_strerror(rc), d->name, d->why);
    return NULL;
  }
  if (say && verbose())
    fprintf(stderr, "rmala: %s passed to ScaLAPACK (rmala: %s)\n", d->upper, rma_strerror(rc));
  return real;
}
