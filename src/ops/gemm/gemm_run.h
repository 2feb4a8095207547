/*
 * The dgemm pipeline of one rank, GA-free: given verified directories and
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
  double *seg;          /* the user's local segment (C is written in place) */
} rma_gemm_operand_t;

/* Local (one-sided gets). C = alpha op(A) op(B) + beta C on this rank's C
 * rectangles. alpha == 0 or k == 0 only scales C. */
int rma_gemm_run(int transa, int transb, int m, int n, int k, double alpha,
                 const rma_gemm_operand_t *a, const rma_gemm_operand_t *b, double beta,
                 const rma_gemm_operand_t *c);

#endif
