/*
 * rma_jacobi's options (the slowed process of the imbalance tests and
 * rmala-bench --op jacobi): rows in the table of ops/jacobi/jacobi_options.c,
 * listed by ops/options.c.
 */
#ifndef RMA_OPS_JACOBI_OPTIONS_H
#define RMA_OPS_JACOBI_OPTIONS_H

#include "core/options.h"

typedef struct {
  int slow_us;   /* microseconds the slowed rank sleeps after each of its sweeps (0: none) */
  int slow_rank; /* the slowed rank of the call's communicator; -1: the last */
} rma_jacobi_options_t;

extern rma_option_table_t rma_jacobi_option_table;

/* Local. The Jacobi options, the environment read at the first call. */
const rma_jacobi_options_t *rma_jacobi_options(void);

#endif
