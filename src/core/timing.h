/*
 * Phase timers: where an operation spends its time on this rank (waiting
 * for data, moving it, computing), printed when RMA_OPT_VERBOSE is on.
 */
#ifndef RMA_CORE_TIMING_H
#define RMA_CORE_TIMING_H

typedef enum {
  RMA_PHASE_WAIT,   /* blocked on a notification or a get */
  RMA_PHASE_COMM,   /* issuing puts, gets and notifications */
  RMA_PHASE_PANEL,  /* panel factorization */
  RMA_PHASE_UPDATE, /* trsm and trailing / tile dgemm */
  RMA_PHASE_SWAP,   /* row interchanges */
  RMA_PHASE_COUNT
} rma_phase_t;

/* Zero the accumulators. */
void rma_timing_reset(void);

/* Local. Start a phase; returns the start time to pass to rma_timing_stop. */
double rma_timing_start(void);

/* Local. Add the time since start to phase. */
void rma_timing_stop(rma_phase_t phase, double start);

/* Local. Copy the accumulators (seconds per phase so far) into out. */
void rma_timing_snapshot(double out[RMA_PHASE_COUNT]);

/* Collective over comm when RMA_OPT_VERBOSE is on: each rank prints one line
 * "rmala: <what> rank r: wait .. comm .. panel .. update .. swap .. s". */
void rma_timing_report(const char *what);

#endif
