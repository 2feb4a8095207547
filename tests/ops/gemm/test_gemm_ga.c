/*
 * The engine's gemm through the GA front-end: rma_dgemm numerical sweep on
 * GA arrays of every layout (run at np = 1, 2, 3, 4, 6).
 *
 * Check, per entry of the m x n result (the PBLAS tester's ratio, eps = 2^-53):
 *   ratio = |c - c_ref| / (eps * (|alpha| sum_l |a_il| |b_lj| + |beta| |c0_ij|)) <= 16
 * (an entry whose scale is 0 must match exactly; NaN fails). Also: A and B
 * bit-identical afterwards; C outside m x n untouched; alpha = 0 with
 * NaN-filled A, B and beta = 0 with NaN-filled C give finite, correct C;
 * every protocol switch off (zero copy, nonblocking, locality, contention,
 * shared memory: node neighbours by RMA; store kept: freed after each call)
 * passes the same check; one handle passed as both
 * A and B works. Prints the number of cases and the worst ratio; exits 1 on
 * any failure.
 */
#include <ga.h>
#include <macdecls.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ga_testutil.h"
#include "rmala.h"

#define THRESH 16.0

enum { LAY_TILED, LAY_SCALAPACK, LAY_REGULAR };

typedef struct {
  int lay, mb, nb, prow, pcol;
} dist_t;

typedef struct {
  int m, n, k;
  char ta, tb;
  double alpha, beta;
  dist_t da, db, dc;
  int extra_r, extra_c; /* C is larger than m x n by this much */
  int nan_ab, nan_c;    /* fill A,B (or C) with NaN */
  int same_ab;          /* pass A's handle as B too (op(B) must then fit A) */
} gcase_t;

static int me, np;
static long ncases = 0;
static int last_rc; /* rma_dgemm's return of the last case */
static rt_ratio_t gemm_ratio = RT_RATIO(
    "gemm", "max |c - c_ref| / (eps (|alpha| sum_l |a_il| |b_lj| + |beta| |c0_ij|))", THRESH);

