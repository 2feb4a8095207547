#include "core/timing.h"

#include <mpi.h>
#include <stdio.h>

#include "core/context.h"
#include "core/options.h"

static double acc[RMA_PHASE_COUNT];

void rma_timing_reset(void) {
  for (int i = 0; i < RMA_PHASE_COUNT; i++)
    acc[i] = 0.0;
}

double rma_timing_start(void) { return MPI_Wtime(); }

void rma_timing_stop(rma_phase_t phase, double start) { acc[phase] += MPI_Wtime() - start; }

void rma_timing_snapshot(double out[RMA_PHASE_COUNT]) {
  for (int i = 0; i < RMA_PHASE_COUNT; i++)
    out[i] = acc[i];
}

void rma_timing_report(const char *what) {
  if (!rma_core_options()->verbose)
    return;
  rma_context_t *ctx = rma_context();
  // One line per rank, in rank order.
  for (int r = 0; r < ctx->size; r++) {
    if (r == ctx->rank)
      fprintf(stderr, "rmala: %s rank %d: wait %.3f comm %.3f panel %.3f update %.3f swap %.3f s\n",
              what, r, acc[RMA_PHASE_WAIT], acc[RMA_PHASE_COMM], acc[RMA_PHASE_PANEL],
              acc[RMA_PHASE_UPDATE], acc[RMA_PHASE_SWAP]);
    fflush(stderr);
    MPI_Barrier(ctx->comm);
  }
}
