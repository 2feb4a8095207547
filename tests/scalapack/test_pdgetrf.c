/*
 * rma_pdgetrf / rma_pdgetrs against ScaLAPACK on the same local arrays.
 *
 * Grids: every factorisation of P, row- and column-major BLACS ordering.
 * Cases (seeded): square windows n = 1 .. ~100 (some ~200) of random
 * matrices, nrhs 1 .. 5, trans N / T / C, and two kinds of layout:
 *  - ScaLAPACK-legal (MB = NB, ia, ja, ib on block boundaries, B's row
 *    blocks aligned with A's), where the factors are also crossed with
 *    ScaLAPACK: rma_pdgetrf then pdgetrs, pdgetrf then rma_pdgetrs;
 *  - rmala only (MB != NB, offsets off block boundaries, any RSRC/CSRC).
 * Check, for each solve of op(sub(A)) X = sub(B):
 *   HPL-style ratio = max|op(A0) X - B0| / (max|A0| max|X| n eps) < 16, and
 *   ScaLAPACK's LU tester ratio ||op(A0) X - B0||_inf / (||op(A0)||_inf
 *   ||X||_inf eps n) <= 1 (its LU.dat threshold)
 * (the residual computed with ScaLAPACK's pdgemm on the original copies),
 * and LLD padding untouched. A matrix whose window column j is zero must
 * give info = j + 1 from rma_pdgetrf (ScaLAPACK's own info is printed
 * beside it where it can factor the layout). Prints the worst ratio; exits
 * 1 on any failure.
 */
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_testutil.h"
#include "rmala.h"

static rt_ratio_t ratios[2] = {
    RT_RATIO_BELOW("HPL-style", "max|op(A0) X - B0| / (max|A0| max|X| n eps)", 16.0),
    RT_RATIO("ScaLAPACK-tester", "||op(A0) X - B0||_inf / (||op(A0)||_inf ||X||_inf eps n)", 1.0)};

typedef struct {
  int n, nrhs, trans, legal, mbA, nbA, mbB, nbB, rsA, csA, rsB, csB, ia, ja, ib, jb, padA, padB;
  int zero_col; /* -1: none */
} case_t;

static const char trans_of[3] = {'N', 'T', 'C'};

static void draw(unsigned *st, int nprow, int npcol, int big, case_t *c) {
  static const int blocks[7] = {1, 2, 3, 5, 8, 16, 32};
  c->n = 1 + rt_rand(st, big ? 200 : 60), c->nrhs = 1 + rt_rand(st, 5);
  c->trans = rt_rand(st, 3), c->legal = rt_rand(st, 2);
  c->mbA = blocks[rt_rand(st, 7)], c->nbA = blocks[rt_rand(st, 7)];
  c->mbB = blocks[rt_rand(st, 7)], c->nbB = blocks[rt_rand(st, 7)];
  c->rsA = rt_rand(st, nprow), c->csA = rt_rand(st, npcol);
  c->rsB = rt_rand(st, nprow), c->csB = rt_rand(st, npcol);
  c->ia = rt_rand(st, 7), c->ja = rt_rand(st, 7), c->ib = rt_rand(st, 7), c->jb = rt_rand(st, 4);
  c->padA = rt_rand(st, 3), c->padB = rt_rand(st, 3);
  c->zero_col = rt_rand(st, 6) == 0 ? rt_rand(st, c->n) : -1;
  if (c->legal) { // what pdgetrf / pdgetrs accept
    c->nbA = c->mbA, c->mbB = c->mbA;
    c->ia = (c->ia / 3) * c->mbA, c->ja = c->ia, c->ib = c->ia;
    c->csA = c->rsA % npcol, c->rsB = c->rsA;
  }
}

// max |x| over the window rows [i0, i0+m) x cols [j0, j0+n) of a local array.
static double window_max(const pd_matrix_t *x, int i0, int j0, int m, int n) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(x->desc[1], &nprow, &npcol, &myrow, &mycol);
  double most = 0.0;
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int gi = rt_global(li, x->desc[4], myrow, x->desc[6], nprow);
      int gj = rt_global(lj, x->desc[5], mycol, x->desc[7], npcol);
      if (gi >= i0 && gi < i0 + m && gj >= j0 && gj < j0 + n) {
        double v = fabs(x->data[li + (long)lj * x->lld]);
        most = v > most || v != v ? v : most;
      }
    }
  MPI_Allreduce(MPI_IN_PLACE, &most, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return most;
}

