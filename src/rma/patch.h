/*
 * Fetching rectangular patches of a distributed matrix through its tile
 * directory and segments (rma/win.h), elements of the directory's type
 * (buffers row-major, ld in elements): pieces in place reach (this rank's
 * and its node neighbours') are copied or used directly; the others take one
 * MPI_Rget per tile the patch touches, contiguous when a whole tiled tile
 * is fetched, one vector datatype otherwise (under MPICH one get per row,
 * or one contiguous get into a staging area and a copy); puts the same way.
 */
#ifndef RMA_RMA_PATCH_H
#define RMA_RMA_PATCH_H

#include "tiles/tiles.h"
#include "rma/win.h"

/* Local. An upper bound on the requests rma_patch_rget issues for patch p:
 * one per tile it touches (under MPICH, where strided pieces go row by row,
 * its rows times the tile columns it touches). */
int rma_patch_requests(const rma_tiles_t *t, rma_rect_t p);

/* A deferred copy from a staging area into its place (bytes). */
typedef struct {
  void *dst;
  long src;           /* byte offset in the staging area */
  int rows, cols, ld; /* cols and ld in bytes */
} rma_staged_t;

/*
 * A staging area for gets: pieces land in it contiguously and are copied to
 * their place after the wait (rma_stage_finish). Used for every piece when
 * all = 1 (zero-copy off), and under MPICH for pieces that would be strided
 * on the caller's side (one contiguous get per tile instead of one per row).
 */
typedef struct {
  void *buf;
  long len, cap; /* bytes used, capacity */
  rma_staged_t *copies;
  int ncopy, maxcopy;
  int all;
} rma_stage_t;

/*
 * Local (one-sided). Issue gets of patch p into buf (row-major, ld ldb),
 * appending one request per piece to reqs (*nreq updated). The caller waits
 * with MPI_Waitall before reading buf, then calls rma_stage_finish on stage
 * (NULL: no staging).
 */
int rma_patch_rget(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, void *buf, int ldb,
                   MPI_Request *reqs, int *nreq, rma_stage_t *stage);

/* Local. 1 when whole tiles that would land strided are better staged
 * (MPICH: strided gets go one row each otherwise). */
int rma_patch_prefers_stage(void);

/* Local. After the wait: copy every staged piece to its place and empty the
 * stage (its memory and copy list are kept). */
void rma_stage_finish(rma_stage_t *stage);

/* Local (one-sided). A blocking get (put = 0) or put (put = 1) of patch p:
 * issues the transfers and waits for them. */
int rma_patch_copy(const rma_win_t *w, const rma_tiles_t *t, int put, rma_rect_t p, void *buf,
                   int ldb);

/*
 * Local. When patch p lies inside a single tile held in place reach (this
 * rank's segment or a node neighbour's), return a pointer to its first
 * element and its ld in *ld; otherwise NULL.
 */
void *rma_patch_in_place(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, int *ld);

#endif
