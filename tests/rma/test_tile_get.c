/*
 * Tile gets through the tile directory and the tile store (run at np = 1, 2, 3, 4, 6),
 * once with shared memory on (node neighbours' tiles in place) and once off (by RMA).
 *
 * For arrays of every GA layout — tiled and ScaLAPACK block-cyclic made by
 * rma_matrix_create (block sizes that do not divide the matrix, blocks larger
 * than it, grids 0x0 / 1xP / Px1 / 2x2 / 2x3 / 3x2), regular (rt_create_regular,
 * including arrays where some process holds nothing) and irregular
 * (GA_Set_irreg_distr) — filled with rt_fill:
 *   - rma_ga_matrix_open returns 0;
 *   - before the store copy, NGA_Get of every patch below is the reference
 *     (and must equal rt_entry, i.e. GA itself stores what was put);
 *   - the store holds a mirror (rma_store_mirror): on one node with shared
 *     memory on it has no RMA domain (unless the MPI library cannot make
 *     shared windows, e.g. Open MPI restricted to osc rdma: then RMA only),
 *     with it off no shared one; at np > 1 a ScaLAPACK-layout array is
 *     stored tiled (the gets below go through the copy's directory), others
 *     keep their layout;
 *   - every rank fetches EVERY tile with rma_patch_rget +
 *     MPI_Waitall (alternately into a contiguous buffer and one with a padded
 *     ld, whose padding must stay untouched; every third tile through a
 *     staging area taking every piece, every third through one used where
 *     the MPI prefers it, then rma_stage_finish), and 8 arbitrary patches
 *     spanning several tiles; each is compared bit for bit with the reference;
 *   - rma_patch_in_place: tiles in place reach (own, or a node neighbour's
 *     with shared memory on) and a sub-rectangle of one give a pointer to
 *     the right data; other tiles and patches spanning tiles give NULL;
 *   - afterwards (GA_Sync between), NGA_Get of every patch is unchanged.
 * Stale handles: after a GA is destroyed, a new array of another layout and
 * size that gets the same handle number (reported if GA gives another one)
 * is fetched correctly, and rma_dgemm(new, I) returns the new array's data.
 * Prints arrays, tiles, patches and mismatches; exits 1 on any failure.
 * (Every check is bitwise: the worst ratio is the mismatch count.)
 */
#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "ga/ga_matrix.h"
#include "ga_testutil.h"
#include "rma/patch.h"
#include "rma/win.h"
#include "rmala.h"
#include "store/store.h"

enum { LAY_TILED, LAY_SCALAPACK, LAY_REGULAR, LAY_IRREG };

static int me, np;
static long narrays = 0, nskipped = 0, ntiles = 0, npatches = 0, nlocal = 0;
static long nmismatch = 0;
static int nreused = 0, stale_handle = 0; /* stale check: rounds that got the old number */
static int shared_on = 1; /* RMA_OPT_SHARED_MEMORY of the current sweep */

static void fail(const char *label, const char *what) { rt_fail("%s: %s", label, what); }

// An irregular GA: p0 x p1 uneven blocks (p0 * p1 = np).
static int create_irreg(int m, int n, int p0, int p1) {
  int *map = malloc(sizeof(int) * (size_t)(p0 + p1)), nblock[2] = {p0, p1}, dims[2] = {m, n};
  for (int i = 0; i < p0; i++) // first block smaller than the rest
    map[i] = (int)((long)m * (i * i + i) / (p0 * p0 + p0));
  for (int j = 0; j < p1; j++)
    map[p0 + j] = (int)((long)n * (j * j + j) / (p1 * p1 + p1));
  int g = GA_Create_handle();
  GA_Set_data(g, 2, dims, C_DBL);
  GA_Set_irreg_distr(g, map, nblock);
  GA_Allocate(g);
  GA_Zero(g);
  free(map);
  return g;
}

