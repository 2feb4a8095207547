/*
 * The ScaLAPACK piece of the test helpers (built with RMALA_WITH_SCALAPACK),
 * shared by the ScaLAPACK front-end tests and sim/model's validation: the
 * BLACS / ScaLAPACK prototypes (ScaLAPACK ships no C header) and
 * block-cyclic local arrays with padded leading dimensions, filled by the
 * generator of common/testutil.h.
 */
#ifndef RMA_TEST_PD_TESTUTIL_H
#define RMA_TEST_PD_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "testutil.h"

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *rsrc, const int *csrc, const int *ictxt, const int *lld, int *info);
void pdgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
             const double *alpha, const double *a, const int *ia, const int *ja,
             const int *desca, const double *b, const int *ib, const int *jb,
             const int *descb, const double *beta, double *c, const int *ic, const int *jc,
             const int *descc);
void pdgetrf_(const int *m, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *ipiv, int *info);
void pdgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *ia,
              const int *ja, const int *desca, const int *ipiv, double *b, const int *ib,
              const int *jb, const int *descb, int *info, size_t trans_len);

/* P?GETRF / P?GETRS of the other types (complex arguments as C's complex
 * types, the layout Fortran's COMPLEX has). */
void psgetrf_(const int *m, const int *n, float *a, const int *ia, const int *ja, const int *desca,
              int *ipiv, int *info);
void pcgetrf_(const int *m, const int *n, float _Complex *a, const int *ia, const int *ja,
              const int *desca, int *ipiv, int *info);
void pzgetrf_(const int *m, const int *n, double _Complex *a, const int *ia, const int *ja,
              const int *desca, int *ipiv, int *info);
void psgetrs_(const char *trans, const int *n, const int *nrhs, const float *a, const int *ia,
              const int *ja, const int *desca, const int *ipiv, float *b, const int *ib,
              const int *jb, const int *descb, int *info, size_t trans_len);
void pcgetrs_(const char *trans, const int *n, const int *nrhs, const float _Complex *a,
              const int *ia, const int *ja, const int *desca, const int *ipiv, float _Complex *b,
              const int *ib, const int *jb, const int *descb, int *info, size_t trans_len);
void pzgetrs_(const char *trans, const int *n, const int *nrhs, const double _Complex *a,
              const int *ia, const int *ja, const int *desca, const int *ipiv, double _Complex *b,
              const int *ib, const int *jb, const int *descb, int *info, size_t trans_len);

/* P?POTRF in the four types (uplo_len: the hidden CHARACTER length). */
void pspotrf_(const char *uplo, const int *n, float *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pcpotrf_(const char *uplo, const int *n, float _Complex *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pzpotrf_(const char *uplo, const int *n, double _Complex *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);

/* The triangle routines (PBLAS P?SYRK, P?HERK, P?TRMM; ScaLAPACK P?TRTRI,
 * P?POTRI) in the four types; scalars by reference, CHARACTER lengths
 * appended. */
#define PD_TRIANGLE_PROTOS(x, T)                                                                \
  void p##x##syrk_(const char *uplo, const char *trans, const int *n, const int *k,                \
                   const T *alpha, const T *a, const int *ia, const int *ja, const int *desca,     \
                   const T *beta, T *c, const int *ic, const int *jc, const int *descc, size_t,    \
                   size_t);                                                                        \
  void p##x##trmm_(const char *side, const char *uplo, const char *transa, const char *diag,       \
                   const int *m, const int *n, const T *alpha, const T *a, const int *ia,          \
                   const int *ja, const int *desca, T *b, const int *ib, const int *jb,            \
                   const int *descb, size_t, size_t, size_t, size_t);                              \
  void p##x##trtri_(const char *uplo, const char *diag, const int *n, T *a, const int *ia,         \
                    const int *ja, const int *desca, int *info, size_t, size_t);                   \
  void p##x##potri_(const char *uplo, const int *n, T *a, const int *ia, const int *ja,            \
                    const int *desca, int *info, size_t);
PD_TRIANGLE_PROTOS(s, float)
PD_TRIANGLE_PROTOS(d, double)
PD_TRIANGLE_PROTOS(c, float _Complex)
PD_TRIANGLE_PROTOS(z, double _Complex)
void pcherk_(const char *uplo, const char *trans, const int *n, const int *k, const float *alpha,
             const float _Complex *a, const int *ia, const int *ja, const int *desca,
             const float *beta, float _Complex *c, const int *ic, const int *jc, const int *descc,
             size_t, size_t);
void pzherk_(const char *uplo, const char *trans, const int *n, const int *k, const double *alpha,
             const double _Complex *a, const int *ia, const int *ja, const int *desca,
             const double *beta, double _Complex *c, const int *ic, const int *jc,
             const int *descc, size_t, size_t);
/* A distributed M x N matrix on the calling process: descriptor, local
 * array (lld = local rows + pad), local extents. */
typedef struct {
  int desc[9];
  double *data;
  int locr, locc, lld;
  long len; /* lld * max(1, locc) */
} pd_matrix_t;

/* Local. Make M x N, MB x NB blocks from (rsrc, csrc), lld padded by pad,
 * on context ictxt; fill with rt_entry(seed) (padding rows with pad_value).
 * Returns 0 or -1 (DESCINIT refused / no memory). */
int pd_matrix_make(pd_matrix_t *x, int ictxt, int M, int N, int MB, int NB, int rsrc, int csrc,
                   int pad, unsigned seed, double pad_value);

/* Local. Free the local array. */
void pd_matrix_free(pd_matrix_t *x);

/* pd_matrix_t of any element type t (typed_elem.h's TE_S .. TE_Z). */
typedef struct {
  int desc[9];
  void *data; /* elements of type t */
  int t, locr, locc, lld;
  long len; /* lld * max(1, locc) */
} pd_tmatrix_t;

/* Local. pd_matrix_make for type t: entries rt_tvalue(t, seed, i, j), the
 * padding rows -7 - 3i (-7 for s and d). Returns 0 or -1. */
int pd_tmatrix_make(pd_tmatrix_t *x, int t, int ictxt, int M, int N, int MB, int NB, int rsrc,
                    int csrc, int pad, uint64_t seed);

/* Local. *dst = a copy of src (its own local array). Returns 0 or -1. */
int pd_tmatrix_copy(pd_tmatrix_t *dst, const pd_tmatrix_t *src);

/* Local. Free the local array. */
void pd_tmatrix_free(pd_tmatrix_t *x);

/* Local. The global (0-based) indices of local entry (li, lj). */
void pd_tmatrix_global(const pd_tmatrix_t *x, int li, int lj, int *gi, int *gj);

/* Collective over MPI_COMM_WORLD (every process in x's grid). The window
 * x(i0 : i0+rows-1, j0 : j0+cols-1) (0-based) on every process as double
 * complex, column-major with leading dimension rows (malloc'ed; free it). */
double _Complex *pd_tmatrix_gather(const pd_tmatrix_t *x, int i0, int j0, int rows, int cols);

#endif