// Create a matrix of the given distribution; falls back to a grid rmala
// chooses, then to a regular GA, when the requested grid leaves a process idle.
static int make_matrix(int rows, int cols, dist_t d, const char *name) {
  rows = rows > 0 ? rows : 1;
  cols = cols > 0 ? cols : 1;
  if (d.lay == LAY_REGULAR)
    return rt_create_regular(rows, cols, name);
  rma_layout_t lay = d.lay == LAY_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK;
  int g = 0, mt = (rows + d.mb - 1) / d.mb, nt = (cols + d.nb - 1) / d.nb;
  int p = d.prow, q = d.pcol;
  if (p * q != np || p > mt || q > nt)
    p = q = 0;
  int rc = rma_matrix_create(rows, cols, d.mb, d.nb, p, q, lay, name, &g);
  if (rc == RMA_ERR_NO_GRID)
    return rt_create_regular(rows, cols, name);
  if (rc != 0) {
    if (me == 0)
      printf("rma_matrix_create(%d,%d,%d,%d,%d,%d) failed: %s\n", rows, cols, d.mb, d.nb, p, q,
             rma_strerror(rc));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return g;
}

static void dims_of(int g, int *r, int *c) {
  int type, ndim, dims[2];
  NGA_Inquire(g, &type, &ndim, dims);
  *r = dims[0], *c = dims[1];
}

static int same_bits(const double *x, const double *y, long count) {
  return memcmp(x, y, sizeof(double) * (size_t)count) == 0;
}

// Run one case; returns its worst ratio (INFINITY on any failed check).
static double run_case(const gcase_t *cs) {
  int ta = strchr("TtCc", cs->ta) != NULL, tb = strchr("TtCc", cs->tb) != NULL;
  int ar = ta ? cs->k : cs->m, ac = ta ? cs->m : cs->k;
  int br = tb ? cs->n : cs->k, bc = tb ? cs->k : cs->n;
  int ga = make_matrix(ar, ac, cs->da, "A");
  int gb = cs->same_ab ? ga : make_matrix(br, bc, cs->db, "B");
  int gc = make_matrix(cs->m + cs->extra_r, cs->n + cs->extra_c, cs->dc, "C");
  int Ar, Ac, Br, Bc, Cr, Cc;
  dims_of(ga, &Ar, &Ac), dims_of(gb, &Br, &Bc), dims_of(gc, &Cr, &Cc);
  if (cs->nan_ab) {
    rt_fill_const(ga, Ar, Ac, NAN);
    rt_fill_const(gb, Br, Bc, NAN);
  } else {
    rt_fill(ga, 11, Ar, Ac, 0.0);
    if (!cs->same_ab)
      rt_fill(gb, 22, Br, Bc, 0.0);
  }
  if (cs->nan_c)
    rt_fill_const(gc, Cr, Cc, NAN);
  else
    rt_fill(gc, 33, Cr, Cc, 0.0);
  double *A0 = malloc(sizeof(double) * Ar * Ac), *B0 = malloc(sizeof(double) * Br * Bc);
  double *C0 = malloc(sizeof(double) * Cr * Cc), *C1 = malloc(sizeof(double) * Cr * Cc);
  double *A1 = malloc(sizeof(double) * Ar * Ac), *B1 = malloc(sizeof(double) * Br * Bc);
  rt_gather(ga, Ar, Ac, A0), rt_gather(gb, Br, Bc, B0), rt_gather(gc, Cr, Cc, C0);
  int rc = rma_dgemm(cs->ta, cs->tb, cs->m, cs->n, cs->k, cs->alpha, ga, gb, cs->beta, gc);
  rt_gather(ga, Ar, Ac, A1), rt_gather(gb, Br, Bc, B1), rt_gather(gc, Cr, Cc, C1);
  double w = 0.0;
  last_rc = rc;
  if (rc != 0)
    w = INFINITY;
  if (!same_bits(A0, A1, (long)Ar * Ac) || !same_bits(B0, B1, (long)Br * Bc))
    w = INFINITY; // inputs modified
  for (int i = 0; i < Cr && w != INFINITY; i++)
    for (int j = 0; j < Cc; j++) {
      long at = (long)i * Cc + j;
      if (i >= cs->m || j >= cs->n) {
        if (!same_bits(&C0[at], &C1[at], 1))
          w = INFINITY; // outside the result: untouched
        continue;
      }
      double ref = 0.0, scale = 0.0;
      if (cs->alpha != 0.0)
        for (int l = 0; l < cs->k; l++) {
          double a = ta ? A0[(long)l * Ac + i] : A0[(long)i * Ac + l];
          double b = tb ? B0[(long)j * Bc + l] : B0[(long)l * Bc + j];
          ref += a * b;
          scale += fabs(a) * fabs(b);
        }
      ref *= cs->alpha;
      scale *= fabs(cs->alpha);
      if (cs->beta != 0.0) {
        ref += cs->beta * C0[at];
        scale += fabs(cs->beta) * fabs(C0[at]);
      }
      double diff = fabs(C1[at] - ref);
      double ratio = scale > 0.0 ? diff / (RT_EPS * scale) : (diff == 0.0 ? 0.0 : INFINITY);
      if (isnan(ratio) || !isfinite(C1[at]))
        ratio = INFINITY;
      if (ratio > w)
        w = ratio;
    }
  free(A0), free(B0), free(C0), free(C1), free(A1), free(B1);
  GA_Destroy(ga), GA_Destroy(gc);
  if (!cs->same_ab)
    GA_Destroy(gb);
  return w;
}

// Every rank computes w from the same gathered arrays: a failure is everyone's.
static void record(const gcase_t *cs, double w, const char *tag) {
  ncases++;
  if (!rt_ratio(&gemm_ratio, w))
    rt_fail_same("%s: %c%c m=%d n=%d k=%d alpha=%g beta=%g A(%d,%dx%d,%dx%d) B(%d,%dx%d,%dx%d) "
                 "C(%d,%dx%d,%dx%d)+%d,%d nan=%d%d rc=%d ratio=%g",
                 tag, cs->ta, cs->tb, cs->m, cs->n, cs->k, cs->alpha, cs->beta, cs->da.lay,
                 cs->da.mb, cs->da.nb, cs->da.prow, cs->da.pcol, cs->db.lay, cs->db.mb, cs->db.nb,
                 cs->db.prow, cs->db.pcol, cs->dc.lay, cs->dc.mb, cs->dc.nb, cs->dc.prow,
                 cs->dc.pcol, cs->extra_r, cs->extra_c, cs->nan_ab, cs->nan_c, last_rc, w);
}

static unsigned lcg_state;
static int pick(int count) { return rt_rand(&lcg_state, count); }

static const int sizes[] = {0, 1, 2, 3, 7, 13, 31, 97, 129};
static const int blocks[] = {1, 2, 3, 5, 8, 64};
static const char ops[] = {'N', 'T', 'n', 't', 'C'};
static const double ab[][2] = {{1, 0}, {2, 3}, {0, 1.2}, {-1, 1}};

// The grid choices of the sweep that exist at this process count.
static void pick_grid(dist_t *d) {
  int choice = pick(4);
  d->prow = d->pcol = 0; // rmala chooses
  if (choice == 1)
    d->prow = 1, d->pcol = np;
  else if (choice == 2)
    d->prow = np, d->pcol = 1;
  else if (choice == 3 && np == 6)
    d->prow = pick(2) ? 2 : 3, d->pcol = 6 / d->prow;
}

// Largest size allowed with block size b (keeps tile counts, hence run time, modest).
static int size_cap(int b) { return b <= 2 ? 31 : b <= 5 ? 97 : 129; }

static void random_case(gcase_t *cs) {
  memset(cs, 0, sizeof *cs);
  int conformal = pick(2);
  dist_t d = {pick(3), blocks[pick(6)], 0, 0, 0};
  d.nb = pick(3) ? d.mb : blocks[pick(6)];
  pick_grid(&d);
  cs->da = cs->db = cs->dc = d;
  if (!conformal) {
    dist_t *all[3] = {&cs->da, &cs->db, &cs->dc};
    for (int i = 0; i < 3; i++) {
      all[i]->lay = pick(3), all[i]->mb = blocks[pick(6)], all[i]->nb = blocks[pick(6)];
      pick_grid(all[i]);
    }
  }
  int minb = cs->da.mb;
  dist_t *all[3] = {&cs->da, &cs->db, &cs->dc};
  for (int i = 0; i < 3; i++) {
    minb = all[i]->mb < minb ? all[i]->mb : minb;
    minb = all[i]->nb < minb ? all[i]->nb : minb;
  }
  int cap = size_cap(minb), count = 0;
  while (count < 9 && sizes[count] <= cap)
    count++;
  cs->m = sizes[pick(count)], cs->n = sizes[pick(count)], cs->k = sizes[pick(count)];
  cs->ta = ops[pick(5)], cs->tb = ops[pick(5)];
  int s = pick(4);
  cs->alpha = ab[s][0], cs->beta = ab[s][1];
  if (pick(5) == 0)
    cs->extra_r = pick(3), cs->extra_c = pick(3);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  int total = argc > 1 ? atoi(argv[1]) : 450;
  lcg_state = 12345 + (unsigned)np * 7919;
  gcase_t cs;
  // Edge cases first: empty, 1x1, tiles larger than the matrix, all transposes.
  for (int t = 0; t < 4; t++)
    for (int s = 0; s < 4; s++) {
      const int edge[][3] = {{0, 5, 3}, {4, 0, 2}, {3, 4, 0}, {1, 1, 1}};
      for (int lay = 0; lay < 3; lay++) {
        memset(&cs, 0, sizeof cs);
        cs.m = edge[s][0], cs.n = edge[s][1], cs.k = edge[s][2];
        cs.ta = t & 1 ? 'T' : 'N', cs.tb = t & 2 ? 'T' : 'N';
        cs.alpha = 2, cs.beta = 3;
        cs.da = cs.db = cs.dc = (dist_t){lay, 64, 64, 0, 0};
        record(&cs, run_case(&cs), "edge");
      }
    }
  // NaN cases: alpha = 0 must not read A and B; beta = 0 must not read C.
  for (int lay = 0; lay < 3; lay++) {
    memset(&cs, 0, sizeof cs);
    cs.m = 13, cs.n = 7, cs.k = 31, cs.ta = 'N', cs.tb = 'T';
    cs.da = cs.db = cs.dc = (dist_t){lay, 3, 5, 0, 0};
    cs.alpha = 0, cs.beta = 1.5, cs.nan_ab = 1;
    record(&cs, run_case(&cs), "alpha0-nan");
    cs.alpha = 2, cs.beta = 0, cs.nan_ab = 0, cs.nan_c = 1;
    record(&cs, run_case(&cs), "beta0-nan");
  }
  // One handle as both A and B: C = A A^T and C = A^T A.
  for (int lay = 0; lay < 3; lay++)
    for (int t = 0; t < 2; t++) {
      memset(&cs, 0, sizeof cs);
      cs.m = cs.n = 31, cs.k = 13, cs.ta = t ? 'T' : 'N', cs.tb = t ? 'N' : 'T';
      cs.alpha = 2, cs.beta = 3, cs.same_ab = 1;
      cs.da = cs.db = cs.dc = (dist_t){lay, 5, 3, 0, 0};
      record(&cs, run_case(&cs), "same-handle");
    }
  // The sweep.
  for (int c = 0; c < total; c++) {
    random_case(&cs);
    record(&cs, run_case(&cs), "sweep");
  }
  // Each protocol switch off in turn: same check on a sample of the sweep.
  const rma_option_t sw[] = {RMA_OPT_ZERO_COPY,  RMA_OPT_NONBLOCKING,   RMA_OPT_LOCALITY,
                             RMA_OPT_CONTENTION, RMA_OPT_SHARED_MEMORY, RMA_OPT_STORE_KEEP};
  const char *swname[] = {"zero-copy-off",  "nonblocking-off",   "locality-off",
                          "contention-off", "shared-memory-off", "store-keep-off"};
  for (int s = 0; s < 6; s++) {
    rma_set_option(sw[s], 0);
    lcg_state = 777 + s;
    for (int c = 0; c < 20; c++) {
      random_case(&cs);
      record(&cs, run_case(&cs), swname[s]);
    }
    rma_set_option(sw[s], 1);
  }
  if (me == 0)
    printf("test_gemm_ga np=%d: %ld cases\n", np, ncases);
  int status = rt_finish("test_gemm_ga", &gemm_ratio, 1);
  rt_finalize();
  return status;
}
