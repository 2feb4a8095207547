/*
 * The GA front-end's arrays: rma_matrix_create's legal and illegal
 * arguments, GA's layouts against the tile directory (run at np = 1, 2, 3,
 * 4, 6).
 *
 * Check:
 *   - before rma_init (and after rma_finalize) it returns RMA_ERR_NOT_INITIALIZED;
 *   - legal creations (both layouts, grid 0x0 and every explicit grid that
 *     gives each process a tile, block sizes that do not divide the matrix,
 *     blocks larger than it, name NULL) give a 2-D C_DBL GA of m x n, zero
 *     bit for bit, whose tile directory opens (rma_ga_matrix_open == 0) with
 *     the requested block size, grid (for 0x0: every process owns a tile and
 *     |p0 - p1| is the smallest over such grids) and layout, and which holds
 *     what is put into it (rt_fill / rt_gather);
 *   - illegal arguments — m < 1 (-1), n < 1 (-2), mb <= 0 (-3), nb <= 0 (-4),
 *     bad prow (-5), bad pcol (-6), a grid leaving a process without a tile
 *     (-5 / -6), bad layout (-7), NULL g_a (-9), several bad (first wins), a bad
 *     argument on one rank only — return the expected code on EVERY rank
 *     (MPI_Allgather), leave *g_a untouched and GA's memory use unchanged;
 *   - RMA_ERR_NO_GRID when no grid gives every process a tile;
 *   - after each failure, the next legal call works.
 * Prints the number of cases and failures; exits 1 on any failure. (Checks
 * are exact; the worst ratio is the failure count.)
 */
#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "ga/ga_matrix.h"
#include "ga_testutil.h"
#include "rmala.h"

static int me, np;
static long ncases = 0;

// Failures found after an agreement (rt_any): everyone's.
static void fail(const char *what) { rt_fail_same("%s", what); }

// Same code on every rank, equal to want? Returns 1 when so.
static int all_ranks_return(int rc, int want, const char *label) {
  return rt_expect_all(rc, want, "%s", label);
}

// One legal creation and its checks.
static void legal(int m, int n, int mb, int nb, int prow, int pcol, rma_layout_t lay,
                  const char *name) {
  char label[128];
  snprintf(label, sizeof label, "create(%d,%d,%d,%d,%d,%d,%s)", m, n, mb, nb, prow, pcol,
           lay == RMA_LAYOUT_TILED ? "TILED" : "SCALAPACK");
  ncases++;
  int g = -77777;
  int rc = rma_matrix_create(m, n, mb, nb, prow, pcol, lay, name, &g);
  if (!all_ranks_return(rc, 0, label))
    return;
  char why[512];
  int type = 0, ndim = 0, dims[GA_MAX_DIM] = {0};
  NGA_Inquire(g, &type, &ndim, dims);
  int bad = type != C_DBL || ndim != 2 || dims[0] != m || dims[1] != n;
  // Zero bit for bit (GA's NGA_Get works: every process owns a tile).
  double *buf = malloc(sizeof(double) * (size_t)m * n);
  rt_gather(g, m, n, buf);
  long nonzero = 0;
  const double zero = 0.0;
  for (long x = 0; x < (long)m * n; x++)
    nonzero += memcmp(&buf[x], &zero, sizeof zero) != 0;
  // The directory opens and matches the request.
  rma_ga_matrix_t mat;
  int orc = rma_ga_matrix_open(g, rma_context()->comm, &mat);
  int p0 = 0, p1 = 0, dir_bad = orc != 0;
  if (orc == 0) {
    const rma_tiles_t *t = &mat.tiles;
    p0 = t->p0, p1 = t->p1;
    int mt = (m + mb - 1) / mb, nt = (n + nb - 1) / nb;
    dir_bad |= t->mb != mb || t->nb != nb || t->p0 * t->p1 != np || t->m != m || t->n != n;
    if (prow)
      dir_bad |= t->p0 != prow || t->p1 != pcol;
    // Layout: the directory's kind, unless no owner has two tile columns
    // (then both formulas are the same and GA cannot tell them apart).
    rma_tiles_kind_t want = lay == RMA_LAYOUT_TILED ? RMA_TILES_TILED : RMA_TILES_BLOCK_CYCLIC;
    if (t->kind != want && nt > t->p1)
      dir_bad = 1;
    // Every process owns a tile.
    dir_bad |= rt_any(rma_tiles_segment_len(t, me) <= 0);
    // rmala's own grid is as square as any grid that gives everyone a tile.
    if (!prow)
      for (int r = 1; r <= np; r++)
        if (np % r == 0 && r <= mt && np / r <= nt) {
          int gap = abs(r - np / r);
          dir_bad |= gap < abs(t->p0 - t->p1);
        }
    rma_ga_matrix_close(&mat, 0);
  }
  GA_Sync();
  // GA stores what is put.
  rt_fill(g, 9, m, n, 0.0);
  rt_gather(g, m, n, buf);
  long wrong = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      wrong += buf[(long)i * n + j] != rt_entry(9, i, j);
  free(buf);
  if (rt_any(bad || nonzero || dir_bad || wrong)) {
    snprintf(why, sizeof why,
             "%s: type %d ndim %d dims %dx%d, %ld nonzero, open %d, dir grid %dx%d bad %d, %ld "
             "wrong after fill (rank %d view)",
             label, type, ndim, dims[0], dims[1], nonzero, orc, p0, p1, dir_bad, wrong, me);
    fail(why);
  }
  GA_Destroy(g);
}

