#include "pd_testutil.h"

#include <stdlib.h>

double pd_value(unsigned seed, int i, int j) {
  unsigned h = seed * 2654435761u ^ (unsigned)i * 40503u ^ (unsigned)j * 2246822519u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  h *= 3266489917u;
  h ^= h >> 16;
  return (double)(h % 2000000u) / 1000000.0 - 1.0;
}

int pd_rand(unsigned *state, int bound) {
  *state = *state * 1103515245u + 12345u;
  return bound > 0 ? (int)((*state >> 8) % (unsigned)bound) : 0;
}

int pd_global(int l, int nb, int myp, int src, int np) {
  int rel = (myp - src + np) % np;
  return (l / nb) * nb * np + rel * nb + l % nb;
}

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
        v = pd_value(seed, pd_global(li, MB, myrow, rsrc, nprow),
                     pd_global(lj, NB, mycol, csrc, npcol));
      x->data[li + (long)lj * x->lld] = v;
    }
  return 0;
}

void pd_matrix_free(pd_matrix_t *x) {
  free(x->data);
  x->data = NULL;
}
