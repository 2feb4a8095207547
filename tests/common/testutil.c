#include "testutil.h"

#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typed_elem.h"

// ---- Generators -----------------------------------------------------------

static uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

double rt_entry(uint64_t seed, long i, long j) {
  uint64_t h = splitmix64(splitmix64(seed) ^ ((uint64_t)i << 32 | (uint32_t)j));
  return (double)(h >> 11) * 0x1.0p-53 - 0.5;
}

int rt_rand(unsigned *state, int bound) {
  *state = *state * 1103515245u + 12345u;
  return bound > 0 ? (int)((*state >> 8) % (unsigned)bound) : 0;
}

// ---- Block-cyclic index arithmetic -----------------------------------------

int rt_global(int l, int nb, int myp, int src, int np) {
  int rel = (myp - src + np) % np;
  return (l / nb) * nb * np + rel * nb + l % nb;
}

void rt_grid_shape(int p, int *nprow, int *npcol) {
  int r = (int)sqrt((double)p);
  while (r > 1 && p % r != 0)
    r--;
  *nprow = r, *npcol = p / r;
}

// ---- Native matrices -------------------------------------------------------

int rt_dmatrix_make(rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, int pad,
                    uint64_t seed, rma_dmatrix_t *x) {
  *x = (rma_dmatrix_t){g, m, n, mb, nb, rs, cs, NULL, 0};
  int lr, lc;
  if (rma_dmatrix_local_size(x, &lr, &lc))
    return -1;
  if (pad > 0) {
    x->lld = (lr > 1 ? lr : 1) + pad;
    long len = rt_dmatrix_len(x);
    x->data = malloc(sizeof(double) * (size_t)len);
    if (!x->data)
      return -1;
    for (long e = 0; e < len; e++)
      x->data[e] = -7.0;
  } else if (rma_dmatrix_alloc(x)) {
    return -1;
  }
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(x, li, lj, &gi, &gj);
      x->data[li + (long)lj * x->lld] = rt_entry(seed, gi, gj);
    }
  return 0;
}

void rt_dmatrix_free(rma_dmatrix_t *x, int pad) {
  if (pad > 0) {
    free(x->data);
    x->data = NULL;
  } else {
    rma_dmatrix_free(x);
  }
}

long rt_dmatrix_len(const rma_dmatrix_t *x) {
  int lc = 0;
  rma_dmatrix_local_size(x, NULL, &lc);
  return (long)x->lld * (lc > 0 ? lc : 1);
}

void rt_dmatrix_global(const rma_dmatrix_t *x, int li, int lj, int *gi, int *gj) {
  int npr, npc, pr, pc;
  rma_grid_info(x->grid, &npr, &npc, &pr, &pc);
  *gi = rt_global(li, x->mb, pr, x->rsrc, npr);
  *gj = rt_global(lj, x->nb, pc, x->csrc, npc);
}

double *rt_dmatrix_gather(const rma_dmatrix_t *x, int i0, int j0, int rows, int cols) {
  int lr, lc;
  rma_dmatrix_local_size(x, &lr, &lc);
  double *w = calloc((size_t)rows * (size_t)cols + 1, sizeof(double));
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++) {
      int gi, gj;
      rt_dmatrix_global(x, li, lj, &gi, &gj);
      gi -= i0, gj -= j0;
      if (gi >= 0 && gi < rows && gj >= 0 && gj < cols)
        w[gi + (long)gj * rows] = x->data[li + (long)lj * x->lld];
    }
  // Each entry is held by exactly one process: the sum is the entry.
  MPI_Allreduce(MPI_IN_PLACE, w, rows * cols, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return w;
}

// ---- Native matrices of any element type ------------------------------------

double complex rt_tvalue(int t, uint64_t seed, long i, long j) {
  double complex v = rt_entry(seed, i, j), r[1];
  if (te_complex(t))
    v += I * rt_entry(seed + 1000, i, j);
  te_put(t, r, 0, v);
  return te_get(t, r, 0);
}

