/*
 * Every option table of the library: core's engine-wide rows and each
 * operation's (ops/<op>/<op>_options.c). An operation adds an option as a
 * row of its table; a new table is one more entry in the list of
 * ops/options.c. rma_set_option / rma_get_option (rmala.h) search the list.
 */
#ifndef RMA_OPS_OPTIONS_H
#define RMA_OPS_OPTIONS_H

#include "core/options.h"

/* Local. The tables, core's first; *n gets their number. */
rma_option_table_t *const *rma_options_tables(int *n);

/* Local. Every table to its defaults, then the RMALA_* environment applied
 * (rma_init; a table otherwise reads it at its first use). */
void rma_options_load_env(void);

#endif
