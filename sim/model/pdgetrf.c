/*
 * rma_model_getrf — a MODEL of ScaLAPACK 2.x's PDGETRF (right-looking
 * blocked LU with partial pivoting), not ScaLAPACK itself. For each block
 * column j (width jb = nb; pc, pr the grid column and row holding it):
 *   1. PDGETF2 on the panel A(j:m, j:j+jb), by grid column pc only, column
 *      by column: local idamax, then an MPI_Allreduce (MAXLOC) down the grid
 *      column for the pivot (PDAMAX); the two rows swapped across the panel
 *      (a local swap or an MPI_Sendrecv_replace between two grid rows:
 *      PDSWAP); the pivot row broadcast down the grid column (PDGER's
 *      broadcast); the column below scaled by 1 / pivot (PDSCAL) and the
 *      rank-1 update of the rest of the panel (PDGER's local dger);
 *   2. the jb pivots broadcast along the grid row from pc (IGEBS2D);
 *   3. the interchanges applied to the columns left of the panel and then
 *      to those right of it, one row pair at a time (PDLASWP: each a local
 *      swap or an exchange between the two grid rows, in every grid column);
 *   4. the panel's local rows broadcast along each grid row from pc (L11
 *      for PDTRSM and L21 for PDGEMM, in one MPI_Bcast);
 *   5. on grid row pr, U12 = L11^-1 A12, by the variant PDTRSM picks from
 *      its own estimate of the words moved (left / lower / no transpose):
 *      the broadcast variant (PB_CptrsmAB: L11 along the row, every process
 *      solves its own columns; what 2-D grids get) or, when that estimate
 *      is over twice the other's (on 1 x Q grids: once fewer than jb^2 / 4
 *      columns remain), the in-place variant (PB_CptrsmB: L11 stays on
 *      (pr, pc); grid column by grid column, each one's columns go to pc in
 *      chunks of at most 32 (PBLAS's PILAENV), are solved there and sent
 *      back); then U12 broadcast down each grid column from pr;
 *   6. the trailing update A22 -= L21 U12 (PDGEMM with k = jb, its AB
 *      variant; k within one block, so one local dgemm: PBLAS does not
 *      step through k when neither operand's k range spans two processes).
 * ipiv is filled as PDGETRF fills it (each panel's pivots at the local
 * index of the first row >= j, so a grid row's own rows end up with theirs).
 * Simplifications against ScaLAPACK: MPI collectives and MPI_Sendrecv
 * instead of BLACS's (PDGETRF asks for a split-ring row broadcast); L11 and
 * L21 travel in one broadcast instead of two; the in-place solve's PBLAS
 * bookkeeping (PB_CInOutV2, PB_Cpaxpby) reduced to one send and one receive
 * per chunk; the broadcast variant's solve in one call (PBLAS: 32-wide
 * pieces); whole matrices (ia = ja = 1), mb = nb.
 * Layers: rma_model_getrf -> MPI (row / column communicators) -> kernels
 *         (rma_kernel_iamax, _swap, _scal, _ger, _trsm_right, _gemm).
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/vector_blas.h"
#include "model_util.h"
#include "pblas_model.h"

// What one factorisation works with.
typedef struct {
  const rma_model_grid_t *mg;
  const rma_dmatrix_t *a;
  int lr, lc;   // local extent of a
  double *pan;  // panel rows broadcast along the grid row (lr x nb)
  double *u;    // U12 broadcast down the grid column (nb x max(lc, 32))
  double *prow; // pivot row inside the panel (nb)
  double *xch;  // one local row to exchange (max(lc, nb))
  int *piv;     // the panel's pivots, 1-based global rows (nb)
} lu_t;

// Local row index of global row g on the grid row holding it (or, on the
// others, of their first row after g).
static int lrow(const lu_t *f, int g) {
  return rma_model_count_below(g, f->a->m, f->a->mb, f->a->rsrc, f->mg->myrow, f->mg->nprow);
}

static int row_owner(const lu_t *f, int g) {
  return rma_model_owner(g, f->a->mb, f->a->rsrc, f->mg->nprow);
}

// Swap global rows g1 and g2 over local columns [c0, c0 + nc) (PDSWAP): a
// local swap when one grid row holds both, else an exchange between the two
// grid rows. Called by every process of a grid column.
static int swap_rows(lu_t *f, int g1, int g2, int c0, int nc) {
  if (g1 == g2 || nc <= 0)
    return 0;
  const rma_dmatrix_t *a = f->a;
  int p1 = row_owner(f, g1), p2 = row_owner(f, g2), me = f->mg->myrow;
  double *base = a->data + (long)c0 * a->lld;
  if (p1 == me && p2 == me) {
    rma_kernel_swap(nc, base + lrow(f, g1), a->lld, base + lrow(f, g2), a->lld);
  } else if (p1 == me || p2 == me) {
    double *row = base + lrow(f, p1 == me ? g1 : g2);
    int other = p1 == me ? p2 : p1;
    for (int c = 0; c < nc; c++)
      f->xch[c] = row[(long)c * a->lld];
    RMA_CALL_MPI(MPI_Sendrecv_replace(f->xch, nc, MPI_DOUBLE, other, 0, other, 0, f->mg->col,
                                      MPI_STATUS_IGNORE));
    for (int c = 0; c < nc; c++)
      row[(long)c * a->lld] = f->xch[c];
  }
  return 0;
}

// PDGETF2 on the panel of global columns j .. j+jb-1 (local columns lcl ..),
// by the grid column holding it. piv gets the pivots; *info the first zero
// pivot (1-based global column) when none was recorded before.
static int panel(lu_t *f, int j, int jb, int lcl, int *info) {
  const rma_dmatrix_t *a = f->a;
  MPI_Comm col = f->mg->col;
  for (int t = 0; t < jb; t++) {
    int g = j + t;
    double *colv = a->data + (long)(lcl + t) * a->lld; // this column's local entries
    // PDAMAX: the largest |A(g:m, g)|, first of equals, over the grid column.
    int lg = lrow(f, g);
    int k = rma_kernel_iamax(f->lr - lg, colv + lg, 1);
    struct {
      double v;
      int i;
    } best = {-1.0, INT_MAX};
    if (k >= 0)
      best.v = fabs(colv[lg + k]),
      best.i = rma_model_global(lg + k, a->mb, a->rsrc, f->mg->myrow, f->mg->nprow);
    RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &best, 1, MPI_DOUBLE_INT, MPI_MAXLOC, col));
    f->piv[t] = best.i + 1;
    if (best.v != 0.0)
      RMA_CALL(swap_rows(f, g, best.i, lcl, jb)); // PDSWAP across the panel
    else if (*info == 0)
      *info = g + 1;
    // PDGER's broadcast of the pivot row A(g, g:j+jb) down the grid column.
    int pg = row_owner(f, g);
    if (f->mg->myrow == pg)
      for (int c = 0; c < jb - t; c++)
        f->prow[c] = colv[lg + (long)c * a->lld];
    RMA_CALL_MPI(MPI_Bcast(f->prow, jb - t, MPI_DOUBLE, pg, col));
    int lg1 = lrow(f, g + 1), below = f->lr - lg1;
    if (f->prow[0] != 0.0)
      rma_kernel_scal(below, 1.0 / f->prow[0], colv + lg1, 1); // PDSCAL
    // PDGER: A(g+1:m, g+1:j+jb) -= A(g+1:m, g) A(g, g+1:j+jb); column-major
    // (below x rest) is the row-major transpose: A^T -= prow colv^T.
    rma_kernel_ger(jb - t - 1, below, -1.0, f->prow + 1, 1, colv + lg1, 1, colv + lg1 + a->lld,
                   a->lld);
  }
  return 0;
}

// PDTRSM's choice for U12 = L11^-1 A12 (jb x ncols): 1 for the broadcast
// variant, 0 for the in-place one. PBLAS's estimates of the words moved:
// both operands (jb (Lr(jb)/2 [npcol > 1] + Lc(ncols) [nprow > 1])) against
// B alone (ncols (ceil(jb/mb) mb [nprow > 1] + 1 [npcol > 1])), with
// Lr, Lc the largest local share (PBLAS's DNROC).
static int pdtrsm_variant(const lu_t *f, int jb, int ncols) {
  const rma_model_grid_t *mg = f->mg;
  int mb = f->a->mb, nb = f->a->nb;
  double lr = (double)(((jb + mb - 1) / mb + mg->nprow - 1) / mg->nprow) * mb;
  double lc = (double)(((ncols + nb - 1) / nb + mg->npcol - 1) / mg->npcol) * nb;
  double both = jb * ((mg->npcol > 1 ? lr / 2 : 0.0) + (mg->nprow > 1 ? lc : 0.0));
  double b_only = (double)ncols * ((double)((jb + mb - 1) / mb) * mb * (mg->nprow > 1) +
                                   (mg->npcol > 1 ? 1.0 : 0.0));
  return both <= 2.0 * b_only;
}

// PB_CptrsmB's way, on grid row pr: L11 stays on (pr, pc); grid column
// by grid column (from the one holding global column j0, the first of
// A12), its columns of A12 go to pc in chunks of at most 32, are solved
// there and sent back (a local solve on pc itself).
static int trsm_in_place(lu_t *f, int j0, int jb, int li0, int pc, const double *l11, int ldl) {
  const rma_model_grid_t *mg = f->mg;
  const rma_dmatrix_t *a = f->a;
  int first = rma_model_owner(j0, a->nb, a->csrc, mg->npcol);
  for (int s = 0; s < mg->npcol; s++) {
    int q = (first + s) % mg->npcol;
    if (mg->mycol != q && mg->mycol != pc)
      continue;
    // q's columns of A12, and their chunks (PBLAS evens them out, <= 32 each).
    int c0 = rma_model_count_below(j0, a->n, a->nb, a->csrc, q, mg->npcol);
    int left = rma_model_count_below(a->n, a->n, a->nb, a->csrc, q, mg->npcol) - c0;
    int nbb = left > 0 ? left / ((left - 1) / RMA_MODEL_KB + 1) : 0;
    double *a12 = a->data + a->lld * (long)c0 + li0;
    for (int c = 0; left > 0; c += nbb, left -= nbb) { // nbb: PBLAS's evened-out chunk
      nbb = nbb < left ? nbb : left;
      double *blk = a12 + (long)c * a->lld;
      if (q == pc) { // local: column-major jb x nbb is the row-major nbb x jb
        if (mg->mycol == pc)
          rma_kernel_trsm_right(0, 0, 1, nbb, jb, l11, ldl, blk, a->lld);
        continue;
      }
      if (mg->mycol == q)
        for (int k = 0; k < nbb; k++)
          memcpy(f->u + (long)k * jb, blk + (long)k * a->lld, sizeof(double) * (size_t)jb);
      int peer = mg->mycol == q ? pc : q;
      if (mg->mycol == q) {
        RMA_CALL_MPI(MPI_Send(f->u, jb * nbb, MPI_DOUBLE, peer, 1, mg->row));
        RMA_CALL_MPI(MPI_Recv(f->u, jb * nbb, MPI_DOUBLE, peer, 2, mg->row, MPI_STATUS_IGNORE));
        for (int k = 0; k < nbb; k++)
          memcpy(blk + (long)k * a->lld, f->u + (long)k * jb, sizeof(double) * (size_t)jb);
      } else {
        RMA_CALL_MPI(MPI_Recv(f->u, jb * nbb, MPI_DOUBLE, peer, 1, mg->row, MPI_STATUS_IGNORE));
        rma_kernel_trsm_right(0, 0, 1, nbb, jb, l11, ldl, f->u, jb);
        RMA_CALL_MPI(MPI_Send(f->u, jb * nbb, MPI_DOUBLE, peer, 2, mg->row));
      }
    }
  }
  return 0;
}

// One block column step at global column j (width jb).
static int step(lu_t *f, int j, int jb, int *ipiv, int *info) {
  const rma_model_grid_t *mg = f->mg;
  const rma_dmatrix_t *a = f->a;
  int pc = rma_model_owner(j, a->nb, a->csrc, mg->npcol), pr = row_owner(f, j);
  int li0 = lrow(f, j), li1 = lrow(f, j + jb);
  int lcl = rma_model_count_below(j, a->n, a->nb, a->csrc, mg->mycol, mg->npcol);
  int lcr = rma_model_count_below(j + jb, a->n, a->nb, a->csrc, mg->mycol, mg->npcol);
  // 1-2. The panel, and its pivots along the grid row.
  if (mg->mycol == pc)
    RMA_CALL(panel(f, j, jb, lcl, info));
  RMA_CALL_MPI(MPI_Bcast(f->piv, jb, MPI_INT, pc, mg->row));
  for (int t = 0; t < jb; t++)
    ipiv[li0 + t] = f->piv[t];
  // 3. PDLASWP on the columns left of the panel, then on those right of it.
  for (int t = 0; t < jb; t++)
    RMA_CALL(swap_rows(f, j + t, f->piv[t] - 1, 0, lcl));
  for (int t = 0; t < jb; t++)
    RMA_CALL(swap_rows(f, j + t, f->piv[t] - 1, lcr, f->lc - lcr));
  if (j + jb >= a->n)
    return 0;
  // 4. The panel's local rows j.. (L11 on grid row pr, L21) along the grid row.
  int ldp = f->lr - li0;
  RMA_CALL(rma_model_row_bcast_panel(mg, a, f->lr, li0, lcl, jb, pc, f->pan));
  // 5. U12 = L11^-1 A12 on grid row pr: column-major A12 (jb x nr) is the
  // row-major A12^T = A12^T L11^-T, L11 (column-major) the row-major upper
  // unit triangle L11^T. Then U12 down the grid column.
  int nr = f->lc - lcr;
  double *a12 = a->data + li0 + (long)lcr * a->lld;
  if (mg->myrow == pr && !pdtrsm_variant(f, jb, a->n - j - jb))
    RMA_CALL(trsm_in_place(f, j + jb, jb, li0, pc, a->data + li0 + (long)lcl * a->lld, a->lld));
  else if (mg->myrow == pr)
    rma_kernel_trsm_right(0, 0, 1, nr, jb, f->pan, ldp, a12, a->lld);
  if (nr <= 0)
    return 0;
  // 6. PDGEMM (AB variant; k = jb lies in one block column, so PBLAS moves
  // each operand once and calls one local dgemm): U12 down the grid column,
  // then A22 (rows li1.., columns lcr..) -= L21 U12; row-major:
  // A22^T -= U12^T L21^T.
  if (mg->myrow == pr)
    for (int c = 0; c < nr; c++)
      memcpy(f->u + (long)c * jb, a12 + (long)c * a->lld, sizeof(double) * (size_t)jb);
  RMA_CALL_MPI(MPI_Bcast(f->u, jb * nr, MPI_DOUBLE, pr, mg->col));
  int mr = f->lr - li1;
  if (mr > 0)
    rma_kernel_gemm(0, 0, nr, mr, jb, -1.0, f->u, jb, f->pan + (li1 - li0), ldp,
                    a->data + li1 + (long)lcr * a->lld, a->lld);
  return 0;
}

int rma_model_getrf(const rma_model_grid_t *mg, const rma_dmatrix_t *a, int *ipiv) {
  if (!mg || mg->all == MPI_COMM_NULL)
    return -1;
  char why[128] = "";
  int bad = rma_model_check(mg, a, why, sizeof why) ? 2 : 0;
  if (!bad && a->mb != a->nb)
    bad = 2, snprintf(why, sizeof why, "mb = %d, nb = %d (PDGETRF needs mb = nb)", a->mb, a->nb);
  if (!bad && !ipiv)
    bad = 3, snprintf(why, sizeof why, "ipiv = NULL");
  RMA_CALL(rma_args_agree(mg->all, "rma_model_getrf", bad, why, NULL));
  lu_t f = {mg, a, 0, 0, NULL, NULL, NULL, NULL, NULL};
  rma_model_local_size(mg, a, &f.lr, &f.lc);
  int nb = a->nb, wide = f.lc > nb ? f.lc : nb, ucols = f.lc > RMA_MODEL_KB ? f.lc : RMA_MODEL_KB;
  f.pan = malloc(sizeof(double) * ((size_t)f.lr * nb + 1));
  f.u = malloc(sizeof(double) * ((size_t)nb * ucols + 1)); // also trsm_in_place's chunks
  f.prow = malloc(sizeof(double) * (size_t)nb);
  f.xch = malloc(sizeof(double) * (size_t)wide);
  f.piv = malloc(sizeof(int) * (size_t)nb);
  int rc =
      rma_status_agree(mg->all, f.pan && f.u && f.prow && f.xch && f.piv ? 0 : RMA_ERR_NO_MEMORY);
  int mn = a->m < a->n ? a->m : a->n, info = 0;
  for (int j = 0; rc == 0 && j < mn; j += nb)
    rc = step(&f, j, mn - j < nb ? mn - j : nb, ipiv, &info);
  free(f.pan);
  free(f.u);
  free(f.prow);
  free(f.xch);
  free(f.piv);
  if (rc != 0)
    return rc;
  // The first zero pivot: known in the grid column that met it (PDGETRF's IGAMN2D).
  int first = info ? info : INT_MAX;
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, mg->row));
  return first == INT_MAX ? 0 : first;
}
