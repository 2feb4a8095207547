/*
 * The drop-in's generic mechanism (librmala_scalapack): what every served
 * ScaLAPACK routine shares, so that one macro line per routine and type
 * gives it
 *   - the four names Fortran compilers produce (pdgemm_, pdgemm, PDGEMM,
 *     PDGEMM_): the first is the definition, the others aliases of it;
 *   - the fall-through to ScaLAPACK's own routine (dlsym(RTLD_NEXT), any of
 *     the four names) for calls from inside ScaLAPACK, for what rmala does
 *     not take, and for what the user steers away;
 *   - the steering of RMALA_SCALAPACK_ROUTINES and RMALA_SCALAPACK_MIN_DIM
 *     (steer.c), read once;
 *   - RMALA_VERBOSE=1's line per call saying who served it.
 *
 * Layer: above the ScaLAPACK front-end; uses rmala.h, BLACS's C interface
 * and the dynamic linker only.
 *
 * Adding a routine (dropin.c): one macro per routine whose body is
 *   RMA_DROPIN(p##x##name, P##X##NAME, size, desc, (Fortran parameters),
 *              (the parameters passed on to ScaLAPACK), rma call)
 * and one line per type. size is what RMALA_SCALAPACK_MIN_DIM compares
 * (min(m, n, k) for products, min(m, n) for factorizations, the order for
 * solves); desc a descriptor whose grid says who prints; the rma call an
 * expression giving rmala's return code (LAPACK-style: 0, > 0 or < 0; for
 * a routine with INFO, "*info = rma_p##x##name(...)"). CHARACTER arguments
 * get hidden lengths "size_t lx RMA_DROPIN_LEN" at the end of the
 * parameters, passed on as 1. Nothing else is needed: the names, the
 * registration for RMALA_SCALAPACK_ROUTINES and the routing come with it,
 * and tests/scalapack_api/symbols.sh checks the names of every p?..._ the
 * library defines.
 */
#ifndef RMALA_DROPIN_H
#define RMALA_DROPIN_H

#include <stddef.h>

// One served routine: its names, ScaLAPACK's definition (looked up on first
// need) and what the steering says.
typedef struct rma_dropin {
  const char *name;  // "pdgemm": lower case, no underscore
  const char *upper; // "PDGEMM", for messages
  void *real;        // ScaLAPACK's routine, NULL when not found
  const void *base;  // load address of the object defining it
  int looked;        // real was looked up
  char why[160];     // why real is NULL
  int serve;         // RMALA_SCALAPACK_ROUTINES: 1 rmala serves it, 0 not
  struct rma_dropin *next; // the registry (steer.c)
} rma_dropin_t;

#define RMA_DROPIN_INIT(name, upper) {name, upper, NULL, NULL, 0, "", 1, NULL}

/*
 * rma_dropin_register (local): adds d to the routines the steering knows
 * (RMALA_SCALAPACK_ROUTINES names them). Called once per routine before
 * main (a constructor made by RMA_DROPIN).
 */
void rma_dropin_register(rma_dropin_t *d);

/*
 * rma_dropin_route (local): who runs a call of d. Returns ScaLAPACK's
 * routine when it is to run it (a call from inside ScaLAPACK, or one the
 * steering sends there; RMALA_VERBOSE=1 says so on grid process (0,0) of
 * desc), NULL when rmala is to run it. self: the drop-in's own definition,
 * never taken as ScaLAPACK's; caller: the call's return address; size: the
 * value RMALA_SCALAPACK_MIN_DIM is compared with.
 */
void *rma_dropin_route(rma_dropin_t *d, void *self, const void *caller, int size,
                       const int *desc);

/*
 * rma_dropin_after (local): what follows rmala's return code rc. Returns
 * ScaLAPACK's routine when it is to run the call after all (an illegal
 * argument, which ScaLAPACK reports its own way, or a case rmala does not
 * serve), NULL when the call is done: served (rc >= 0) or failed inside
 * rmala (printed; not re-run, the operands may be partly written).
 */
void *rma_dropin_after(rma_dropin_t *d, void *self, int rc, const int *desc);

// The smallest of two / three sizes (RMALA_SCALAPACK_MIN_DIM's comparisons).
static inline int rma_dropin_min2(int a, int b) { return a < b ? a : b; }
static inline int rma_dropin_min3(int a, int b, int c) {
  return rma_dropin_min2(a, rma_dropin_min2(b, c));
}

// Fortran's hidden CHARACTER lengths: never read (C callers often pass none).
#define RMA_DROPIN_LEN __attribute__((unused))

#define RMA_DROPIN_EXPORT __attribute__((visibility("default")))

// The three other manglings of lower##_, as aliases (same address: the
// drop-in tells its own definition apart under every name).
#define RMA_DROPIN_ALIASES(lower, UPPER)                                                           \
  extern lower##_fn lower RMA_DROPIN_EXPORT __attribute__((alias(#lower "_")));                    \
  extern lower##_fn UPPER RMA_DROPIN_EXPORT __attribute__((alias(#lower "_")));                    \
  extern lower##_fn UPPER##_ RMA_DROPIN_EXPORT __attribute__((alias(#lower "_")));

/*
 * RMA_DROPIN(lower, UPPER, size, desc, params, args, ...): defines the
 * Fortran routine lower##_ (parameters params, in parentheses) with its
 * three aliases, registered for the steering. A call goes to ScaLAPACK's
 * routine (passed args, in parentheses) when rma_dropin_route says so,
 * else to rmala (the expression ..., its return code), and after it to
 * ScaLAPACK when rma_dropin_after says so.
 */
#define RMA_DROPIN(lower, UPPER, size, desc, params, args, ...)                                    \
  typedef void lower##_fn params;                                                                  \
  void lower##_ params RMA_DROPIN_EXPORT;                                                          \
  static rma_dropin_t dropin_##lower = RMA_DROPIN_INIT(#lower, #UPPER);                            \
  __attribute__((constructor)) static void dropin_register_##lower(void) {                         \
    rma_dropin_register(&dropin_##lower);                                                          \
  }                                                                                                \
  void lower##_ params {                                                                           \
    void *self = (void *)lower##_;                                                                 \
    void *real =                                                                                   \
        rma_dropin_route(&dropin_##lower, self, __builtin_return_address(0), (size), (desc));      \
    if (!real)                                                                                     \
      real = rma_dropin_after(&dropin_##lower, self, (__VA_ARGS__), (desc));                       \
    if (real)                                                                                      \
      ((lower##_fn *)real) args;                                                                   \
  }                                                                                                \
  RMA_DROPIN_ALIASES(lower, UPPER)

#endif
