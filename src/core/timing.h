/*
 * Phase timers: where an operation spends its time on this rank (waiting
 * for data, moving it, computing), printed when RMA_OPT_VERBOSE is on. The
 * phases belong to the operation: it names them in a table (rma_phases_t)
 * and indexes them by its own enum; one operation times at a time.
 */
#ifndef RMA_CORE_TIMING_H
#define RMA_CORE_TIMING_H

/* The most phases an operation may declare. */
#define RMA_TIMING_MAX_PHASES 12

/* An operation's phases: count names, index i named names[i] (a word:
 * "wait", "comm", ...; the report prints them in this order). */
typedef struct {
  int count;
  const char *const *names;
} rma_phases_t;

/* Local. Time the phases of table phases (count <= RMA_TIMING_MAX_PHASES;
 * the table must outlive the timing) from zero. */
void rma_timing_reset(const rma_phases_t *phases);

/* Local. Start a phase; returns the start time to pass to rma_timing_stop. */
double rma_timing_start(void);

/* Local. Add the time since start to phase (an index of the current table). */
void rma_timing_stop(int phase, double start);

/* Local. The current table's phase count (0 before any rma_timing_reset). */
int rma_timing_count(void);

/* Local. Copy the accumulators (seconds per phase so far, rma_timing_count
 * values) into out. */
void rma_timing_snapshot(double *out);

/* Collective over the current context's communicator when RMA_OPT_VERBOSE
 * is on: each rank prints one line, in rank order,
 * "rmala: <what> rank r: <name> <seconds> ... s" (the table's phases). */
void rma_timing_report(const char *what);

#endif
