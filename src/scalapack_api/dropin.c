/*
 * The drop-in ScaLAPACK library (librmala_scalapack): ScaLAPACK's Fortran
 * symbols p?gemm_, p?getrf_, p?getrs_, p?potrf_, p?potrs_, p?potri_,
 * p?trsm_, p?trmm_, p?trtri_, p?syrk_ (? = s, d, c, z) and pcherk_ /
 * pzherk_, served by the rma_p?* routine of the same name. Linked before
 * ScaLAPACK, it makes an unmodified Fortran or C ScaLAPACK program call
 * rmala.
 *
 * Layer: above the ScaLAPACK front-end (src/scalapack); uses only rmala.h,
 * BLACS's C interface and the dynamic linker. Kept out of librmala, so
 * linking librmala never shadows ScaLAPACK.
 *
 * Fortran convention: every argument by reference, INTEGER 32-bit, the
 * hidden CHARACTER lengths (size_t since gfortran 8) appended; they are
 * never read (C callers often pass none) and 1 is passed on.
 *
 * What rmala does not take goes to ScaLAPACK's own routine, found with
 * dlsym(RTLD_NEXT) (the next definition after this program's: ScaLAPACK as
 * a shared library). It goes there when the rma_* call changed nothing:
 *   - an illegal argument (-i, -(100 i + j)): ScaLAPACK reports it its way;
 *   - RMA_ERR_NOT_IMPLEMENTED (DTYPE 2 descriptors with IMB != MB or
 *     INB != NB).
 * Any other RMA_ERR_* code is a failure inside rmala after which the
 * operands may be partly written: it is printed and not re-run (P?GETRF,
 * P?GETRS, P?POTRF, P?POTRS, P?TRTRI, P?POTRI: INFO = the code; the PBLAS
 * routines have no INFO). Calls ScaLAPACK makes to
 * these routines from inside its own library (PDGESV -> PDGETRF, PDGETRF ->
 * PDGEMM, ...) stay with ScaLAPACK. RMALA_VERBOSE=1: one line per call on
 * grid process (0,0) saying who served it.
 */
#define _GNU_SOURCE // RTLD_NEXT, dladdr
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

#include "rmala.h"

// BLACS (inside ScaLAPACK) declares no C header.
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);

// ScaLAPACK's definition of one routine, looked up on first need.
typedef struct {
  const char *symbol; // "pdgemm_"
  const char *name;   // "PDGEMM", for messages
  void *real;         // ScaLAPACK's routine, NULL when not found
  const void *base;   // load address of the object defining it
  int looked;
  char why[128]; // why real is NULL
} next_t;

// The next definition of nx->symbol after this program's (self, ours,
// never counts); NULL when there is none (nx->why says why).
static void *next_find(next_t *nx, void *self) {
  if (!nx->looked) {
    nx->looked = 1;
    dlerror();
    void *p = dlsym(RTLD_NEXT, nx->symbol);
    const char *err = dlerror();
    Dl_info at;
    if (p && p != self && dladdr(p, &at))
      nx->real = p, nx->base = at.dli_fbase;
    else
      snprintf(nx->why, sizeof nx->why, "%s", err ? err : p ? "only the drop-in's own" : "none");
  }
  return nx->real;
}

