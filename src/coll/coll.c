/*
 * The collective context (rma_coll_t): its engine context, mailbox, groups,
 * and the sequence / credit bookkeeping every algorithm uses (coll/coll.h).
 */
#include "coll/coll.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/options.h"
#include "core/engine.h"

static void coll_destroy(struct rma_coll_s *c) {
  free(c->expect), free(c->known), free(c->leader), free(c->group), free(c->leaders);
  free(c);
}

// Groups from the segments the mailbox got: a node when its ranks share
// memory, else each rank alone.
static int coll_groups(struct rma_coll_s *c) {
  const rma_context_t *ctx = c->ctx;
  int shared = c->mb->seg.shared, n = c->size;
  c->leader = malloc(sizeof(int) * (size_t)n);
  c->group = malloc(sizeof(int) * (size_t)n);
  c->leaders = malloc(sizeof(int) * (size_t)n);
  if (!c->leader || !c->group || !c->leaders)
    return RMA_ERR_NO_MEMORY;
  for (int t = 0; t < n; t++) {
    c->leader[t] = t;
    if (shared)
      for (int u = 0; u < t; u++)
        if (ctx->node_of[u] == ctx->node_of[t]) {
          c->leader[t] = u;
          break;
        }
  }
  c->ngroup = c->nleaders = 0, c->lidx = -1;
  for (int t = 0; t < n; t++) {
    if (c->leader[t] == c->leader[c->rank]) {
      if (t == c->rank)
        c->gidx = c->ngroup;
      c->group[c->ngroup++] = t;
    }
    if (c->leader[t] == t) {
      if (t == c->rank)
        c->lidx = c->nleaders;
      c->leaders[c->nleaders++] = t;
    }
  }
  c->flat = c->nleaders == 1;
  for (int t = 0; t < n; t++)
    c->flat = c->flat && c->mb->seg.peer[t] != NULL;
  return 0;
}

int rma_coll_open(MPI_Comm comm, size_t max_bytes, struct rma_coll_s **coll) {
  *coll = NULL;
  struct rma_coll_s *c = calloc(1, sizeof *c);
  int rc = rma_status_agree(comm, c ? 0 : RMA_ERR_NO_MEMORY);
  if (rc != 0) {
    free(c);
    return rc;
  }
  RMA_CALL(rma_engine_open(comm, &c->ctx));
  rma_context_t *was = rma_context();
  rma_context_use(c->ctx);
  c->rank = c->ctx->rank, c->size = c->ctx->size, c->max_bytes = max_bytes;
  c->shared = rma_core_options()->shared;
  size_t stride = (max_bytes + 7) / 8 * 8;
  c->area = (long)(stride / sizeof(double)) * c->size;
  rc = rma_mailbox_open(RMA_COLL_NCOUNTERS, 2 * c->area, &c->mb);
  if (rc == 0) {
    c->expect = calloc(RMA_COLL_NCOUNTERS, sizeof(int64_t));
    c->known = calloc((size_t)c->size, sizeof(int64_t));
    rc = c->expect && c->known ? coll_groups(c) : RMA_ERR_NO_MEMORY;
    rc = rma_status_agree(c->ctx->comm, rc);
  }
  rma_context_use(was);
  if (rc != 0) {
    rma_engine_close(&c->ctx);
    coll_destroy(c);
    return rc;
  }
  // Areas are fresh: any rank accepts writes for calls 0 and 1.
  for (int t = 0; t < c->size; t++)
    c->known[t] = 1;
  *coll = c;
  return 0;
}

int rma_coll_close(struct rma_coll_s **coll) {
  struct rma_coll_s *c = *coll;
  if (!c)
    return 0;
  rma_context_t *was = rma_context();
  rma_context_use(c->ctx);
  // No rank frees its segment while a message may still be on its way to it.
  int rc = 0;
  if (c->mb->seg.win != MPI_WIN_NULL)
    rc = MPI_Win_flush_all(c->mb->seg.win) != MPI_SUCCESS ? RMA_ERR_MPI : 0;
  rc = rma_status_agree(c->ctx->comm, rc);
  rma_context_use(was == c->ctx ? NULL : was);
  int rc2 = rma_engine_close(&c->ctx);
  coll_destroy(c);
  *coll = NULL;
  return rc ? rc : rc2;
}

