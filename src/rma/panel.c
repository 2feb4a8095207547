#include "rma/panel.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

void rma_panel_init(rma_panel_t *p, void *buf, void *stage, long stage_cap, int all) {
  memset(p, 0, sizeof *p);
  p->buf = buf;
  p->stage.buf = stage, p->stage.cap = stage ? stage_cap : 0, p->stage.all = all;
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
  return rma_patch_rget(w, t, r, (char *)p->buf + off * (long)rma_tiles_esize(t), ld, p->reqs, &p->nreq,
                        p->stage.buf ? &p->stage : NULL);
}

int rma_panel_wait(rma_panel_t *p) {
  int rc = MPI_Waitall(p->nreq, p->reqs, MPI_STATUSES_IGNORE);
  p->nreq = 0;
  rma_stage_finish(&p->stage);
  return rc == MPI_SUCCESS ? 0 : RMA_ERR_MPI;
}

int rma_panel_free(rma_panel_t *p) {
  int rc = p->nreq ? rma_panel_wait(p) : 0;
  free(p->reqs);
  free(p->stage.copies);
  memset(p, 0, sizeof *p);
  return rc;
}
