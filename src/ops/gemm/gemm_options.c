#include "ops/gemm/gemm_options.h"

#include "rmala.h"

static rma_gemm_options_t gemm;

static const rma_option_row_t gemm_rows[] = {
    {RMA_OPT_ZERO_COPY, "zero_copy", "RMALA_ZERO_COPY", RMA_OPTION_SWITCH, 0, 1, 1, &gemm.zero_copy,
     "1: tiles land straight in the dgemm panels; 0: through a staging buffer"},
    {RMA_OPT_NONBLOCKING, "nonblocking", "RMALA_NONBLOCKING", RMA_OPTION_SWITCH, 0, 1, 1,
     &gemm.nonblocking, "1: gets issued ahead of use; 0: each get waited for at once"},
    {RMA_OPT_LOCALITY, "locality", "RMALA_LOCALITY", RMA_OPTION_SWITCH, 0, 1, 1, &gemm.locality,
     "1: local, then same-node, then remote k chunks; 0: natural order"},
    {RMA_OPT_CONTENTION, "contention", "RMALA_CONTENTION", RMA_OPTION_SWITCH, 0, 1, 1,
     &gemm.contention, "1: each rank starts its sweep at a different owner; 0: all at k = 0"},
    {RMA_OPT_PREFETCH, "prefetch", "RMALA_PREFETCH", RMA_OPTION_RANGE, 1, 16, 2, &gemm.prefetch,
     "dgemm steps fetched ahead when tiles travel by RMA"},
};

rma_option_table_t rma_gemm_option_table = RMA_OPTION_TABLE("gemm", gemm_rows);

const rma_gemm_options_t *rma_gemm_options(void) {
  rma_option_table_ready(&rma_gemm_option_table);
  return &gemm;
}
