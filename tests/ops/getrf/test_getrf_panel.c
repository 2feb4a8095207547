/*
 * The LU panel factored by its process column (ops/getrf/getrf_panel.h) in
 * the four element types, against the one-rank kernels on the same panel
 * (rma_kernel_getrf_dt, rma_kernel_getrf_nopiv_dt), at np = 1, 2, 3, 4, 6.
 *
 * Grids: p0 x 1 for every p0 in 1 .. np (the first p0 ranks of
 * MPI_COMM_WORLD; the others hold nothing and only join the gathers).
 * Matrices: m x n block-cyclic in nb x nb tiles, each rank's local segment
 * row-major, entry (i, j) = rt_entry(seed, i, j) (+ i rt_entry(seed + 1, i,
 * j) for c and z) rounded to the type; m in {nb + 1, 3 nb + 5, 100}, nb in
 * {4, 8, 16, 32}, n in {nb - 1, nb, 2 nb + 3} (a narrow panel, a full one,
 * one with columns beside it); panel k = 0, and k = 1 (its top rows on
 * process row 1 % p0) where the matrix has two tile rows below tile row 1
 * and a second tile column. Without pivoting on diagonally dominant
 * matrices (m added to the diagonal). Singular panels: column w / 2 or 0
 * of the panel exactly zero.
 * Checks (every case on every rank of the grid):
 *   pivots and info identical to the kernel's on the gathered panel (the
 *   kernel's pivot rule: ?getf2's, the first largest cabs1);
 *   the factored panel against the kernel's:
 *     ratio = max|F - F_ref| / (rows max|A| eps(type)) <= 16
 *   (rows: the panel's, |.| the modulus; eps 2^-24 for s and c, 2^-53 for
 *   d and z), per type; a zero column: info = its column + 1 and the
 *   factorization completes (same check) with pivoting, stops with that
 *   info without it (the same on every rank);
 *   every element of each rank's segment outside the panel bitwise
 *   unchanged.
 * Prints the worst ratio per type; exits 1 on any failure.
 */
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/tile_lapack.h"
#include "native/grid.h"
#include "ops/getrf/getrf_panel.h"
#include "testutil.h"
#include "typed_elem.h"

#define FORMULA "max|F - F_ref| / (rows max|A| eps(type))"
static rt_ratio_t worst[TE_NTYPES] = {
    RT_RATIO("panel s", FORMULA, 16.0), RT_RATIO("panel d", FORMULA, 16.0),
    RT_RATIO("panel c", FORMULA, 16.0), RT_RATIO("panel z", FORMULA, 16.0)};

static int me, np;
static long ncases;

typedef struct {
  rma_dtype_t dt;
  int m, n, nb, p0, k, pivot;
  int zero_col; /* matrix column set to zero, -1: none */
  uint64_t seed;
} pcase_t;

// Entry (i, j) of the case's matrix before the factorization (not yet
// rounded to the type).
static double complex a0_at(const pcase_t *c, int i, int j) {
  if (j == c->zero_col)
    return 0.0;
  double complex v = rt_entry(c->seed, i, j);
  if (rma_dtype_complex(c->dt))
    v += I * rt_entry(c->seed + 1, i, j);
  if (!c->pivot && i == j)
    v += c->m;
  return v;
}

// This rank's local segment (row-major, its tiles of t) filled from the
// generator; *len gets its element count.
static void *make_segment(const pcase_t *c, const rma_tiles_t *t, int prow, long *len) {
  *len = rma_tiles_segment_len(t, prow);
  void *seg = malloc(rma_tiles_esize(t) * (size_t)(*len + 1));
  RMA_TILES_FOR_OWNED(t, prow, 0, 0, 0, bi, bj) {
    rma_tile_t tile;
    rma_tiles_locate(t, bi, bj, &tile);
    for (int i = 0; i < tile.rows; i++)
      for (int j = 0; j < tile.cols; j++)
        te_put(c->dt, seg, tile.disp + (long)i * tile.ld + j, a0_at(c, tile.r0 + i, tile.c0 + j));
  }
  return seg;
}

