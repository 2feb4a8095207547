/*
 * rma_dgemm's options (the paper's protocol switches and the prefetch
 * depth): one row each in the table of ops/gemm/gemm_options.c, listed by
 * ops/options.c.
 */
#ifndef RMA_OPS_GEMM_OPTIONS_H
#define RMA_OPS_GEMM_OPTIONS_H

#include "core/options.h"

typedef struct {
  int zero_copy;   /* tiles land directly in tile buffers */
  int nonblocking; /* gets issued ahead and overlapped with compute */
  int locality;    /* local / same-node tasks first */
  int contention;  /* rank-dependent start of the remote sweep */
  int prefetch;    /* tasks fetched ahead of the one computing (1..16) */
} rma_gemm_options_t;

extern rma_option_table_t rma_gemm_option_table;

/* Local. The dgemm options, the environment read at the first call. */
const rma_gemm_options_t *rma_gemm_options(void);

#endif