// Create an array; 0 when the request is not a legal configuration at this np.
static int create(int lay, int m, int n, int mb, int nb, int p0, int p1, int *g) {
  if (lay == LAY_REGULAR) {
    *g = rt_create_regular(m, n, "regular");
    return 1;
  }
  if (lay == LAY_IRREG) {
    if (p0 * p1 != np || p0 > m || p1 > n)
      return 0;
    *g = create_irreg(m, n, p0, p1);
    return 1;
  }
  int mt = (m + mb - 1) / mb, nt = (n + nb - 1) / nb;
  if (p0 && (p0 * p1 != np || p0 > mt || p1 > nt))
    return 0;
  int rc = rma_matrix_create(m, n, mb, nb, p0, p1,
                             lay == LAY_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK, "T", g);
  if (rc == RMA_ERR_NO_GRID && p0 == 0)
    return 0;
  if (rc != 0) {
    printf("rank %d: rma_matrix_create(%d,%d,%d,%d,%d,%d) = %d (%s)\n", me, m, n, mb, nb, p0, p1,
           rc, rma_strerror(rc));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return 1;
}

static void nga_get(int g, rma_rect_t p, double *buf) {
  int lo[2] = {p.r0, p.c0}, hi[2] = {p.r0 + p.rows - 1, p.c0 + p.cols - 1}, ld[1] = {p.cols};
  NGA_Get(g, lo, hi, buf, ld);
}

// Does buf (ld ldb) hold exactly ref (ld p.cols)? Counts mismatching elements.
static long compare(const double *buf, int ldb, const double *ref, rma_rect_t p) {
  long bad = 0;
  for (int i = 0; i < p.rows; i++)
    for (int j = 0; j < p.cols; j++)
      bad += memcmp(&buf[(long)i * ldb + j], &ref[(long)i * p.cols + j], sizeof(double)) != 0;
  return bad;
}

static unsigned lcg;
static int pick(int count) { return rt_rand(&lcg, count); }

// The full check of one array holding rt_fill(seed) in m x n.
static void check_array(int g, int m, int n, unsigned long long seed, const char *label) {
  MPI_Comm comm = rma_context()->comm;
  rma_ga_matrix_t mat;
  char why[200];
  narrays++;
  rt_fill(g, seed, m, n, 0.0);
  int rc = rma_ga_matrix_open(g, comm, &mat);
  if (rc != 0) {
    snprintf(why, sizeof why, "rma_ga_matrix_open = %d (%s)", rc, rma_strerror(rc));
    fail(label, why);
    return;
  }
  const rma_tiles_t *t = &mat.tiles;
  // The patches: every tile, then 8 arbitrary rectangles (rank-dependent, some
  // spanning several tiles; the first is the whole matrix).
  int nt = t->mt * t->nt, npat = nt + 8;
  rma_rect_t *pat = malloc(sizeof(rma_rect_t) * (size_t)npat);
  long *off = malloc(sizeof(long) * (size_t)(npat + 1));
  for (int bi = 0; bi < t->mt; bi++)
    for (int bj = 0; bj < t->nt; bj++) {
      rma_tile_t tl;
      rma_tiles_locate(t, bi, bj, &tl);
      pat[bi * t->nt + bj] = (rma_rect_t){tl.r0, tl.c0, tl.rows, tl.cols};
    }
  lcg = (unsigned)seed * 1000 + (unsigned)me;
  pat[nt] = (rma_rect_t){0, 0, m, n};
  for (int x = nt + 1; x < npat; x++) {
    int r0 = pick(m), c0 = pick(n);
    pat[x] = (rma_rect_t){r0, c0, 1 + pick(m - r0), 1 + pick(n - c0)};
  }
  off[0] = 0;
  for (int x = 0; x < npat; x++)
    off[x + 1] = off[x] + (long)pat[x].rows * pat[x].cols;
  // References before the epoch; GA must hold what rt_fill put.
  double *ref = malloc(sizeof(double) * (size_t)off[npat]);
  double *after = malloc(sizeof(double) * (size_t)off[npat]);
  long ga_bad = 0;
  for (int x = 0; x < npat; x++) {
    nga_get(g, pat[x], ref + off[x]);
    for (int i = 0; i < pat[x].rows; i++)
      for (int j = 0; j < pat[x].cols; j++) {
        double want = rt_entry(seed, pat[x].r0 + i, pat[x].c0 + j);
        ga_bad += memcmp(&ref[off[x] + (long)i * pat[x].cols + j], &want, sizeof want) != 0;
      }
  }
  if (ga_bad) {
    snprintf(why, sizeof why, "NGA_Get differs from the values put in %ld elements", ga_bad);
    fail(label, why);
  }
  GA_Sync();
  rma_win_t *win = NULL;
  const rma_tiles_t *st = NULL; // the directory of the store's copy
  rc = rma_status_agree(comm, rma_store_mirror(RMA_STORE_A, t, mat.seg, mat.seglen, &win, &st));
  if (rc == 0 && np > 1 && st->kind != (t->kind == RMA_TILES_BLOCK_CYCLIC ? RMA_TILES_TILED : t->kind))
    rc = -9996; // a ScaLAPACK-layout copy is stored tiled, others as they are
  if (rc == 0 && shared_on && rma_context()->node_size == np)
    rc = win->shared && win->remote ? -9998 : 0; // one node in shared memory: no RMA domain
  static int shown[2];
  if (rc == 0 && me == 0 && !shown[shared_on]++)
    printf("tile store domains (shared memory %s): %s\n", shared_on ? "on" : "off",
           rma_win_domains(win));
  if (rc == 0 && !shared_on && np > 1)
    rc = win->shared ? -9997 : 0; // shared memory off: every other rank by RMA
  if (rc != 0) {
    snprintf(why, sizeof why, "rma_store_mirror = %d", rc);
    fail(label, why);
  } else {
    // Every tile; odd tiles into a padded buffer whose padding must survive.
    const double pad = -12345.0;
    double *buf = malloc(sizeof(double) * (size_t)(off[npat] + 3L * (m + 1) * (npat + 1)));
    long *boff = malloc(sizeof(long) * (size_t)(npat + 1));
    int *ldb = malloc(sizeof(int) * (size_t)npat), maxreq = 0;
    boff[0] = 0;
    for (int x = 0; x < npat; x++) {
      ldb[x] = pat[x].cols + (x % 2 ? 3 : 0);
      boff[x + 1] = boff[x] + (long)pat[x].rows * ldb[x];
      int need = rma_patch_requests(st, pat[x]);
      maxreq = need > maxreq ? need : maxreq;
    }
    for (long y = 0; y < boff[npat]; y++)
      buf[y] = pad;
    MPI_Request *reqs = malloc(sizeof(MPI_Request) * (size_t)(nt + 1) * (size_t)maxreq);
    int nreq = 0;
    // Every third tile through a staging area that takes every piece, every
    // third where the MPI library prefers it (whole remote tiles landing strided).
    double *stagebuf = malloc(sizeof(double) * (size_t)(off[npat] + 1));
    long half = (long)sizeof(double) * (off[npat] / 2); // stage capacities are in bytes
    rma_stage_t stage[2] = {{stagebuf, 0, half + (long)sizeof(double), NULL, 0, 0, 1},
                            {stagebuf + off[npat] / 2 + 1, 0, half, NULL, 0, 0, 0}};
    for (int x = 0; x < nt && rc == 0; x++)
      rc = rma_patch_rget(win, st, pat[x], buf + boff[x], ldb[x], reqs, &nreq,
                          x % 3 ? &stage[x % 3 - 1] : NULL);
    if (rc == 0)
      rc = MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
    rma_stage_finish(&stage[0]), rma_stage_finish(&stage[1]);
    free(stage[0].copies), free(stage[1].copies), free(stagebuf);
    // The arbitrary patches: one batch each.
    for (int x = nt; x < npat && rc == 0; x++) {
      nreq = 0;
      rc = rma_patch_rget(win, st, pat[x], buf + boff[x], ldb[x], reqs, &nreq, NULL);
      if (rc == 0 && nreq > rma_patch_requests(st, pat[x]))
        rc = -9999;
      if (rc == 0)
        rc = MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
    }
    if (rc != 0) {
      snprintf(why, sizeof why, "rma_patch_rget / MPI_Waitall = %d", rc);
      fail(label, why);
    }
    long bad = 0, padbad = 0;
    for (int x = 0; x < npat; x++) {
      long b = compare(buf + boff[x], ldb[x], ref + off[x], pat[x]);
      if (b && nmismatch + bad < 5)
        printf("rank %d %s: patch (%d,%d %dx%d) %ld elements differ\n", me, label, pat[x].r0,
               pat[x].c0, pat[x].rows, pat[x].cols, b);
      bad += b;
      for (int i = 0; i < pat[x].rows; i++)
        for (int j = pat[x].cols; j < ldb[x]; j++)
          padbad += buf[boff[x] + (long)i * ldb[x] + j] != pad;
    }
    ntiles += nt, npatches += npat - nt;
    nmismatch += bad;
    if (bad || padbad) {
      snprintf(why, sizeof why, "%ld fetched elements differ from NGA_Get, %ld padding written",
               bad, padbad);
      fail(label, why);
    }
    // Direct access: own tiles (and their interior), NULL for the rest.
    long lbad = 0;
    for (int x = 0; x < nt; x++) {
      rma_tile_t tl;
      rma_tiles_locate(t, rma_tiles_row_of(t, pat[x].r0), rma_tiles_col_of(t, pat[x].c0), &tl);
      int ld = -1;
      double *p = rma_patch_in_place(win, st, pat[x], &ld);
      if (!win->peer[tl.owner]) {
        lbad += p != NULL;
        continue;
      }
      nlocal++;
      if (!p) {
        lbad++;
        continue;
      }
      lbad += compare(p, ld, ref + off[x], pat[x]) != 0;
      if (pat[x].rows > 1 && pat[x].cols > 1) { // the interior without the first row and column
        rma_rect_t in = {pat[x].r0 + 1, pat[x].c0 + 1, pat[x].rows - 1, pat[x].cols - 1};
        double *q = rma_patch_in_place(win, st, in, &ld);
        lbad += q == NULL || *q != ref[off[x] + pat[x].cols + 1];
      }
    }
    if (t->mt * t->nt > 1) { // a patch over two tiles is never one local tile
      rma_rect_t two = t->nt > 1 ? (rma_rect_t){0, pat[0].cols - 1, 1, 2}
                                 : (rma_rect_t){pat[0].rows - 1, 0, 2, 1};
      int ld;
      lbad += rma_patch_in_place(win, st, two, &ld) != NULL;
    }
    if (lbad) {
      snprintf(why, sizeof why, "rma_patch_in_place wrong for %ld tiles", lbad);
      fail(label, why);
    }
    free(buf), free(boff), free(ldb), free(reqs);
    // Nobody refills the store while another rank still reads it.
    MPI_Barrier(comm);
  }
  rma_ga_matrix_close(&mat, 0);
  GA_Sync();
  // After the epoch: GA sees the same data.
  long moved = 0;
  for (int x = 0; x < npat; x++) {
    nga_get(g, pat[x], after + off[x]);
    moved += compare(after + off[x], pat[x].cols, ref + off[x], pat[x]);
  }
  if (moved) {
    snprintf(why, sizeof why, "%ld elements changed across the epoch", moved);
    fail(label, why);
  }
  GA_Sync();
  free(pat), free(off), free(ref), free(after);
}

// One array of the sweep: create, check, destroy.
static void sweep_one(int lay, int m, int n, int mb, int nb, int p0, int p1) {
  int g;
  char label[96];
  snprintf(label, sizeof label, "%s %dx%d blocks %dx%d grid %dx%d",
           lay == LAY_TILED       ? "tiled"
           : lay == LAY_SCALAPACK ? "scalapack"
           : lay == LAY_REGULAR   ? "regular"
                                  : "irregular",
           m, n, mb, nb, p0, p1);
  if (!create(lay, m, n, mb, nb, p0, p1, &g)) {
    nskipped++;
    return;
  }
  check_array(g, m, n, 100 + (unsigned long long)narrays, label);
  GA_Destroy(g);
}

// Stale handles: a new array with a destroyed array's number.
static void stale_check(void) {
  int gi = 0, gc = 0, gx = 0, gy = 0, n = 24;
  // Identity and result, made first so that X's number is the one reused.
  if (!create(LAY_TILED, n, n, 5, 5, 0, 0, &gi) || !create(LAY_TILED, n, n, 5, 5, 0, 0, &gc)) {
    nskipped++;
    return;
  }
  if (me == 0)
    for (int i = 0; i < n; i++) {
      int sub[2] = {i, i}, ld[1] = {1};
      double one = 1.0;
      NGA_Put(gi, sub, sub, &one, ld);
    }
  GA_Sync();
  double *c = malloc(sizeof(double) * (size_t)n * n);
  for (int round = 0; round < 3; round++) {
    // Round 0: tiled 5x5; 1: ScaLAPACK 7x3, other size; 2: regular.
    int lay = round == 0 ? LAY_TILED : round == 1 ? LAY_SCALAPACK : LAY_REGULAR;
    int rows = n - 2 * round, mb = round == 1 ? 7 : 5, nb = round == 1 ? 3 : 5;
    if (!create(lay, rows, n, mb, nb, 0, 0, &gy)) {
      nskipped++;
      continue;
    }
    if (round > 0 && gy != gx && me == 0)
      printf("note: GA gave handle %d after destroying %d (no reuse to test this round)\n", gy, gx);
    nreused += round > 0 && gy == gx;
    stale_handle = gy;
    char label[64];
    snprintf(label, sizeof label, "stale round %d (handle %d)", round, gy);
    unsigned long long seed = 500 + (unsigned long long)round;
    check_array(gy, rows, n, seed, label);
    // rma_dgemm sees the new array, not a cached view of the old one: C = Y * I.
    rt_fill_const(gc, n, n, 7.0);
    int rc = rma_dgemm('N', 'N', rows, n, n, 1.0, gy, gi, 0.0, gc);
    rt_gather(gc, rows, n, c);
    long bad = rc != 0;
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < n; j++)
        bad += c[(long)i * n + j] != rt_entry(seed, i, j);
    if (bad) {
      char why[96];
      snprintf(why, sizeof why, "rma_dgemm(Y, I) = %d, %ld elements not Y's", rc, bad);
      fail(label, why);
    }
    gx = gy;
    GA_Destroy(gy);
  }
  free(c);
  GA_Destroy(gi), GA_Destroy(gc);
}