// The panel (rows r0 .. m, columns r0 .. r0 + w) on every rank, row-major
// ld w: this rank's rows (ranks outside the grid: none) summed with zeros.
static void *gather_panel(const pcase_t *c, const rma_tiles_t *t, const void *seg, int prow, int r0,
                          int w) {
  int rows = c->m - r0, cplx = rma_dtype_complex(c->dt);
  void *f = calloc((size_t)rows * (size_t)w, te_size(c->dt));
  for (int bi = prow < c->p0 ? rma_tiles_row_from(t, prow, c->k) : t->mt; bi < t->mt; bi += c->p0) {
    rma_tile_t tile;
    rma_tiles_locate(t, bi, c->k, &tile);
    for (int i = 0; i < tile.rows; i++)
      for (int j = 0; j < w; j++)
        te_put(c->dt, f, (long)(tile.r0 + i - r0) * w + j,
               te_get(c->dt, seg, tile.disp + (long)i * tile.ld + j));
  }
  MPI_Allreduce(MPI_IN_PLACE, f, rows * w * (cplx ? 2 : 1), rma_dtype_mpi_real(c->dt), MPI_SUM,
                MPI_COMM_WORLD);
  return f;
}

// One case: factor on the grid, gather, compare with the kernel.
static void run_case(const pcase_t *c, MPI_Comm sub, rma_getrf_panel_t *pp) {
  int prow = sub == MPI_COMM_NULL ? c->p0 : me; // ranks >= p0: outside the grid
  rma_tiles_t t;
  RT_CHECK(rma_tiles_init_uniform(&t, RMA_TILES_BLOCK_CYCLIC, c->m, c->n, c->nb, c->nb, c->p0, 1) ==
               0,
           "tiles m %d n %d nb %d", c->m, c->n, c->nb);
  t.dtype = c->dt;
  int r0 = c->k * c->nb, w = c->n - r0 < c->nb ? c->n - r0 : c->nb, rows = c->m - r0;
  size_t es = te_size(c->dt);
  long len = 0;
  void *seg = NULL, *seg0 = NULL;
  int piv[64], info = -1, rc = 0;
  if (prow < c->p0) {
    seg = make_segment(c, &t, prow, &len);
    seg0 = malloc(es * (size_t)(len + 1));
    memcpy(seg0, seg, es * (size_t)len);
    rc = rma_getrf_panel_factor(pp, &t, seg, c->k, c->pivot, piv, &info);
  }
  ncases++;
  char what[160];
  snprintf(what, sizeof what, "%c m %d n %d nb %d p0 %d k %d pivot %d zero col %d",
           rma_dtype_char(c->dt), c->m, c->n, c->nb, c->p0, c->k, c->pivot, c->zero_col);
  if (rc)
    rt_fail("%s: rma_getrf_panel_factor returned %d", what, rc);
  void *f = gather_panel(c, &t, seg, prow, r0, w);

  // The reference: the kernel on the panel as generated.
  void *a = malloc(es * (size_t)rows * (size_t)w), *ref = malloc(es * (size_t)rows * (size_t)w);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < w; j++)
      te_put(c->dt, a, (long)i * w + j, a0_at(c, r0 + i, r0 + j));
  memcpy(ref, a, es * (size_t)rows * (size_t)w);
  int rpiv[64];
  int rinfo = c->pivot ? rma_kernel_getrf_dt(c->dt, rows, w, ref, w, rpiv)
                       : rma_kernel_getrf_nopiv_dt(c->dt, rows, w, ref, w);
  if (c->zero_col >= 0 && rinfo != c->zero_col - r0 + 1)
    rt_fail_same("%s: the kernel's info %d, not the zero column's %d", what, rinfo,
                 c->zero_col - r0 + 1);

  if (prow < c->p0) {
    if (info != rinfo)
      rt_fail("%s: info %d, the kernel's %d", what, info, rinfo);
    for (int j = 0; j < w && c->pivot; j++)
      if (piv[j] != rpiv[j]) {
        rt_fail("%s: piv[%d] = %d, the kernel's %d", what, j, piv[j], rpiv[j]);
        break;
      }
    // Outside the panel, this rank's segment is as it was.
    RMA_TILES_FOR_OWNED(&t, prow, 0, 0, 0, bi, bj) {
      rma_tile_t tile;
      rma_tiles_locate(&t, bi, bj, &tile);
      for (int i = 0; i < tile.rows; i++)
        for (int j = 0; j < tile.cols; j++) {
          int gi = tile.r0 + i, gj = tile.c0 + j;
          long e = tile.disp + (long)i * tile.ld + j;
          if ((gi < r0 || gj < r0 || gj >= r0 + w) &&
              memcmp((char *)seg + es * (size_t)e, (char *)seg0 + es * (size_t)e, es)) {
            rt_fail("%s: element (%d, %d) outside the panel changed", what, gi, gj);
            i = tile.rows, j = tile.cols;
          }
        }
    }
  }

  // ======== ratio = max|F - F_ref| / (rows max|A| eps(type)) ========
  // (without pivoting, a zero pivot stops both factorizations where they
  // are: only info is compared.)
  if (c->pivot || rinfo == 0) {
    double amax = 0.0, d = 0.0;
    for (long e = 0; e < (long)rows * w; e++) {
      amax = fmax(amax, cabs(te_get(c->dt, a, e)));
      double x = cabs(te_get(c->dt, f, e) - te_get(c->dt, ref, e));
      d = isnan(x) || x > d ? x : d;
    }
    double ratio = d / (rows * amax * te_eps(c->dt));
    if (!rt_ratio(&worst[c->dt], ratio))
      rt_fail_same("%s: ratio %.3g", what, ratio);
  }
  free(a), free(ref), free(f), free(seg), free(seg0);
  rma_tiles_free(&t);
}

