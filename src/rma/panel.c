#include "rma/panel.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

void rma_panel_init(rma_panel_t *p, double *buf, double *stage) {
  memset(p, 0, sizeof *p);
  p->buf = buf, p->stage = stage;
}

int rma_panel_get(rma_panel_t *p, const rma_win_t *w, const rma_tiles_t *t, rma_rect_t r, long off,
                  int ld) {
  int need = p->nreq + rma_patch_requests(t, r);
  if (need > p->maxreq) {
    int cap = need > 2 * p->maxreq ? need : 2 * p->maxreq;
    MPI_Request *q = realloc(p->reqs, sizeof(MPI_Request) * (size_t)cap);
    if (!q)
      return RMA_ERR_NO_MEMORY;
    p->reqs = q, p->maxreq = cap;
  }
  if (!p->stage)
    return rma_patch_rget(w, t, r, p->buf + off, ld, p->reqs, &p->nreq);
  if (p->ncopy == p->maxcopy) {
    int cap = p->maxcopy ? 2 * p->maxcopy : 16;
    rma_staged_t *c = realloc(p->copies, sizeof(rma_staged_t) * (size_t)cap);
    if (!c)
      return RMA_ERR_NO_MEMORY;
    p->copies = c, p->maxcopy = cap;
  }
  p->copies[p->ncopy++] = (rma_staged_t){off, p->staged_len, r.rows, r.cols, ld};
  double *dst = p->stage + p->staged_len;
  p->staged_len += (long)r.rows * r.cols;
  return rma_patch_rget(w, t, r, dst, r.cols, p->reqs, &p->nreq);
}

int rma_panel_wait(rma_panel_t *p) {
  int rc = MPI_Waitall(p->nreq, p->reqs, MPI_STATUSES_IGNORE);
  p->nreq = 0;
  for (int c = 0; c < p->ncopy; c++) {
    const rma_staged_t *s = &p->copies[c];
    for (int i = 0; i < s->rows; i++)
      memcpy(p->buf + s->dst + (long)i * s->ld, p->stage + s->src + (long)i * s->cols,
             sizeof(double) * (size_t)s->cols);
  }
  p->ncopy = 0, p->staged_len = 0;
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

int rma_panel_free(rma_panel_t *p) {
  int rc = p->nreq ? rma_panel_wait(p) : 0;
  free(p->reqs);
  free(p->copies);
  memset(p, 0, sizeof *p);
  return rc;
}
