/*
 * The option table (core/options.h, ops/options.h) against the documented
 * contract (include/rmala.h, README "Environment variables"), no MPI launch:
 *  - the table: every documented option is exactly one row (its public
 *    rma_option_t value, RMALA_* variable, range, default), every public
 *    value has a row, and no row is undocumented;
 *  - defaults: with no RMALA_* variable set, every row has its default,
 *    through rma_get_option and the owner's accessor alike;
 *  - environment: every row parses integers (switches: non-zero is 1; the
 *    others clamped into their range, saturating beyond int), keeps its
 *    default on an empty or illegal value (not an integer), and reports each
 *    row's illegal value exactly once per process on stderr;
 *  - set / get: round trips over every public row's range, switches store
 *    value != 0, the verbosity clamps below 0, prefetch and the LU panel
 *    refuse values out of range (-2, value unchanged), an unknown option
 *    (including the environment-only row's id) is -1, get into NULL is -2;
 *  - a setting made before a table read its environment survives that read.
 * Prints the number of checks and the failures; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ops/gemm/gemm_options.h"
#include "ops/getrf/getrf_options.h"
#include "ops/jacobi/jacobi_options.h"
#include "ops/options.h"
#include "rmala.h"
#include "testutil.h"

static int nchecks;

// The documented contract, one entry per option.
typedef struct {
  int id; /* rma_option_t, or RMA_OPTION_ENV_ONLY */
  const char *env;
  rma_option_kind_t kind;
  int min, max, def;
} doc_t;

static const doc_t docs[] = {
    {RMA_OPT_ZERO_COPY, "RMALA_ZERO_COPY", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPT_NONBLOCKING, "RMALA_NONBLOCKING", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPT_LOCALITY, "RMALA_LOCALITY", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPT_CONTENTION, "RMALA_CONTENTION", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPT_PREFETCH, "RMALA_PREFETCH", RMA_OPTION_RANGE, 1, 16, 2},
    {RMA_OPT_VERBOSE, "RMALA_VERBOSE", RMA_OPTION_LEVEL, 0, INT_MAX, 0},
    {RMA_OPT_SHARED_MEMORY, "RMALA_SHARED_MEMORY", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPT_STORE_KEEP, "RMALA_STORE_KEEP", RMA_OPTION_SWITCH, 0, 1, 1},
    {RMA_OPTION_ENV_ONLY, "RMALA_STORE_MB", RMA_OPTION_LEVEL, 0, INT_MAX, 0},
    {RMA_OPTION_ENV_ONLY, "RMALA_PART_KB", RMA_OPTION_LEVEL, 1, INT_MAX, 256},
    {RMA_OPT_LU_PANEL, "RMALA_LU_PANEL", RMA_OPTION_RANGE, 0, 2, 1},
    {RMA_OPT_JACOBI_SLOW_US, "RMALA_JACOBI_SLOW_US", RMA_OPTION_LEVEL, 0, 10000000, 0},
    {RMA_OPT_JACOBI_SLOW_RANK, "RMALA_JACOBI_SLOW_RANK", RMA_OPTION_LEVEL, -1, 1 << 24, -1},
    {RMA_OPT_LU_PIVOT, "RMALA_LU_PIVOT", RMA_OPTION_RANGE, 0, 1, 0},
};
#define NDOCS ((int)(sizeof docs / sizeof docs[0]))
#define LAST_PUBLIC RMA_OPT_LU_PIVOT

static rma_option_table_t *const *tables;
static int ntables;

// Every row with its table.
typedef struct {
  rma_option_table_t *t;
  const rma_option_row_t *row;
} ref_t;

static ref_t refs[128];
static int nrefs;

static const doc_t *doc_of(const char *env) {
  for (int i = 0; i < NDOCS; i++)
    if (strcmp(docs[i].env, env) == 0)
      return &docs[i];
  return NULL;
}

