/*
 * The dgemm schedule of one rank (owner computes), GA-free and MPI-free.
 *
 * The rank's part of C (its tiles inside the leading m x n) is cut into
 * blocks of at most max_block rows and columns; a block is a set of row
 * spans times a set of column spans (runs of consecutive global rows /
 * columns), so one BLAS call covers every tile of the block whatever the
 * user's block size. The k dimension is cut into chunks of about kc
 * (at A's tile boundaries along k where that keeps chunks near kc, so
 * remote pieces are whole tiles). A step is one (block, chunk) pair: the
 * A panel op(A)[block rows, chunk] and the B panel op(B)[chunk, block
 * columns] are gathered and multiplied into the block.
 *
 * Step order per block: locality class (local, node, remote) first when
 * locality is on, then the chunk sweep rotated when contention is on
 * (staggered starts: ranks do not all read the same owner at once): where C
 * is on a grid, by Cannon's skew (grid position (pr, pc) starts at A's k
 * tile pr + pc), else by rank.
 */
#ifndef RMA_SCHED_GEMM_PLAN_H
#define RMA_SCHED_GEMM_PLAN_H

#include "tiles/tiles.h"

/* Locality class of a step: the farthest owner of its panels' pieces. */
enum { RMA_TASK_LOCAL = 0, RMA_TASK_NODE = 1, RMA_TASK_REMOTE = 2 };

/* A run of global rows (or columns) [g0, g0+len). */
typedef struct {
  int g0, len;
} rma_span_t;

typedef struct {
  int row0, nrow; /* its row spans: plan->rspans[row0 .. row0+nrow) */
  int col0, ncol; /* its column spans: plan->cspans[col0 .. col0+ncol) */
  int rows, cols; /* total rows and columns */
} rma_gemm_block_t;

typedef struct {
  const rma_tiles_t *a, *b, *c; /* directories */
  int transa, transb;           /* 1 when op is a transpose */
  int m, n, k;
  int rank, size;
  const int *node_of; /* node index per rank */
  int locality;       /* order local, node, remote */
  int contention;     /* rotate the k sweep by rank */
  int max_block;      /* no block has more rows or columns */
  int kc;             /* target chunk length along k */
} rma_gemm_plan_args_t;

typedef struct {
  rma_gemm_block_t *blocks;
  int nblocks;
  rma_span_t *rspans, *cspans;
  int *kcuts;          /* chunk c is [kcuts[c], kcuts[c+1]) */
  int nk;              /* chunks (0 when k == 0) */
  int *order;          /* block b's chunks in order: order[b*nk .. b*nk+nk) */
  int *cls;            /* class of (block b, chunk c): cls[b*nk + c] */
  int max_rows, max_cols, max_kc;
} rma_gemm_plan_t;

/* Local. Build the blocks, chunks and their order. Returns 0 or
 * RMA_ERR_NO_MEMORY. */
int rma_gemm_plan_build(const rma_gemm_plan_args_t *args, rma_gemm_plan_t *plan);

/* Local. The rectangle of A's (stored) tiles that op(A)[rows of span s,
 * chunk c] covers, and likewise for B and column span s. */
rma_rect_t rma_gemm_plan_a_rect(const rma_gemm_plan_t *plan, int transa, rma_span_t s, int c);
rma_rect_t rma_gemm_plan_b_rect(const rma_gemm_plan_t *plan, int transb, rma_span_t s, int c);

/*
 * Local, the same answer on every rank (directories only). 1 when each rank
 * finds every element of op(A) (which = 'A') or op(B) (which = 'B') that its
 * C tiles inside m x n need in its own segment: a row of C and the
 * matching row of op(A) (a column of C and the column of op(B)) are each
 * held whole by one rank, the same one. Then nobody reads that operand
 * elsewhere (A on P x 1 grids, B on 1 x Q grids with matching blocks).
 */
int rma_gemm_plan_owner_reads(const rma_tiles_t *a, const rma_tiles_t *b, const rma_tiles_t *c,
                              int transa, int transb, int m, int n, int k, int which);

/* Local. Free a plan; safe on a zeroed struct. */
void rma_gemm_plan_free(rma_gemm_plan_t *plan);

#endif
