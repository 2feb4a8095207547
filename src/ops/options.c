#include "ops/options.h"

#include "ops/gemm/gemm_options.h"
#include "ops/getrf/getrf_options.h"
#include "ops/jacobi/jacobi_options.h"
#include "rmala.h"

static rma_option_table_t *const tables[] = {
    &rma_core_option_table,
    &rma_gemm_option_table,
    &rma_getrf_option_table,
    &rma_jacobi_option_table,
};
#define NTABLES ((int)(sizeof tables / sizeof tables[0]))

rma_option_table_t *const *rma_options_tables(int *n) {
  *n = NTABLES;
  return tables;
}

void rma_options_load_env(void) {
  for (int i = 0; i < NTABLES; i++)
    rma_option_table_load(tables[i]);
}

int rma_set_option(rma_option_t option, int value) {
  return rma_option_set(tables, NTABLES, (int)option, value);
}

int rma_get_option(rma_option_t option, int *value) {
  return rma_option_get(tables, NTABLES, (int)option, value);
}