// The value a row must take from the integer v in its environment variable.
static int expect_env(const doc_t *d, long long v) {
  if (d->kind == RMA_OPTION_SWITCH)
    return v != 0;
  return v < d->min ? d->min : v > d->max ? d->max : (int)v;
}

static void check_table(void) {
  int seen_doc[NDOCS] = {0}, seen_id[LAST_PUBLIC + 1] = {0};
  for (int i = 0; i < nrefs; i++) {
    const rma_option_row_t *row = refs[i].row;
    const doc_t *d = doc_of(row->env);
    nchecks++;
    RT_CHECK(refs[i].t->nrows <= 64, "table %s has %d rows (at most 64)", refs[i].t->owner,
             refs[i].t->nrows);
    RT_CHECK(d, "row %s (%s) is not documented", row->name, row->env);
    RT_CHECK(row->name && *row->name && row->doc && *row->doc && row->value, "row %s incomplete",
             row->env);
    RT_CHECK(row->id == d->id && row->kind == d->kind && row->min == d->min && row->max == d->max &&
                 row->def == d->def,
             "row %s: id %d kind %d range %d..%d default %d, documented %d %d %d..%d %d", row->env,
             row->id, row->kind, row->min, row->max, row->def, d->id, d->kind, d->min, d->max,
             d->def);
    seen_doc[d - docs]++;
    if (row->id != RMA_OPTION_ENV_ONLY) {
      RT_CHECK(row->id >= 0 && row->id <= LAST_PUBLIC, "row %s: id %d", row->env, row->id);
      seen_id[row->id]++;
    }
  }
  for (int k = 0; k < NDOCS; k++) {
    nchecks++;
    RT_CHECK(seen_doc[k] == 1, "%s: %d rows", docs[k].env, seen_doc[k]);
  }
  for (int id = 0; id <= LAST_PUBLIC; id++) {
    nchecks++;
    RT_CHECK(seen_id[id] == 1, "option %d: %d rows", id, seen_id[id]);
  }
  // The first table is core's.
  nchecks++;
  RT_CHECK(ntables > 0 && tables[0] == &rma_core_option_table, "core's table is not the first");
}

// Every row's value, through the row and (public rows) rma_get_option.
static void check_all(const char *what, const int *want) {
  for (int i = 0; i < nrefs; i++) {
    const rma_option_row_t *row = refs[i].row;
    int v = -12345;
    nchecks++;
    RT_CHECK(*row->value == want[i], "%s: %s is %d, expected %d", what, row->env, *row->value,
             want[i]);
    if (row->id != RMA_OPTION_ENV_ONLY) {
      RT_CHECK(rma_get_option((rma_option_t)row->id, &v) == 0 && v == want[i],
               "%s: rma_get_option(%s) %d, expected %d", what, row->name, v, want[i]);
    }
  }
}

// The accessors see the rows' values.
static void check_accessors(void) {
  const rma_core_options_t *c = rma_core_options();
  const rma_gemm_options_t *g = rma_gemm_options();
  const rma_getrf_options_t *f = rma_getrf_options();
  const rma_jacobi_options_t *j = rma_jacobi_options();
  const struct {
    const char *env;
    const int *field;
  } fields[] = {
      {"RMALA_ZERO_COPY", &g->zero_copy},        {"RMALA_NONBLOCKING", &g->nonblocking},
      {"RMALA_LOCALITY", &g->locality},          {"RMALA_CONTENTION", &g->contention},
      {"RMALA_PREFETCH", &g->prefetch},          {"RMALA_VERBOSE", &c->verbose},
      {"RMALA_SHARED_MEMORY", &c->shared},       {"RMALA_STORE_KEEP", &c->store_keep},
      {"RMALA_STORE_MB", &c->store_mb},          {"RMALA_PART_KB", &c->part_kb},
      {"RMALA_LU_PANEL", &f->lu_panel},          {"RMALA_JACOBI_SLOW_US", &j->slow_us},
      {"RMALA_JACOBI_SLOW_RANK", &j->slow_rank},
  };
  for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
    int found = 0;
    for (int i = 0; i < nrefs; i++)
      if (strcmp(refs[i].row->env, fields[k].env) == 0)
        found = refs[i].row->value == fields[k].field;
    nchecks++;
    RT_CHECK(found, "%s: the accessor's field is not the row's value", fields[k].env);
  }
}

