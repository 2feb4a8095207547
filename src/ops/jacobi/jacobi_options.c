#include "ops/jacobi/jacobi_options.h"

#include "rmala.h"

static rma_jacobi_options_t jacobi;

static const rma_option_row_t jacobi_rows[] = {
    {RMA_OPT_JACOBI_SLOW_US, "jacobi_slow_us", "RMALA_JACOBI_SLOW_US", RMA_OPTION_LEVEL, 0,
     10000000, 0, &jacobi.slow_us,
     "rma_jacobi: the slowed rank sleeps this many microseconds after each of its sweeps (a slow "
     "process for tests and benchmarks; 0 none)"},
    {RMA_OPT_JACOBI_SLOW_RANK, "jacobi_slow_rank", "RMALA_JACOBI_SLOW_RANK", RMA_OPTION_LEVEL, -1,
     1 << 24, -1, &jacobi.slow_rank,
     "rma_jacobi: the slowed rank (of the call's communicator; -1 the last)"},
};

rma_option_table_t rma_jacobi_option_table = RMA_OPTION_TABLE("jacobi", jacobi_rows);

const rma_jacobi_options_t *rma_jacobi_options(void) {
  rma_option_table_ready(&rma_jacobi_option_table);
  return &jacobi;
}
