/*
 * The tile directory: for every tile (bi,bj) of a distributed m x n matrix,
 * its owner rank, element displacement in the owner's local segment, leading
 * dimension (row-major) and extent. GA-free: the layers below tiles/ see only
 * this structure and an MPI window, so any source of a tile layout (a GA
 * handle, a ScaLAPACK descriptor) can feed them.
 *
 * Layouts:
 *  - TILED: mb x nb tiles on a p0 x p1 process grid; each owner stores its
 *    tiles back to back, ordered by tile row then tile column, each tile
 *    row-major with ld = its own width (GA's tiled layout, the store's
 *    mirrors).
 *  - BLOCK_CYCLIC: the same tiles and owners; each owner stores one local
 *    array (ScaLAPACK's layout: GA's "ScaLAPACK" distribution row-major,
 *    ScaLAPACK's own arrays column-major).
 *  - GRID: an irregular grid of at most one block per process (GA's regular
 *    and irregular distributions); each block row-major at displacement 0.
 * The uniform kinds (TILED, BLOCK_CYCLIC) also describe a window of a larger
 * block-cyclic matrix, as ScaLAPACK's A(ia:, ja:) does (rma_tiles_origin_t):
 * the first tile row / column may be shorter (the window starts ioff rows
 * into a block), the grid row / column of the first tile may be any
 * (rsrc, csrc), and ranks may number the grid by rows or by columns.
 */
#ifndef RMA_DIST_TILES_H
#define RMA_DIST_TILES_H

#include <stddef.h>

#include "core/dtype.h"

typedef enum { RMA_TILES_TILED, RMA_TILES_BLOCK_CYCLIC, RMA_TILES_GRID } rma_tiles_kind_t;

/* Where a uniform directory's window sits (all zero: a whole matrix whose
 * first tile is on rank 0, GA's layouts). */
typedef struct {
  int ioff, joff; /* the window starts ioff rows / joff columns into its first block */
  int rsrc, csrc; /* grid row / column of the first tile row / column */
  int ib0, jb0;   /* BLOCK_CYCLIC: block index of the first tile in the owner's whole matrix */
  int gridcol;    /* 1: rank = grid row + grid column * p0; 0: grid row * p1 + grid column */
  int colmajor;   /* BLOCK_CYCLIC: local arrays column-major (ScaLAPACK's) */
  int lld;        /* BLOCK_CYCLIC: leading dimension of THIS rank's local array (0: the
                     owner's local extent, valid for every rank's tiles) */
} rma_tiles_origin_t;

typedef struct {
  rma_tiles_kind_t kind;
  int m, n;   /* matrix extent */
  int mt, nt; /* tile counts */
  int mb, nb; /* tile extent (uniform kinds; the first tile may be shorter) */
  int p0, p1; /* process grid (uniform kinds) */
  rma_tiles_origin_t o; /* uniform kinds */
  rma_dtype_t dtype;     /* element type (the init functions set RMA_DT_D) */
  /* GRID only: boundaries rowb[0..mt], colb[0..nt]; owner and ld per tile (row-major mt x nt) */
  int *rowb, *colb, *owner, *ld;
} rma_tiles_t;

/* A rectangle of global rows [r0, r0+rows) and columns [c0, c0+cols). */
typedef struct {
  int r0, c0, rows, cols;
} rma_rect_t;

typedef struct {
  int owner;  /* rank in the library communicator */
  long disp;  /* element displacement in the owner's local segment */
  int ld;     /* leading dimension (row-major unless the directory is colmajor) */
  int r0, c0; /* global position of the first element */
  int rows, cols;
} rma_tile_t;

/* A distributed matrix as the engine sees it, whatever front-end described
 * it: its tile directory and this rank's local segment (the user's memory,
 * read and written only by this rank). */
typedef struct {
  const rma_tiles_t *tiles; /* its dtype is the matrix's element type */
  void *seg;   /* NULL when this rank holds nothing */
  long seglen; /* elements in seg */
} rma_matrix_t;

/* Local. A TILED or BLOCK_CYCLIC directory of a whole matrix (origin all
 * zero). Returns 0 or RMA_ERR_LAYOUT for non-positive extents. */
int rma_tiles_init_uniform(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                           int p0, int p1);

/* Local. A TILED or BLOCK_CYCLIC directory of a window (origin o). Returns
 * 0 or RMA_ERR_LAYOUT for non-positive extents or an origin out of range
 * (0 <= ioff < mb, 0 <= rsrc < p0, ...; colmajor and lld only with
 * BLOCK_CYCLIC). */
int rma_tiles_init_window(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                          int p0, int p1, const rma_tiles_origin_t *o);

/* Local. dst := a copy of src (any kind). Returns 0 or RMA_ERR_NO_MEMORY. */
int rma_tiles_copy(rma_tiles_t *dst, const rma_tiles_t *src);