static void unset_all(void) {
  for (int i = 0; i < nrefs; i++)
    unsetenv(refs[i].row->env);
}

static void check_defaults(void) {
  int want[128];
  unset_all();
  rma_options_load_env();
  for (int i = 0; i < nrefs; i++)
    want[i] = refs[i].row->def;
  check_all("defaults", want);
  // Empty is unset.
  for (int i = 0; i < nrefs; i++)
    setenv(refs[i].row->env, "", 1);
  rma_options_load_env();
  check_all("empty variables", want);
  unset_all();
}

// One row's variable set to s: the row must hold want, every other row its default.
static void check_env_one(int r, const char *s, int want) {
  int all[128];
  for (int i = 0; i < nrefs; i++)
    all[i] = i == r ? want : refs[i].row->def;
  setenv(refs[r].row->env, s, 1);
  rma_options_load_env();
  char what[96];
  snprintf(what, sizeof what, "%s=\"%s\"", refs[r].row->env, s);
  check_all(what, all);
  unsetenv(refs[r].row->env);
}

static void check_env(void) {
  static const long long ints[] = {
      0, 1, 2, 3, -1, -5, 15, 16, 17, 100, INT_MAX, INT_MIN, 10000000000LL, -10000000000LL};
  static const char *const bad[] = {"abc", "1x", "0x10", "1.5", " ", "on", "--1"};
  unset_all();
  for (int r = 0; r < nrefs; r++) {
    const doc_t *d = doc_of(refs[r].row->env);
    if (!d) // an undocumented row: check_table has failed the test on it
      continue;
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
      char s[32];
      snprintf(s, sizeof s, "%lld", ints[k]);
      check_env_one(r, s, expect_env(d, ints[k]));
    }
    // Blanks around an integer are allowed.
    check_env_one(r, " 1 ", expect_env(d, 1));
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
      check_env_one(r, bad[k], d->def);
  }
}

// stderr while every row's variable takes every illegal value (twice):
// exactly one line per row naming its variable.
static void check_messages(void) {
  char path[] = "/tmp/test_options_XXXXXX";
  int fd = mkstemp(path), saved = dup(2);
  nchecks++;
  RT_CHECK(fd >= 0 && saved >= 0, "no temporary file");
  fflush(stderr);
  dup2(fd, 2);
  for (int pass = 0; pass < 2; pass++)
    check_env();
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  FILE *f = fdopen(fd, "r");
  rewind(f);
  int lines[128] = {0}, other = 0;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    int hit = 0;
    for (int i = 0; i < nrefs; i++) {
      char key[64];
      snprintf(key, sizeof key, "rmala: %s=", refs[i].row->env);
      if (strncmp(line, key, strlen(key)) == 0)
        lines[i]++, hit = 1;
    }
    other += !hit;
  }
  fclose(f);
  unlink(path);
  for (int i = 0; i < nrefs; i++) {
    nchecks++;
    RT_CHECK(lines[i] == 1, "%s: %d messages for its illegal values, expected 1", refs[i].row->env,
             lines[i]);
  }
  nchecks++;
  RT_CHECK(other == 0, "%d other lines on stderr", other);
}

