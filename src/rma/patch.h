/*
 * Fetching rectangular patches of a distributed matrix through its tile
 * directory and segments (rma/win.h): pieces in place reach (this rank's
 * and its node neighbours') are copied or used directly; the others take one
 * MPI_Rget per tile the patch touches, contiguous when a whole tiled tile
 * is fetched, one vector datatype otherwise (one get per row under MPICH);
 * puts the same way.
 */
#ifndef RMA_RMA_PATCH_H
#define RMA_RMA_PATCH_H

#include "tiles/tiles.h"
#include "rma/win.h"

/* Local. Number of tiles patch p touches. */
int rma_patch_pieces(const rma_tiles_t *t, rma_rect_t p);

/* Local. An upper bound on the requests rma_patch_rget issues for patch p:
 * one per tile it touches (under MPICH, where strided pieces go row by row,
 * its rows times the tile columns it touches). */
int rma_patch_requests(const rma_tiles_t *t, rma_rect_t p);

/*
 * Local (one-sided). Issue gets of patch p into buf (row-major, ld ldb),
 * appending one request per piece to reqs (*nreq updated). The caller waits
 * with MPI_Waitall before reading buf.
 */
int rma_patch_rget(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, double *buf, int ldb,
                   MPI_Request *reqs, int *nreq);

/* Local (one-sided). A blocking get (put = 0) or put (put = 1) of patch p:
 * issues the transfers and waits for them. */
int rma_patch_copy(const rma_win_t *w, const rma_tiles_t *t, int put, rma_rect_t p, double *buf,
                   int ldb);

/*
 * Local. When patch p lies inside a single tile held in place reach (this
 * rank's segment or a node neighbour's), return a pointer to its first
 * element and its ld in *ld; otherwise NULL.
 */
double *rma_patch_in_place(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, int *ld);

#endif
