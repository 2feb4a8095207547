/*
 * The step timeline (pipeline/timeline.h).
 *
 * ops -> pipeline (ring, hand-out, tree, timeline) -> core timing.
 */
#include "pipeline/timeline.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/context.h"
#include "core/options.h"

void rma_timeline_begin(rma_timeline_t *tl, const char *tag, const rma_phases_t *phases,
                        int steps) {
  rma_timing_reset(phases);
  tl->tag = tag, tl->phases = phases, tl->steps = steps, tl->width = 1 + phases->count,
  tl->rows = NULL;
  tl->t_begin = MPI_Wtime();
  if (rma_core_options()->verbose >= 2 && steps > 0)
    tl->rows = calloc((size_t)steps * (size_t)tl->width, sizeof(double));
}

void rma_timeline_step(rma_timeline_t *tl, int k) {
  if (!tl->rows)
    return;
  double *row = tl->rows + (long)k * tl->width;
  row[0] = MPI_Wtime() - tl->t_begin;
  rma_timing_snapshot(row + 1);
}

// This rank's rows: the end of each step and what each phase took in it.
static void print_rows(const rma_timeline_t *tl, int rank) {
  double prev[1 + RMA_TIMING_MAX_PHASES] = {0};
  for (int k = 0; k < tl->steps; k++) {
    const double *row = tl->rows + (long)k * tl->width;
    char line[320];
    int at = snprintf(line, sizeof line, "rmala: %s timeline rank %d step %3d end %.4f ", tl->tag,
                      rank, k, row[0]);
    for (int i = 1; i < tl->width && at > 0 && at < (int)sizeof line; i++)
      at += snprintf(line + at, sizeof line - (size_t)at, " %s %.4f", tl->phases->names[i - 1],
                     row[i] - prev[i]);
    fprintf(stderr, "%s\n", line);
    for (int i = 0; i < tl->width; i++)
      prev[i] = row[i];
  }
}

void rma_timeline_report(const rma_timeline_t *tl, const char *what) {
  rma_timing_report(what);
  if (rma_core_options()->verbose < 2)
    return;
  rma_context_t *ctx = rma_context();
  for (int r = 0; r < ctx->size; r++) {
    if (r == ctx->rank && tl->rows)
      print_rows(tl, r);
    fflush(stderr);
    MPI_Barrier(ctx->comm);
  }
}

void rma_timeline_free(rma_timeline_t *tl) {
  free(tl->rows);
  tl->rows = NULL;
}
