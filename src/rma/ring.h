/*
 * The prefetch ring: a few patch buffers per operand, allocated with
 * MPI_Alloc_mem on a slot's first use (patches in place reach never need
 * one), each holding one fetched patch (tagged by its rectangle) so
 * consecutive tasks that need the same patch reuse it instead of fetching
 * again. Slots in use by queued tasks are pinned; a new patch evicts the
 * least recently used unpinned slot.
 */
#ifndef RMA_RMA_RING_H
#define RMA_RMA_RING_H

#include "rma/patch.h"

typedef struct {
  double *buf;   /* patch, row-major with ld = its column count */
  double *stage; /* pack buffer the gets land in when zero-copy is off */
  rma_rect_t tag;
  int valid, pins, pending;
  long last_use;
  MPI_Request *reqs;
  int nreq, maxreq;
} rma_slot_t;

typedef struct {
  rma_slot_t *slots;
  int nslots;
  long cap; /* elements per slot */
  const rma_win_t *win;
  const rma_tiles_t *tiles;
  int zero_copy, nonblocking;
  long clock;
} rma_ring_t;

/* Local. nslots buffers of cap elements each over (win, tiles). */
int rma_ring_create(rma_ring_t *r, const rma_win_t *win, const rma_tiles_t *tiles, int nslots,
                    long cap, int zero_copy, int nonblocking);

/* Local. Pin a slot holding patch p, issuing its gets if no slot has it.
 * *slot = -1 (and 0 returned) when every slot is pinned. */
int rma_ring_acquire(rma_ring_t *r, rma_rect_t p, int *slot);

/* Local. Complete the slot's gets; its data is then in buf (ld = tag.cols). */
int rma_ring_wait(rma_ring_t *r, int slot);

/* Local. Unpin a slot after its task ran. */
void rma_ring_release(rma_ring_t *r, int slot);

/* Local. Wait for anything outstanding and free the buffers. */
int rma_ring_free(rma_ring_t *r);

#endif
