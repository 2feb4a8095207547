/*
 * What the Jacobi solver's parts share (ops/jacobi/jacobi.c: set-up, the
 * synchronous sweeps, the check of the final iterate; ops/jacobi/jacobi_async.c: the
 * asynchronous and racy sweeps with their convergence detection).
 *
 * Every rank owns a band of h = ceil(n / P) consecutive rows (the last ranks
 * fewer, possibly none) and keeps: its rows of A (a strip, row-major), of b,
 * the diagonal, and a copy of the whole iterate x (n x nrhs, row-major)
 * whose own rows it updates and whose other rows come from their owners.
 */
#ifndef RMA_OPS_JACOBI_RUN_H
#define RMA_OPS_JACOBI_RUN_H

#include "coll/coll.h"
#include "core/context.h"

struct rma_jacobi_async_s; /* ops/jacobi/jacobi_async.c */

enum { RMA_JACOBI_MODE_SYNC = 0, RMA_JACOBI_MODE_ASYNC = 1, RMA_JACOBI_MODE_RACY = 2 };

typedef struct {
  rma_context_t *ctx;
  int n, nrhs, np, me, mode;
  int h;            /* rows per band */
  int lo, rows;     /* this rank's band */
  double *a;        /* rows x n */
  double *d;        /* rows: the diagonal */
  double *b;        /* rows x nrhs */
  double *x;        /* n x nrhs: the whole iterate as this rank sees it */
  double *r;        /* rows x nrhs: b - A x */
  double *rmax;     /* nrhs: max |r| per column over this band */
  double *xmax;     /* nrhs */
  double anorm;     /* ||A||_inf */
  double *bnorm;    /* nrhs: ||b(:, j)||_inf */
  double tol;
  int maxit;
  int sweeps;       /* sweeps this rank did */
  int slow_us;      /* test hook: this rank sleeps slow_us after each sweep (0: not slowed) */
  struct rma_coll_s *coll; /* the allgathers (NULL at np = 1) */
  double *send, *recv;     /* allgather buffers: one payload, np payloads */
  long payload;            /* doubles per payload */
} rma_jacobi_t;

/* Local. One sweep on this rank's band: r = b - A x with the x it sees,
 * rmax of r, then x(own rows) += r / diag. Counts the sweep; the slowed rank
 * then sleeps. */
void rma_jacobi_sweep(rma_jacobi_t *J);

/* Local. The scaled residual max_j rmax_j / (||A|| xmax_j + ||b_j||) of
 * column maxima rmax (xmax: of J->x): 0/0 counts 0, NaN stays NaN. */
double rma_jacobi_ratio(const rma_jacobi_t *J, const double *rmax);

/* Local. J->xmax := max |x| per column of J->x. */
void rma_jacobi_xmax(rma_jacobi_t *J);

/* Collective over the coll context. Allgather of J->send (bytes of payload) into J->recv. */
int rma_jacobi_gather(rma_jacobi_t *J, size_t bytes);

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
