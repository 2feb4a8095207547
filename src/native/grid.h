/*
 * The native front-end: process grids over a communicator and block-cyclic
 * matrices described by rma_?matrix_t (ScaLAPACK's layout, no BLACS; any
 * of the four element types). It
 * translates them into the engine's description (a window directory over
 * the caller's local arrays) and back; the ScaLAPACK front-end is a thin
 * layer over it.
 * Layers: rma_?matrix_* (argument checks) -> ops (the engine).
 */
#ifndef RMA_NATIVE_GRID_H
#define RMA_NATIVE_GRID_H

#include "core/context.h"
#include "core/dtype.h"
#include "core/error.h"
#include "rmala.h"
#include "tiles/tiles.h"

struct rma_grid_s {
  rma_context_t *ctx; /* engine context; its ranks number the grid by rows */
  int nprow, npcol, myrow, mycol;
};

/* A native matrix of any element type: the fields of the public typed
 * matrices (rma_smatrix_t, rma_dmatrix_t, rma_cmatrix_t, rma_zmatrix_t,
 * one layout) and its type. The front-ends work on this one. */
typedef struct {
  rma_grid_t grid;
  rma_dtype_t dtype;
  int m, n, mb, nb, rsrc, csrc;
  void *data;
  int lld;
} rma_bcm_t;

/* The generic view of typed matrix x (any rma_?matrix_t) of type dt. */
#define RMA_BCM(x, dt)                                                                             \
  ((rma_bcm_t){(x)->grid, (dt), (x)->m, (x)->n, (x)->mb, (x)->nb, (x)->rsrc, (x)->csrc,             \
               (void *)(x)->data, (x)->lld})

/* Local. Rows and columns of a's local array on the caller; -1 when a field
 * every process shares is illegal (why gets the reason when not NULL). */
int rma_bcm_local_size(const rma_bcm_t *a, int *lrows, int *lcols);

/* Collective over a's grid. Allocate a->data (zero-filled, lld = max(1,
 * local rows)). Returns 0, -1 (a field illegal), RMA_ERR_NO_MEMORY. */
int rma_bcm_alloc(rma_bcm_t *a);

/* Local. Free a->data from rma_bcm_alloc (a->data = NULL). */
void rma_bcm_free(rma_bcm_t *a);

/* Collective over comm (nprow * npcol processes, arguments legal and each
 * position taken once). The grid with the caller at (myrow, mycol). */
int rma_grid_create_at(MPI_Comm comm, int nprow, int npcol, int myrow, int mycol,
                       rma_grid_t *grid);

/* Local. Make the grid's engine context current. */
void rma_grid_enter(rma_grid_t grid);

/* Local. Rows of a's local array on the caller (0 when a field is illegal). */
int rma_bcm_local_rows(const rma_bcm_t *a);

/* Local. 0 when every field of a is legal for a matrix on grid (its own
 * lld included); else 1 with the reason in why. */
int rma_bcm_check(const rma_bcm_t *a, rma_grid_t grid, char *why, int len);

/* Local. Append to the argument fingerprint s, as one value named name,
 * what every rank must pass alike about matrix a and its window at 0-based
 * (ia, ja): global shape, blocking, source process, element type, grid
 * shape and the offsets (not lld or data). a may be NULL. */
void rma_bcm_same(rma_same_t *s, const char *name, const rma_bcm_t *a, int ia, int ja);

/* Local. 0 when the rows x cols window at 0-based (i0, j0) lies inside x
 * (an empty window only needs offsets >= 0); else 1 with the reason. */
int rma_bcm_check_window(const rma_bcm_t *x, int i0, int j0, int rows, int cols, char *why,
                         int len);

/* Local. The engine's view of the rows x cols window at 0-based (ia, ja)
 * of a (rows, cols >= 1, inside a): directory in *t (a uniform directory:
 * nothing to free) and the caller's local array. */
int rma_bcm_window(const rma_bcm_t *a, int ia, int ja, int rows, int cols, rma_tiles_t *t,
                   rma_matrix_t *mat);

/* Local. Index in the caller's local array dimension of global index g
 * (ScaLAPACK's INDXG2L, 0-based), and the grid coordinate holding it. */
int rma_bcm_local_index(int g, int nb, int np);
int rma_bcm_owner(int g, int nb, int src, int np);

#endif
