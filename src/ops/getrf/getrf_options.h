/*
 * rma_lu's options (the panel's distribution): one row in the table of
 * ops/getrf/getrf_options.c, listed by ops/options.c.
 */
#ifndef RMA_OPS_GETRF_OPTIONS_H
#define RMA_OPS_GETRF_OPTIONS_H

#include "core/options.h"

typedef struct {
  int lu_panel; /* the panel: 0 on one rank, 1 by its process column when that pays, 2 always */
  int lu_pivot; /* a panel factored by its process column: 0 partial pivoting, 1 tournament */
} rma_getrf_options_t;

extern rma_option_table_t rma_getrf_option_table;

/* Local. The LU options, the environment read at the first call. */
const rma_getrf_options_t *rma_getrf_options(void);

#endif
