/*
 * BLAS-style character arguments, as every front-end reads them (either
 * case): TRANS 'N' (no transpose), 'T' / 'C' (transpose; 'C' the conjugate
 * transpose for complex types: rma_dtype_op), UPLO 'L' / 'U', SIDE 'L' /
 * 'R', DIAG 'N' / 'U'. Checks live here once; each front-end numbers the
 * argument its own way.
 */
#ifndef RMA_CORE_TRANS_H
#define RMA_CORE_TRANS_H

/* Local. 1 for a transpose character. */
static inline int rma_trans_is(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }

/* Local. 1 for any legal transpose argument. */
static inline int rma_trans_valid(char t) { return t == 'N' || t == 'n' || rma_trans_is(t); }

/* Local. 1 for a legal UPLO argument. */
static inline int rma_uplo_valid(char u) { return u == 'L' || u == 'l' || u == 'U' || u == 'u'; }

/* Local. 1 when UPLO names the lower triangle ('L'). */
static inline int rma_uplo_lower(char u) { return u == 'L' || u == 'l'; }

/* Local. 1 for a legal SIDE argument. */
static inline int rma_side_valid(char s) { return s == 'L' || s == 'l' || s == 'R' || s == 'r'; }

/* Local. 1 when SIDE is 'R' (the triangular matrix on the right). */
static inline int rma_side_right(char s) { return s == 'R' || s == 'r'; }

/* Local. 1 for a legal DIAG argument. */
static inline int rma_diag_valid(char d) { return d == 'N' || d == 'n' || d == 'U' || d == 'u'; }

/* Local. 1 when DIAG is 'U' (unit diagonal, not read). */
static inline int rma_diag_unit(char d) { return d == 'U' || d == 'u'; }

#endif