/* Local. The directory of the transpose of a BLOCK_CYCLIC matrix, over the
 * same local arrays: a column-major array read as the row-major transpose
 * (and the reverse); the grid's rank numbering flips with it. Returns 0 or
 * RMA_ERR_LAYOUT for other kinds. */
int rma_tiles_transpose(rma_tiles_t *dst, const rma_tiles_t *src);

/* Local. The directory of the rows x cols window at (i0, j0) of a
 * BLOCK_CYCLIC directory src, over the same local arrays, addressing rank's
 * tiles (its leading dimension kept; other ranks' tiles are read through
 * the store's mirrors). Returns 0 or RMA_ERR_LAYOUT (another kind, an empty
 * or outlying window). */
int rma_tiles_subwindow(rma_tiles_t *dst, const rma_tiles_t *src, int i0, int j0, int rows,
                        int cols, int rank);

/* Local. 1 when a uniform directory has the plain origin (all zero): whole
 * matrix, first tile on rank 0, ranks by grid rows, row-major arrays with
 * derived leading dimensions. */
int rma_tiles_plain(const rma_tiles_t *t);

/* Local. Grid coordinates of rank in a uniform directory; returns 0, or -1
 * (coordinates untouched) when rank is outside the grid. */
int rma_tiles_coords(const rma_tiles_t *t, int rank, int *pr, int *pc);

/* Local. Of a uniform directory: the first tile row held by grid row pr
 * (then every p0-th), the first tile column held by grid column pc. */
int rma_tiles_first_row(const rma_tiles_t *t, int pr);
int rma_tiles_first_col(const rma_tiles_t *t, int pc);

/* Local. Of a uniform directory: the first tile row >= from held by grid
 * row pr (then every p0-th), the first tile column >= from held by grid
 * column pc. */
int rma_tiles_row_from(const rma_tiles_t *t, int pr, int from);
int rma_tiles_col_from(const rma_tiles_t *t, int pc, int from);

/* The one loop over the tiles grid position (pr, pc) holds in a uniform
 * directory t, tile rows from i0 and tile columns from j0 on, row by row:
 *   RMA_TILES_FOR_OWNED(t, pr, pc, i0, j0, bi, bj) { ... tile (bi, bj) ... } */
#define RMA_TILES_FOR_OWNED(t, pr, pc, i0, j0, bi, bj)                                           \
  for (int bi = rma_tiles_row_from((t), (pr), (i0)); bi < (t)->mt; bi += (t)->p0)              \
    for (int bj = rma_tiles_col_from((t), (pc), (j0)); bj < (t)->nt; bj += (t)->p1)

/* Local. A GRID directory: boundaries rowb (mt+1 values, strictly
 * increasing from 0 to m), colb (nt+1 values), owner and ld per tile
 * (row-major mt x nt). The arrays are copied. */
int rma_tiles_init_grid(rma_tiles_t *t, int mt, int nt, const int *rowb, const int *colb,
                        const int *owner, const int *ld);

/* Local. Release what an init allocated; safe on a zeroed struct. */
void rma_tiles_free(rma_tiles_t *t);

/* Local. Describe tile (bi,bj); 0 <= bi < mt, 0 <= bj < nt. */
void rma_tiles_locate(const rma_tiles_t *t, int bi, int bj, rma_tile_t *tile);

/* Local. Index of the tile row holding global row i (0 <= i < m), and of the
 * tile column holding global column j. */
int rma_tiles_row_of(const rma_tiles_t *t, int i);
int rma_tiles_col_of(const rma_tiles_t *t, int j);

/* Local. Copy rectangle p between this rank's local segment seg (every tile
 * p touches must be this rank's) and buf (row-major, ld ldb): out = 1 copies
 * seg -> buf, out = 0 buf -> seg. A column-major directory's tiles are
 * transposed on the way. */
void rma_tiles_local_copy(const rma_tiles_t *t, void *seg, rma_rect_t p, void *buf, int ldb,
                          int out);

/* Local. Bytes of one element of t's type. */
static inline size_t rma_tiles_esize(const rma_tiles_t *t) { return rma_dtype_size(t->dtype); }

/* Local. Number of matrix elements rank holds (for a BLOCK_CYCLIC window
 * with its own lld: the window's elements, not the local array's length). */
long rma_tiles_segment_len(const rma_tiles_t *t, int rank);

/* Local. The largest local segment of any rank, in elements. */
long rma_tiles_segment_max(const rma_tiles_t *t);

/* Local. Elements of a length-n dimension in nb-blocks dealt cyclically over
 * nprocs, that process iproc holds (ScaLAPACK's NUMROC). */
int rma_numroc(int n, int nb, int iproc, int nprocs);

/* Local. The most nearly square p0 x p1 = np grid with p0 <= mt and
 * p1 <= nt (so every process owns a tile of an mt x nt tiling); returns 0
 * when there is none. Ties go to the smaller p0. */
int rma_grid_choose(int np, int mt, int nt, int *p0, int *p1);

#endif