int rt_tmatrix_make(int t, rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, int pad,
                    uint64_t seed, rt_tmatrix_t *x) {
  x->d = (rma_dmatrix_t){g, m, n, mb, nb, rs, cs, NULL, 1};
  x->t = t, x->data = NULL;
  if (pad < 0 || rma_dmatrix_local_size(&x->d, &x->lr, &x->lc))
    return -1;
  x->d.lld = (x->lr > 1 ? x->lr : 1) + pad;
  long len = rt_tmatrix_len(x);
  x->data = malloc(te_size(t) * (size_t)len);
  if (!x->data)
    return -1;
  for (long e = 0; e < len; e++)
    te_put(t, x->data, e, -7.0 - 3.0 * I);
  for (int lj = 0; lj < x->lc; lj++)
    for (int li = 0; li < x->lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&x->d, li, lj, &gi, &gj);
      te_put(t, x->data, li + (long)lj * x->d.lld, rt_tvalue(t, seed, gi, gj));
    }
  return 0;
}

void rt_tmatrix_free(rt_tmatrix_t *x) {
  free(x->data);
  x->data = NULL;
}

long rt_tmatrix_len(const rt_tmatrix_t *x) { return (long)x->d.lld * (x->lc > 0 ? x->lc : 1); }

double complex *rt_tmatrix_gather(const rt_tmatrix_t *x, int i0, int j0, int rows, int cols) {
  double complex *w = calloc((size_t)rows * (size_t)cols + 1, sizeof(double complex));
  for (int lj = 0; lj < x->lc; lj++)
    for (int li = 0; li < x->lr; li++) {
      int gi, gj;
      rt_dmatrix_global(&x->d, li, lj, &gi, &gj);
      gi -= i0, gj -= j0;
      if (gi >= 0 && gi < rows && gj >= 0 && gj < cols)
        w[gi + (long)gj * rows] = te_get(x->t, x->data, li + (long)lj * x->d.lld);
    }
  // Each entry is held by exactly one process: the sum is the entry.
  MPI_Allreduce(MPI_IN_PLACE, w, rows * cols, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
  return w;
}

// ---- Failure reporting -------------------------------------------------------

static long nfail_local; // rt_fail: this rank's own failures
static long nfail_same;  // rt_fail_same: failures every rank counts alike

// Rank in MPI_COMM_WORLD, -1 without MPI (unit tests).
static int world_rank(void) {
  int up = 0, fin = 0, me = -1;
  MPI_Initialized(&up);
  if (up)
    MPI_Finalized(&fin);
  if (up && !fin)
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
  return me;
}

static void vreport(long count, const char *where, const char *fmt, va_list ap) {
  if (count > 20)
    return;
  char msg[768];
  vsnprintf(msg, sizeof msg, fmt, ap);
  int me = world_rank();
  if (me >= 0)
    printf("FAIL rank %d: %s%s\n", me, where, msg);
  else
    printf("FAIL: %s%s\n", where, msg);
  fflush(stdout);
}

void rt_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(++nfail_local, "", fmt, ap);
  va_end(ap);
}

