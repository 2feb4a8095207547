/*
 * Library options: the protocol switches of rma_dgemm and tuning knobs, read
 * from the environment by rma_init() and changed with rma_set_option().
 */
#ifndef RMA_CORE_OPTIONS_H
#define RMA_CORE_OPTIONS_H

typedef struct {
  int zero_copy;   /* tiles land directly in tile buffers */
  int nonblocking; /* gets issued ahead and overlapped with compute */
  int locality;    /* local / same-node tasks first */
  int contention;  /* rank-dependent start of the remote sweep */
  int prefetch;    /* tasks fetched ahead of the one computing (>= 1) */
  int verbose;     /* diagnostics on stderr: 1 phase totals, 2 also per-step timelines */
  int shared;      /* node neighbours' data read and written in place through shared memory */
  int store_keep;  /* tile store and mailbox kept between calls */
  int store_mb;    /* MB per rank rma_init pre-creates for each store segment (0: none) */
  int lu_panel;    /* rma_lu's panel: 0 on one rank, 1 by its process column when that pays, 2 always */
} rma_options_t;

/* The process-wide options: on first use the defaults with the RMALA_*
 * environment applied (rma_init reads the environment again). */
rma_options_t *rma_options(void);

/* Reset the options to defaults, then apply RMALA_* environment variables. */
void rma_options_from_env(void);

#endif
