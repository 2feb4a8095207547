/*
 * A MODEL of ScaLAPACK 2.x's PDGEMM (PBLAS, 'N','N'), PDGETRF and PDPOTRF
 * ('L'): the same algorithms, written here on plain MPI so that they run
 * where ScaLAPACK cannot be linked (SimGrid SMPI: Debian's ScaLAPACK is built for Open MPI).
 * It is NOT ScaLAPACK: it is rmala's comparator in simulation, validated
 * against the real ScaLAPACK under Open MPI by sim/model/validate.c
 * (doc/scaling-model.md has the algorithms, the simplifications and the
 * measured ratios).
 *
 * Operands are rma_dmatrix_t (ScaLAPACK's layout: column-major local
 * arrays, mb x nb blocks dealt cyclically from (rsrc, csrc), lld) on one
 * rma_grid_t, whole matrices only (ScaLAPACK's ia = ja = 1). All flops go
 * through rmala's kernel layer (src/kernel), so the simulation build's
 * kernel time models cover the model as they cover rmala.
 *
 * Layers: rma_model_gemm / _getrf / _potrf -> MPI_Bcast / MPI_Allreduce /
 *         MPI_Sendrecv on the grid's row and column communicators
 *         -> kernels (rma_kernel_gemm, _trsm_right, _iamax, _swap, _scal,
 *         _ger, _scale, _potrf_dt, _herk_dt, _trsm).
 * Return codes: 0, -i for illegal argument i (the same on every process,
 * one message from process 0; nothing touched), RMA_ERR_NO_MEMORY /
 * RMA_ERR_MPI, and getrf's i > 0 (U(i,i) exactly zero).
 */
#ifndef RMA_SIM_PBLAS_MODEL_H
#define RMA_SIM_PBLAS_MODEL_H

#include <mpi.h>

#include "rmala.h"

/* The grid as PBLAS/BLACS sees it: the scopes 'Rowwise' and 'Columnwise'. */
typedef struct {
  rma_grid_t grid;
  int nprow, npcol, myrow, mycol;
  MPI_Comm all; /* every process of the grid */
  MPI_Comm row; /* my grid row; rank = grid column */
  MPI_Comm col; /* my grid column; rank = grid row */
} rma_model_grid_t;

/*
 * rma_model_grid_open — Collective over comm, the communicator grid was
 * made on. Splits it into the row and column communicators (made once,
 * like a BLACS context, outside any timed call). Returns 0, -1 (grid NULL
 * or not of comm's size), RMA_ERR_MPI.
 */
int rma_model_grid_open(MPI_Comm comm, rma_grid_t grid, rma_model_grid_t *mg);

/* rma_model_grid_close — Collective over the grid. Frees the communicators. */
int rma_model_grid_close(rma_model_grid_t *mg);

/*
 * rma_model_gemm — Collective over the grid. C = alpha A B + beta C ('N',
 * 'N' only), A m x k, B k x n, C m x n, whole matrices (a->m = c->m, a->n =
 * b->m, b->n = c->n). Restrictions (PBLAS's aligned case): A and C share
 * the row blocking (mb, rsrc), B and C the column blocking (nb, csrc), and
 * A's column blocks match B's row blocks (a->nb = b->mb). beta = 0 never
 * reads C. Returns 0, -i (i = 3, 4 or 6 for a, b, c), RMA_ERR_*.
 */
int rma_model_gemm(const rma_model_grid_t *mg, double alpha, const rma_dmatrix_t *a,
                   const rma_dmatrix_t *b, double beta, const rma_dmatrix_t *c);

/*
 * rma_model_getrf — Collective over the grid. P A = L U with partial
 * pivoting of the whole m x n matrix a in place, block size mb = nb (as
 * PDGETRF demands). ipiv as ScaLAPACK's: at least local rows + mb entries;
 * for each row i < min(m, n) held by the caller's grid row, ipiv[local
 * index of i] = the 1-based global row swapped with it, the same on every
 * grid column. Returns 0, -2 (a illegal or mb != nb), -3 (ipiv NULL),
 * i > 0 when U(i,i) is exactly zero (the factorization completed), RMA_ERR_*.
 */
int rma_model_getrf(const rma_model_grid_t *mg, const rma_dmatrix_t *a, int *ipiv);

/*
 * rma_model_potrf — Collective over the grid. The MODEL of PDPOTRF('L'):
 * Cholesky A = L L^T of the whole n x n symmetric positive definite matrix
 * a in place, L in the lower triangle (the strictly upper one is not
 * touched), block size mb = nb (as PDPOTRF demands), a square. Returns 0,
 * -2 (a illegal, not square or mb != nb), i > 0 when the leading minor of
 * order i is not positive definite (the same on every process; the block
 * columns before the failing one are factored, as PDPOTRF leaves them),
 * RMA_ERR_*.
 */
int rma_model_potrf(const rma_model_grid_t *mg, const rma_dmatrix_t *a);

#endif
