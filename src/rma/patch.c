#include "rma/patch.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/sim.h"

// MPICH's ch4:ucx device (4.0.2 here, still in 5.0.1: pmodels/mpich issue
// 7896) serves MPI_Rget / MPI_Rput with a derived datatype as an active
// message and returns an already completed request: MPI_Wait returns before
// the data arrived, and the transfer waits for the target to enter MPI.
// Under MPICH a strided piece therefore goes as one contiguous transfer per
// row (RDMA, no target involvement).
#ifdef MPICH_VERSION
enum { split_rows = 1 };
#else
enum { split_rows = 0 };
#endif

// Number of tiles patch p touches.
static int patch_pieces(const rma_tiles_t *t, rma_rect_t p) {
  if (p.rows <= 0 || p.cols <= 0)
    return 0;
  int bi0 = rma_tiles_row_of(t, p.r0), bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  return (bi1 - bi0 + 1) * (bj1 - bj0 + 1);
}

int rma_patch_requests(const rma_tiles_t *t, rma_rect_t p) {
  if (!split_rows || p.rows <= 0 || p.cols <= 0)
    return patch_pieces(t, p);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  return p.rows * (bj1 - bj0 + 1);
}

// Shared-malloc simulation (core/sim.h): a contiguous transfer of n elements
// between byte `at` of owner's segment and buf. SMPI 3.32 sends every RMA
// payload detached, and Request::start copies it into a fresh malloc'ed
// buffer (smpi_request.cpp; even from shared malloc) unless the source is a
// null pointer, which its rma_send_init makes of MPI_BOTTOM: then the
// transfer is charged in full (its size is count x type) and nothing is
// copied (CommImpl::copy_data skips a null source). So where SMPI would not
// write the destination anyway (shared bytes: its copy callback skips them),
// the source goes as MPI_BOTTOM: a put's own, a get's as displacement 0 of
// sim_void, a window whose base is MPI_BOTTOM. The same transfers on the
// simulated network, no copy on the host: FDR C 16 dgemm at 64 ranks 151 s
// -> 65 s of wall, simulated 1.864003 -> 1.864006 s (sim_void's creation).
// Every rank's segment has the same layout: this rank's tells whether the
// bytes at `at` of owner's are shared.
static int sim_void_xfer(const rma_win_t *w, int put, int owner, MPI_Aint at, int n,
                         MPI_Datatype elem, size_t es, void *buf, MPI_Request *req) {
  size_t len = (size_t)n * es;
  int rc;
  if (put && rma_sim_meaningless((char *)w->base + at, len))
    rc = MPI_Rput(MPI_BOTTOM, n, elem, owner, at, n, elem, w->win, req);
  else if (!put && w->sim_void != MPI_WIN_NULL && rma_sim_meaningless(buf, len))
    rc = MPI_Rget(buf, n, elem, owner, 0, n, elem, w->sim_void, req);
  else
    rc = put ? MPI_Rput(buf, n, elem, owner, at, n, elem, w->win, req)
             : MPI_Rget(buf, n, elem, owner, at, n, elem, w->win, req);
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

// Move rows x cols elements between (owner, disp, ld) in the segments and
// buf (ldb): a get when put == 0, a put otherwise, appending its requests to
// reqs (*nreq updated). A piece in place reach (this rank's or a node
// neighbour's) is copied at once and yields MPI_REQUEST_NULL.
static int xfer_rect(const rma_win_t *w, rma_dtype_t dt, int put, int owner, long disp, int ld,
                     int rows, int cols, void *buf, int ldb, MPI_Request *reqs, int *nreq,
                     rma_stage_t *stage) {
  int contiguous = rows == 1 || (ld == cols && ldb == cols);
  size_t es = rma_dtype_size(dt);
  // A get through the staging area: contiguous there, copied after the wait.
  if (!put && stage &&
      (stage->all || (split_rows && !w->peer[owner] && rows > 1 && ld == cols && ldb != cols))) {
    long len = (long)rows * cols * (long)es;
    if (stage->len + len > stage->cap)
      return RMA_ERR_NO_MEMORY;
    if (stage->ncopy == stage->maxcopy) {
      int cap = stage->maxcopy ? 2 * stage->maxcopy : 16;
      rma_staged_t *c = realloc(stage->copies, sizeof(rma_staged_t) * (size_t)cap);
      if (!c)
        return RMA_ERR_NO_MEMORY;
      stage->copies = c, stage->maxcopy = cap;
    }
    stage->copies[stage->ncopy++] = (rma_staged_t){buf, stage->len, rows, cols * (int)es,
                                                   ldb * (int)es};
    char *at = (char *)stage->buf + stage->len;
    stage->len += len;
    return xfer_rect(w, dt, 0, owner, disp, ld, rows, cols, at, cols, reqs, nreq, NULL);
  }
  if (w->peer[owner]) {
    for (int i = 0; i < rows; i++) {
      char *there = (char *)w->peer[owner] + es * (disp + (long)i * ld);
      char *other = (char *)buf + es * (size_t)i * (size_t)ldb;
      memcpy(put ? there : other, put ? other : there, es * (size_t)cols);
    }
    reqs[(*nreq)++] = MPI_REQUEST_NULL;
    return 0;
  }
  // Shared-malloc simulation (core/sim.h): the values are meaningless, so a
  // strided piece goes as one contiguous transfer of the same size from its
  // first element (inside both extents): the same bytes on the simulated
  // network, copied at most once on the host by SMPI (sim_void_xfer)
  // instead of packed and unpacked as a vector datatype (P 64 dgemm: 0.75 s
  // -> 0.60 s of wall time per call, simulated time unchanged).
  if (!contiguous && w->sim_bulk && rma_sim_shared())
    contiguous = 1;
  // Contiguous on both sides: a plain count of doubles; else vector datatypes
  // (or, under MPICH, one transfer per row).
  if (!contiguous && split_rows) {
    for (int i = 0; i < rows; i++)
      RMA_CALL(xfer_rect(w, dt, put, owner, disp + (long)i * ld, ld, 1, cols,
                         (char *)buf + es * (size_t)i * (size_t)ldb, ldb, reqs, nreq, NULL));
    return 0;
  }
  MPI_Datatype elem = rma_dtype_mpi(dt), win_t = elem, buf_t = elem;
  int win_n = rows * cols, buf_n = rows * cols;
  if (!contiguous) {
    MPI_Type_vector(rows, cols, ld, elem, &win_t);
    MPI_Type_commit(&win_t);
    win_n = 1;
    if (ldb != cols) {
      MPI_Type_vector(rows, cols, ldb, elem, &buf_t);
      MPI_Type_commit(&buf_t);
      buf_n = 1;
    }
  }
  MPI_Request *req = &reqs[(*nreq)++];
  MPI_Aint at = (MPI_Aint)disp * (MPI_Aint)es; // the segment's unit is the byte
  if (contiguous && w->sim_bulk && rma_sim_shared())
    return sim_void_xfer(w, put, owner, at, buf_n, elem, es, buf, req);
  int rc = put ? MPI_Rput(buf, buf_n, buf_t, owner, at, win_n, win_t, w->win, req)
               : MPI_Rget(buf, buf_n, buf_t, owner, at, win_n, win_t, w->win, req);
  if (win_t != elem)
    MPI_Type_free(&win_t);
  if (buf_t != elem)
    MPI_Type_free(&buf_t);
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

// Issue the transfers of patch p, one per tile it touches.
static int patch_xfer(const rma_win_t *w, const rma_tiles_t *t, int put, rma_rect_t p, void *buf,
                      int ldb, MPI_Request *reqs, int *nreq, rma_stage_t *stage) {
  if (p.rows <= 0 || p.cols <= 0)
    return 0;
  size_t es = rma_tiles_esize(t);
  int bi0 = rma_tiles_row_of(t, p.r0), bi1 = rma_tiles_row_of(t, p.r0 + p.rows - 1);
  int bj0 = rma_tiles_col_of(t, p.c0), bj1 = rma_tiles_col_of(t, p.c0 + p.cols - 1);
  for (int bi = bi0; bi <= bi1; bi++)
    for (int bj = bj0; bj <= bj1; bj++) {
      rma_tile_t tile;
      rma_tiles_locate(t, bi, bj, &tile);
      // Intersection of the patch with this tile.
      int r0 = p.r0 > tile.r0 ? p.r0 : tile.r0;
      int c0 = p.c0 > tile.c0 ? p.c0 : tile.c0;
      int r1 = p.r0 + p.rows < tile.r0 + tile.rows ? p.r0 + p.rows : tile.r0 + tile.rows;
      int c1 = p.c0 + p.cols < tile.c0 + tile.cols ? p.c0 + p.cols : tile.c0 + tile.cols;
      long disp = tile.disp + (long)(r0 - tile.r0) * tile.ld + (c0 - tile.c0);
      char *part = (char *)buf + es * ((long)(r0 - p.r0) * ldb + (c0 - p.c0));
      RMA_CALL(xfer_rect(w, t->dtype, put, tile.owner, disp, tile.ld, r1 - r0, c1 - c0, part, ldb,
                         reqs, nreq, stage));
    }
  return 0;
}

int rma_patch_rget(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, void *buf, int ldb,
                   MPI_Request *reqs, int *nreq, rma_stage_t *stage) {
  return patch_xfer(w, t, 0, p, buf, ldb, reqs, nreq, stage);
}

int rma_patch_prefers_stage(void) { return split_rows; }

void rma_stage_finish(rma_stage_t *stage) {
  for (int c = 0; c < stage->ncopy; c++) {
    const rma_staged_t *s = &stage->copies[c];
    for (int i = 0; i < s->rows; i++)
      memcpy((char *)s->dst + (long)i * s->ld, (char *)stage->buf + s->src + (long)i * s->cols,
             (size_t)s->cols);
  }
  stage->ncopy = 0, stage->len = 0;
}

int rma_patch_copy(const rma_win_t *w, const rma_tiles_t *t, int put, rma_rect_t p, void *buf,
                   int ldb) {
  int n = rma_patch_requests(t, p), count = 0, rc;
  MPI_Request *reqs = malloc(sizeof(MPI_Request) * (size_t)(n > 0 ? n : 1));
  if (!reqs)
    return RMA_ERR_NO_MEMORY;
  rc = patch_xfer(w, t, put, p, buf, ldb, reqs, &count, NULL);
  if (MPI_Waitall(count, reqs, MPI_STATUSES_IGNORE) != MPI_SUCCESS && rc == 0)
    rc = RMA_ERR_MPI;
  free(reqs);
  return rc;
}

void *rma_patch_in_place(const rma_win_t *w, const rma_tiles_t *t, rma_rect_t p, int *ld) {
  if (p.rows <= 0 || p.cols <= 0)
    return NULL;
  int bi = rma_tiles_row_of(t, p.r0), bj = rma_tiles_col_of(t, p.c0);
  rma_tile_t tile;
  rma_tiles_locate(t, bi, bj, &tile);
  if (!w->peer[tile.owner] || p.r0 + p.rows > tile.r0 + tile.rows ||
      p.c0 + p.cols > tile.c0 + tile.cols)
    return NULL;
  *ld = tile.ld;
  return (char *)w->peer[tile.owner] +
         rma_tiles_esize(t) * (tile.disp + (long)(p.r0 - tile.r0) * tile.ld + (p.c0 - tile.c0));
}
