/*
 * The tile directory: for every tile (bi,bj) of a distributed m x n matrix,
 * its owner rank, element displacement in the owner's local segment, leading
 * dimension (row-major) and extent. GA-free: the layers below tiles/ see only
 * this structure and an MPI window, so any source of a tile layout (a GA
 * handle, a ScaLAPACK descriptor) can feed them.
 *
 * Layouts (matching GA 5.8.2, verified by tiles/ga_matrix.c):
 *  - TILED: mb x nb tiles on a p0 x p1 grid, owner (bi%p0)*p1 + bj%p1; each
 *    owner stores its tiles back to back, ordered by block row then block
 *    column, each tile row-major with ld = its own width.
 *  - BLOCK_CYCLIC: the same tiles and owners; each owner stores one
 *    row-major local array (ld = its local column count).
 *  - GRID: an irregular grid of at most one block per process (GA's regular
 *    and irregular distributions); each block row-major at displacement 0.
 */
#ifndef RMA_DIST_TILES_H
#define RMA_DIST_TILES_H

typedef enum { RMA_TILES_TILED, RMA_TILES_BLOCK_CYCLIC, RMA_TILES_GRID } rma_tiles_kind_t;

typedef struct {
  rma_tiles_kind_t kind;
  int m, n;   /* matrix extent */
  int mt, nt; /* tile counts */
  int mb, nb; /* tile extent (uniform kinds) */
  int p0, p1; /* process grid (uniform kinds) */
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
  int ld;     /* leading dimension (row-major) */
  int r0, c0; /* global position of the first element */
  int rows, cols;
} rma_tile_t;

/* A distributed matrix as the engine sees it, whatever front-end described
 * it: its tile directory and this rank's local segment (the user's memory,
 * read and written only by this rank). */
typedef struct {
  const rma_tiles_t *tiles;
  double *seg; /* NULL when this rank holds nothing */
  long seglen; /* elements in seg */
} rma_matrix_t;

/* Local. A TILED or BLOCK_CYCLIC directory. Returns 0 or RMA_ERR_LAYOUT for
 * non-positive extents. */
int rma_tiles_init_uniform(rma_tiles_t *t, rma_tiles_kind_t kind, int m, int n, int mb, int nb,
                           int p0, int p1);

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
 * seg -> buf, out = 0 buf -> seg. */
void rma_tiles_local_copy(const rma_tiles_t *t, double *seg, rma_rect_t p, double *buf, int ldb,
                          int out);

/* Local. Number of elements in rank's local segment. */
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
