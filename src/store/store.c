#include "store/store.h"

#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/engine.h"
#include "core/error.h"
#include "core/options.h"
#include "core/pages.h"
#include "core/sim.h"

typedef struct {
  rma_win_t seg;   /* the pooled segment (win fields MPI_WIN_NULL when none) */
  int made;        /* seg holds an allocation */
  int shared;      /* the shared-memory switch it was made with */
  rma_win_t own;     /* a view of the caller's memory, read by its owner only */
  void **own_peer;   /* own.peer: this rank's entry set, every other NULL */
  rma_tiles_t tiled; /* directory of a re-laid-out copy */
} pool_entry_t;

// The segments of one context (rma_context_t.store), made on first use.
struct rma_store_pool {
  pool_entry_t role[RMA_STORE_ROLES];
};

// The scratch buffer is local memory: one per process, shared by contexts.
static void *scratch;
static long scratch_cap; // bytes
static int scratch_sim; // simulation build, shared-malloc mode: from rma_sim_bulk_alloc

static void scratch_free(void) {
  if (scratch && scratch_sim)
    rma_sim_bulk_free(scratch);
  else if (scratch)
    MPI_Free_mem(scratch);
  scratch = NULL, scratch_cap = 0, scratch_sim = 0;
}

// The current context's entry for role; NULL when memory runs out.
static int store_close(void);

static pool_entry_t *entry(rma_store_role_t role) {
  rma_engine_on_close(RMA_RELEASE_STORE, store_close);
  rma_context_t *ctx = rma_context();
  if (!ctx->store)
    ctx->store = calloc(1, sizeof *ctx->store);
  return ctx->store ? &ctx->store->role[role] : NULL;
}

int rma_store_scratch(long cap, void **buf) {
  rma_engine_on_close(RMA_RELEASE_STORE, store_close);
  if (cap > scratch_cap) {
    scratch_free();
#ifdef RMALA_SIMULATE
    // Shared-malloc mode (core/sim.h): panels and C blocks are bulk, shared
    // by all simulated ranks (their values are meaningless there anyway).
    if (rma_sim_shared()) {
      scratch = rma_sim_bulk_alloc((size_t)cap, 0);
      if (!scratch)
        return RMA_ERR_NO_MEMORY;
      scratch_cap = cap, scratch_sim = 1;
      *buf = scratch;
      return 0;
    }
#endif
    if (MPI_Alloc_mem((MPI_Aint)cap, MPI_INFO_NULL, &scratch) != MPI_SUCCESS)
      return RMA_ERR_NO_MEMORY;
    scratch_cap = cap;
    rma_pages_populate(scratch, (size_t)cap, 1);
  }
  *buf = scratch;
  return 0;
}

long long rma_store_scratch_bytes(void) { return (long long)scratch_cap; }

static int drop(pool_entry_t *e) {
  if (!e->made)
    return 0;
  e->made = 0;
  return rma_win_free(&e->seg);
}

int rma_store_segment(rma_store_role_t role, long cap, rma_win_t **w) {
  pool_entry_t *e = entry(role);
  if (!e)
    return RMA_ERR_NO_MEMORY;
  int shared = rma_core_options()->shared;
  if (e->made && (e->seg.cap < cap || e->shared != shared))
    RMA_CALL(drop(e));
  if (!e->made) {
    RMA_CALL(rma_win_alloc(cap, shared, &e->seg));
    e->made = 1, e->shared = shared;
  }
  *w = &e->seg;
  return 0;
}

