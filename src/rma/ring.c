#include "rma/ring.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

int rma_ring_create(rma_ring_t *r, const rma_win_t *win, const rma_tiles_t *tiles, int nslots,
                    long cap, int zero_copy, int nonblocking) {
  memset(r, 0, sizeof *r);
  r->win = win, r->tiles = tiles, r->cap = cap > 0 ? cap : 1;
  r->zero_copy = zero_copy, r->nonblocking = nonblocking;
  r->slots = calloc((size_t)nslots, sizeof(rma_slot_t));
  if (!r->slots)
    return RMA_ERR_NO_MEMORY;
  r->nslots = nslots;
  return 0;
}

// A slot's buffers, made on its first use: when every patch is in place
// reach (one node with shared memory) no buffer is ever made.
static int slot_buffers(rma_ring_t *r, rma_slot_t *sl) {
  MPI_Aint bytes = (MPI_Aint)r->cap * (MPI_Aint)sizeof(double);
  if (!sl->buf && MPI_Alloc_mem(bytes, MPI_INFO_NULL, &sl->buf) != MPI_SUCCESS)
    return RMA_ERR_NO_MEMORY;
  if (!r->zero_copy && !sl->stage && MPI_Alloc_mem(bytes, MPI_INFO_NULL, &sl->stage) != MPI_SUCCESS)
    return RMA_ERR_NO_MEMORY;
  return 0;
}

static int same_rect(rma_rect_t a, rma_rect_t b) {
  return a.r0 == b.r0 && a.c0 == b.c0 && a.rows == b.rows && a.cols == b.cols;
}

int rma_ring_acquire(rma_ring_t *r, rma_rect_t p, int *slot) {
  int victim = -1;
  r->clock++;
  for (int s = 0; s < r->nslots; s++) {
    rma_slot_t *sl = &r->slots[s];
    if (sl->valid && same_rect(sl->tag, p)) {
      // Reuse: already held or on its way.
      sl->pins++;
      sl->last_use = r->clock;
      *slot = s;
      return 0;
    }
  }
  // Victim: an empty slot, else the least recently used unpinned one.
  for (int s = 0; s < r->nslots; s++) {
    rma_slot_t *sl = &r->slots[s];
    if (sl->pins > 0)
      continue;
    if (!sl->valid) {
      victim = s;
      break;
    }
    if (victim < 0 || sl->last_use < r->slots[victim].last_use)
      victim = s;
  }
  *slot = victim;
  if (victim < 0)
    return 0;
  rma_slot_t *sl = &r->slots[victim];
  if (sl->pending)
    RMA_CALL(rma_ring_wait(r, victim));
  RMA_CALL(slot_buffers(r, sl));
  int need = rma_patch_requests(r->tiles, p);
  if (need > sl->maxreq) {
    MPI_Request *q = realloc(sl->reqs, sizeof(MPI_Request) * (size_t)need);
    if (!q)
      return RMA_ERR_NO_MEMORY;
    sl->reqs = q, sl->maxreq = need;
  }
  sl->tag = p, sl->valid = 1, sl->pins = 1, sl->last_use = r->clock, sl->nreq = 0;
  double *dst = r->zero_copy ? sl->buf : sl->stage;
  sl->pending = 1;
  RMA_CALL(rma_patch_rget(r->win, r->tiles, p, dst, p.cols, sl->reqs, &sl->nreq));
  if (!r->nonblocking)
    RMA_CALL(rma_ring_wait(r, victim));
  return 0;
}

int rma_ring_wait(rma_ring_t *r, int slot) {
  rma_slot_t *sl = &r->slots[slot];
  if (!sl->pending)
    return 0;
  RMA_CALL_MPI(MPI_Waitall(sl->nreq, sl->reqs, MPI_STATUSES_IGNORE));
  sl->pending = 0;
  sl->nreq = 0;
  if (!r->zero_copy)
    memcpy(sl->buf, sl->stage, sizeof(double) * (size_t)sl->tag.rows * (size_t)sl->tag.cols);
  return 0;
}

void rma_ring_release(rma_ring_t *r, int slot) {
  if (slot >= 0 && r->slots[slot].pins > 0)
    r->slots[slot].pins--;
}

int rma_ring_free(rma_ring_t *r) {
  int rc = 0;
  for (int s = 0; s < r->nslots; s++) {
    rma_slot_t *sl = &r->slots[s];
    if (sl->pending && rma_ring_wait(r, s) != 0)
      rc = RMA_ERR_MPI;
    if (sl->buf)
      MPI_Free_mem(sl->buf);
    if (sl->stage)
      MPI_Free_mem(sl->stage);
    free(sl->reqs);
  }
  free(r->slots);
  memset(r, 0, sizeof *r);
  return rc;
}