static void check_set_get(void) {
  unset_all();
  rma_options_load_env();
  for (int i = 0; i < nrefs; i++) {
    const rma_option_row_t *row = refs[i].row;
    rma_option_t id = (rma_option_t)row->id;
    int v = -12345;
    if (row->id == RMA_OPTION_ENV_ONLY)
      continue;
    int top = row->max > 64 ? 64 : row->max;
    for (int x = row->min; x <= top; x++) {
      nchecks++;
      RT_CHECK(rma_set_option(id, x) == 0 && rma_get_option(id, &v) == 0 && v == x,
               "%s: set %d, got %d", row->name, x, v);
    }
    nchecks++;
    RT_CHECK(rma_get_option(id, NULL) == -2, "%s: get into NULL", row->name);
    if (row->kind == RMA_OPTION_SWITCH) {
      const int in[] = {7, -1, INT_MAX, INT_MIN, 0};
      for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
        nchecks++;
        RT_CHECK(rma_set_option(id, in[k]) == 0 && rma_get_option(id, &v) == 0 && v == (in[k] != 0),
                 "%s: set %d, got %d", row->name, in[k], v);
      }
    } else if (row->kind == RMA_OPTION_LEVEL) {
      const int in[] = {-1, INT_MIN, INT_MAX, 5};
      for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
        int want = in[k] < row->min ? row->min : in[k] > row->max ? row->max : in[k];
        nchecks++;
        RT_CHECK(rma_set_option(id, in[k]) == 0 && rma_get_option(id, &v) == 0 && v == want,
                 "%s: set %d, got %d, expected %d", row->name, in[k], v, want);
      }
    } else {
      const int in[] = {row->min - 1, row->max + 1, INT_MIN, INT_MAX, -1000, 1000};
      rma_set_option(id, row->def);
      for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
        nchecks++;
        RT_CHECK(rma_set_option(id, in[k]) == -2 && rma_get_option(id, &v) == 0 && v == row->def,
                 "%s: set %d out of range: value %d", row->name, in[k], v);
      }
    }
    rma_set_option(id, row->def);
  }
  // Unknown options, the environment-only row's id among them.
  const int unknown[] = {-1, LAST_PUBLIC + 1, 99, INT_MIN, INT_MAX};
  for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; k++) {
    int v = 0;
    nchecks++;
    RT_CHECK(rma_set_option((rma_option_t)unknown[k], 1) == -1 &&
                 rma_get_option((rma_option_t)unknown[k], &v) == -1,
             "option %d is not unknown", unknown[k]);
  }
  nchecks++;
  RT_CHECK(rma_core_options()->store_mb == 0, "store_mb changed by setting an unknown option");
}

// A setting made before its table read the environment survives the read.
static void check_set_first(void) {
  unset_all();
  setenv("RMALA_PREFETCH", "5", 1);
  setenv("RMALA_VERBOSE", "3", 1);
  rma_gemm_option_table.loaded = 0;
  rma_core_option_table.loaded = 0;
  int v = 0;
  nchecks++;
  RT_CHECK(rma_set_option(RMA_OPT_PREFETCH, 3) == 0 && rma_get_option(RMA_OPT_PREFETCH, &v) == 0 &&
               v == 3 && rma_gemm_options()->prefetch == 3,
           "prefetch set before the environment read: %d", v);
  // An accessor reads the environment at its first call.
  nchecks++;
  RT_CHECK(rma_core_options()->verbose == 3, "verbose from the environment at first use: %d",
           rma_core_options()->verbose);
  unset_all();
  rma_options_load_env();
}

int main(void) {
  tables = rma_options_tables(&ntables);
  for (int i = 0; i < ntables; i++)
    for (int r = 0; r < tables[i]->nrows && nrefs < 128; r++)
      refs[nrefs++] = (ref_t){tables[i], &tables[i]->rows[r]};
  check_table();
  check_accessors();
  check_defaults();
  check_messages();
  check_set_get();
  check_set_first();
  printf("test_options: %d rows in %d tables, %d checks\n", nrefs, ntables, nchecks);
  return rt_finish("test_options", NULL, 0);
}
