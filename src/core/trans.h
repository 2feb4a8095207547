/*
 * BLAS-style transpose arguments, as every front-end reads them: 'N' / 'n'
 * (no transpose), 'T' / 't' / 'C' / 'c' (transpose; real matrices, so the
 * conjugate transpose is the transpose).
 */
#ifndef RMA_CORE_TRANS_H
#define RMA_CORE_TRANS_H

/* Local. 1 for a transpose character. */
static inline int rma_trans_is(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }

/* Local. 1 for any legal transpose argument. */
static inline int rma_trans_valid(char t) { return t == 'N' || t == 'n' || rma_trans_is(t); }

#endif
