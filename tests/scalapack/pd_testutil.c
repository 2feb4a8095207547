#include "pd_testutil.h"

#include <complex.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "typed_elem.h"

int pd_matrix_make(pd_matrix_t *x, int ictxt, int M, int N, int MB, int NB, int rsrc, int csrc,
                   int pad, unsigned seed, double pad_value) {
  int nprow, npcol, myrow, mycol, info = 0;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  x->locr = numroc_(&M, &MB, &myrow, &rsrc, &nprow);
  x->locc = numroc_(&N, &NB, &mycol, &csrc, &npcol);
  x->lld = (x->locr > 1 ? x->locr : 1) + pad;
  descinit_(x->desc, &M, &N, &MB, &NB, &rsrc, &csrc, &ictxt, &x->lld, &info);
  x->len = (long)x->lld * (x->locc > 1 ? x->locc : 1);
  x->data = malloc(sizeof(double) * (size_t)x->len);
  if (info != 0 || !x->data)
    return -1;
  for (int lj = 0; lj < (x->locc > 1 ? x->locc : 1); lj++)
    for (int li = 0; li < x->lld; li++) {
      double v = pad_value;
      if (li < x->locr && lj < x->locc)
        v = rt_entry(seed, rt_global(li, MB, myrow, rsrc, nprow),
                     rt_global(lj, NB, mycol, csrc, npcol));
      x->data[li + (long)lj * x->lld] = v;
    }
  return 0;
}

void pd_matrix_free(pd_matrix_t *x) {
  free(x->data);
  x->data = NULL;
}

int pd_tmatrix_make(pd_tmatrix_t *x, int t, int ictxt, int M, int N, int MB, int NB, int rsrc,
                    int csrc, int pad, uint64_t seed) {
  int nprow, npcol, myrow, mycol, info = 0;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  x->t = t;
  x->locr = numroc_(&M, &MB, &myrow, &rsrc, &nprow);
  x->locc = numroc_(&N, &NB, &mycol, &csrc, &npcol);
  x->lld = (x->locr > 1 ? x->locr : 1) + pad;
  descinit_(x->desc, &M, &N, &MB, &NB, &rsrc, &csrc, &ictxt, &x->lld, &info);
  x->len = (long)x->lld * (x->locc > 1 ? x->locc : 1);
  x->data = malloc(te_size(t) * (size_t)x->len);
  if (info != 0 || !x->data)
    return -1;
  for (int lj = 0; lj < (x->locc > 1 ? x->locc : 1); lj++)
    for (int li = 0; li < x->lld; li++) {
      double complex v = -7.0 - 3.0 * I;
      if (li < x->locr && lj < x->locc)
        v = rt_tvalue(t, seed, rt_global(li, MB, myrow, rsrc, nprow),
                      rt_global(lj, NB, mycol, csrc, npcol));
      te_put(t, x->data, li + (long)lj * x->lld, v);
    }
  return 0;
}

int pd_tmatrix_copy(pd_tmatrix_t *dst, const pd_tmatrix_t *src) {
  *dst = *src;
  dst->data = malloc(te_size(src->t) * (size_t)src->len);
  if (!dst->data)
    return -1;
  memcpy(dst->data, src->data, te_size(src->t) * (size_t)src->len);
  return 0;
}

void pd_tmatrix_free(pd_tmatrix_t *x) {
  free(x->data);
  x->data = NULL;
}

void pd_tmatrix_global(const pd_tmatrix_t *x, int li, int lj, int *gi, int *gj) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(x->desc[1], &nprow, &npcol, &myrow, &mycol);
  *gi = rt_global(li, x->desc[4], myrow, x->desc[6], nprow);
  *gj = rt_global(lj, x->desc[5], mycol, x->desc[7], npcol);
}

double complex *pd_tmatrix_gather(const pd_tmatrix_t *x, int i0, int j0, int rows, int cols) {
  double complex *w = calloc((size_t)rows * (size_t)cols + 1, sizeof(double complex));
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int gi, gj;
      pd_tmatrix_global(x, li, lj, &gi, &gj);
      gi -= i0, gj -= j0;
      if (gi >= 0 && gi < rows && gj >= 0 && gj < cols)
        w[gi + (long)gj * rows] = te_get(x->t, x->data, li + (long)lj * x->lld);
    }
  // Each entry is held by exactly one process: the sum is the entry.
  MPI_Allreduce(MPI_IN_PLACE, w, rows * cols, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
  return w;
}
