#include "core/sim.h"

#include <stdlib.h>

#ifdef RMALA_SIMULATE
#include <smpi/smpi.h>
#endif

int rma_sim_shared(void) {
#ifdef RMALA_SIMULATE
  const char *s = getenv("RMALA_SIM_SHARED");
  return s && atoi(s) != 0;
#else
  return 0;
#endif
}

int rma_sim_compute(void) {
#ifdef RMALA_SIMULATE
  const char *c = getenv("RMALA_SIM_COMPUTE");
  return !rma_sim_shared() && !(c && *c && atoi(c) == 0);
#else
  return 1;
#endif
}

void *rma_sim_bulk_alloc(size_t bytes, size_t head) {
#ifdef RMALA_SIMULATE
  if (rma_sim_shared()) {
    const size_t page = 4096;
    head = (head + page - 1) / page * page;
    if (head >= bytes)
      return malloc(bytes > 0 ? bytes : 1);
    // The shared part [head, bytes): SMPI maps the same file blocks there for
    // every rank (smpi/shared-malloc:global, the default).
    size_t offsets[2] = {head, bytes};
    return smpi_shared_malloc_partial(bytes, offsets, 1);
  }
#else
  (void)head;
#endif
  return malloc(bytes > 0 ? bytes : 1);
}

void rma_sim_bulk_free(void *p) {
#ifdef RMALA_SIMULATE
  // SMPI's shared free also frees plain malloc'ed memory (not in its table).
  if (p)
    smpi_shared_free(p);
#else
  free(p);
#endif
}
