/*
 * Tournament pivoting (CALU's TSLU) for a panel factored by its process
 * column (ops/getrf/getrf_panel.h, RMA_OPT_LU_PIVOT 1). Partial pivoting
 * over a column of p0 ranks costs one reduction per panel column, nb
 * latencies in a row on the LU's critical path (doc/scaling.md: ~1.5 ms of
 * the ~4 ms per step at P 256 on the FDR tree). Here:
 *  1. each rank factors a copy of its own rows of the panel with partial
 *     pivoting (the one-rank kernel) and keeps the first w pivot rows,
 *     original values, as its candidates (w the panel width);
 *  2. a binomial tree over the column (log2 p0 stages, the diagonal tile's
 *     owner at its root) merges candidate sets two by two: the stacked
 *     rows (the lower tree rank's first) are factored the same way and the
 *     first w pivot rows go on;
 *  3. the root factors its w winners, in the last merge's pivot order,
 *     without pivoting (that order makes it partial pivoting's factor of
 *     the block) and broadcasts the winners' rows, the factored block and
 *     the panel's original top rows;
 *  4. every rank derives the pivots (LAPACK's sequential interchanges that
 *     bring the winners to the top, in order), writes the displaced top
 *     rows it now holds, the root writes the factored block, and every
 *     rank solves its rows below the top: L21 = A21 U11^-1.
 * The pivots differ from partial pivoting's, and |L| may exceed 1 (CALU's
 * analysis bounds the growth; tests/ops/getrf/test_getrf_tournament.c
 * measures it on LAPACK's test matrices). Flops: about twice the panel's
 * (the candidates' factorizations, then the solve).
 *
 * ops/getrf/getrf_run -> here -> ops/getrf/getrf_panel (the panel's
 * tiles), kernel (MPI on the process column).
 */
#ifndef RMA_OPS_GETRF_TOURNAMENT_H
#define RMA_OPS_GETRF_TOURNAMENT_H

#include "ops/getrf/getrf_panel.h"

/*
 * Collective over the process column of the panel pp describes (located by
 * rma_getrf_panel_locate: r0, w <= nb, root the column rank holding rows
 * r0 .. r0 + w - 1 in its tile 0; it spans two tile rows or more). Factor
 * it in place with tournament pivoting: piv[0 .. w) gets the 1-based
 * panel-relative pivots, the same on every rank. When the winners' block
 * is exactly singular, nothing is written and *partial = 1 on every rank:
 * the caller factors the panel with partial pivoting (rma_getrf_panel_factor,
 * which then sets INFO as LAPACK does). Returns 0 or RMA_ERR_MPI /
 * RMA_ERR_NO_MEMORY (the workspace, made at the first call; the same on
 * every rank of the column).
 */
int rma_getrf_tournament(rma_getrf_panel_t *pp, int *piv, int *partial);

#endif
