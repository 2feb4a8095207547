/*
 * The flat protocols: allgather, broadcast and barrier when every rank of the
 * context reads every other's segment in place (one node, shared memory on).
 *
 * rma_allgather / rma_bcast / rma_barrier (coll/api.c: local checks only) ->
 * rma_coll_flat: own data into own area, call header + READY (CPU atomics) ->
 * every neighbour's READY and header (atomic loads) -> copies out of the
 * neighbours' areas into the user buffer.
 *
 * Call s uses area s % 2 and header s % 2 of each rank. Nobody writes into
 * another rank's segment, and a rank finishes call s only after every rank
 * posted READY >= s + 1, i.e. entered call s and so finished call s - 1: its
 * area and header of parity (s + 1) % 2 are then free again. No other wait
 * keeps back-to-back calls apart.
 */
#include <string.h>

#include "coll/coll.h"
#include "core/error.h"

// Header words.
enum { HEAD_BYTES = 0, HEAD_BAD = 1, HEAD_ROOT = 2 };

// Post this rank's header for the current call, then READY (release).
static void post_header(struct rma_coll_s *c, int area, size_t bytes, int bad, int root) {
  int64_t *mine = rma_mailbox_peer_counters(c->mb, c->rank);
  int64_t *h = mine + RMA_COLL_HEAD + area * RMA_COLL_HEAD_LEN;
  __atomic_store_n(&h[HEAD_BYTES], (int64_t)bytes, __ATOMIC_RELAXED);
  __atomic_store_n(&h[HEAD_BAD], (int64_t)bad, __ATOMIC_RELAXED);
  __atomic_store_n(&h[HEAD_ROOT], (int64_t)root, __ATOMIC_RELAXED);
  __atomic_store_n(&mine[RMA_COLL_READY], c->seq + 1, __ATOMIC_RELEASE);
}

// Wait for every rank's header of the current call; the agreement key.
static int read_headers(struct rma_coll_s *c, int area, size_t bytes, int bad, int root, int *key) {
  int any_bad = 0, differ = 0;
  for (int t = 0; t < c->size; t++) {
    if (t == c->rank)
      continue;
    RMA_CALL(rma_mailbox_wait_remote(c->mb, t, RMA_COLL_READY, c->seq + 1));
    const int64_t *h =
        rma_mailbox_peer_counters(c->mb, t) + RMA_COLL_HEAD + area * RMA_COLL_HEAD_LEN;
    if (__atomic_load_n(&h[HEAD_BAD], __ATOMIC_RELAXED) != 0)
      any_bad = 1;
    else if (__atomic_load_n(&h[HEAD_BYTES], __ATOMIC_RELAXED) != (int64_t)bytes)
      differ = differ ? differ : 300;
    else if (__atomic_load_n(&h[HEAD_ROOT], __ATOMIC_RELAXED) != root)
      differ = differ ? differ : 400;
  }
  // Every rank sees every header, so a failure is seen everywhere: a bad
  // argument somewhere, or values that are not all equal (then every rank
  // differs from some clean one). The lowest key wins in rma_info_agree.
  *key = bad ? bad : differ ? differ : any_bad ? -1 : 0;
  return 0;
}

int rma_coll_flat(struct rma_coll_s *c, int kind, const void *src, void *dst, size_t bytes,
                  int root, int bad, int *key) {
  int area = (int)(c->seq % 2);
  long off = rma_coll_offset(c, area, 0);
  char *mine = (char *)(c->mb->data + off);
  int filler = kind == RMA_COLL_KIND_BCAST && c->rank == root && !bad && c->size > 1;
  if (kind == RMA_COLL_KIND_ALLGATHER && !bad && bytes > 0 && c->size > 1)
    memcpy(mine, src, bytes);
  post_header(c, area, bytes, bad, root);
  // The root fills its area after READY, so the others check headers meanwhile.
  int64_t chunks = (int64_t)((c->max_bytes + RMA_COLL_CHUNK - 1) / RMA_COLL_CHUNK);
  int64_t post0 = c->seq * (chunks + 1); // chunk i ready: POST >= post0 + i + 1
  if (filler)
    RMA_CALL(rma_coll_post_chunks(c, mine, src, bytes, post0));
  RMA_CALL(read_headers(c, area, bytes, bad, root, key));
  c->seq++;
  if (*key != 0 || bytes == 0)
    return 0;
  // Agreed: copy out of the areas (the same call's parity: post0 and off).
  if (kind == RMA_COLL_KIND_ALLGATHER) {
    for (int t = 0; t < c->size; t++) {
      const void *from = t == c->rank ? src : rma_mailbox_peer_data(c->mb, t) + off;
      memcpy((char *)dst + (size_t)t * bytes, from, bytes);
    }
  } else if (kind == RMA_COLL_KIND_BCAST && c->rank != root) {
    RMA_CALL(rma_coll_read_posted(c, root, off, dst, bytes, post0));
  }
  return 0;
}
