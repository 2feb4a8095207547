#include "pd_testutil.h"

#include <stdlib.h>

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
