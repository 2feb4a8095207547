/*
 * Panels: the operand buffers of one dgemm step. A panel is gathered from
 * rectangles of a distributed matrix (rma/patch.h), each landing at its
 * place in the panel (offset, ld): pieces in place reach are copied at once,
 * the others are nonblocking MPI_Rgets completed by rma_panel_wait. Pieces
 * go through the panel's staging area (contiguous, copied at the wait) when
 * zero-copy is off (every piece: the paper's Table I variant) and, under
 * MPICH, for whole tiles that would land strided. The caller owns the
 * memory (pooled by the tile store).
 */
#ifndef RMA_RMA_PANEL_H
#define RMA_RMA_PANEL_H

#include "rma/patch.h"

typedef struct {
  void *buf; /* the panel (elements of the directories' type) */
  rma_stage_t stage;
  MPI_Request *reqs;
  int nreq, maxreq;
} rma_panel_t;

/* Local. An empty panel over buf with a staging area of stage_cap bytes
 * at stage (stage_cap 0: none); all = 1 stages every piece. */
void rma_panel_init(rma_panel_t *p, void *buf, void *stage, long stage_cap, int all);

/* Local (one-sided). Issue the gets of rectangle r of (w, t) into the panel
 * at element offset off with leading dimension ld. */
int rma_panel_get(rma_panel_t *p, const rma_win_t *w, const rma_tiles_t *t, rma_rect_t r, long off,
                  int ld);

/* Local. Complete every get issued since the last wait; the panel is then
 * filled. */
int rma_panel_wait(rma_panel_t *p);

/* Local. Complete anything outstanding and free the bookkeeping (not the
 * buffers). */
int rma_panel_free(rma_panel_t *p);

#endif
