#include "ops/getrf/getrf_options.h"

#include "rmala.h"

static rma_getrf_options_t getrf;

static const rma_option_row_t getrf_rows[] = {
    {RMA_OPT_LU_PANEL, "lu_panel", "RMALA_LU_PANEL", RMA_OPTION_RANGE, 0, 2, 1, &getrf.lu_panel,
     "rma_lu's panel with several process rows: 1 factored by its process column where that pays, "
     "2 always, 0 never (gathered on the diagonal tile's owner)"},
    {RMA_OPT_LU_PIVOT, "lu_pivot", "RMALA_LU_PIVOT", RMA_OPTION_RANGE, 0, 1, 0, &getrf.lu_pivot,
     "rma_lu's pivoting in a panel factored by its process column: 0 partial (LAPACK's pivots, "
     "one reduction per column), 1 tournament (CALU: one reduction per panel, other pivots)"},
};

rma_option_table_t rma_getrf_option_table = RMA_OPTION_TABLE("getrf", getrf_rows);

const rma_getrf_options_t *rma_getrf_options(void) {
  rma_option_table_ready(&rma_getrf_option_table);
  return &getrf;
}
