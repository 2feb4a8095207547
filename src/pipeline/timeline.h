/*
 * The step timeline of the pipeline layer: where a step-by-step operation
 * spent its time on each rank, in the operation's own phases (core/timing.h).
 * RMALA_VERBOSE=1 prints each rank's phase totals,
 *   rmala: <what> rank <r>: <phase> <s> ... s
 * and RMALA_VERBOSE=2 also one line per rank and step: when the step ended
 * (seconds since the start) and the time each phase took in it,
 *   rmala: <tag> timeline rank <r> step <k> end <s>  <phase> <s> ...
 *
 * ops -> pipeline (ring, hand-out, tree, timeline) -> core timing.
 */
#ifndef RMA_PIPELINE_TIMELINE_H
#define RMA_PIPELINE_TIMELINE_H

#include "core/timing.h"

typedef struct {
  const char *tag;            /* the operation's short name in the timeline lines ("lu") */
  const rma_phases_t *phases; /* the operation's phases */
  int steps;                  /* steps of the operation */
  int width;                  /* doubles per step: the end time, then the phase totals */
  double t_begin;             /* the start (MPI_Wtime) */
  double *rows;               /* per step (RMALA_VERBOSE >= 2), else NULL */
} rma_timeline_t;

/* Local. Start timing an operation of steps steps: its phases (the table
 * phases, which must outlive the timing) from zero, the clock from now,
 * and with RMALA_VERBOSE >= 2 a row per step (none when memory is short:
 * that rank then prints no timeline). */
void rma_timeline_begin(rma_timeline_t *tl, const char *tag, const rma_phases_t *phases, int steps);

/* Local. Step k (0 <= k < steps) has ended on this rank. */
void rma_timeline_step(rma_timeline_t *tl, int k);

/* Collective over the current context's communicator (barriers, only with
 * RMALA_VERBOSE on). Print the phase totals as "<what>" and, with
 * RMALA_VERBOSE >= 2, every step's row (steps that never ran print zeros). */
void rma_timeline_report(const rma_timeline_t *tl, const char *what);

/* Local. Free the rows; safe on a zeroed struct. */
void rma_timeline_free(rma_timeline_t *tl);

#endif
