/*
 * rma_pdgemm against ScaLAPACK's pdgemm on the same local arrays.
 *
 * Grids: 1 x P, P x 1, and every other factorisation of P, each with
 * row-major and column-major BLACS ordering; when P >= 3 also a grid of
 * P - 1 processes (the process outside it must get -1002 at once and the
 * others must not wait for it). On each grid a seeded sweep of cases:
 * every matrix with its own MB, NB (1..7, 16, 32: blocks that do not divide
 * the extents), RSRC, CSRC and padded LLD; windows at any ia/ja/ib/jb/ic/jc
 * (off block boundaries), m, n, k from 0 up to ~130, transposes N/T/C,
 * alpha in {0, 1, -0.5, 2.3}, beta in {0, 1, 0.7}. With beta = 0 rmala's C
 * window is filled with NaN first (beta = 0 must not read C).
 *
 * Check (PBLAS tester style), per element of sub(C):
 *   ratio = |C_rma - C_scalapack| / (eps * (|alpha| * k + |beta|) + tiny)
 * (eps = 2^-52, |A|, |B|, |C| <= 1/2), pass when the worst ratio <= 16; every element
 * outside sub(C), LLD padding included, must be bitwise unchanged; rmala's
 * return value must be 0. Prints the cases run and the worst ratio; exits 1
 * on any failure.
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_testutil.h"
#include "rmala.h"

static rt_ratio_t ratio =
    RT_RATIO("pdgemm", "|C_rma - C_scalapack| / (eps (|alpha| k + |beta|) + tiny)", 16.0);

typedef struct {
  int m, n, k, ta, tb;
  double alpha, beta;
  int ia, ja, ib, jb, ic, jc;
  int mb[3], nb[3], rsrc[3], csrc[3], pad[3], extra_r[3], extra_c[3];
} case_t;

static const char trans_of[3] = {'N', 'T', 'C'};

static void draw(unsigned *st, int nprow, int npcol, int big, case_t *c) {
  static const int blocks[9] = {1, 2, 3, 4, 5, 7, 16, 32, 6};
  static const double alphas[4] = {0.0, 1.0, -0.5, 2.3}, betas[3] = {0.0, 1.0, 0.7};
  int lim = big ? 130 : 24;
  c->m = rt_rand(st, lim + 1), c->n = rt_rand(st, lim + 1), c->k = rt_rand(st, lim + 1);
  c->ta = rt_rand(st, 3), c->tb = rt_rand(st, 3);
  c->alpha = alphas[rt_rand(st, 4)], c->beta = betas[rt_rand(st, 3)];
  c->ia = rt_rand(st, 9), c->ja = rt_rand(st, 9), c->ib = rt_rand(st, 9);
  c->jb = rt_rand(st, 9), c->ic = rt_rand(st, 9), c->jc = rt_rand(st, 9);
  for (int x = 0; x < 3; x++) {
    c->mb[x] = blocks[rt_rand(st, 9)], c->nb[x] = blocks[rt_rand(st, 9)];
    c->rsrc[x] = rt_rand(st, nprow), c->csrc[x] = rt_rand(st, npcol);
    c->pad[x] = rt_rand(st, 3), c->extra_r[x] = rt_rand(st, 4), c->extra_c[x] = rt_rand(st, 4);
  }
}

// One case on context ictxt; returns 0 when it passed.
static int run_case(int ictxt, const case_t *c, unsigned seed) {
  int ar = c->ta ? c->k : c->m, ac = c->ta ? c->m : c->k;
  int br = c->tb ? c->n : c->k, bc = c->tb ? c->k : c->n;
  pd_matrix_t A, B, Cr, Cx;
  int M[3] = {c->ia + ar + c->extra_r[0], c->ib + br + c->extra_r[1], c->ic + c->m + c->extra_r[2]};
  int N[3] = {c->ja + ac + c->extra_c[0], c->jb + bc + c->extra_c[1], c->jc + c->n + c->extra_c[2]};
  int ok = pd_matrix_make(&A, ictxt, M[0], N[0], c->mb[0], c->nb[0], c->rsrc[0], c->csrc[0],
                          c->pad[0], seed, -7.0) == 0;
  ok &= pd_matrix_make(&B, ictxt, M[1], N[1], c->mb[1], c->nb[1], c->rsrc[1], c->csrc[1],
                       c->pad[1], seed + 1, -7.0) == 0;
  ok &= pd_matrix_make(&Cr, ictxt, M[2], N[2], c->mb[2], c->nb[2], c->rsrc[2], c->csrc[2],
                       c->pad[2], seed + 2, -7.0) == 0;
  ok &= pd_matrix_make(&Cx, ictxt, M[2], N[2], c->mb[2], c->nb[2], c->rsrc[2], c->csrc[2],
                       c->pad[2], seed + 2, -7.0) == 0;
  if (!ok) {
    rt_fail("could not make the matrices");
    return 1;
  }
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  // beta = 0: rmala's sub(C) starts as NaN.
  double *orig = malloc(sizeof(double) * (size_t)Cx.len);
  memcpy(orig, Cx.data, sizeof(double) * (size_t)Cx.len);
  for (int lj = 0; lj < Cx.locc; lj++)
    for (int li = 0; li < Cx.locr; li++) {
      int gi = rt_global(li, c->mb[2], myrow, c->rsrc[2], nprow);
      int gj = rt_global(lj, c->nb[2], mycol, c->csrc[2], npcol);
      int in = gi >= c->ic && gi < c->ic + c->m && gj >= c->jc && gj < c->jc + c->n;
      if (in && c->beta == 0.0)
        Cx.data[li + (long)lj * Cx.lld] = NAN;
    }
  int ia = c->ia + 1, ja = c->ja + 1, ib = c->ib + 1, jb = c->jb + 1, ic = c->ic + 1,
      jc = c->jc + 1;
  char ta = trans_of[c->ta], tb = trans_of[c->tb];
  pdgemm_(&ta, &tb, &c->m, &c->n, &c->k, &c->alpha, A.data, &ia, &ja, A.desc, B.data, &ib, &jb,
          B.desc, &c->beta, Cr.data, &ic, &jc, Cr.desc);
  int rc = rma_pdgemm(ta, tb, c->m, c->n, c->k, c->alpha, A.data, ia, ja, A.desc, B.data, ib, jb,
                      B.desc, c->beta, Cx.data, ic, jc, Cx.desc);
  double tol = DBL_EPSILON * (fabs(c->alpha) * c->k + fabs(c->beta)) + DBL_MIN;
  int bad = rc != 0;
  double mine = 0.0;
  for (int lj = 0; lj < (Cx.locc > 1 ? Cx.locc : 1); lj++)
    for (int li = 0; li < Cx.lld; li++) {
      long at = li + (long)lj * Cx.lld;
      int in = 0;
      if (li < Cx.locr && lj < Cx.locc) {
        int gi = rt_global(li, c->mb[2], myrow, c->rsrc[2], nprow);
        int gj = rt_global(lj, c->nb[2], mycol, c->csrc[2], npcol);
        in = gi >= c->ic && gi < c->ic + c->m && gj >= c->jc && gj < c->jc + c->n;
      }
      if (in) {
        double r = fabs(Cx.data[at] - Cr.data[at]) / tol;
        if (!rt_ratio(&ratio, r))
          bad = 1;
        mine = r > mine || r != r ? r : mine;
      } else if (memcmp(&Cx.data[at], &orig[at], sizeof(double)) != 0) {
        bad = 1;
      }
    }
  free(orig);
  pd_matrix_free(&A), pd_matrix_free(&B), pd_matrix_free(&Cr), pd_matrix_free(&Cx);
  if (bad)
    rt_fail(
        "grid position (%d,%d) of %dx%d: rc=%d ratio %.3g: %c%c m=%d n=%d k=%d alpha=%g beta=%g "
        "ia,ja=%d,%d ib,jb=%d,%d ic,jc=%d,%d blocks A %dx%d B %dx%d C %dx%d src A (%d,%d) B "
        "(%d,%d) C (%d,%d)",
        myrow, mycol, nprow, npcol, rc, mine, ta, tb, c->m, c->n, c->k, c->alpha, c->beta, c->ia,
        c->ja, c->ib, c->jb, c->ic, c->jc, c->mb[0], c->nb[0], c->mb[1], c->nb[1], c->mb[2],
        c->nb[2], c->rsrc[0], c->csrc[0], c->rsrc[1], c->csrc[1], c->rsrc[2], c->csrc[2]);
  return bad;
}

// A sweep of cases on an nprow x npcol grid of the first nprow*npcol processes.
static void sweep(int nprow, int npcol, const char *order, int ncases, unsigned seed) {
  int me, np, ictxt;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, order, nprow, npcol);
  int cases = 0, failed = 0;
  if (me >= nprow * npcol) {
    // Outside the grid: rmala answers at once, touching nothing.
    int desc[9] = {1, ictxt, 4, 4, 2, 2, 0, 0, 4};
    double x = 0.0;
    int rc = rma_pdgemm('N', 'N', 4, 4, 4, 1.0, &x, 1, 1, desc, &x, 1, 1, desc, 0.0, &x, 1, 1,
                        desc);
    cases = 1, failed = rc != -1002;
    if (failed)
      rt_fail("outside the grid rma_pdgemm returned %d, want -1002", rc);
  } else {
    unsigned st = seed;
    for (int i = 0; i < ncases; i++) {
      case_t c;
      draw(&st, nprow, npcol, i % 8 == 7, &c);
      failed += run_case(ictxt, &c, seed + 17u * (unsigned)i);
      cases++;
    }
    Cblacs_gridexit(ictxt);
  }
  int all[2] = {cases, failed};
  MPI_Allreduce(MPI_IN_PLACE, all, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0)
    printf("grid %dx%d '%s': %d case runs, %d failed\n", nprow, npcol, order, all[0], all[1]);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  unsigned seed = 4242;
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      sweep(p, np / p, "Row", 40, seed += 101);
      sweep(p, np / p, "Col", 24, seed += 101);
    }
  if (np >= 3)
    sweep(np - 1, 1, "Row", 24, seed += 101);
  int status = rt_finish("test_pdgemm", &ratio, 1);
  rma_finalize();
  MPI_Finalize();
  return status;
}
