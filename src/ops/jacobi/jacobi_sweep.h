/*
 * What the Jacobi solver's modes share, below all of them: the state of one
 * solve and the local sweep (ops/jacobi/jacobi_sweep.c). The driver with the
 * synchronous mode (ops/jacobi/jacobi.c) and the asynchronous and racy modes
 * (ops/jacobi/jacobi_async.c) call these; nothing here calls either.
 *
 * Every rank owns a band of h = ceil(n / P) consecutive rows (the last ranks
 * fewer, possibly none) and keeps: its rows of A (a strip, row-major), of b,
 * the diagonal, and a copy of the whole iterate x (n x nrhs, row-major)
 * whose own rows it updates and whose other rows come from their owners.
 *
 * Generations (what maxit counts, include/rmala.h): x0 is generation 0; a
 * sweep completes generation 1 + the lowest generation among the bands it
 * read (its own included). Each rank keeps the generation of every band it
 * holds; a sweep over bands no newer than those of its previous sweep
 * completes no new generation. In SYNC every sweep is one generation.
 */
#ifndef RMA_OPS_JACOBI_SWEEP_H
#define RMA_OPS_JACOBI_SWEEP_H

#include <math.h>

#include "coll/coll.h"
#include "core/context.h"

enum { RMA_JACOBI_MODE_SYNC = 0, RMA_JACOBI_MODE_ASYNC = 1, RMA_JACOBI_MODE_RACY = 2 };

typedef struct {
  rma_context_t *ctx;
  int n, nrhs, np, me, mode;
  int h;         /* rows per band */
  int lo, rows;  /* this rank's band */
  double *a;     /* rows x n */
  double *d;     /* rows: the diagonal */
  double *b;     /* rows x nrhs */
  double *x;     /* n x nrhs: the whole iterate as this rank sees it */
  double *r;     /* rows x nrhs: b - A x */
  double *rmax;  /* nrhs: max |r| per column over this band */
  double *xmax;  /* nrhs */
  double anorm;  /* ||A||_inf */
  double *bnorm; /* nrhs: ||b(:, j)||_inf */
  double tol;
  int maxit;
  int sweeps;  /* sweeps this rank did */
  int *gen_of; /* np: generation of each band of x as this rank holds it (own: gen_of[me]) */
  int slow_us; /* test hook: this rank sleeps slow_us after each sweep (0: not slowed) */
  struct rma_coll_s *coll; /* the allgathers (NULL at np = 1) */
  double *send, *recv;     /* allgather buffers: one payload, np payloads */
  long payload;            /* doubles per payload */
} rma_jacobi_t;

/* The larger of a and b, NaN when either is NaN (a NaN never hides in a maximum). */
static inline double rma_jacobi_max_nan(double a, double b) {
  return isnan(a) || isnan(b) ? NAN : a > b ? a : b;
}

/* Rows of band p (0 for the last ranks when h p >= n). */
static inline int rma_jacobi_band_rows(const rma_jacobi_t *J, int p) {
  long lo = (long)p * J->h;
  return lo >= J->n ? 0 : (int)(J->n - lo < J->h ? J->n - lo : J->h);
}

/* Local. The generation a sweep from the x this rank holds now would
 * complete: 1 + the lowest generation among the bands with rows. */
int rma_jacobi_next_gen(const rma_jacobi_t *J);

/* Local. r = b - A x over this rank's band with the x it sees, and rmax :=
 * the column maxima of |r| (no update of x). */
void rma_jacobi_residual(rma_jacobi_t *J);

/* Local. One sweep on this rank's band: r = b - A x with the x it sees,
 * rmax of r, then x(own rows) += r / diag. Counts the sweep, records the
 * generation it completes (rma_jacobi_next_gen) in gen_of[me]; the slowed
 * rank then sleeps. */
void rma_jacobi_sweep(rma_jacobi_t *J);

/* Local. The scaled residual max_j rmax_j / (||A|| xmax_j + ||b_j||) of
 * column maxima rmax (xmax: of J->x): 0/0 counts 0, NaN stays NaN. */
double rma_jacobi_ratio(const rma_jacobi_t *J, const double *rmax);

/* Local. J->xmax := max |x| per column of J->x. */
void rma_jacobi_xmax(rma_jacobi_t *J);

#endif