// Every array of the sweep at this np.
static void sweep_all(int ngrids, int grids[][2]) {
  const int blocks[][2] = {{5, 7}, {8, 3}, {1, 2}, {16, 16}, {64, 5}, {3, 64}, {37, 29}};
  for (int lay = LAY_TILED; lay <= LAY_SCALAPACK; lay++)
    for (int b = 0; b < 7; b++)
      for (int gr = 0; gr < ngrids; gr++)
        sweep_one(lay, 37, 29, blocks[b][0], blocks[b][1], grids[gr][0], grids[gr][1]);
  // Small arrays: 1 x 1 tiles of a 1 x 1 matrix, single rows and columns.
  for (int lay = LAY_TILED; lay <= LAY_SCALAPACK; lay++) {
    sweep_one(lay, 1, 1, 1, 1, 0, 0);
    sweep_one(lay, 1, 13, 1, 2, 0, 0);
    sweep_one(lay, 13, 1, 2, 1, 0, 0);
  }
  // Regular: some processes hold nothing in the small ones.
  const int regs[][2] = {{37, 29}, {1, 1}, {2, 7}, {7, 2}, {100, 3}};
  for (int r = 0; r < 5; r++)
    sweep_one(LAY_REGULAR, regs[r][0], regs[r][1], 0, 0, 0, 0);
  for (int gr = 0; gr < ngrids; gr++)
    sweep_one(LAY_IRREG, 37, 29, 0, 0, grids[gr][0], grids[gr][1]);
}

