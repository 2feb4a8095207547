/*
 * Panels: the operand buffers of one dgemm step. A panel is gathered from
 * rectangles of a distributed matrix (rma/patch.h), each landing at its
 * place in the panel (offset, ld): pieces in place reach are copied at once,
 * the others are nonblocking MPI_Rgets completed by rma_panel_wait. With
 * zero-copy off every rectangle first lands in a contiguous staging area
 * and is copied into the panel at the wait (the paper's Table I variant).
 * The caller owns the memory (pooled by the tile store).
 */
#ifndef RMA_RMA_PANEL_H
#define RMA_RMA_PANEL_H

#include "rma/patch.h"

typedef struct {
  long dst, src; /* panel offset, staging offset */
  int rows, cols, ld;
} rma_staged_t;

typedef struct {
  double *buf;   /* the panel */
  double *stage; /* staging area (zero-copy off), as large as buf; else NULL */
  long staged_len;
  MPI_Request *reqs;
  int nreq, maxreq;
  rma_staged_t *copies;
  int ncopy, maxcopy;
} rma_panel_t;

/* Local. An empty panel over buf (and stage, NULL for zero-copy). */
void rma_panel_init(rma_panel_t *p, double *buf, double *stage);

/* Local (one-sided). Issue the gets of rectangle r of (w, t) into the panel
 * at offset off with leading dimension ld. */
int rma_panel_get(rma_panel_t *p, const rma_win_t *w, const rma_tiles_t *t, rma_rect_t r, long off,
                  int ld);

/* Local. Complete every get issued since the last wait; the panel is then
 * filled. */
int rma_panel_wait(rma_panel_t *p);

/* Local. Complete anything outstanding and free the bookkeeping (not the
 * buffers). */
int rma_panel_free(rma_panel_t *p);

#endif
