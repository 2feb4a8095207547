#include <stdio.h>

#include "rmala.h"

const char *rma_strerror(int code) {
  static _Thread_local char buf[64];
  switch (code) {
  case 0:
    return "success";
  case RMA_ERR_NOT_INITIALIZED:
    return "rmala not initialised (call GA_Initialize, then rma_init)";
  case RMA_ERR_NOT_IMPLEMENTED:
    return "a case rmala does not serve (see the routine's documentation)";
  case RMA_ERR_NO_GRID:
    return "no process grid gives every process a tile";
  case RMA_ERR_MPI:
    return "an MPI call failed";
  case RMA_ERR_NO_MEMORY:
    return "out of memory";
  case RMA_ERR_LAYOUT:
    return "GA layout does not match the tile directory";
  case RMA_ERR_GA:
    return "Global Arrays refused the request";
  case RMA_ERR_ARGS_DIFFER:
    return "ranks passed different arguments (sizes, block sizes, options or matrices)";
  }
  if (code < 0 && code > -100)
    snprintf(buf, sizeof buf, "argument %d illegal", -code);
  else if (code <= -100 && code > -10000)
    snprintf(buf, sizeof buf, "entry %d of descriptor argument %d illegal", -code % 100,
             -code / 100);
  else if (code > 0)
    snprintf(buf, sizeof buf, "operation-specific condition %d (see the routine's doc)", code);
  else
    snprintf(buf, sizeof buf, "unknown rmala code %d", code);
  return buf;
}
