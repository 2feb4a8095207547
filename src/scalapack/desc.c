#include "scalapack/desc.h"

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#include "tiles/tiles.h"

int rma_desc_read(const int *desc, int dpos, rma_desc_t *d) {
  if (!desc || (desc[0] != 1 && desc[0] != 2))
    return 100 * dpos + 1;
  int two = desc[0] == 2, x = two ? 2 : 0; // DTYPE 2 has IMB, INB before MB
  *d = (rma_desc_t){desc[0],     desc[1],     desc[2],     desc[3], desc[4 + x], desc[5 + x],
                    desc[6 + x], desc[7 + x], desc[8 + x], desc[4], desc[5],     3,
                    4,           5 + x,       6 + x,       7 + x,   8 + x,       9 + x};
  if (!two)
    d->imb = d->mb, d->inb = d->nb;
  return 0;
}

void rma_desc_err(rma_desc_err_t *e, int key, const char *why) {
  if (key && (!e->key || key < e->key)) {
    e->key = key;
    snprintf(e->why, sizeof e->why, "%s", why);
  }
}

// Local rows (columns) of the process rel places after the source, for
// extent m cut in a first block of fb, then blocks of b, over np processes
// (ScaLAPACK's NUMROC when fb = b; PB_Cnumroc's count for DTYPE 2).
static int local_count(int m, int fb, int b, int rel, int np) {
  if (m <= fb)
    return rel == 0 ? m : 0;
  return (rel == 0 ? fb : 0) + rma_numroc(m - fb, b, (rel - 1 + np) % np, np);
}

// CHK1MAT's chain; pblas: PB_Cchkmat's blame for a window past M or N.
static void check(const rma_desc_t *d, int ma, int mpos, int na, int npos, int ia, int ja, int dpos,
                  const rma_desc_grid_t *g, rma_desc_err_t *e, int pblas) {
  int D = 100 * dpos, key = 0, len = 96;
  char why[96] = "";
  // Local view: the first failing check of CHK1MAT's chain.
  if (ma < 0)
    key = 100 * mpos, snprintf(why, len, "sub-matrix rows = %d", ma);
  else if (na < 0)
    key = 100 * npos, snprintf(why, len, "sub-matrix columns = %d", na);
  else if (ia < 1)
    key = 100 * (dpos - 2), snprintf(why, len, "ia = %d", ia);
  else if (ja < 1)
    key = 100 * (dpos - 1), snprintf(why, len, "ja = %d", ja);
  else if (d->dtype == 2 && d->imb < 1)
    key = D + 5, snprintf(why, len, "IMB = %d", d->imb);
  else if (d->dtype == 2 && d->inb < 1)
    key = D + 6, snprintf(why, len, "INB = %d", d->inb);
  else if (d->mb < 1)
    key = D + d->e_mb, snprintf(why, len, "MB = %d", d->mb);
  else if (d->nb < 1)
    key = D + d->e_nb, snprintf(why, len, "NB = %d", d->nb);
  else if (d->rsrc < 0 || d->rsrc >= g->nprow)
    key = D + d->e_rsrc, snprintf(why, len, "RSRC = %d, %d grid rows", d->rsrc, g->nprow);
  else if (d->csrc < 0 || d->csrc >= g->npcol)
    key = D + d->e_csrc, snprintf(why, len, "CSRC = %d, %d grid columns", d->csrc, g->npcol);
  else if (d->lld < 1)
    key = D + d->e_lld, snprintf(why, len, "LLD = %d", d->lld);
  else if (d->m >= 0 && d->n >= 0 && !(pblas && (ma == 0 || na == 0))) {
    // (PB_Cchkmat skips this one for an empty window.)
    int lr = local_count(d->m, d->imb, d->mb, (g->myrow - d->rsrc + g->nprow) % g->nprow, g->nprow);
    int lc = local_count(d->n, d->inb, d->nb, (g->mycol - d->csrc + g->npcol) % g->npcol, g->npcol);
    if (d->lld < lr && lc > 0)
      key = D + d->e_lld, snprintf(why, len, "LLD = %d < %d local rows", d->lld, lr);
  }
  char more[96] = "";
  int k2 = 0;
  if (ma == 0 || na == 0) { // an empty window: only the extents' signs
    if (d->m < 0)
      k2 = D + d->e_m, snprintf(more, sizeof more, "M = %d", d->m);
    else if (d->n < 0)
      k2 = D + d->e_n, snprintf(more, sizeof more, "N = %d", d->n);
  } else if (d->m < 1)
    k2 = D + d->e_m, snprintf(more, sizeof more, "M = %d", d->m);
  else if (d->n < 1)
    k2 = D + d->e_n, snprintf(more, sizeof more, "N = %d", d->n);
  else if (ia > d->m)
    k2 = 100 * (dpos - 2), snprintf(more, sizeof more, "ia = %d > M = %d", ia, d->m);
  else if (ja > d->n)
    k2 = 100 * (dpos - 1), snprintf(more, sizeof more, "ja = %d > N = %d", ja, d->n);
  else if ((long)ia + ma - 1 > d->m)
    k2 = 100 * (pblas ? dpos - 2 : mpos),
    snprintf(more, sizeof more, "last row ia + rows - 1 = %ld > M = %d", (long)ia + ma - 1, d->m);
  else if ((long)ja + na - 1 > d->n)
    k2 = 100 * (pblas ? dpos - 1 : npos),
    snprintf(more, sizeof more, "last column ja + columns - 1 = %ld > N = %d", (long)ja + na - 1,
             d->n);
  rma_desc_err(e, key, why);
  rma_desc_err(e, k2, more);
}

void rma_desc_check(const rma_desc_t *d, int ma, int mpos, int na, int npos, int ia, int ja,
                    int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e) {
  check(d, ma, mpos, na, npos, ia, ja, dpos, g, e, 0);
}

void rma_desc_check_pblas(const rma_desc_t *d, int ma, int mpos, int na, int npos, int ia, int ja,
                          int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e) {
  check(d, ma, mpos, na, npos, ia, ja, dpos, g, e, 1);
}

int rma_desc_served(const rma_desc_t *d) { return d->imb == d->mb && d->inb == d->nb; }

void rma_desc_same(rma_same_t *s, const char *name, const rma_desc_t *d, int unread, int ia,
                   int ja) {
  int64_t f[11] = {-1};
  if (!unread)
    f[0] = d->dtype, f[1] = d->m, f[2] = d->n, f[3] = d->mb, f[4] = d->nb, f[5] = d->imb,
    f[6] = d->inb, f[7] = d->rsrc, f[8] = d->csrc, f[9] = ia, f[10] = ja;
  rma_same_fold(s, name, f, 11);
}

rma_bcm_t rma_desc_matrix(const rma_desc_t *d, rma_grid_t grid, rma_dtype_t dt, const void *data) {
  return (rma_bcm_t){grid, dt, d->m, d->n, d->mb, d->nb, d->rsrc, d->csrc, (void *)data, d->lld};
}

int rma_desc_unreadable(const char *routine, int key) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    fprintf(stderr,
            "rmala: %s: entry 1 of argument %d illegal (DTYPE not 1 or 2, or no descriptor)\n",
            routine, key / 100);
  return -key;
}
