#include "ops/getrf/getrf_options.h"

#include "rmala.h"

static rma_getrf_options_t getrf;

static const rma_option_row_t getrf_rows[] = {
    {RMA_OPT_LU_PANEL, "lu_panel", "RMALA_LU_PANEL", RMA_OPTION_RANGE, 0, 2, 1, &getrf.lu_panel,
     "rma_lu's panel with several process rows: 1 factored by its process column where that pays, "
     "2 always, 0 never (gathered on the diagonal tile's owner)"},
};

rma_option_table_t rma_getrf_option_table = RMA_OPTION_TABLE("getrf", getrf_rows);

const rma_getrf_options_t *rma_getrf_options(void) {
  rma_option_table_ready(&rma_getrf_option_table);
  return &getrf;
}
