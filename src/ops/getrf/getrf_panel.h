/*
 * rma_lu's panel factored by the ranks of its process column (grids with
 * several process rows). The panel of step k, tile column k's tiles of rows
 * >= k, stays where it is, on the p0 ranks of process column k % p1, and is
 * factored there in place, the work split by rows:
 *  - with pivoting, LAPACK's recursive ?getrf2 spread over the column: the
 *    columns are halved; the left half is factored, the owner of the
 *    diagonal tile (it holds the panel's top rows) solves for the top right
 *    block U12 with the unit lower triangle and broadcasts it, every rank
 *    updates its rows of the right half (one gemm per tile), then the right
 *    half is factored. Blocks of at most RMA_LU_PANEL_BASE columns go column
 *    by column: one MPI_Allreduce per column, with an operation of its own,
 *    finds the pivot (LAPACK's i?amax rule: the largest |x| for s and d,
 *    |re x| + |im x| for c and z; the first row on ties; a NaN counts as the
 *    largest) and carries both the pivot row and the diagonal row across
 *    the whole panel width, so the two rows' owners swap them with no
 *    further message; each rank then scales its rows of the column by the
 *    pivot's reciprocal and updates the block.
 *  - tournament pivoting (RMA_OPT_LU_PIVOT 1) is ops/getrf/getrf_tournament.h,
 *    on a panel located here (rma_getrf_panel_locate).
 *  - without pivoting, the diagonal tile's owner factors the top block,
 *    broadcasts it, and every rank solves for its rows (L21 = A21 U11^-1).
 * Any of the four element types (core/dtype.h), fixed at open: the rows
 * travel in it, the arithmetic is the typed kernels'.
 * Compared with gathering the panel on one rank and factoring it there, the
 * O(m nb^2) flops of a step are split p0 ways for nb (pivoting) or one
 * (no pivoting) collective latency per step: the serial critical path of
 * the LU at large P (doc/scaling.md, defect 7).
 *
 * ops/getrf/getrf_run -> ops/getrf/getrf_panel -> kernel (MPI on the process column).
 */
#ifndef RMA_OPS_GETRF_PANEL_H
#define RMA_OPS_GETRF_PANEL_H

#include <mpi.h>
#include <stddef.h>

#include "core/dtype.h"
#include "tiles/tiles.h"

/* Columns at or below which a block is factored column by column. */
#define RMA_LU_PANEL_BASE 8

typedef struct {
  MPI_Comm col;     /* the process column of this rank, ranked by process row */
  MPI_Op op;        /* the pivot search's reduction */
  MPI_Datatype pay; /* one pivot payload (bytes, the rows nb elements wide) */
  rma_dtype_t dt;   /* element type */
  size_t es;        /* its size in bytes */
  int p0, prow;     /* process rows, this rank's */
  int nb;           /* tile size (largest panel width) */
  char *buf;        /* pivot payload, then a broadcast block (1 + nb x nb elements) */
  char **at;        /* this rank's panel tiles: first element, ld, first global row, rows */
  int *ld, *g0, *rows;
  int ntiles;
  int mt;          /* tile rows of the matrix (the most panel rows of one rank follow) */
  int r0, w, root; /* the located panel: first global row, width, column rank of its top */
  char *tn;        /* tournament pivoting's workspace (made at its first use), NULL: none */
} rma_getrf_panel_t;

/* Element (global row g, panel column c) of this rank's panel tile x. */
static inline char *rma_getrf_panel_elem(const rma_getrf_panel_t *pp, int x, int g, int c) {
  return pp->at[x] + ((ptrdiff_t)(g - pp->g0[x]) * pp->ld[x] + c) * (ptrdiff_t)pp->es;
}

/* The panel tile of this rank holding global row g, or -1 when none does. */
static inline int rma_getrf_panel_tile_of(const rma_getrf_panel_t *pp, int g) {
  for (int x = 0; x < pp->ntiles; x++)
    if (g >= pp->g0[x] && g < pp->g0[x] + pp->rows[x])
      return x;
  return -1;
}

/*
 * Collective over comm (every rank of the p0 x p1 grid, rank = p * p1 + q).
 * Make the process-column communicator, the pivot search's reduction and
 * payload type, and buffers for panels of element type dt and width <= nb
 * over mt tile rows. Returns 0 or RMA_ERR_MPI / RMA_ERR_NO_MEMORY (this
 * rank; the caller agrees).
 */
int rma_getrf_panel_open(MPI_Comm comm, rma_dtype_t dt, int p0, int p, int q, int nb, int mt,
                         rma_getrf_panel_t *pp);

/* Local (the communicator's free is collective over the column). Safe on
 * what any open left, failed or not, and on a closed struct. */
void rma_getrf_panel_close(rma_getrf_panel_t *pp);

/* Local. Locate step k's panel of the row-major directory t (seg this
 * rank's local segment) on this rank: its tiles, r0, w and root. */
void rma_getrf_panel_locate(rma_getrf_panel_t *pp, const rma_tiles_t *t, void *seg, int k);

/* Local. This rank's panel rows g >= from (columns 0 .. w) solved against
 * the w x w upper triangle u11 (row-major, ld w; non-unit): L21 := A21
 * U11^-1, one solve per tile. */
void rma_getrf_panel_solve_below(const rma_getrf_panel_t *pp, int from, int w, const void *u11);

/*
 * Collective over the process column of tile column k. Factor step k's
 * panel of the row-major directory t (element type t->dtype, the dt given
 * to open; seg this rank's local segment of that type) in place; it spans
 * two tile rows or more (k < mt - 1: a panel within one tile row has one
 * owner and takes the one-rank kernels). With pivot, LU with partial
 * pivoting: piv[0 .. w) gets the 1-based panel-relative pivots (w = the
 * panel width) and *info the 1-based column of the first exactly zero pivot
 * (0 when none), the same on every rank of the column; the factorization
 * completes past it. Without pivot, *info is the first zero
 * pivot's column and nothing is divided by it (the panel is then left partly factored, piv unset).
 * Returns 0 or RMA_ERR_MPI.
 */
int rma_getrf_panel_factor(rma_getrf_panel_t *pp, const rma_tiles_t *t, void *seg, int k, int pivot,
                           int *piv, int *info);

#endif
