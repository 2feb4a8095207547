/*
 * The dgemm task list of one rank (owner computes): for every C rectangle
 * this rank owns and every k chunk, the A and B patches the product needs,
 * ordered so the pipeline starts on local work, remote sweeps start at
 * rank-dependent k, and consecutive tasks share patches. GA-free and MPI-free.
 */
#ifndef RMA_SCHED_GEMM_PLAN_H
#define RMA_SCHED_GEMM_PLAN_H

#include "tiles/tiles.h"
#include "rma/patch.h"

/* Locality class of a task: the farthest of its two patches. */
enum { RMA_TASK_LOCAL = 0, RMA_TASK_NODE = 1, RMA_TASK_REMOTE = 2 };

typedef struct {
  rma_rect_t c;    /* C rectangle (global subscripts), owned by this rank */
  rma_rect_t a, b; /* A and B patches in their stored coordinates */
  int kidx;        /* k chunk index */
  int cls;         /* RMA_TASK_* */
} rma_gemm_task_t;

typedef struct {
  const rma_tiles_t *a, *b, *c; /* directories */
  int transa, transb;           /* 1 when op is a transpose */
  int m, n, k;
  int rank, size;
  const int *node_of; /* node index per rank */
  int locality;       /* order local, node, remote */
  int contention;     /* rotate the k sweep by rank */
  int max_extent;     /* no C rectangle side or k chunk exceeds this */
} rma_gemm_plan_args_t;

typedef struct {
  rma_gemm_task_t *tasks;
  int ntasks;
  int nk;             /* k chunks */
  long amax, bmax;    /* largest A and B patch, elements */
  rma_rect_t *crects; /* the distinct C rectangles of this rank */
  int ncrects;
} rma_gemm_plan_t;

/* Local. Build and order the task list. Returns 0 or RMA_ERR_NO_MEMORY. */
int rma_gemm_plan_build(const rma_gemm_plan_args_t *args, rma_gemm_plan_t *plan);

/* Local. Free a plan; safe on a zeroed struct. */
void rma_gemm_plan_free(rma_gemm_plan_t *plan);

#endif
