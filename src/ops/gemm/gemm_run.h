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

/* Local (one-sided gets). C = alpha op(A) op(B) + beta C on this rank's C
 * rectangles, elements of C's directory's type (transa / transb N, T or C).
 * alpha == 0 or k == 0 only scales C. */
int rma_gemm_run(rma_op_t transa, rma_op_t transb, int m, int n, int k, rma_scalar_t alpha,
                 const rma_gemm_operand_t *a, const rma_gemm_operand_t *b, rma_scalar_t beta,
                 const rma_gemm_operand_t *c);

#endif
