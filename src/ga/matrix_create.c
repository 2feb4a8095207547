/*
 * rma_matrix_create / rma_matrix_create_type: a GA of doubles (or of any of
 * C_FLOAT, C_DBL, C_SCPL, C_DCPL) in rmala's tiled or ScaLAPACK layout, on a
 * process grid where every process owns at least one tile.
 */
#include <ga.h>
#include <macdecls.h>
#include <stdio.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "ga/ga_matrix.h"
#include "tiles/tiles.h"

// Index of the first illegal argument (0 if none) and why.
static int create_check(int m, int n, int mb, int nb, int prow, int pcol, rma_layout_t layout,
                        int *g_a, int np, char *why, size_t len) {
  if (m < 1)
    return snprintf(why, len, "m = %d, must be >= 1", m), 1;
  if (n < 1)
    return snprintf(why, len, "n = %d, must be >= 1", n), 2;
  if (mb < 1)
    return snprintf(why, len, "mb = %d, must be >= 1", mb), 3;
  if (nb < 1)
    return snprintf(why, len, "nb = %d, must be >= 1", nb), 4;
  int mt = (m + mb - 1) / mb, nt = (n + nb - 1) / nb;
  if (prow < 0 || (prow == 0) != (pcol == 0) || (prow > 0 && np % prow != 0))
    return snprintf(why, len, "prow = %d with pcol = %d and %d processes", prow, pcol, np), 5;
  if (pcol < 0 || (prow > 0 && prow * pcol != np))
    return snprintf(why, len, "pcol = %d: prow * pcol = %d, need %d", pcol, prow * pcol, np), 6;
  if (prow > mt)
    return snprintf(why, len, "prow = %d > %d tile rows: a process would own nothing", prow, mt), 5;
  if (pcol > nt)
    return snprintf(why, len, "pcol = %d > %d tile columns: a process would own nothing", pcol, nt),
           6;
  if (layout != RMA_LAYOUT_TILED && layout != RMA_LAYOUT_SCALAPACK)
    return snprintf(why, len, "layout = %d", (int)layout), 7;
  if (!g_a)
    return snprintf(why, len, "g_a is NULL"), 9;
  return 0;
}

// The body of both entry points: type is GA's, shift the position of m in
// the caller's argument list minus one (argument numbers in messages).
static int create(const char *routine, int type, int shift, int m, int n, int mb, int nb,
                  int prow, int pcol, rma_layout_t layout, const char *name, int *g_a) {
  rma_context_t *ctx = rma_ga_enter();
  if (!ctx)
    return RMA_ERR_NOT_INITIALIZED;
  char why[160] = "";
  rma_dtype_t dt = RMA_DT_D;
  int bad = 0;
  if (rma_ga_dtype(type, &dt))
    bad = 1, snprintf(why, sizeof why, "type = %d, not C_FLOAT, C_DBL, C_SCPL or C_DCPL", type);
  else if ((bad = create_check(m, n, mb, nb, prow, pcol, layout, g_a, ctx->size, why, sizeof why)))
    bad += shift;
  rma_same_t same = {0};
  rma_same_add(&same, "type", type), rma_same_add(&same, "m", m), rma_same_add(&same, "n", n);
  rma_same_add(&same, "mb", mb), rma_same_add(&same, "nb", nb);
  rma_same_add(&same, "prow", prow), rma_same_add(&same, "pcol", pcol);
  rma_same_add(&same, "layout", (int)layout);
  RMA_CALL(rma_args_agree(ctx->comm, routine, bad, why, &same));
  int mt = (m + mb - 1) / mb, nt = (n + nb - 1) / nb;
  if (prow == 0 && !rma_grid_choose(ctx->size, mt, nt, &prow, &pcol))
    return RMA_ERR_NO_GRID;
  int dims[2] = {m, n}, block[2] = {mb, nb}, grid[2] = {prow, pcol};
  int g = GA_Create_handle();
  GA_Set_data(g, 2, dims, type);
  GA_Set_array_name(g, (char *)(name ? name : "rmala matrix"));
  if (layout == RMA_LAYOUT_TILED)
    GA_Set_tiled_proc_grid(g, block, grid);
  else
    GA_Set_block_cyclic_proc_grid(g, block, grid);
  int ok = GA_Allocate(g);
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, ctx->comm);
  if (!ok) {
    GA_Destroy(g);
    return RMA_ERR_GA;
  }
  // Zero the local segment directly (GA_Zero is not trusted on tiled arrays).
  void *seg = NULL;
  int len = 0;
  NGA_Access_block_segment(g, ctx->rank, &seg, &len);
  if (seg && len > 0)
    memset(seg, 0, rma_dtype_size(dt) * (size_t)len);
  NGA_Release_update_block_segment(g, ctx->rank);
  GA_Sync();
  *g_a = g;
  return 0;
}

int rma_matrix_create(int m, int n, int mb, int nb, int prow, int pcol, rma_layout_t layout,
                      const char *name, int *g_a) {
  return create("rma_matrix_create", C_DBL, 0, m, n, mb, nb, prow, pcol, layout, name, g_a);
}

int rma_matrix_create_type(int type, int m, int n, int mb, int nb, int prow, int pcol,
                           rma_layout_t layout, const char *name, int *g_a) {
  return create("rma_matrix_create_type", type, 1, m, n, mb, nb, prow, pcol, layout, name, g_a);
}
