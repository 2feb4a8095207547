/*
 * The asynchronous (RMA_JACOBI_MODE_ASYNC) and racy (RMA_JACOBI_MODE_RACY)
 * modes of the Jacobi solver (ops/jacobi/jacobi_async.c), called by its
 * driver (ops/jacobi/jacobi.c); they sweep with ops/jacobi/jacobi_sweep.h.
 */
#ifndef RMA_OPS_JACOBI_ASYNC_H
#define RMA_OPS_JACOBI_ASYNC_H

#include "ops/jacobi/jacobi_sweep.h"

struct rma_jacobi_async_s; /* ops/jacobi/jacobi_async.c */

/* Collective. The asynchronous (mode 1) or racy (mode 2) sweeps from the
 * consistent iterate every rank holds, until the detection says stop or this
 * rank did maxit sweeps. epoch counts the calls within one solve (0 first). */
int rma_jacobi_async(rma_jacobi_t *J, struct rma_jacobi_async_s *st, int epoch);

/* Local, inside the final check: after every rank left the sweeps (one
 * allgather) and before any can start the next epoch (the next allgather),
 * record what has arrived so far as old: baselines are never taken while
 * another rank may already be sweeping (a fast rank's STOP or band would
 * otherwise be counted as old and lost). Epoch 0 starts from the zeroed
 * counters of rma_jacobi_async_open. */
int rma_jacobi_async_mark(rma_jacobi_t *J, struct rma_jacobi_async_s *st);

/* Collective. State of the asynchronous sweeps kept across epochs (the
 * mailbox and the counters' expected values). */
int rma_jacobi_async_open(rma_jacobi_t *J, struct rma_jacobi_async_s **st);
int rma_jacobi_async_close(struct rma_jacobi_async_s *st);

#endif