int rma_coll_enter(struct rma_coll_s *c, int *area) {
  int64_t s = c->seq;
  *area = (int)(s % 2);
  // Area s % 2 was last read in call s - 2: every reader in place must be past it.
  if (s >= 2)
    for (int i = 0; i < c->ngroup; i++)
      if (c->group[i] != c->rank)
        RMA_CALL(rma_mailbox_wait_remote(c->mb, c->group[i], RMA_COLL_DONE, s - 1));
  // Other groups may write for call s + 1 too when nobody else reads this area.
  if (c->mb->seg.remote)
    RMA_CALL(rma_mailbox_store(c->mb, c->rank, RMA_COLL_CREDIT, c->ngroup > 1 ? s : s + 1));
  return 0;
}

int rma_coll_leave(struct rma_coll_s *c) {
  c->seq++;
  if (c->ngroup > 1)
    RMA_CALL(rma_mailbox_store(c->mb, c->rank, RMA_COLL_DONE, c->seq));
  return 0;
}

int rma_coll_credit(struct rma_coll_s *c, int t) {
  // Node neighbours were checked on entry.
  if (c->mb->seg.peer[t] || c->known[t] >= c->seq)
    return 0;
  RMA_CALL(rma_mailbox_wait_remote(c->mb, t, RMA_COLL_CREDIT, c->seq));
  c->known[t] = c->seq;
  return 0;
}

void rma_coll_heard(struct rma_coll_s *c, int t) {
  // t entered this call; alone in its group it then accepts the next one too.
  int64_t k = c->mb->seg.shared ? c->seq : c->seq + 1;
  if (c->known[t] < k)
    c->known[t] = k;
}

int rma_coll_wait(struct rma_coll_s *c, int area, int step, int n) {
  int k = rma_coll_counter(area, step);
  c->expect[k] += n;
  return rma_mailbox_wait(c->mb, k, c->expect[k]);
}

int rma_coll_post_chunks(struct rma_coll_s *c, char *mine, const void *src, size_t bytes,
                         int64_t post0) {
  for (size_t at = 0, i = 0; at < bytes; at += RMA_COLL_CHUNK, i++) {
    size_t len = bytes - at < RMA_COLL_CHUNK ? bytes - at : RMA_COLL_CHUNK;
    memcpy(mine + at, (const char *)src + at, len);
    RMA_CALL(rma_mailbox_store(c->mb, c->rank, RMA_COLL_POST, post0 + (int64_t)i + 1));
  }
  return 0;
}

int rma_coll_read_posted(struct rma_coll_s *c, int t, long off, void *dst, size_t bytes,
                         int64_t post0) {
  const char *there = (const char *)(rma_mailbox_peer_data(c->mb, t) + off);
  for (size_t at = 0, i = 0; at < bytes; at += RMA_COLL_CHUNK, i++) {
    size_t len = bytes - at < RMA_COLL_CHUNK ? bytes - at : RMA_COLL_CHUNK;
    RMA_CALL(rma_mailbox_wait_remote(c->mb, t, RMA_COLL_POST, post0 + (int64_t)i + 1));
    memcpy((char *)dst + at, there + at, len);
  }
  return 0;
}

int rma_coll_kept(size_t max_bytes, struct rma_coll_s **coll) {
  rma_context_t *ctx = rma_context();
  struct rma_coll_s *k = ctx->coll;
  // Every rank sees the same sizes and switch, so all take the same branch.
  if (k && (k->max_bytes < max_bytes || k->shared != rma_core_options()->shared))
    RMA_CALL(rma_coll_release_kept());
  if (!ctx->coll) {
    rma_engine_on_close(RMA_RELEASE_COLL, rma_coll_release_kept);
    RMA_CALL(rma_coll_open(ctx->comm, max_bytes, &ctx->coll));
  }
  *coll = ctx->coll;
  return 0;
}

int rma_coll_kept_done(void) {
  return rma_core_options()->store_keep ? 0 : rma_coll_release_kept();
}

int rma_coll_release_kept(void) {
  rma_context_t *ctx = rma_context();
  return ctx->coll ? rma_coll_close(&ctx->coll) : 0;
}