// One illegal (or no-grid) call: expected code everywhere, nothing made, next call works.
static void illegal(int m, int n, int mb, int nb, int prow, int pcol, int lay, int null_ga,
                    int want, const char *what) {
  char label[160];
  snprintf(label, sizeof label, "%s: create(%d,%d,%d,%d,%d,%d,%d%s)", what, m, n, mb, nb, prow,
           pcol, lay, null_ga ? ",NULL" : "");
  ncases++;
  int g = -77777;
  size_t mem0 = GA_Inquire_memory();
  int rc =
      rma_matrix_create(m, n, mb, nb, prow, pcol, (rma_layout_t)lay, "bad", null_ga ? NULL : &g);
  all_ranks_return(rc, want, label);
  size_t mem1 = GA_Inquire_memory();
  if (rt_any(g != -77777 || mem1 != mem0)) {
    char why[256];
    snprintf(why, sizeof why, "%s: *g_a = %d, GA memory %zu -> %zu bytes", label, g, mem0, mem1);
    fail(why);
  }
  // The next legal call works.
  int g2 = 0, rc2 = rma_matrix_create(7, 5, 2, 3, 0, 0, RMA_LAYOUT_TILED, NULL, &g2);
  snprintf(label + strlen(label), sizeof label - strlen(label), " then a legal call");
  if (all_ranks_return(rc2, 0, label))
    GA_Destroy(g2);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  me = GA_Nodeid(), np = GA_Nnodes();
  int g = -77777;
  // Before rma_init.
  ncases++;
  all_ranks_return(rma_matrix_create(8, 8, 2, 2, 0, 0, RMA_LAYOUT_TILED, NULL, &g),
                   RMA_ERR_NOT_INITIALIZED, "before rma_init");
  if (g != -77777)
    fail("before rma_init: *g_a written");
  if (rma_init() != 0 || rma_init() != 0) { // idempotent
    printf("rma_init failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  // Legal: both layouts, sizes blocks do not divide, blocks larger than the
  // matrix where the grid allows it, 0x0 and every explicit grid.
  const int shapes[][4] = {{37, 29, 5, 7}, {64, 64, 8, 8}, {13, 40, 13, 3}, {40, 13, 3, 40},
                           {100, 7, 9, 1}, {6, 6, 1, 1},   {12, 18, 6, 6}};
  for (int lay = 0; lay < 2; lay++)
    for (int s = 0; s < 7; s++) {
      const int *sh = shapes[s];
      int mt = (sh[0] + sh[2] - 1) / sh[2], nt = (sh[1] + sh[3] - 1) / sh[3];
      int any_grid = 0;
      for (int r = 1; r <= np; r++)
        if (np % r == 0 && r <= mt && np / r <= nt) {
          legal(sh[0], sh[1], sh[2], sh[3], r, np / r, (rma_layout_t)lay, "explicit");
          any_grid = 1;
        }
      if (any_grid)
        legal(sh[0], sh[1], sh[2], sh[3], 0, 0, (rma_layout_t)lay, s % 2 ? NULL : "auto");
      else
        illegal(sh[0], sh[1], sh[2], sh[3], 0, 0, lay, 0, RMA_ERR_NO_GRID, "no grid");
    }
  if (np == 1)
    legal(1, 1, 1, 1, 0, 0, RMA_LAYOUT_TILED, NULL);
  // Illegal arguments, one at a time, then combinations (the first wins).
  const int T = RMA_LAYOUT_TILED, S = RMA_LAYOUT_SCALAPACK;
  for (int lay = T; lay <= S; lay++) {
    illegal(0, 8, 2, 2, 0, 0, lay, 0, -1, "m = 0");
    illegal(-5, 8, 2, 2, 0, 0, lay, 0, -1, "m < 0");
    illegal(8, 0, 2, 2, 0, 0, lay, 0, -2, "n = 0");
    illegal(8, -1, 2, 2, 0, 0, lay, 0, -2, "n < 0");
    illegal(8, 8, 0, 2, 0, 0, lay, 0, -3, "mb = 0");
    illegal(8, 8, -2, 2, 0, 0, lay, 0, -3, "mb < 0");
    illegal(8, 8, 2, 0, 0, 0, lay, 0, -4, "nb = 0");
    illegal(8, 8, 2, -1, 0, 0, lay, 0, -4, "nb < 0");
    illegal(24, 24, 2, 2, -1, np, lay, 0, -5, "prow < 0");
    illegal(24, 24, 2, 2, 0, np, lay, 0, -5, "prow = 0 with pcol > 0");
    illegal(24, 24, 2, 2, np + 1, 1, lay, 0, -5, "prow does not divide np");
    illegal(24, 24, 2, 2, 1, -1, lay, 0, -6, "pcol < 0");
    illegal(24, 24, 2, 2, 1, np + 1, lay, 0, -6, "prow * pcol > np");
    illegal(24, 24, 2, 2, np, 0, lay, 0, -5, "pcol = 0 with prow > 0");
    if (np > 1) {
      illegal(24, 24, 2, 2, 1, 1, lay, 0, -6, "prow * pcol < np");
      illegal(3, 24, 4, 2, np, 1, lay, 0, -5, "grid leaves a process idle (rows)");
      illegal(24, 3, 2, 4, 1, np, lay, 0, -6, "grid leaves a process idle (columns)");
      illegal(1, 1, 1, 1, 0, 0, lay, 0, RMA_ERR_NO_GRID, "1x1 matrix, no grid");
      if (np == 3 || np == 6) // 2 x 2 tiles: no 1x3, 3x1, 2x3 or 3x2 grid fits
        illegal(5, 5, 3, 3, 0, 0, lay, 0, RMA_ERR_NO_GRID, "2x2 tiles, no grid");
    }
    illegal(8, 8, 2, 2, 0, 0, lay, 1, -9, "g_a NULL");
    illegal(0, 0, 0, 0, -1, -1, 5, 1, -1, "everything bad");
    illegal(8, 0, 0, 2, 0, 0, lay, 1, -2, "n and mb bad");
    illegal(8, 8, 2, 2, 0, 0, 5 + lay, 1, -7, "layout and g_a bad");
  }
  illegal(8, 8, 2, 2, 0, 0, -1, 0, -7, "layout = -1");
  illegal(8, 8, 2, 2, 0, 0, 2, 0, -7, "layout = 2");
  // A bad argument on one rank only: every rank returns it.
  {
    ncases++;
    int gg = -77777, bad_rank = np - 1;
    int rc = rma_matrix_create(8, me == bad_rank ? 0 : 8, 2, 2, 0, 0, RMA_LAYOUT_TILED, NULL,
                               me == 0 ? NULL : &gg);
    // Rank 0 passes NULL g_a (-9), the last rank n = 0 (-2): the first wins.
    all_ranks_return(rc, -2, "bad argument on some ranks only");
  }
  // After rma_finalize: not initialised again; re-init works.
  rma_finalize();
  ncases++;
  all_ranks_return(rma_matrix_create(8, 8, 2, 2, 0, 0, RMA_LAYOUT_TILED, NULL, &g),
                   RMA_ERR_NOT_INITIALIZED, "after rma_finalize");
  ncases++;
  int rc = rma_init();
  all_ranks_return(rc, 0, "rma_init after rma_finalize");
  legal(9, 9, 2, 2, 0, 0, RMA_LAYOUT_SCALAPACK, NULL);
  if (me == 0)
    printf("test_matrix_create np=%d: %ld cases\n", np, ncases);
  int status = rt_finish("test_matrix_create", NULL, 0);
  rt_finalize();
  return status;
}
