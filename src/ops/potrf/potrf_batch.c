#include "ops/potrf/potrf_batch.h"

#include <stdlib.h>
#include <string.h>

int rma_potrf_batch_open(rma_potrf_batch_t *b, int g, int lower, int nb, size_t es, long lline,
                         long lsingle) {
  memset(b, 0, sizeof *b);
  b->g = g, b->lower = lower, b->nb = nb, b->es = es, b->lline = lline, b->lsingle = lsingle;
  size_t wide = (size_t)2 * (size_t)g * (size_t)nb * es;
  b->line = malloc(wide * (size_t)(lline > 0 ? lline : 1));
  b->single = malloc(wide * (size_t)(lsingle > 0 ? lsingle : 1));
  if (b->line && b->single)
    return 0;
  rma_potrf_batch_close(b);
  return -1;
}

void rma_potrf_batch_close(rma_potrf_batch_t *b) {
  free(b->line), free(b->single);
  memset(b, 0, sizeof *b);
}

// The area and its long extent.
static char *area(const rma_potrf_batch_t *b, int single, long *extent) {
  *extent = single ? b->lsingle : b->lline;
  return single ? b->single : b->line;
}

// Element (long offset at, step place) of an area, and the area's ld.
static char *place(const rma_potrf_batch_t *b, int single, int where, long at, int *ld) {
  long extent;
  char *base = area(b, single, &extent);
  long wide = 2L * b->g * b->nb;
  *ld = (int)(b->lower ? wide : extent);
  long off = b->lower ? at * wide + (long)where * b->nb : (long)where * b->nb * extent + at;
  return base + (size_t)off * b->es;
}

void rma_potrf_batch_keep(rma_potrf_batch_t *b, int single, int k, long at, long count,
                          const void *src, int ld) {
  const char *from = src;
  for (int copy = 0; copy < 2; copy++) {
    int dld;
    char *to = place(b, single, k % b->g + copy * b->g, at, &dld);
    if (b->lower) // count rows of nb
      for (long r = 0; r < count; r++)
        memcpy(to + (size_t)(r * dld) * b->es, from + (size_t)(r * ld) * b->es,
               (size_t)b->nb * b->es);
    else // nb rows of count
      for (int r = 0; r < b->nb; r++)
        memcpy(to + (size_t)((long)r * dld) * b->es, from + (size_t)((long)r * ld) * b->es,
               (size_t)count * b->es);
  }
}

const void *rma_potrf_batch_operand(const rma_potrf_batch_t *b, int single, int first, long at,
                                    int *ld) {
  // first's place and the g - 1 places after it hold steps first..first + g - 1
  return place(b, single, first % b->g, at, ld);
}