// 1 when the caller (a return address) lies in the object holding
// ScaLAPACK's routine: one ScaLAPACK routine calling another.
static int from_scalapack(next_t *nx, void *self, const void *caller) {
  Dl_info at;
  return next_find(nx, self) && dladdr(caller, &at) && at.dli_fbase == nx->base;
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

// What follows an rma_* return code.
typedef enum { SERVED, TO_SCALAPACK, FAILED } outcome_t;

static outcome_t outcome(int rc) {
  if (rc >= 0)
    return SERVED; // 0, or P?GETRF's zero pivot / P?POTRF's minor i > 0
  // Argument codes and RMA_ERR_NOT_IMPLEMENTED: reported before any work.
  if (rc > -10000 || rc == RMA_ERR_NOT_IMPLEMENTED)
    return TO_SCALAPACK;
  return FAILED;
}

// Says what became of an rma_* call; returns ScaLAPACK's routine when it
// is to run (NULL: done, or no routine to run).
static void *after(next_t *nx, void *self, int rc, const int *desc) {
  outcome_t o = outcome(rc);
  int say = reporter(desc);
  if (o == SERVED) {
    if (say && verbose())
      fprintf(stderr, "rmala: %s served by rmala\n", nx->name);
    return NULL;
  }
  if (o == FAILED) {
    if (say)
      fprintf(stderr,
              "rmala: %s failed in rmala: %s (%d); not re-run by ScaLAPACK (the operands "
              "may be partly written)\n",
              nx->name, rma_strerror(rc), rc);
    return NULL;
  }
  void *real = next_find(nx, self);
  if (!real) {
    if (say)
      fprintf(stderr,
              "rmala: %s not computed: rmala returned %d (%s) and ScaLAPACK's %s was not found "
              "(%s): link ScaLAPACK as a shared library after -lrmala_scalapack\n",
              nx->name, rc, rma_strerror(rc), nx->symbol, nx->why);
    return NULL;
  }
  if (say && verbose())
    fprintf(stderr, "rmala: %s passed to ScaLAPACK (rmala: %s)\n", nx->name, rma_strerror(rc));
  return real;
}

// P?GEMM in the four types: the same body, ScaLAPACK's argument list
// (scalars by reference) on rma_p?gemm (scalars by value).
#define RMA_DROPIN_PGEMM(x, X, T)                                                                  \
  typedef void p##x##gemm_fn(const char *, const char *, const int *, const int *, const int *,    \
                             const T *, const T *, const int *, const int *, const int *,          \
                             const T *, const int *, const int *, const int *, const T *, T *,     \
                             const int *, const int *, const int *, size_t, size_t);               \
  void p##x##gemm_(const char *transa, const char *transb, const int *m, const int *n,             \
                   const int *k, const T *alpha, const T *a, const int *ia, const int *ja,         \
                   const int *desca, const T *b, const int *ib, const int *jb, const int *descb,   \
                   const T *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t ltransa, size_t ltransb);                                                \
  static next_t next_p##x##gemm = {"p" #x "gemm_", "P" #X "GEMM", NULL, NULL, 0, ""};              \
  void p##x##gemm_(const char *transa, const char *transb, const int *m, const int *n,             \
                   const int *k, const T *alpha, const T *a, const int *ia, const int *ja,         \
                   const int *desca, const T *b, const int *ib, const int *jb, const int *descb,   \
                   const T *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t ltransa, size_t ltransb) {                                               \
    (void)ltransa, (void)ltransb;                                                                  \
    void *self = (void *)p##x##gemm_;                                                              \
    p##x##gemm_fn *real = NULL;                                                                    \
    if (from_scalapack(&next_p##x##gemm, self, __builtin_return_address(0))) {                     \
      real = (p##x##gemm_fn *)next_p##x##gemm.real;                                                \
    } else {                                                                                       \
      int rc = rma_p##x##gemm(*transa, *transb, *m, *n, *k, *alpha, a, *ia, *ja, desca, b, *ib,    \
                              *jb, descb, *beta, c, *ic, *jc, descc);                              \
      real = (p##x##gemm_fn *)after(&next_p##x##gemm, self, rc, desca);                            \
    }                                                                                              \
    if (real)                                                                                      \
      real(transa, transb, m, n, k, alpha, a, ia, ja, desca, b, ib, jb, descb, beta, c, ic, jc,    \
           descc, 1, 1);                                                                           \
  }

RMA_DROPIN_PGEMM(s, S, float)
RMA_DROPIN_PGEMM(d, D, double)
RMA_DROPIN_PGEMM(c, C, float _Complex)
RMA_DROPIN_PGEMM(z, Z, double _Complex)

// P?GETRF in the four types on rma_p?getrf.
#define RMA_DROPIN_PGETRF(x, X, T)                                                                 \
  typedef void p##x##getrf_fn(const int *, const int *, T *, const int *, const int *,             \
                              const int *, int *, int *);                                          \
  void p##x##getrf_(const int *m, const int *n, T *a, const int *ia, const int *ja,                \
                    const int *desca, int *ipiv, int *info);                                       \
  static next_t next_p##x##getrf = {"p" #x "getrf_", "P" #X "GETRF", NULL, NULL, 0, ""};           \
  void p##x##getrf_(const int *m, const int *n, T *a, const int *ia, const int *ja,                \
                    const int *desca, int *ipiv, int *info) {                                      \
    void *self = (void *)p##x##getrf_;                                                             \
    p##x##getrf_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##getrf, self, __builtin_return_address(0))) {                    \
      real = (p##x##getrf_fn *)next_p##x##getrf.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##getrf(*m, *n, a, *ia, *ja, desca, ipiv);                                   \
      real = (p##x##getrf_fn *)after(&next_p##x##getrf, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(m, n, a, ia, ja, desca, ipiv, info);                                                    \
  }

RMA_DROPIN_PGETRF(s, S, float)
RMA_DROPIN_PGETRF(d, D, double)
RMA_DROPIN_PGETRF(c, C, float _Complex)
RMA_DROPIN_PGETRF(z, Z, double _Complex)

// P?GETRS in the four types on rma_p?getrs.
#define RMA_DROPIN_PGETRS(x, X, T)                                                                 \
  typedef void p##x##getrs_fn(const char *, const int *, const int *, const T *, const int *,      \
                              const int *, const int *, const int *, T *, const int *,             \
                              const int *, const int *, int *, size_t);                            \
  void p##x##getrs_(const char *trans, const int *n, const int *nrhs, const T *a, const int *ia,   \
                    const int *ja, const int *desca, const int *ipiv, T *b, const int *ib,         \
                    const int *jb, const int *descb, int *info, size_t ltrans);                    \
  static next_t next_p##x##getrs = {"p" #x "getrs_", "P" #X "GETRS", NULL, NULL, 0, ""};           \
  void p##x##getrs_(const char *trans, const int *n, const int *nrhs, const T *a, const int *ia,   \
                    const int *ja, const int *desca, const int *ipiv, T *b, const int *ib,         \
                    const int *jb, const int *descb, int *info, size_t ltrans) {                   \
    (void)ltrans;                                                                                  \
    void *self = (void *)p##x##getrs_;                                                             \
    p##x##getrs_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##getrs, self, __builtin_return_address(0))) {                    \
      real = (p##x##getrs_fn *)next_p##x##getrs.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##getrs(*trans, *n, *nrhs, a, *ia, *ja, desca, ipiv, b, *ib, *jb, descb);    \
      real = (p##x##getrs_fn *)after(&next_p##x##getrs, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(trans, n, nrhs, a, ia, ja, desca, ipiv, b, ib, jb, descb, info, 1);                     \
  }

RMA_DROPIN_PGETRS(s, S, float)
RMA_DROPIN_PGETRS(d, D, double)
RMA_DROPIN_PGETRS(c, C, float _Complex)
RMA_DROPIN_PGETRS(z, Z, double _Complex)

// P?POTRF in the four types on rma_p?potrf.
#define RMA_DROPIN_PPOTRF(x, X, T)                                                                 \
  typedef void p##x##potrf_fn(const char *, const int *, T *, const int *, const int *,            \
                              const int *, int *, size_t);                                         \
  void p##x##potrf_(const char *uplo, const int *n, T *a, const int *ia, const int *ja,            \
                    const int *desca, int *info, size_t luplo);                                    \
  static next_t next_p##x##potrf = {"p" #x "potrf_", "P" #X "POTRF", NULL, NULL, 0, ""};           \
  void p##x##potrf_(const char *uplo, const int *n, T *a, const int *ia, const int *ja,            \
                    const int *desca, int *info, size_t luplo) {                                   \
    (void)luplo;                                                                                   \
    void *self = (void *)p##x##potrf_;                                                             \
    p##x##potrf_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##potrf, self, __builtin_return_address(0))) {                    \
      real = (p##x##potrf_fn *)next_p##x##potrf.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##potrf(*uplo, *n, a, *ia, *ja, desca);                                      \
      real = (p##x##potrf_fn *)after(&next_p##x##potrf, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, n, a, ia, ja, desca, info, 1);                                                    \
  }

RMA_DROPIN_PPOTRF(s, S, float)
RMA_DROPIN_PPOTRF(d, D, double)
RMA_DROPIN_PPOTRF(c, C, float _Complex)
RMA_DROPIN_PPOTRF(z, Z, double _Complex)

// P?TRSM in the four types on rma_p?trsm (PBLAS: no INFO).
#define RMA_DROPIN_PTRSM(x, X, T)                                                                  \
  typedef void p##x##trsm_fn(const char *, const char *, const char *, const char *, const int *,  \
                             const int *, const T *, const T *, const int *, const int *,          \
                             const int *, T *, const int *, const int *, const int *, size_t,      \
                             size_t, size_t, size_t);                                              \
  void p##x##trsm_(const char *side, const char *uplo, const char *transa, const char *diag,       \
                   const int *m, const int *n, const T *alpha, const T *a, const int *ia,          \
                   const int *ja, const int *desca, T *b, const int *ib, const int *jb,            \
                   const int *descb, size_t lside, size_t luplo, size_t ltransa, size_t ldiag);    \
  static next_t next_p##x##trsm = {"p" #x "trsm_", "P" #X "TRSM", NULL, NULL, 0, ""};              \
  void p##x##trsm_(const char *side, const char *uplo, const char *transa, const char *diag,       \
                   const int *m, const int *n, const T *alpha, const T *a, const int *ia,          \
                   const int *ja, const int *desca, T *b, const int *ib, const int *jb,            \
                   const int *descb, size_t lside, size_t luplo, size_t ltransa, size_t ldiag) {   \
    (void)lside, (void)luplo, (void)ltransa, (void)ldiag;                                          \
    void *self = (void *)p##x##trsm_;                                                              \
    p##x##trsm_fn *real = NULL;                                                                    \
    if (from_scalapack(&next_p##x##trsm, self, __builtin_return_address(0))) {                     \
      real = (p##x##trsm_fn *)next_p##x##trsm.real;                                                \
    } else {                                                                                       \
      int rc = rma_p##x##trsm(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *ia, *ja, desca, b, \
                              *ib, *jb, descb);                                                    \
      real = (p##x##trsm_fn *)after(&next_p##x##trsm, self, rc, desca);                            \
    }                                                                                              \
    if (real)                                                                                      \
      real(side, uplo, transa, diag, m, n, alpha, a, ia, ja, desca, b, ib, jb, descb, 1, 1, 1, 1); \
  }

RMA_DROPIN_PTRSM(s, S, float)
RMA_DROPIN_PTRSM(d, D, double)
RMA_DROPIN_PTRSM(c, C, float _Complex)
RMA_DROPIN_PTRSM(z, Z, double _Complex)

// P?POTRS in the four types on rma_p?potrs.
#define RMA_DROPIN_PPOTRS(x, X, T)                                                                 \
  typedef void p##x##potrs_fn(const char *, const int *, const int *, const T *, const int *,      \
                              const int *, const int *, T *, const int *, const int *,             \
                              const int *, int *, size_t);                                         \
  void p##x##potrs_(const char *uplo, const int *n, const int *nrhs, const T *a, const int *ia,    \
                    const int *ja, const int *desca, T *b, const int *ib, const int *jb,           \
                    const int *descb, int *info, size_t luplo);                                    \
  static next_t next_p##x##potrs = {"p" #x "potrs_", "P" #X "POTRS", NULL, NULL, 0, ""};           \
  void p##x##potrs_(const char *uplo, const int *n, const int *nrhs, const T *a, const int *ia,    \
                    const int *ja, const int *desca, T *b, const int *ib, const int *jb,           \
                    const int *descb, int *info, size_t luplo) {                                   \
    (void)luplo;                                                                                   \
    void *self = (void *)p##x##potrs_;                                                             \
    p##x##potrs_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##potrs, self, __builtin_return_address(0))) {                    \
      real = (p##x##potrs_fn *)next_p##x##potrs.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##potrs(*uplo, *n, *nrhs, a, *ia, *ja, desca, b, *ib, *jb, descb);           \
      real = (p##x##potrs_fn *)after(&next_p##x##potrs, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, n, nrhs, a, ia, ja, desca, b, ib, jb, descb, info, 1);                            \
  }

RMA_DROPIN_PPOTRS(s, S, float)
RMA_DROPIN_PPOTRS(d, D, double)
RMA_DROPIN_PPOTRS(c, C, float _Complex)
RMA_DROPIN_PPOTRS(z, Z, double _Complex)

// P?SYRK in the four types on rma_p?syrk (c and z: the complex symmetric update).
#define RMA_DROPIN_PSYRK(x, X, T)                                                                  \
  typedef void p##x##syrk_fn(const char *, const char *, const int *, const int *, const T *,      \
                             const T *, const int *, const int *, const int *, const T *, T *,     \
                             const int *, const int *, const int *, size_t, size_t);               \
  void p##x##syrk_(const char *uplo, const char *trans, const int *n, const int *k,                \
                   const T *alpha, const T *a, const int *ia, const int *ja, const int *desca,     \
                   const T *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t luplo, size_t ltrans);                                                   \
  static next_t next_p##x##syrk = {"p" #x "syrk_", "P" #X "SYRK", NULL, NULL, 0, ""};              \
  void p##x##syrk_(const char *uplo, const char *trans, const int *n, const int *k,                \
                   const T *alpha, const T *a, const int *ia, const int *ja, const int *desca,     \
                   const T *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t luplo, size_t ltrans) {                                                  \
    (void)luplo, (void)ltrans;                                                                     \
    void *self = (void *)p##x##syrk_;                                                              \
    p##x##syrk_fn *real = NULL;                                                                    \
    if (from_scalapack(&next_p##x##syrk, self, __builtin_return_address(0))) {                     \
      real = (p##x##syrk_fn *)next_p##x##syrk.real;                                                \
    } else {                                                                                       \
      int rc = rma_p##x##syrk(*uplo, *trans, *n, *k, *alpha, a, *ia, *ja, desca, *beta, c, *ic,    \
                              *jc, descc);                                                         \
      real = (p##x##syrk_fn *)after(&next_p##x##syrk, self, rc, descc);                            \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, 1, 1);              \
  }

RMA_DROPIN_PSYRK(s, S, float)
RMA_DROPIN_PSYRK(d, D, double)
RMA_DROPIN_PSYRK(c, C, float _Complex)
RMA_DROPIN_PSYRK(z, Z, double _Complex)

// P?HERK in the two complex types on rma_p?herk (alpha and beta real, of type R).
#define RMA_DROPIN_PHERK(x, X, T, R)                                                               \
  typedef void p##x##herk_fn(const char *, const char *, const int *, const int *, const R *,      \
                             const T *, const int *, const int *, const int *, const R *, T *,     \
                             const int *, const int *, const int *, size_t, size_t);               \
  void p##x##herk_(const char *uplo, const char *trans, const int *n, const int *k,                \
                   const R *alpha, const T *a, const int *ia, const int *ja, const int *desca,     \
                   const R *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t luplo, size_t ltrans);                                                   \
  static next_t next_p##x##herk = {"p" #x "herk_", "P" #X "HERK", NULL, NULL, 0, ""};              \
  void p##x##herk_(const char *uplo, const char *trans, const int *n, const int *k,                \
                   const R *alpha, const T *a, const int *ia, const int *ja, const int *desca,     \
                   const R *beta, T *c, const int *ic, const int *jc, const int *descc,            \
                   size_t luplo, size_t ltrans) {                                                  \
    (void)luplo, (void)ltrans;                                                                     \
    void *self = (void *)p##x##herk_;                                                              \
    p##x##herk_fn *real = NULL;                                                                    \
    if (from_scalapack(&next_p##x##herk, self, __builtin_return_address(0))) {                     \
      real = (p##x##herk_fn *)next_p##x##herk.real;                                                \
    } else {                                                                                       \
      int rc = rma_p##x##herk(*uplo, *trans, *n, *k, *alpha, a, *ia, *ja, desca, *beta, c, *ic,    \
                              *jc, descc);                                                         \
      real = (p##x##herk_fn *)after(&next_p##x##herk, self, rc, descc);                            \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, trans, n, k, alpha, a, ia, ja, desca, beta, c, ic, jc, descc, 1, 1);              \
  }

RMA_DROPIN_PHERK(c, C, float _Complex, float)
RMA_DROPIN_PHERK(z, Z, double _Complex, double)

// P?TRMM in the four types on rma_p?trmm.
#define RMA_DROPIN_PTRMM(x, X, T)                                                                  \
  typedef void p##x##trmm_fn(const char *, const char *, const char *, const char *, const int *,  \
                             const int *, const T *, const T *, const int *, const int *,          \
                             const int *, T *, const int *, const int *, const int *, size_t,      \
                             size_t, size_t, size_t);                                              \
  void p##x##trmm_(const char *side, const char *uplo, const char *transa, const char *diag,       \
                   const int *m, const int *n, const T *alpha, const T *a, const int *ia,          \
                   const int *ja, const int *desca, T *b, const int *ib, const int *jb,            \
                   const int *descb, size_t l1, size_t l2, size_t l3, size_t l4);                  \
  static next_t next_p##x##trmm = {"p" #x "trmm_", "P" #X "TRMM", NULL, NULL, 0, ""};              \
  void p##x##trmm_(const char *side, const char *uplo, const char *transa, const char *diag,       \
                   const int *m, const int *n, const T *alpha, const T *a, const int *ia,          \
                   const int *ja, const int *desca, T *b, const int *ib, const int *jb,            \
                   const int *descb, size_t l1, size_t l2, size_t l3, size_t l4) {                 \
    (void)l1, (void)l2, (void)l3, (void)l4;                                                        \
    void *self = (void *)p##x##trmm_;                                                              \
    p##x##trmm_fn *real = NULL;                                                                    \
    if (from_scalapack(&next_p##x##trmm, self, __builtin_return_address(0))) {                     \
      real = (p##x##trmm_fn *)next_p##x##trmm.real;                                                \
    } else {                                                                                       \
      int rc = rma_p##x##trmm(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *ia, *ja, desca, b, \
                              *ib, *jb, descb);                                                    \
      real = (p##x##trmm_fn *)after(&next_p##x##trmm, self, rc, descb);                            \
    }                                                                                              \
    if (real)                                                                                      \
      real(side, uplo, transa, diag, m, n, alpha, a, ia, ja, desca, b, ib, jb, descb, 1, 1, 1, 1); \
  }

RMA_DROPIN_PTRMM(s, S, float)
RMA_DROPIN_PTRMM(d, D, double)
RMA_DROPIN_PTRMM(c, C, float _Complex)
RMA_DROPIN_PTRMM(z, Z, double _Complex)

// P?TRTRI in the four types on rma_p?trtri.
#define RMA_DROPIN_PTRTRI(x, X, T)                                                                 \
  typedef void p##x##trtri_fn(const char *, const char *, const int *, T *, const int *,           \
                              const int *, const int *, int *, size_t, size_t);                    \
  void p##x##trtri_(const char *uplo, const char *diag, const int *n, T *a, const int *ia,         \
                    const int *ja, const int *desca, int *info, size_t luplo, size_t ldiag);       \
  static next_t next_p##x##trtri = {"p" #x "trtri_", "P" #X "TRTRI", NULL, NULL, 0, ""};           \
  void p##x##trtri_(const char *uplo, const char *diag, const int *n, T *a, const int *ia,         \
                    const int *ja, const int *desca, int *info, size_t luplo, size_t ldiag) {      \
    (void)luplo, (void)ldiag;                                                                      \
    void *self = (void *)p##x##trtri_;                                                             \
    p##x##trtri_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##trtri, self, __builtin_return_address(0))) {                    \
      real = (p##x##trtri_fn *)next_p##x##trtri.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##trtri(*uplo, *diag, *n, a, *ia, *ja, desca);                               \
      real = (p##x##trtri_fn *)after(&next_p##x##trtri, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, diag, n, a, ia, ja, desca, info, 1, 1);                                           \
  }

RMA_DROPIN_PTRTRI(s, S, float)
RMA_DROPIN_PTRTRI(d, D, double)
RMA_DROPIN_PTRTRI(c, C, float _Complex)
RMA_DROPIN_PTRTRI(z, Z, double _Complex)

// P?POTRI in the four types on rma_p?potri.
#define RMA_DROPIN_PPOTRI(x, X, T)                                                                 \
  typedef void p##x##potri_fn(const char *, const int *, T *, const int *, const int *,            \
                              const int *, int *, size_t);                                         \
  void p##x##potri_(const char *uplo, const int *n, T *a, const int *ia, const int *ja,            \
                    const int *desca, int *info, size_t luplo);                                    \
  static next_t next_p##x##potri = {"p" #x "potri_", "P" #X "POTRI", NULL, NULL, 0, ""};           \
  void p##x##potri_(const char *uplo, const int *n, T *a, const int *ia, const int *ja,            \
                    const int *desca, int *info, size_t luplo) {                                   \
    (void)luplo;                                                                                   \
    void *self = (void *)p##x##potri_;                                                             \
    p##x##potri_fn *real = NULL;                                                                   \
    if (from_scalapack(&next_p##x##potri, self, __builtin_return_address(0))) {                    \
      real = (p##x##potri_fn *)next_p##x##potri.real;                                              \
    } else {                                                                                       \
      *info = rma_p##x##potri(*uplo, *n, a, *ia, *ja, desca);                                      \
      real = (p##x##potri_fn *)after(&next_p##x##potri, self, *info, desca);                       \
    }                                                                                              \
    if (real)                                                                                      \
      real(uplo, n, a, ia, ja, desca, info, 1);                                                    \
  }

RMA_DROPIN_PPOTRI(s, S, float)
RMA_DROPIN_PPOTRI(d, D, double)
RMA_DROPIN_PPOTRI(c, C, float _Complex)
RMA_DROPIN_PPOTRI(z, Z, double _Complex)
