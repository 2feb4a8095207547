/*
 * The ring of mailbox slots (pipeline/ring.h): layout, counters, waits,
 * credits, completed steps, and the ring's two-level hand-out.
 *
 * ops -> pipeline (ring, hand-out, tree) -> rma mailbox (put + notify).
 */
#include "pipeline/ring.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "core/timing.h"

static void ring_free(rma_ring_t *r) {
  rma_groups_free(&r->grp);
  free(r->done_seen), free(r->stamp);
  r->done_seen = NULL, r->stamp = NULL, r->mb = NULL;
}

int rma_ring_open(rma_ring_t *r, const rma_ring_desc_t *d) {
  rma_context_t *ctx = rma_context();
  memset(r, 0, sizeof *r);
  r->d = *d, r->rank = ctx->rank, r->done = RMA_RING * d->per_slot;
  r->done_seen = calloc((size_t)ctx->size, sizeof(int64_t));
  r->stamp = calloc((size_t)ctx->size, sizeof(int));
  int rc = r->done_seen && r->stamp ? 0 : RMA_ERR_NO_MEMORY;
  // Every rank opens (collective), whatever happened above; the groups'
  // agreement below carries a local failure.
  // Headers in doubles, then the slots and the own area in elements of the
  // ring's type (the data area counts doubles).
  long elems = (long)rma_dtype_size(d->dtype) * (RMA_RING * d->slot_len + d->own_len);
  int rc2 = rma_mailbox_open_private(r->done + 1, RMA_RING * d->hdr_len,
                                     RMA_RING * d->hdr_len + (elems + 7) / 8, &r->mb);
  if (rc2 == 0)
    rc2 = rma_groups_make(r->mb, &r->grp);
  rc = rma_status_agree(ctx->comm, rc ? rc : rc2);
  if (rc != 0)
    ring_free(r);
  return rc;
}

int rma_ring_close(rma_ring_t *r) {
  int rc = rma_mailbox_close(r->mb);
  ring_free(r);
  return rc;
}

const double *rma_ring_header_from(const rma_ring_t *r, int sender, int k) {
  return rma_groups_data(&r->grp, r->mb, sender, r->rank) + rma_ring_header_off(r, k);
}

const void *rma_ring_slot_from(const rma_ring_t *r, int sender, int k) {
  return (const char *)rma_groups_data(&r->grp, r->mb, sender, r->rank) + rma_ring_slot_bytes(r, k);
}

const void *rma_ring_own_from(const rma_ring_t *r, int owner) {
  if (r->grp.of[owner] != r->grp.of[r->rank])
    return NULL;
  return (const char *)rma_groups_data(&r->grp, r->mb, owner, r->rank) + rma_ring_slot_bytes(r, 0) +
         (long)rma_dtype_size(r->d.dtype) * RMA_RING * r->d.slot_len;
}

static void timed(const rma_ring_t *r, double t0) {
  if (r->d.wait_phase >= 0)
    rma_timing_stop(r->d.wait_phase, t0);
}

int rma_ring_wait(rma_ring_t *r, int k, int which, int64_t count) {
  int c = rma_ring_counter(r, k, which);
  r->expect[c] += count;
  double t0 = rma_timing_start();
  int rc = rma_mailbox_wait(r->mb, c, r->expect[c]);
  if (r->d.kind_phase && r->d.kind_phase[which] >= 0)
    rma_timing_stop(r->d.kind_phase[which], t0);
  else
    timed(r, t0);
  return rc;
}

int rma_ring_arrived(rma_ring_t *r, int k, int which, int64_t *count) {
  int c = rma_ring_counter(r, k, which);
  int64_t now = 0;
  int rc = rma_mailbox_peek(r->mb, c, 1, &now);
  *count = rc == 0 && now > r->expect[c] ? now - r->expect[c] : 0;
  return rc;
}

int rma_ring_credit(rma_ring_t *r, int target, int k) {
  if (k < RMA_RING)
    return 0;
  double t0 = rma_timing_start();
  int rc = rma_groups_wait_counter(&r->grp, r->mb, target, r->done, k - RMA_RING + 1, r->done_seen);
  timed(r, t0);
  return rc;
}

int rma_ring_put(rma_ring_t *r, int target, int k, long off, const void *src, int rows, int cols,
                 int lds, int ldt) {
  long at = rma_ring_slot_bytes(r, k) + (long)rma_dtype_size(r->d.dtype) * off;
  return rma_mailbox_put_dt(r->mb, target, at, r->d.dtype, src, rows, cols, lds, ldt);
}

int rma_ring_put_header(rma_ring_t *r, int target, int k, const double *hdr, int len) {
  return rma_mailbox_put(r->mb, target, rma_ring_header_off(r, k), hdr, 1, len, len, len);
}

int rma_ring_notify(rma_ring_t *r, int target, int k, int which, int64_t inc) {
  return rma_mailbox_notify(r->mb, target, rma_ring_counter(r, k, which), inc);
}

int rma_ring_done(rma_ring_t *r, int k) {
  return rma_mailbox_store(r->mb, r->rank, r->done, k + 1);
}

// A hand-out of step k: the ring's credits, the operation's puts.
typedef struct {
  rma_ring_t *r;
  int k;
  int (*put)(void *arg, int holder, int group);
  int (*first)(void *arg, int group);
  void *arg;
} ring_handout_t;

static int handout_credit(void *arg, int holder) {
  ring_handout_t *h = arg;
  return rma_ring_credit(h->r, holder, h->k);
}

static int handout_put(void *arg, int holder, int group) {
  ring_handout_t *h = arg;
  return h->put(h->arg, holder, group);
}

static int handout_first(void *arg, int group) {
  ring_handout_t *h = arg;
  return h->first(h->arg, group);
}

// A hand-out of step k from this rank of a block it read as sender's.
static int fanout(rma_ring_t *r, int k, int which, int sender, const int *receivers, int n,
                  int (*first)(void *arg, int group), int (*put)(void *arg, int holder, int group),
                  void *arg) {
  ring_handout_t h = {r, k, put, first, arg};
  rma_fanout_ops_t ops = {handout_credit, handout_put, &h, first ? handout_first : NULL};
  // A list marks the groups it served: a fresh mark per call.
  int mark = receivers ? ++r->mark : 0;
  return rma_groups_fanout(&r->grp, r->mb, r->rank, sender, receivers, n,
                           rma_ring_counter(r, k, which), r->stamp, mark, &ops);
}

int rma_ring_handout(rma_ring_t *r, int k, int which, const int *receivers, int n,
                     int (*put)(void *arg, int holder, int group), void *arg) {
  return fanout(r, k, which, r->rank, receivers, n, NULL, put, arg);
}

int rma_ring_handout_all(rma_ring_t *r, int k, int which, int (*first)(void *arg, int group),
                         int (*put)(void *arg, int holder, int group), void *arg) {
  return fanout(r, k, which, r->rank, NULL, 0, first, put, arg);
}

int rma_ring_pass_on(rma_ring_t *r, int k, int which, int sender, const int *receivers, int n,
                     int (*put)(void *arg, int holder, int group), void *arg) {
  return fanout(r, k, which, sender, receivers, n, NULL, put, arg);
}

int rma_ring_relay(rma_ring_t *r, int sender, int k, int which) {
  return rma_groups_relay(&r->grp, r->mb, r->rank, sender, rma_ring_counter(r, k, which));
}
