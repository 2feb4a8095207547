#define _POSIX_C_SOURCE 200112L // setenv
#include "ga_testutil.h"

#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmala.h"
#include "typed_elem.h"

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
  int type = 0, ndim = 0, dims[GA_MAX_DIM];
  NGA_Inquire(g_a, &type, &ndim, dims);
  size_t es = type == C_FLOAT ? 4 : type == C_DCPL ? 16 : 8; // C_DBL, C_SCPL: 8
  void *p = NULL;
  size_t len = 0; // bytes
  if (blocked) { // tiled or block-cyclic: one local segment
    int n = 0;
    NGA_Access_block_segment(g_a, me, &p, &n);
    len = (size_t)n * es;
  } else {
    NGA_Distribution(g_a, me, lo, hi);
    if (lo[0] >= 0 && hi[0] >= lo[0] && hi[1] >= lo[1]) {
      NGA_Access(g_a, lo, hi, &p, ld);
      len = ((size_t)(hi[0] - lo[0]) * (size_t)ld[0] + (size_t)(hi[1] - lo[1] + 1)) * es;
    }
  }
  volatile unsigned char *v = p;
  for (size_t i = 0; p && i < len; i += 4096) // one byte per 4 KiB page
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

int rt_tcreate(int t, int layout, int rows, int cols, int mb, int nb) {
  static const int ga_type[TE_NTYPES] = {C_FLOAT, C_DBL, C_SCPL, C_DCPL};
  int g = 0;
  if (layout < 2) {
    int rc = rma_matrix_create_type(ga_type[t], rows, cols, mb, nb, 0, 0,
                                    layout ? RMA_LAYOUT_SCALAPACK : RMA_LAYOUT_TILED, "t", &g);
    return rc ? 0 : g;
  }
  int dims[2] = {rows, cols};
  g = GA_Create_handle();
  GA_Set_data(g, 2, dims, ga_type[t]);
  GA_Set_array_name(g, "t");
  return GA_Allocate(g) ? g : 0;
}

void rt_tfill(int t, int g, int rows, int cols, uint64_t seed, double diag, void *full) {
  size_t es = te_size(t);
  void *all = full ? full : malloc(es * ((size_t)rows * cols + 1));
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      te_put(t, all, (long)i * cols + j, rt_tvalue(t, seed, i, j) + (i == j ? diag : 0.0));
  int r0, r1;
  my_stripe(rows, &r0, &r1);
  if (r1 > r0 && cols > 0) {
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, cols - 1}, ld[1] = {cols};
    NGA_Put(g, lo, hi, (char *)all + es * (size_t)r0 * cols, ld);
  }
  GA_Sync();
  if (!full)
    free(all);
}

void rt_tgather(int t, int g, int rows, int cols, void *buf) {
  memset(buf, 0, te_size(t) * (size_t)rows * cols);
  rt_gather(g, rows, cols, buf);
}

void rt_ga_float_safe(void) {
#ifdef MPICH_VERSION
  setenv("ARMCI_USE_WIN_ALLOCATE", "0", 0);
#endif
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
