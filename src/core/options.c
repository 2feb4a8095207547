#include "core/options.h"

#include <stdlib.h>

#include "rmala.h"

static rma_options_t opts = {1, 1, 1, 1, 2, 0};

rma_options_t *rma_options(void) { return &opts; }

// Integer value of environment variable name, or fallback when unset/empty.
static int env_int(const char *name, int fallback) {
  const char *s = getenv(name);
  if (!s || !*s)
    return fallback;
  return atoi(s);
}

void rma_options_from_env(void) {
  rma_options_t d = {1, 1, 1, 1, 2, 0};
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
  opts = d;
}

int rma_set_option(rma_option_t option, int value) {
  switch (option) {
  case RMA_OPT_ZERO_COPY:
    opts.zero_copy = value != 0;
    return 0;
  case RMA_OPT_NONBLOCKING:
    opts.nonblocking = value != 0;
    return 0;
  case RMA_OPT_LOCALITY:
    opts.locality = value != 0;
    return 0;
  case RMA_OPT_CONTENTION:
    opts.contention = value != 0;
    return 0;
  case RMA_OPT_VERBOSE:
    opts.verbose = value < 0 ? 0 : value;
    return 0;
  case RMA_OPT_PREFETCH:
    if (value < 1 || value > 16)
      return -2;
    opts.prefetch = value;
    return 0;
  }
  return -1;
}

int rma_get_option(rma_option_t option, int *value) {
  if (!value)
    return -2;
  switch (option) {
  case RMA_OPT_ZERO_COPY:
    *value = opts.zero_copy;
    return 0;
  case RMA_OPT_NONBLOCKING:
    *value = opts.nonblocking;
    return 0;
  case RMA_OPT_LOCALITY:
    *value = opts.locality;
    return 0;
  case RMA_OPT_CONTENTION:
    *value = opts.contention;
    return 0;
  case RMA_OPT_PREFETCH:
    *value = opts.prefetch;
    return 0;
  case RMA_OPT_VERBOSE:
    *value = opts.verbose;
    return 0;
  }
  return -1;
}