int rma_store_own(rma_store_role_t role, const void *seg, long bytes, rma_win_t **w) {
  rma_context_t *ctx = rma_context();
  pool_entry_t *e = entry(role);
  if (!e || (!e->own_peer && !(e->own_peer = calloc((size_t)ctx->size, sizeof(void *)))))
    return RMA_ERR_NO_MEMORY;
  e->own_peer[ctx->rank] = (void *)seg;
  e->own = (rma_win_t){.node_win = MPI_WIN_NULL, .win = MPI_WIN_NULL, .base = (void *)seg,
                       .cap = bytes, .peer = e->own_peer, .rank = ctx->rank, .size = ctx->size,
                       .sim_void = MPI_WIN_NULL, .fill_next = -1};
  *w = &e->own;
  return 0;
}

int rma_store_mirror(rma_store_role_t role, const rma_tiles_t *t, const void *seg, long seglen,
                     rma_win_t **w, const rma_tiles_t **stored) {
  long es = (long)rma_tiles_esize(t);
  rma_context_t *ctx = rma_context();
  pool_entry_t *e = entry(role);
  if (!e)
    return RMA_ERR_NO_MEMORY;
  *stored = t;
  if (ctx->size == 1 && (t->kind == RMA_TILES_GRID || !t->o.colmajor))
    return rma_store_own(role, seg, seglen * es, w); // every tile is local: a row-major source is its own mirror
  RMA_CALL(rma_store_segment(role, rma_tiles_segment_max(t) * es, w));
  if (t->kind != RMA_TILES_BLOCK_CYCLIC) {
    if (seglen > 0)
      memcpy((*w)->base, seg, (size_t)(seglen * es));
    return rma_win_publish(*w);
  }
  // ScaLAPACK layout: the same tiles, each stored contiguously (a
  // column-major source is transposed on the way).
  rma_tiles_origin_t o = {t->o.ioff, t->o.joff, t->o.rsrc, t->o.csrc, 0, 0, t->o.gridcol, 0, 0};
  rma_tiles_free(&e->tiled);
  RMA_CALL(rma_tiles_init_window(&e->tiled, RMA_TILES_TILED, t->m, t->n, t->mb, t->nb, t->p0,
                                 t->p1, &o));
  e->tiled.dtype = t->dtype;
  *stored = &e->tiled;
  int pr, pc;
  if (rma_tiles_coords(t, ctx->rank, &pr, &pc) == 0)
    RMA_TILES_FOR_OWNED(t, pr, pc, 0, 0, bi, bj) {
        rma_tile_t to;
        rma_tiles_locate(&e->tiled, bi, bj, &to);
        rma_rect_t r = {to.r0, to.c0, to.rows, to.cols};
        rma_tiles_local_copy(t, (void *)seg, r, (char *)(*w)->base + to.disp * es, to.ld, 1);
      }
  return rma_win_publish(*w);
}

// Nesting depth of rma_store_hold (the process's: calls are collective and
// one at a time).
static int held;

void rma_store_hold(int on) { held += on ? 1 : -1; }

int rma_store_done(void) {
  if (held > 0 || rma_core_options()->store_keep)
    return 0;
  scratch_free();
  return rma_store_release();
}

int rma_store_release(void) {
  rma_context_t *ctx = rma_context();
  int rc = 0;
  if (!ctx->store)
    return 0;
  for (int r = 0; r < RMA_STORE_ROLES; r++) {
    int rc2 = drop(&ctx->store->role[r]);
    rc = rc ? rc : rc2;
    rma_tiles_free(&ctx->store->role[r].tiled);
    free(ctx->store->role[r].own_peer);
  }
  free(ctx->store);
  ctx->store = NULL;
  return rc;
}

// The store's part of closing the current context: its segments, and the
// process's scratch buffer with the last live context.
static int store_close(void) {
  rma_context_t *ctx = rma_context();
  int rc = rma_store_release();
  if (rma_context_next(NULL) == ctx && !rma_context_next(ctx))
    scratch_free();
  return rc;
}

long long rma_store_bytes(const rma_context_t *ctx, rma_store_role_t role) {
  const pool_entry_t *e = ctx->store ? &ctx->store->role[role] : NULL;
  return e && e->made ? (long long)e->seg.cap : 0;
}
