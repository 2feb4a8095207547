#include "ops/potrf/potrf_options.h"

#include "rmala.h"

static rma_potrf_options_t potrf;

static const rma_option_row_t potrf_rows[] = {
    {RMA_OPT_POTRF_UPDATE_K, "potrf_update_k", "RMALA_POTRF_UPDATE_K", RMA_OPTION_LEVEL, 0, 4096,
     256, &potrf.update_k,
     "rma_potrf's trailing update multiplies the panels of this many columns at once (whole "
     "steps of nb; <= nb: each step's panel as it arrives)"},
};

rma_option_table_t rma_potrf_option_table = RMA_OPTION_TABLE("potrf", potrf_rows);

const rma_potrf_options_t *rma_potrf_options(void) {
  rma_option_table_ready(&rma_potrf_option_table);
  return &potrf;
}