int main(int argc, char **argv) {
  rt_init(&argc, &argv, &me, &np);
  int grids[6][2] = {{0, 0}, {1, np}, {np, 1}, {0, 0}, {0, 0}, {0, 0}}, ngrids = 3;
  if (np == 4)
    grids[ngrids][0] = 2, grids[ngrids++][1] = 2;
  if (np == 6) {
    grids[ngrids][0] = 2, grids[ngrids++][1] = 3;
    grids[ngrids][0] = 3, grids[ngrids++][1] = 2;
  }
  for (shared_on = 1; shared_on >= 0; shared_on--) {
    rma_set_option(RMA_OPT_SHARED_MEMORY, shared_on);
    sweep_all(ngrids, grids);
  }
  shared_on = 1;
  rma_set_option(RMA_OPT_SHARED_MEMORY, shared_on);
  stale_check();
  long tot[5] = {narrays, ntiles, npatches, nlocal, nmismatch};
  MPI_Allreduce(MPI_IN_PLACE, tot, 5, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0)
    printf("test_tile_get np=%d: %ld arrays (%ld configurations skipped at this np), %ld tile "
           "gets, %ld patch gets, %ld in-place tiles, %ld mismatches\n",
           np, tot[0] / np, nskipped, tot[1], tot[2], tot[3], tot[4]);
  if (me == 0)
    printf("stale-handle check: handle %d reused in %d of 2 rounds after GA_Destroy\n",
           stale_handle, nreused);
  int status = rt_finish("test_tile_get", NULL, 0);
  rt_finalize();
  return status;
}