// Of the window x(i0:i0+m-1, j0:j0+n-1): the inf-norm (largest row sum of
// |x|, PDLANGE('I')), or with one = 1 the 1-norm (largest column sum).
static double window_norm(const pd_matrix_t *x, int i0, int j0, int m, int n, int one) {
  int nprow, npcol, myrow, mycol, len = one ? n : m;
  Cblacs_gridinfo(x->desc[1], &nprow, &npcol, &myrow, &mycol);
  double *sums = calloc((size_t)len + 1, sizeof(double)), most = 0.0;
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int gi = rt_global(li, x->desc[4], myrow, x->desc[6], nprow);
      int gj = rt_global(lj, x->desc[5], mycol, x->desc[7], npcol);
      if (gi >= i0 && gi < i0 + m && gj >= j0 && gj < j0 + n)
        sums[one ? gj - j0 : gi - i0] += fabs(x->data[li + (long)lj * x->lld]);
    }
  MPI_Allreduce(MPI_IN_PLACE, sums, len, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; i < len; i++)
    most = sums[i] > most || sums[i] != sums[i] ? sums[i] : most;
  free(sums);
  return most;
}

// Zero column j of A's window (0-based within the window).
static void zero_column(pd_matrix_t *a, const case_t *c) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(a->desc[1], &nprow, &npcol, &myrow, &mycol);
  for (int lj = 0; lj < a->locc; lj++)
    for (int li = 0; li < a->locr; li++) {
      int gi = rt_global(li, a->desc[4], myrow, a->desc[6], nprow);
      int gj = rt_global(lj, a->desc[5], mycol, a->desc[7], npcol);
      if (gj == c->ja + c->zero_col && gi >= c->ia && gi < c->ia + c->n)
        a->data[li + (long)lj * a->lld] = 0.0;
    }
}

// Residual ratios of X (in x, window ib, jb) for op(A0) X = B0: returns the
// HPL-style one, *tester gets ScaLAPACK's LU tester's
// ||op(A0) X - B0||_inf / (||A0||_inf ||X||_inf eps n).
static double residual(const case_t *c, const pd_matrix_t *a0, const pd_matrix_t *b0,
                       const pd_matrix_t *x, double *tester) {
  pd_matrix_t r = *b0;
  r.data = malloc(sizeof(double) * (size_t)b0->len);
  memcpy(r.data, b0->data, sizeof(double) * (size_t)b0->len);
  int ia = c->ia + 1, ja = c->ja + 1, ib = c->ib + 1, jb = c->jb + 1;
  double mone = -1.0, one = 1.0;
  char t = trans_of[c->trans], nt = 'N';
  pdgemm_(&t, &nt, &c->n, &c->nrhs, &c->n, &mone, a0->data, &ia, &ja, a0->desc, x->data, &ib, &jb,
          x->desc, &one, r.data, &ib, &jb, r.desc);
  double rmax = window_max(&r, c->ib, c->jb, c->n, c->nrhs);
  double amax = window_max(a0, c->ia, c->ja, c->n, c->n);
  double xmax = window_max(x, c->ib, c->jb, c->n, c->nrhs);
  *tester = window_norm(&r, c->ib, c->jb, c->n, c->nrhs, 0) /
            (window_norm(a0, c->ia, c->ja, c->n, c->n, c->trans != 0) *
                 window_norm(x, c->ib, c->jb, c->n, c->nrhs, 0) * c->n *
                 DBL_EPSILON +
             DBL_MIN);
  free(r.data);
  return rmax / (amax * xmax * c->n * DBL_EPSILON + DBL_MIN);
}

static int padding_intact(const pd_matrix_t *x, double pad) {
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = x->locr; li < x->lld; li++)
      if (x->data[li + (long)lj * x->lld] != pad)
        return 0;
  return 1;
}

static int copy_of(pd_matrix_t *dst, const pd_matrix_t *src) {
  *dst = *src;
  dst->data = malloc(sizeof(double) * (size_t)src->len);
  if (dst->data)
    memcpy(dst->data, src->data, sizeof(double) * (size_t)src->len);
  return dst->data ? 0 : -1;
}

