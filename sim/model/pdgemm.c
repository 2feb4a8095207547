/*
 * rma_model_gemm — a MODEL of PBLAS's PDGEMM for 'N','N' (ScaLAPACK 2.x,
 * PB_CpgemmAB, the variant PDGEMM picks for square operands and for
 * PDGETRF's updates), not PBLAS itself: SUMMA over the k dimension in
 * steps of RMA_MODEL_KB = 32 (PBLAS's PILAENV), cut at A's block column
 * boundaries; in one step when neither A's columns nor B's rows span two
 * processes (PBLAS's PB_Cspan shortcut). Per step:
 *   - the grid column owning those columns of A packs its local part
 *     (local rows x width) and broadcasts it along its grid row (MPI_Bcast
 *     on the row communicator),
 *   - the grid row owning those rows of B packs its local part (width x
 *     local columns) and broadcasts it down its grid column,
 *   - every process updates its local C: C += alpha A_panel B_panel.
 * beta scales C once, before the first step. Simplifications against PBLAS:
 * MPI_Bcast instead of BLACS's topologies (PDGEMM asks for increasing
 * rings), whole aligned matrices only; with blocks narrower than 32 PBLAS
 * gathers pieces of several blocks into one 32-wide step, the model does
 * one step per block.
 * Layers: rma_model_gemm -> MPI_Bcast (row / column communicators)
 *         -> kernels (rma_kernel_scale, rma_kernel_gemm).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_blas.h"
#include "model_util.h"
#include "pblas_model.h"

// The first illegal argument of rma_model_gemm (0: none), the reason in why.
static int gemm_check(const rma_model_grid_t *mg, const rma_dmatrix_t *a, const rma_dmatrix_t *b,
                      const rma_dmatrix_t *c, char *why, int len) {
  if (rma_model_check(mg, a, why, len))
    return 3;
  if (rma_model_check(mg, b, why, len))
    return 4;
  if (rma_model_check(mg, c, why, len))
    return 6;
  if (a->m != c->m || a->mb != c->mb || a->rsrc != c->rsrc)
    return snprintf(why, len, "A's rows (m %d, mb %d, rsrc %d) not C's", a->m, a->mb, a->rsrc), 3;
  if (a->n != b->m || a->nb != b->mb)
    return snprintf(why, len, "A's columns (n %d, nb %d) not B's rows", a->n, a->nb), 4;
  if (b->n != c->n || b->nb != c->nb || b->csrc != c->csrc)
    return snprintf(why, len, "B's columns (n %d, nb %d, csrc %d) not C's", b->n, b->nb, b->csrc),
           4;
  if (c->data && (c->data == a->data || c->data == b->data))
    return snprintf(why, len, "C shares memory with A or B"), 6;
  return 0;
}

int rma_model_gemm(const rma_model_grid_t *mg, double alpha, const rma_dmatrix_t *a,
                   const rma_dmatrix_t *b, double beta, const rma_dmatrix_t *c) {
  if (!mg || mg->all == MPI_COMM_NULL)
    return -1;
  char why[128] = "";
  RMA_CALL(rma_args_agree(mg->all, "rma_model_gemm", gemm_check(mg, a, b, c, why, sizeof why), why,
                          NULL));
  int lr, lc;
  rma_model_local_size(mg, c, &lr, &lc);
  // Column-major local C (lr x lc, lld) is the row-major C^T (lc x lr).
  if (lr > 0 && lc > 0)
    rma_kernel_scale(lc, lr, beta, c->data, c->lld);
  // PB_Cspan: do A's k columns or B's k rows lie on more than one process?
  int k = a->n, spans = (mg->npcol > 1 && k > a->nb) || (mg->nprow > 1 && k > b->mb);
  int w = !spans ? k : a->nb < RMA_MODEL_KB ? a->nb : RMA_MODEL_KB;
  if (k == 0 || alpha == 0.0)
    return 0;
  double *apan = malloc(sizeof(double) * ((size_t)lr * w + 1));
  double *bpan = malloc(sizeof(double) * ((size_t)w * lc + 1));
  int rc = rma_status_agree(mg->all, apan && bpan ? 0 : RMA_ERR_NO_MEMORY);
  for (int k0 = 0, kw = 0; rc == 0 && k0 < k; k0 += kw) {
    // This step: up to RMA_MODEL_KB columns, not past the end of A's block column.
    kw = a->nb - k0 % a->nb;
    kw = kw < RMA_MODEL_KB ? kw : RMA_MODEL_KB;
    kw = !spans ? k : kw < k - k0 ? kw : k - k0;
    int acol = rma_model_owner(k0, a->nb, a->csrc, mg->npcol);
    int brow = rma_model_owner(k0, b->mb, b->rsrc, mg->nprow);
    if (mg->mycol == acol) { // A's block column: local rows x kw, column-major, ld lr
      const double *src =
          a->data +
          (long)rma_model_count_below(k0, k, a->nb, a->csrc, mg->mycol, mg->npcol) * a->lld;
      for (int j = 0; j < kw; j++)
        memcpy(apan + (long)j * lr, src + (long)j * a->lld, sizeof(double) * (size_t)lr);
    }
    if (mg->myrow == brow) { // B's block row: kw x local columns, column-major, ld kw
      const double *src =
          b->data + rma_model_count_below(k0, k, b->mb, b->rsrc, mg->myrow, mg->nprow);
      for (int j = 0; j < lc; j++)
        memcpy(bpan + (long)j * kw, src + (long)j * b->lld, sizeof(double) * (size_t)kw);
    }
    if (lr > 0 && MPI_Bcast(apan, lr * kw, MPI_DOUBLE, acol, mg->row) != MPI_SUCCESS)
      rc = RMA_ERR_MPI;
    if (rc == 0 && lc > 0 && MPI_Bcast(bpan, kw * lc, MPI_DOUBLE, brow, mg->col) != MPI_SUCCESS)
      rc = RMA_ERR_MPI;
    // C (lr x lc) += alpha apan (lr x kw) bpan (kw x lc), column-major; row-major:
    // C^T (lc x lr) += alpha bpan^T (lc x kw, ld kw) apan^T (kw x lr, ld lr).
    if (rc == 0 && lr > 0 && lc > 0)
      rma_kernel_gemm(0, 0, lc, lr, kw, alpha, bpan, kw, apan, lr, c->data, c->lld);
  }
  free(apan);
  free(bpan);
  return rc;
}
