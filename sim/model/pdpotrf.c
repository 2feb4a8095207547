/*
 * rma_model_potrf — a MODEL of ScaLAPACK 2.x's PDPOTRF for UPLO 'L'
 * (right-looking blocked Cholesky A = L L^T), not ScaLAPACK itself. For
 * each block column j (width jb = nb; pr, pc the grid row and column holding
 * the diagonal block):
 *   1. PDPOTF2: the process (pr, pc) factors the jb x jb diagonal block
 *      alone (LAPACK's unblocked Cholesky there; here the tile kernel
 *      rma_kernel_potrf_dt, the same flops); INFO broadcast down grid column
 *      pc, then along every grid row from pc (PDPOTF2's two IGEBS2Ds). A
 *      minor that is not positive definite stops the factorisation with
 *      info = j + its order (PDPOTRF's GO TO 30);
 *   2. PDTRSM('Right', 'Lower', 'Transpose', 'Non-unit'): A21 := A21 L11^-T.
 *      A21 lies in grid column pc, L11 on (pr, pc): PDTRSM's estimates pick
 *      the variant that moves L11 (PB_CptrsmAB), so L11 goes down grid column
 *      pc and each process there solves its own rows;
 *   3. PDSYRK('Lower', 'No transpose'): A22 -= A21 A21^T, the variant that
 *      moves A21 only (PB_CpsyrkA: its estimate wins whenever the trailing
 *      order exceeds a few dozen; K = jb lies in one grid column, so no
 *      stepping through K): A21's local rows broadcast along each grid row
 *      from pc (PB_CInV, WAC); A21^T made a row panel (WAR) whose columns
 *      follow A22's: each trailing block of A21 goes down the grid column
 *      holding those columns from the grid row holding those rows (one
 *      broadcast per source grid row, the blocks packed); then each process
 *      updates its part of the lower trapezoid in chunks of 2 x 32 x
 *      lcm(nprow, npcol) columns (PBLAS's Clcmb): inside a chunk, per local
 *      block column, a syrk of the diagonal block and a gemm of the chunk's
 *      rows below it (PB_Cpsyr); below the chunk, one gemm.
 * Simplifications against ScaLAPACK: MPI collectives instead of BLACS's
 * (PDPOTRF sets a split ring for row broadcasts); PDTRSM's solve in one call
 * after one broadcast of L11 (PBLAS: in 32-wide pieces of the triangle);
 * PDSYRK's transpose (PB_CInV's PB_Cpaxpby redistribution) as the
 * broadcasts above (exact for square grids: the diagonal process of each
 * grid column holds its blocks); PDSYRK's cross-over to its other variant
 * (PB_CpsyrkAC: both operands, only at trailing orders below ~1.5 jb on
 * 1 x Q grids, never at nb 64 on 2-D grids) not modelled; whole matrices
 * (ia = ja = 1), mb = nb, square.
 * Layers: rma_model_potrf -> MPI_Bcast on the row / column communicators
 *         -> kernels (rma_kernel_potrf_dt, _trsm, _herk_dt, _gemm).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/tile_triangle.h"
#include "model_util.h"
#include "pblas_model.h"

// What one factorisation works with.
typedef struct {
  const rma_model_grid_t *mg;
  const rma_dmatrix_t *a;
  int lr, lc;   // local extent of a
  double *l11;  // the diagonal block down grid column pc (nb x nb)
  double *wac;  // A21's local rows along the grid row (lr x nb, ld = rows below)
  double *war;  // A21^T's local columns down the grid column (nb x lc, ld nb)
  double *pack; // one source grid row's blocks of A21^T (nb x lc)
} chol_t;

// Greatest common divisor (PBLAS's lcm(nprow, npcol) below).
static int gcd(int x, int y) { return y == 0 ? x : gcd(y, x % y); }

// Step 3's transpose: WAR (jb x my local columns from lcr, ld jb) gets, for
// each trailing block column of mine, A21's rows of the same global indices,
// taken from WAC on the grid row holding them (rows from li1 there) and
// broadcast down my grid column, one broadcast per source grid row.
static int transpose_panel(chol_t *f, int jb, int li1, int lcr) {
  const rma_model_grid_t *mg = f->mg;
  const rma_dmatrix_t *a = f->a;
  int ldw = f->lr - li1;
  if (f->lc <= lcr)
    return 0;
  for (int r = 0; r < mg->nprow; r++) {
    // My columns from lcr on whose global block row lies on grid row r.
    int count = 0;
    for (int c = lcr; c < f->lc; c += a->nb - c % a->nb) {
      int g = rma_model_global(c, a->nb, a->csrc, mg->mycol, mg->npcol);
      int w = a->nb - c % a->nb < f->lc - c ? a->nb - c % a->nb : f->lc - c;
      if (rma_model_owner(g, a->mb, a->rsrc, mg->nprow) != r)
        continue;
      if (mg->myrow == r) { // my WAC holds these rows: pack them transposed
        int li = rma_model_count_below(g, a->m, a->mb, a->rsrc, r, mg->nprow) - li1;
        for (int t = 0; t < jb; t++)
          for (int x = 0; x < w; x++)
            f->pack[(long)(count + x) * jb + t] = f->wac[li + x + (long)t * ldw];
      }
      count += w;
    }
    if (count == 0)
      continue;
    RMA_CALL_MPI(MPI_Bcast(f->pack, jb * count, MPI_DOUBLE, r, mg->col));
    // Unpack into WAR at the local column positions.
    int at = 0;
    for (int c = lcr; c < f->lc; c += a->nb - c % a->nb) {
      int g = rma_model_global(c, a->nb, a->csrc, mg->mycol, mg->npcol);
      int w = a->nb - c % a->nb < f->lc - c ? a->nb - c % a->nb : f->lc - c;
      if (rma_model_owner(g, a->mb, a->rsrc, mg->nprow) != r)
        continue;
      memcpy(f->war + (long)(c - lcr) * jb, f->pack + (long)at * jb,
             sizeof(double) * (size_t)jb * (size_t)w);
      at += w;
    }
  }
  return 0;
}

// Step 3's local update of the lower trapezoid of my part of A22 (global
// rows and columns from j1; local rows from li1, columns from lcr), PB_CpsyrkA's
// loop: chunks of clcmb global columns; in each, per local block column a
// syrk of its diagonal block (when mine) and a gemm of the chunk's rows
// below it, then one gemm of the rows below the chunk.
static void update(chol_t *f, int j1, int jb, int li1, int lcr) {
  const rma_model_grid_t *mg = f->mg;
  const rma_dmatrix_t *a = f->a;
  int ldw = f->lr - li1, n = a->n;
  int clcmb = 2 * RMA_MODEL_KB * (mg->nprow / gcd(mg->nprow, mg->npcol)) * mg->npcol;
  for (int l = j1; l < n; l += clcmb) {
    int le = l + clcmb < n ? l + clcmb : n;
    int c0 = rma_model_count_below(l, n, a->nb, a->csrc, mg->mycol, mg->npcol);
    int c1 = rma_model_count_below(le, n, a->nb, a->csrc, mg->mycol, mg->npcol);
    int re = rma_model_count_below(le, n, a->mb, a->rsrc, mg->myrow, mg->nprow);
    // Inside the chunk: per local block column, its diagonal block and the rows below it.
    for (int c = c0; c < c1; c += a->nb - c % a->nb) {
      int w = a->nb - c % a->nb < c1 - c ? a->nb - c % a->nb : c1 - c;
      int g = rma_model_global(c, a->nb, a->csrc, mg->mycol, mg->npcol);
      int rd = rma_model_count_below(g, n, a->mb, a->rsrc, mg->myrow, mg->nprow);
      const double *war = f->war + (long)(c - lcr) * jb;
      double *cc = a->data + (long)c * a->lld;
      if (rma_model_owner(g, a->mb, a->rsrc, mg->nprow) == mg->myrow) {
        // C(g.., g..) (w x w, lower) -= A21(g..) A21(g..)^T: the row-major view's upper
        // triangle, op(A) = the w x jb rows of WAC (row-major jb x w, transposed).
        rma_kernel_herk_dt(RMA_DT_D, 0, RMA_OP_T, 0, w, jb, -1.0, f->wac + (rd - li1), ldw, 1.0,
                           cc + rd, a->lld);
        rd += w;
      }
      // The chunk's rows below the diagonal block: C^T (w x rows) -= WAR^T WAC^T.
      if (re > rd)
        rma_kernel_gemm(0, 0, w, re - rd, jb, -1.0, war, jb, f->wac + (rd - li1), ldw, cc + rd,
                        a->lld);
    }
    // Below the chunk: rows from re, the chunk's columns.
    if (f->lr > re && c1 > c0)
      rma_kernel_gemm(0, 0, c1 - c0, f->lr - re, jb, -1.0, f->war + (long)(c0 - lcr) * jb, jb,
                      f->wac + (re - li1), ldw, a->data + re + (long)c0 * a->lld, a->lld);
  }
}

// One block column step at global column j (width jb). *info > 0 stops.
static int step(chol_t *f, int j, int jb, int *info) {
  const rma_model_grid_t *mg = f->mg;
  const rma_dmatrix_t *a = f->a;
  int pc = rma_model_owner(j, a->nb, a->csrc, mg->npcol);
  int pr = rma_model_owner(j, a->mb, a->rsrc, mg->nprow);
  int li0 = rma_model_count_below(j, a->m, a->mb, a->rsrc, mg->myrow, mg->nprow);
  int li1 = rma_model_count_below(j + jb, a->m, a->mb, a->rsrc, mg->myrow, mg->nprow);
  int lcl = rma_model_count_below(j, a->n, a->nb, a->csrc, mg->mycol, mg->npcol);
  int lcr = rma_model_count_below(j + jb, a->n, a->nb, a->csrc, mg->mycol, mg->npcol);
  double *diag = a->data + li0 + (long)lcl * a->lld;
  // 1. PDPOTF2 on (pr, pc); INFO down grid column pc, then along the grid rows.
  int kinfo = 0;
  if (mg->myrow == pr && mg->mycol == pc)
    kinfo = rma_kernel_potrf_dt(RMA_DT_D, 0, jb, diag, a->lld); // column-major lower
  if (mg->mycol == pc)
    RMA_CALL_MPI(MPI_Bcast(&kinfo, 1, MPI_INT, pr, mg->col));
  RMA_CALL_MPI(MPI_Bcast(&kinfo, 1, MPI_INT, pc, mg->row));
  if (kinfo != 0) {
    *info = j + kinfo;
    return 0;
  }
  if (j + jb >= a->n)
    return 0;
  // 2. PDTRSM: L11 down grid column pc from pr; A21 := A21 L11^-T on column pc.
  // Column-major A21 (rows x jb) is the row-major A21^T, solved from the left by
  // L11^-1 = (L11^T)^-T, L11^T the row-major view's upper triangle.
  int mr = f->lr - li1;
  if (mg->mycol == pc) {
    if (mg->myrow == pr)
      for (int c = 0; c < jb; c++)
        memcpy(f->l11 + (long)c * jb, diag + (long)c * a->lld, sizeof(double) * (size_t)jb);
    RMA_CALL_MPI(MPI_Bcast(f->l11, jb * jb, MPI_DOUBLE, pr, mg->col));
    if (mr > 0)
      rma_kernel_trsm(0, 1, 0, jb, mr, f->l11, jb, a->data + li1 + (long)lcl * a->lld, a->lld);
  }
  // 3. PDSYRK: A21 along the grid rows (WAC), A21^T down the grid columns (WAR), update.
  RMA_CALL(rma_model_row_bcast_panel(mg, a, f->lr, li1, lcl, jb, pc, f->wac));
  RMA_CALL(transpose_panel(f, jb, li1, lcr));
  if (mr > 0 && f->lc > lcr)
    update(f, j + jb, jb, li1, lcr);
  return 0;
}

int rma_model_potrf(const rma_model_grid_t *mg, const rma_dmatrix_t *a) {
  if (!mg || mg->all == MPI_COMM_NULL)
    return -1;
  char why[128] = "";
  int bad = rma_model_check(mg, a, why, sizeof why) ? 2 : 0;
  if (!bad && (a->mb != a->nb || a->m != a->n))
    bad = 2, snprintf(why, sizeof why, "m %d, n %d, mb %d, nb %d (PDPOTRF: square, mb = nb)", a->m,
                      a->n, a->mb, a->nb);
  RMA_CALL(rma_args_agree(mg->all, "rma_model_potrf", bad, why, NULL));
  chol_t f = {mg, a, 0, 0, NULL, NULL, NULL, NULL};
  rma_model_local_size(mg, a, &f.lr, &f.lc);
  size_t nb = (size_t)a->nb;
  f.l11 = malloc(sizeof(double) * nb * nb);
  f.wac = malloc(sizeof(double) * ((size_t)f.lr * nb + 1));
  f.war = malloc(sizeof(double) * (nb * (size_t)f.lc + 1));
  f.pack = malloc(sizeof(double) * (nb * (size_t)f.lc + 1));
  int rc = rma_status_agree(mg->all, f.l11 && f.wac && f.war && f.pack ? 0 : RMA_ERR_NO_MEMORY);
  int info = 0;
  for (int j = 0; rc == 0 && info == 0 && j < a->n; j += a->nb)
    rc = step(&f, j, a->n - j < a->nb ? a->n - j : a->nb, &info);
  free(f.l11);
  free(f.wac);
  free(f.war);
  free(f.pack);
  return rc != 0 ? rc : info;
}
