/*
 * trsm's character arguments (ops/trsm/trsm_check.h).
 */
#include "ops/trsm/trsm_check.h"

#include <stdio.h>

#include "core/trans.h"

int rma_trsm_check_chars(char side, char uplo, char transa, char diag, char *why, size_t len) {
  if (!rma_side_valid(side))
    return snprintf(why, len, "side = '%c', must be L or R", side), 1;
  if (!rma_uplo_valid(uplo))
    return snprintf(why, len, "uplo = '%c', must be L or U", uplo), 2;
  if (!rma_trans_valid(transa))
    return snprintf(why, len, "transa = '%c', must be N, T or C", transa), 3;
  if (!rma_diag_valid(diag))
    return snprintf(why, len, "diag = '%c', must be N or U", diag), 4;
  return 0;
}