void rt_fail_same(const char *fmt, ...) {
  ++nfail_same;
  if (world_rank() > 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vreport(nfail_same, "(every rank) ", fmt, ap);
  va_end(ap);
}

void rt_fail_at(const char *file, int line, const char *fmt, ...) {
  char where[256];
  const char *base = strrchr(file, '/');
  snprintf(where, sizeof where, "%s:%d: ", base ? base + 1 : file, line);
  va_list ap;
  va_start(ap, fmt);
  vreport(++nfail_local, where, fmt, ap);
  va_end(ap);
}

long rt_failures(void) { return nfail_local + nfail_same; }

// ---- All ranks agreeing --------------------------------------------------------

int rt_each_grid(void (*fn)(rma_grid_t g, unsigned seed), unsigned seed0, unsigned step) {
  int np = 1, grids = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  for (int p = 1; p <= np; p++) {
    if (np % p)
      continue;
    int q = np / p;
    for (int order = 0; order < (p > 1 && q > 1 ? 2 : 1); order++) {
      rma_grid_t g = NULL;
      int rc = rma_grid_create(MPI_COMM_WORLD, p, q, order ? 'C' : 'R', &g);
      if (!rt_expect_all(rc, 0, "rma_grid_create %dx%d '%c'", p, q, order ? 'C' : 'R'))
        continue;
      fn(g, seed0 + step * (unsigned)grids);
      rma_grid_free(&g);
      grids++;
    }
  }
  return grids;
}

int rt_expect_all(int rc, int want, const char *fmt, ...) {
  int np = 1, me = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int *all = malloc(sizeof(int) * (size_t)np), ok = 1;
  MPI_Allgather(&rc, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < np; r++)
    ok &= all[r] == want;
  if (!ok) {
    char label[512], got[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(label, sizeof label, fmt, ap);
    va_end(ap);
    int at = 0;
    got[0] = '\0';
    for (int r = 0; r < np && at < (int)sizeof got - 16; r++)
      at += snprintf(got + at, sizeof got - (size_t)at, " %d", all[r]);
    rt_fail_same("%s: expected %d on every rank, got%s", label, want, got);
  }
  free(all);
  return ok;
}

int rt_any(int flag) {
  int any = flag != 0;
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return any;
}

int rt_same_everywhere(const void *v, size_t bytes) {
  unsigned char mine[64] = {0}, lo[64], hi[64];
  memcpy(mine, v, bytes < sizeof mine ? bytes : sizeof mine);
  MPI_Allreduce(mine, lo, 64, MPI_UNSIGNED_CHAR, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(mine, hi, 64, MPI_UNSIGNED_CHAR, MPI_MAX, MPI_COMM_WORLD);
  return memcmp(lo, hi, sizeof lo) == 0;
}

// ---- Worst ratios -------------------------------------------------------------

int rt_ratio(rt_ratio_t *r, double value) {
  if (isnan(value))
    value = INFINITY;
  r->count++;
  if (value > r->worst)
    r->worst = value;
  return r->strict ? value < r->limit : value <= r->limit;
}

// ---- The verdict --------------------------------------------------------------

int rt_finish(const char *test, rt_ratio_t *ratios, int nratios) {
  int me = world_rank(), np = 1;
  long fails[2] = {nfail_local, nfail_same};
  if (me >= 0) {
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    long sum = 0, most = 0;
    MPI_Allreduce(&fails[0], &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&fails[1], &most, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    fails[0] = sum, fails[1] = most;
    for (int x = 0; x < nratios; x++) {
      MPI_Allreduce(MPI_IN_PLACE, &ratios[x].worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      MPI_Allreduce(MPI_IN_PLACE, &ratios[x].count, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  long total = fails[0] + fails[1];
  // A check that recorded a failing worst ratio fails the test even if its
  // caller did not count it.
  for (int x = 0; x < nratios; x++) {
    const rt_ratio_t *r = &ratios[x];
    int pass = r->strict ? r->worst < r->limit : r->worst <= r->limit;
    total += !pass;
  }
  if (me <= 0) {
    for (int x = 0; x < nratios; x++) {
      const rt_ratio_t *r = &ratios[x];
      printf("%s: worst %s ratio %.3g (%s %g) over %ld: %s\n", test, r->name, r->worst,
             r->strict ? "<" : "<=", r->limit, r->count, r->formula);
    }
    if (me >= 0)
      printf("%s: np %d, %ld failures: %s\n", test, np, total, total ? "FAIL" : "PASS");
    else
      printf("%s: %ld failures: %s\n", test, total, total ? "FAIL" : "PASS");
    fflush(stdout);
  }
  return total ? 1 : 0;
}
