/*
 * rma_potrf's options (how many steps its trailing update multiplies at
 * once): one row in the table of ops/potrf/potrf_options.c, listed by
 * ops/options.c.
 */
#ifndef RMA_OPS_POTRF_OPTIONS_H
#define RMA_OPS_POTRF_OPTIONS_H

#include "core/options.h"

typedef struct {
  int update_k; /* panel columns one trailing update multiplies (whole steps; <= nb: one step) */
} rma_potrf_options_t;

extern rma_option_table_t rma_potrf_option_table;

/* Local. The Cholesky options, the environment read at the first call. */
const rma_potrf_options_t *rma_potrf_options(void);

#endif
