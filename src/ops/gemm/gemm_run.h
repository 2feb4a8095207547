/*
 * The gemm pipeline of one rank (any element type), GA-free: given verified directories and
 * store segments, scale the owned C region by beta and run the ordered task list
 * in blocks of panels gathered per k chunk.  rma_dgemm -> sched (plan) -> rma (panel) -> kernel.
 */
#ifndef RMA_OPS_GEMM_RUN_H
#define RMA_OPS_GEMM_RUN_H

#include "rma/win.h"
#include "sched/gemm_plan.h"

typedef struct {
  const rma_tiles_t *tiles;
  const rma_win_t *win; /* store segments holding a copy (A, B); NULL for C */
  void *seg;            /* the user's local segment (C is written in place) */
} rma_gemm_operand_t;

/* The shape of a product whose C or operands are triangles (syrk / herk,
 * trmm, lauum), in the global indices of the m x n, m x k and k x n
 * windows; all zero: the plain gemm. */
typedef struct {
  char c;            /* 0: all of C; 'L' / 'U': only that triangle of C (row >= column,
                        row <= column) is scaled, computed and written, the rest untouched */
  char a, b;         /* 0, or 'L' / 'U': op(A) (op(B)) is lower / upper triangular: its other
                        triangle is taken as zero and never used (zero chunks are skipped) */
  char aunit, bunit; /* 1: that triangular operand's diagonal is taken as one, never used */
  char real_diag;    /* 1: the imaginary parts of C's diagonal are set to zero (?herk) */
} rma_gemm_shape_t;

/* Local (one-sided gets). C = alpha op(A) op(B) + beta C on this rank's C
 * rectangles, elements of C's directory's type (transa / transb N, T or C),
 * restricted as shape says (NULL: the plain product). alpha == 0 or k == 0
 * only scales C. */
int rma_gemm_run(const rma_gemm_shape_t *shape, rma_op_t transa, rma_op_t transb, int m, int n,
                 int k, rma_scalar_t alpha, const rma_gemm_operand_t *a,
                 const rma_gemm_operand_t *b, rma_scalar_t beta, const rma_gemm_operand_t *c);

#endif