// Every case of type dt on the p0 x 1 grid (sub: its communicator, NULL
// outside it).
static void grid_cases(rma_dtype_t dt, int p0, MPI_Comm sub) {
  static const int nbs[] = {4, 8, 16, 32};
  for (int b = 0; b < 4; b++) {
    int nb = nbs[b];
    const int ms[] = {nb + 1, 3 * nb + 5, 100}, ns[] = {nb - 1, nb, 2 * nb + 3};
    int mmax = 3 * nb + 5 > 100 ? 3 * nb + 5 : 100, mt = (mmax + nb - 1) / nb;
    rma_getrf_panel_t pp;
    int rc = 0;
    if (sub != MPI_COMM_NULL)
      rc = rma_getrf_panel_open(sub, dt, p0, me, 0, nb, mt, &pp);
    if (!rt_expect_all(rc, 0, "rma_getrf_panel_open %c p0 %d nb %d", rma_dtype_char(dt), p0, nb)) {
      if (sub != MPI_COMM_NULL)
        rma_getrf_panel_close(&pp);
      continue;
    }
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        for (int k = 0; k < 2; k++)
          for (int pivot = 0; pivot < 2; pivot++) {
            pcase_t c = {
                dt, ms[i], ns[j], nb, p0, k, pivot, -1, 1000u + 31u * (unsigned)(i + 3 * j)};
            // The panel spans two tile rows or more (the driver's rule).
            if (c.n < 1 || c.n <= k * nb || c.m <= (k + 1) * nb)
              continue;
            run_case(&c, sub, &pp);
            if (i == 1 && j == 1 && k == 0)
              for (int z = 0; z < 2; z++) {
                c.zero_col = z ? nb / 2 : 0;
                run_case(&c, sub, &pp);
              }
          }
    if (sub != MPI_COMM_NULL)
      rma_getrf_panel_close(&pp);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  rma_grid_t g = NULL;
  if (rt_expect_all(rma_grid_create(MPI_COMM_WORLD, np, 1, 'R', &g), 0, "rma_grid_create")) {
    rma_grid_enter(g);
    for (int dt = 0; dt < RMA_DT_COUNT; dt++)
      for (int p0 = 1; p0 <= np; p0++) {
        MPI_Comm sub;
        MPI_Comm_split(MPI_COMM_WORLD, me < p0 ? 0 : MPI_UNDEFINED, me, &sub);
        grid_cases((rma_dtype_t)dt, p0, sub);
        if (sub != MPI_COMM_NULL)
          MPI_Comm_free(&sub);
      }
    rma_grid_free(&g);
  }
  if (me == 0)
    printf("test_getrf_panel: np %d, %ld cases\n", np, ncases);
  int status = rt_finish("test_getrf_panel", worst, TE_NTYPES);
  rma_finalize();
  MPI_Finalize();
  return status;
}
