#include "core/options.h"

#include <stdlib.h>

#include "rmala.h"

#define RMA_OPTIONS_DEFAULT {1, 1, 1, 1, 2, 0, 1, 1, 0, 1}

static rma_options_t opts = RMA_OPTIONS_DEFAULT;
static int loaded; // the environment has been read

rma_options_t *rma_options(void) {
  if (!loaded)
    rma_options_from_env();
  return &opts;
}

// Integer value of environment variable name, or fallback when unset/empty.
static int env_int(const char *name, int fallback) {
  const char *s = getenv(name);
  if (!s || !*s)
    return fallback;
  return atoi(s);
}

void rma_options_from_env(void) {
  rma_options_t d = RMA_OPTIONS_DEFAULT;
  d.zero_copy = env_int("RMALA_ZERO_COPY", d.zero_copy) != 0;
  d.nonblocking = env_int("RMALA_NONBLOCKING", d.nonblocking) != 0;
  d.locality = env_int("RMALA_LOCALITY", d.locality) != 0;
  d.contention = env_int("RMALA_CONTENTION", d.contention) != 0;
  d.prefetch = env_int("RMALA_PREFETCH", d.prefetch);
  if (d.prefetch < 1)
    d.prefetch = 1;
  if (d.prefetch > 16)
    d.prefetch = 16;
  d.verbose = env_int("RMALA_VERBOSE", d.verbose);
  d.verbose = d.verbose < 0 ? 0 : d.verbose;
  d.shared = env_int("RMALA_SHARED_MEMORY", d.shared) != 0;
  d.store_keep = env_int("RMALA_STORE_KEEP", d.store_keep) != 0;
  d.store_mb = env_int("RMALA_STORE_MB", d.store_mb);
  d.store_mb = d.store_mb < 0 ? 0 : d.store_mb;
  d.lu_panel = env_int("RMALA_LU_PANEL", d.lu_panel);
  d.lu_panel = d.lu_panel < 0 ? 0 : d.lu_panel > 2 ? 2 : d.lu_panel;
  opts = d;
  loaded = 1;
}

// The field behind an option, or NULL for an unknown one.
static int *option_field(rma_option_t option) {
  rma_options(); // the environment first, so it cannot undo a setting later
  switch (option) {
  case RMA_OPT_ZERO_COPY:
    return &opts.zero_copy;
  case RMA_OPT_NONBLOCKING:
    return &opts.nonblocking;
  case RMA_OPT_LOCALITY:
    return &opts.locality;
  case RMA_OPT_CONTENTION:
    return &opts.contention;
  case RMA_OPT_PREFETCH:
    return &opts.prefetch;
  case RMA_OPT_VERBOSE:
    return &opts.verbose;
  case RMA_OPT_SHARED_MEMORY:
    return &opts.shared;
  case RMA_OPT_STORE_KEEP:
    return &opts.store_keep;
  case RMA_OPT_LU_PANEL:
    return &opts.lu_panel;
  }
  return NULL;
}

int rma_set_option(rma_option_t option, int value) {
  int *field = option_field(option);
  if (!field)
    return -1;
  if (option == RMA_OPT_PREFETCH && (value < 1 || value > 16))
    return -2;
  if (option == RMA_OPT_LU_PANEL && (value < 0 || value > 2))
    return -2;
  // Switches are 0/1; the verbosity is a level >= 0.
  if (option == RMA_OPT_VERBOSE)
    value = value < 0 ? 0 : value;
  else if (option != RMA_OPT_PREFETCH && option != RMA_OPT_LU_PANEL)
    value = value != 0;
  *field = value;
  return 0;
}

int rma_get_option(rma_option_t option, int *value) {
  int *field = option_field(option);
  if (!field)
    return -1;
  if (!value)
    return -2;
  *value = *field;
  return 0;
}
