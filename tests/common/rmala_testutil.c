#include "rmala_testutil.h"

#include <complex.h>
#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"

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

// Rows [r0, r1) of the matrix this rank writes: an even stripe per rank.
static void my_stripe(int m, int *r0, int *r1) {
  int me = GA_Nodeid(), np = GA_Nnodes();
  *r0 = (int)((long)m * me / np);
  *r1 = (int)((long)m * (me + 1) / np);
}

static void put_stripe(int g_a, int m, int n, uint64_t seed, double diag, int random,
                       double value) {
  int r0, r1;
  my_stripe(m, &r0, &r1);
  if (r1 > r0 && n > 0) {
    double *buf = malloc(sizeof(double) * (size_t)(r1 - r0) * (size_t)n);
    for (int i = r0; i < r1; i++)
      for (int j = 0; j < n; j++)
        buf[(size_t)(i - r0) * n + j] =
            random ? rt_entry(seed, i, j) + (i == j ? diag : 0.0) : value;
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, n - 1}, ld[1] = {n};
    NGA_Put(g_a, lo, hi, buf, ld);
    free(buf);
  }
  GA_Sync();
}

void rt_fill(int g_a, uint64_t seed, int m, int n, double diag) {
  put_stripe(g_a, m, n, seed, diag, 1, 0.0);
}

void rt_touch_local(int g_a) {
  int me = GA_Nodeid(), blocked = GA_Total_blocks(g_a) > 0, lo[2], hi[2], ld[1] = {0};
  double *p = NULL;
  long len = 0;
  if (blocked) { // tiled or block-cyclic: one local segment
    int n = 0;
    NGA_Access_block_segment(g_a, me, &p, &n);
    len = n;
  } else {
    NGA_Distribution(g_a, me, lo, hi);
    if (lo[0] >= 0 && hi[0] >= lo[0] && hi[1] >= lo[1]) {
      NGA_Access(g_a, lo, hi, &p, ld);
      len = (long)(hi[0] - lo[0]) * ld[0] + (hi[1] - lo[1] + 1);
    }
  }
  volatile double *v = p;
  for (long i = 0; p && i < len; i += 512) // one element per 4 KiB page
    v[i] = v[i];
  if (p && blocked)
    NGA_Release_update_block_segment(g_a, me);
  else if (p)
    NGA_Release_update(g_a, lo, hi);
  GA_Sync();
}

void rt_fill_const(int g_a, int m, int n, double value) { put_stripe(g_a, m, n, 0, 0.0, 0, value); }

void rt_gather(int g_a, int m, int n, double *buf) {
  if (m > 0 && n > 0) {
    int lo[2] = {0, 0}, hi[2] = {m - 1, n - 1}, ld[1] = {n};
    NGA_Get(g_a, lo, hi, buf, ld);
  }
  GA_Sync();
}

int rt_create_regular(int m, int n, const char *name) {
  int dims[2] = {m, n};
  int g = GA_Create_handle();
  GA_Set_data(g, 2, dims, C_DBL);
  GA_Set_array_name(g, (char *)name);
  GA_Allocate(g);
  GA_Zero(g);
  return g;
}

void rt_init(int *argc, char ***argv, int *me, int *np) {
  MPI_Init(argc, argv);
  GA_Initialize();
  *me = GA_Nodeid(), *np = GA_Nnodes();
  int rc = rma_init();
  if (rc != 0) {
    printf("rma_init failed: %s\n", rma_strerror(rc));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

void rt_finalize(void) {
  rma_finalize();
  GA_Terminate();
  MPI_Finalize();
}

int rt_all_ranks_equal(int rc, int want, const char *label, char *why, size_t len) {
  int np, ok = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int *all = malloc(sizeof(int) * (size_t)np);
  MPI_Allgather(&rc, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < np; r++)
    ok &= all[r] == want;
  if (!ok) {
    int at = snprintf(why, len, "%s: expected %d on every rank, got", label, want);
    for (int r = 0; r < np && at < (int)len - 12; r++)
      at += snprintf(why + at, len - (size_t)at, " %d", all[r]);
  }
  free(all);
  return ok;
}

/* ---- element types ----------------------------------------------------- */

size_t rt_type_size(int type) {
  return type == C_FLOAT  ? sizeof(float)
         : type == C_DBL  ? sizeof(double)
         : type == C_SCPL ? sizeof(float complex)
         : type == C_DCPL ? sizeof(double complex)
                          : 0;
}

double complex rt_entry_type(int type, uint64_t seed, long i, long j) {
  double re = rt_entry(seed, i, j);
  if (type == C_FLOAT)
    return (float)re;
  if (type == C_DBL)
    return re;
  double im = rt_entry(RT_IMAG_SEED(seed), i, j);
  if (type == C_SCPL)
    return CMPLX((float)re, (float)im);
  return CMPLX(re, im);
}

// Element e of buf (of GA type type) set to v, rounded to the type.
static void store_type(int type, void *buf, size_t e, double complex v) {
  if (type == C_FLOAT)
    ((float *)buf)[e] = (float)creal(v);
  else if (type == C_SCPL)
    ((float complex *)buf)[e] = (float complex)v;
  else if (type == C_DCPL)
    ((double complex *)buf)[e] = v;
  else
    ((double *)buf)[e] = creal(v);
}

void rt_fill_type(int g_a, int type, uint64_t seed, int m, int n) {
  if (type == C_DBL) {
    rt_fill(g_a, seed, m, n, 0.0);
    return;
  }
  int r0, r1;
  my_stripe(m, &r0, &r1);
  if (r1 > r0 && n > 0) {
    void *buf = malloc(rt_type_size(type) * (size_t)(r1 - r0) * (size_t)n);
    for (int i = r0; i < r1; i++)
      for (int j = 0; j < n; j++)
        store_type(type, buf, (size_t)(i - r0) * n + j, rt_entry_type(type, seed, i, j));
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, n - 1}, ld[1] = {n};
    NGA_Put(g_a, lo, hi, buf, ld);
    free(buf);
  }
  GA_Sync();
}

void rt_gather_type(int g_a, int type, int m, int n, void *buf) {
  if (m > 0 && n > 0) {
    int lo[2] = {0, 0}, hi[2] = {m - 1, n - 1}, ld[1] = {n};
    memset(buf, 0, rt_type_size(type) * (size_t)m * (size_t)n);
    NGA_Get(g_a, lo, hi, buf, ld);
  }
  GA_Sync();
}

int rt_create_regular_type(int type, int m, int n, const char *name) {
  int dims[2] = {m, n};
  int g = GA_Create_handle();
  GA_Set_data(g, 2, dims, type);
  GA_Set_array_name(g, (char *)name);
  GA_Allocate(g);
  GA_Zero(g);
  return g;
}
