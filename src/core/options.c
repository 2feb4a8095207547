#include "core/options.h"

#include <ctype.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "rmala.h"

static rma_core_options_t core;

static const rma_option_row_t core_rows[] = {
    {RMA_OPT_VERBOSE, "verbose", "RMALA_VERBOSE", RMA_OPTION_LEVEL, 0, INT_MAX, 0, &core.verbose,
     "1: per-call phase times per rank on stderr; 2: also per-step timelines"},
    {RMA_OPT_SHARED_MEMORY, "shared_memory", "RMALA_SHARED_MEMORY", RMA_OPTION_SWITCH, 0, 1, 1,
     &core.shared,
     "1: node neighbours' data read and written in place through shared memory; 0: by RMA"},
    {RMA_OPT_STORE_KEEP, "store_keep", "RMALA_STORE_KEEP", RMA_OPTION_SWITCH, 0, 1, 1,
     &core.store_keep,
     "1: the tile store and mailboxes are kept between calls; 0: freed after each"},
    {RMA_OPTION_ENV_ONLY, "store_mb", "RMALA_STORE_MB", RMA_OPTION_LEVEL, 0, INT_MAX, 0,
     &core.store_mb, "MB per rank rma_init pre-creates for each tile store segment (0: none)"},
    {RMA_OPTION_ENV_ONLY, "part_kb", "RMALA_PART_KB", RMA_OPTION_LEVEL, 1, INT_MAX, 256,
     &core.part_kb,
     "KiB per part of a block forwarded along a line of ranks in parts (the LU's panel rows, U "
     "row)"},
};

rma_option_table_t rma_core_option_table = RMA_OPTION_TABLE("core", core_rows);

const rma_core_options_t *rma_core_options(void) {
  rma_option_table_ready(&rma_core_option_table);
  return &core;
}

// v within the row's range by its kind's rule (RANGE rows clamp: the environment's rule).
static int clamp(const rma_option_row_t *row, int v) {
  if (row->kind == RMA_OPTION_SWITCH)
    return v != 0;
  return v < row->min ? row->min : v > row->max ? row->max : v;
}

// Parse s as a decimal integer (surrounding blanks allowed), saturated to
// int. Returns 0, or -1 when s is not one.
static int parse_int(const char *s, int *v) {
  char *end;
  long l = strtol(s, &end, 10);
  if (end == s)
    return -1;
  while (isspace((unsigned char)*end))
    end++;
  if (*end)
    return -1;
  *v = l < INT_MIN ? INT_MIN : l > INT_MAX ? INT_MAX : (int)l;
  return 0;
}

// Whether this process reports environment errors: rank 0 of MPI_COMM_WORLD
// while MPI is running, every process otherwise.
static int reporter(void) {
  int up = 0, down = 0, rank = 0;
  MPI_Initialized(&up);
  if (up)
    MPI_Finalized(&down);
  if (up && !down)
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank == 0;
}

// The accepted values of row, for a message.
static void describe_range(const rma_option_row_t *row, char *buf, size_t len) {
  if (row->kind == RMA_OPTION_SWITCH)
    snprintf(buf, len, "0 or 1");
  else if (row->max == INT_MAX)
    snprintf(buf, len, "an integer >= %d", row->min);
  else
    snprintf(buf, len, "an integer in %d..%d", row->min, row->max);
}

void rma_option_table_load(rma_option_table_t *t) {
  for (int r = 0; r < t->nrows; r++) {
    const rma_option_row_t *row = &t->rows[r];
    int v = row->def;
    const char *s = getenv(row->env);
    if (s && *s && parse_int(s, &v) != 0) {
      v = row->def;
      unsigned long long bit = 1ULL << r;
      if (!(t->warned & bit) && reporter()) {
        char range[64];
        describe_range(row, range, sizeof range);
        fprintf(stderr, "rmala: %s=\"%s\" is not an integer (%s takes %s); using the default %d\n",
                row->env, s, row->name, range, row->def);
      }
      t->warned |= bit;
    }
    *row->value = clamp(row, v);
  }
  t->loaded = 1;
}

void rma_option_table_ready(rma_option_table_t *t) {
  if (!t->loaded)
    rma_option_table_load(t);
}

// The row with public id id (never an environment-only row) and its table
// (environment read), or NULL.
static const rma_option_row_t *find(rma_option_table_t *const *tables, int ntables, int id) {
  if (id == RMA_OPTION_ENV_ONLY)
    return NULL;
  for (int i = 0; i < ntables; i++)
    for (int r = 0; r < tables[i]->nrows; r++)
      if (tables[i]->rows[r].id == id) {
        rma_option_table_ready(tables[i]);
        return &tables[i]->rows[r];
      }
  return NULL;
}

int rma_option_set(rma_option_table_t *const *tables, int ntables, int id, int value) {
  const rma_option_row_t *row = find(tables, ntables, id);
  if (!row)
    return -1;
  if (row->kind == RMA_OPTION_RANGE && (value < row->min || value > row->max))
    return -2;
  *row->value = clamp(row, value);
  return 0;
}

int rma_option_get(rma_option_table_t *const *tables, int ntables, int id, int *value) {
  const rma_option_row_t *row = find(tables, ntables, id);
  if (!row)
    return -1;
  if (!value)
    return -2;
  *value = *row->value;
  return 0;
}
