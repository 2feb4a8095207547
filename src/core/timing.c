#include "core/timing.h"

#include <mpi.h>
#include <stdio.h>

#include "core/context.h"
#include "core/options.h"

static const rma_phases_t *table;
static double acc[RMA_TIMING_MAX_PHASES];

void rma_timing_reset(const rma_phases_t *phases) {
  table = phases;
  for (int i = 0; i < RMA_TIMING_MAX_PHASES; i++)
    acc[i] = 0.0;
}

double rma_timing_start(void) { return MPI_Wtime(); }

void rma_timing_stop(int phase, double start) { acc[phase] += MPI_Wtime() - start; }

int rma_timing_count(void) { return table ? table->count : 0; }

void rma_timing_snapshot(double *out) {
  for (int i = 0; i < rma_timing_count(); i++)
    out[i] = acc[i];
}

void rma_timing_report(const char *what) {
  if (!rma_core_options()->verbose)
    return;
  rma_context_t *ctx = rma_context();
  // One line per rank, in rank order.
  for (int r = 0; r < ctx->size; r++) {
    if (r == ctx->rank) {
      char line[256];
      int at = snprintf(line, sizeof line, "rmala: %s rank %d:", what, r);
      for (int i = 0; i < rma_timing_count() && at > 0 && at < (int)sizeof line; i++)
        at += snprintf(line + at, sizeof line - (size_t)at, " %s %.3f", table->names[i], acc[i]);
      fprintf(stderr, "%s s\n", line);
    }
    fflush(stderr);
    MPI_Barrier(ctx->comm);
  }
}
