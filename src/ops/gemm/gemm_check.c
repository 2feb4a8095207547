#include "ops/gemm/gemm_check.h"

#include <stdio.h>

#include "core/trans.h"

int rma_gemm_check_scalars(char transa, char transb, int m, int n, int k, char *why, size_t len) {
  if (!rma_trans_valid(transa))
    return snprintf(why, len, "transa = '%c', must be N, T or C", transa), 1;
  if (!rma_trans_valid(transb))
    return snprintf(why, len, "transb = '%c', must be N, T or C", transb), 2;
  if (m < 0)
    return snprintf(why, len, "m = %d < 0", m), 3;
  if (n < 0)
    return snprintf(why, len, "n = %d < 0", n), 4;
  if (k < 0)
    return snprintf(why, len, "k = %d < 0", k), 5;
  return 0;
}
