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

#endif