// Solve with factors f / pivots piv by rma (who = 0) or ScaLAPACK (1); check.
static int solve_check(const char *what, int who, const case_t *c, const pd_matrix_t *a0,
                       const pd_matrix_t *f, const int *piv, const pd_matrix_t *b0) {
  pd_matrix_t x;
  copy_of(&x, b0);
  int ia = c->ia + 1, ja = c->ja + 1, ib = c->ib + 1, jb = c->jb + 1, info = 0;
  char t = trans_of[c->trans];
  if (who == 0)
    info = rma_pdgetrs(t, c->n, c->nrhs, f->data, ia, ja, f->desc, piv, x.data, ib, jb, x.desc);
  else
    pdgetrs_(&t, &c->n, &c->nrhs, f->data, &ia, &ja, f->desc, piv, x.data, &ib, &jb, x.desc, &info,
             1);
  double tester = 0.0, ratio = residual(c, a0, b0, &x, &tester);
  int pass = rt_ratio(&ratios[0], ratio) & rt_ratio(&ratios[1], tester);
  int bad = info != 0 || !pass || !padding_intact(&x, -7.0);
  if (bad)
    rt_fail("%s: info %d ratio %.3g tester %.3g n=%d nrhs=%d %c legal=%d A %dx%d src (%d,%d) "
            "ia,ja=%d,%d B %dx%d src (%d,%d) ib,jb=%d,%d",
            what, info, ratio, tester, c->n, c->nrhs, t, c->legal, c->mbA, c->nbA, c->rsA, c->csA,
            c->ia, c->ja, c->mbB, c->nbB, c->rsB, c->csB, c->ib, c->jb);
  pd_matrix_free(&x);
  return bad;
}

static int run_case(int ictxt, const case_t *c, unsigned seed) {
  pd_matrix_t a0, b0, f;
  int MA = c->ia + c->n + 2, NA = c->ja + c->n + 1, MB = c->ib + c->n + 1, NB = c->jb + c->nrhs;
  if (pd_matrix_make(&a0, ictxt, MA, NA, c->mbA, c->nbA, c->rsA, c->csA, c->padA, seed, -7.0) ||
      pd_matrix_make(&b0, ictxt, MB, NB, c->mbB, c->nbB, c->rsB, c->csB, c->padB, seed + 1, -7.0))
    return rt_fail("could not make the matrices"), 1;
  if (c->zero_col >= 0)
    zero_column(&a0, c);
  int *piv = malloc(sizeof(int) * (size_t)(a0.locr + c->mbA + 1));
  copy_of(&f, &a0);
  int ia = c->ia + 1, ja = c->ja + 1, bad = 0;
  int info = rma_pdgetrf(c->n, c->n, f.data, ia, ja, f.desc, piv);
  bad |= !padding_intact(&f, -7.0);
  if (c->zero_col >= 0) {
    // Singular: only the first zero pivot is checked (column zero_col or earlier).
    int ref = -1;
    if (c->legal) {
      pd_matrix_t g;
      copy_of(&g, &a0);
      pdgetrf_(&c->n, &c->n, g.data, &ia, &ja, g.desc, piv, &ref);
      pd_matrix_free(&g);
    }
    if (info < 1 || info > c->zero_col + 1 || (c->legal && ref != info)) {
      rt_fail("singular: rma info %d, ScaLAPACK %d, zero column %d (n=%d)", info, ref, c->zero_col,
              c->n);
      bad = 1;
    }
  } else if (info != 0) {
    rt_fail("rma_pdgetrf info %d", info);
    bad = 1;
  } else {
    bad |= solve_check("rma_pdgetrf + rma_pdgetrs", 0, c, &a0, &f, piv, &b0);
    if (c->legal) {
      bad |= solve_check("rma_pdgetrf + pdgetrs", 1, c, &a0, &f, piv, &b0);
      pd_matrix_t g;
      copy_of(&g, &a0);
      int ref = 0;
      pdgetrf_(&c->n, &c->n, g.data, &ia, &ja, g.desc, piv, &ref);
      bad |= ref != 0 || solve_check("pdgetrf + rma_pdgetrs", 0, c, &a0, &g, piv, &b0);
      pd_matrix_free(&g);
    }
  }
  free(piv);
  pd_matrix_free(&a0), pd_matrix_free(&b0), pd_matrix_free(&f);
  return bad;
}

static void sweep(int nprow, int npcol, const char *order, int ncases, unsigned seed) {
  int me, np, ictxt;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, order, nprow, npcol);
  int failed = 0;
  unsigned st = seed;
  for (int i = 0; i < ncases; i++) {
    case_t c;
    draw(&st, nprow, npcol, i % 6 == 5, &c);
    int bad = run_case(ictxt, &c, seed + 31u * (unsigned)i);
    bad = rt_any(bad);
    failed += bad;
  }
  Cblacs_gridexit(ictxt);
  if (me == 0)
    printf("grid %dx%d '%s': %d cases, %d failed\n", nprow, npcol, order, ncases, failed);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  unsigned seed = 777;
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      sweep(p, np / p, "Row", 24, seed += 97);
      sweep(p, np / p, "Col", 12, seed += 97);
    }
  int status = rt_finish("test_pdgetrf", ratios, 2);
  rma_finalize();
  MPI_Finalize();
  return status;
}
