/*
 * The character arguments of trsm, checked once for every front-end
 * (native, GA; the ScaLAPACK front-end numbers them its own way).
 */
#ifndef RMA_OPS_TRSM_CHECK_H
#define RMA_OPS_TRSM_CHECK_H

#include <stddef.h>

/* Local. 0 when side, uplo, transa and diag are legal, else the 1-based
 * position of the first illegal one (in that order) with the reason in
 * why (len bytes). */
int rma_trsm_check_chars(char side, char uplo, char transa, char diag, char *why, size_t len);

#endif
