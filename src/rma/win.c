#include "rma/win.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/error.h"
#include "core/pages.h"
#include "core/sim.h"

// Info for the library's windows: no accumulate ordering (counters are the
// only accumulates and carry no ordering), one displacement unit everywhere,
// and per-rank pages for shared segments (each rank's memory stays local to
// its socket; it also keeps MPICH's MPI_Win_allocate segments page-aligned,
// see misplaced).
static MPI_Info window_info(void) {
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "accumulate_ordering", "none");
  MPI_Info_set(info, "same_disp_unit", "true");
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  return info;
}

// 1 on every rank when any rank passes failed != 0.
static int any_failed(MPI_Comm comm, int failed) {
  MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm);
  return failed;
}

// The in-place domain: a shared window on the node communicator and the
// node neighbours' segment pointers. Returns 1 (on every rank) when some
// node could not make one; nothing is then kept.
static int try_shared(rma_context_t *ctx, MPI_Aint bytes, MPI_Info info, rma_win_t *w) {
  void *base = NULL;
#ifdef RMALA_SIMULATE
  // SimGrid 3.32's MPI_Win_allocate_shared: node rank 0 allocates its own
  // size times the node size and hands rank i the slice at i * size, so
  // every rank asks for the node's largest.
  RMA_CALL_MPI(MPI_Allreduce(MPI_IN_PLACE, &bytes, 1, MPI_AINT, MPI_MAX, ctx->node));
#endif
  int failed = MPI_Win_allocate_shared(bytes, 1, info, ctx->node, &base,
                                       &w->node_win) != MPI_SUCCESS;
  if (!failed) {
    MPI_Win_set_errhandler(w->node_win, MPI_ERRORS_RETURN);
#ifdef RMALA_SIMULATE
    // Its MPI_Win_shared_query names the start of the whole allocation for
    // every rank; the simulated ranks share one address space, so the
    // segments' own base pointers are exchanged instead.
    void **ptrs = malloc(sizeof(void *) * (size_t)ctx->node_size);
    failed = ptrs == NULL || MPI_Allgather(&base, sizeof base, MPI_BYTE, ptrs, sizeof base,
                                           MPI_BYTE, ctx->node) != MPI_SUCCESS;
    for (int i = 0; i < ctx->node_size && !failed; i++)
      w->peer[ctx->node_members[i]] = ptrs[i];
    free(ptrs);
#else
    for (int i = 0; i < ctx->node_size && !failed; i++) {
      MPI_Aint size;
      int unit;
      void *ptr = NULL;
      failed = MPI_Win_shared_query(w->node_win, i, &size, &unit, &ptr) != MPI_SUCCESS;
      w->peer[ctx->node_members[i]] = ptr;
    }
#endif
  }
  if (any_failed(ctx->comm, failed)) {
    if (w->node_win != MPI_WIN_NULL)
      MPI_Win_free(&w->node_win);
    w->node_win = MPI_WIN_NULL;
    for (int r = 0; r < ctx->size; r++)
      w->peer[r] = NULL;
    return 1;
  }
  w->base = base;
  w->shared = 1;
  return 0;
}

// Collective. Does a get of each rank's first element through win see what
// that rank stored through its own base pointer? MPICH 4.0.2's
// MPI_Win_allocate packs the ranks' segments back to back (unless asked for
// alloc_shared_noncontig), returns base pointers that are not 16-byte
// aligned when the ranks before ask for sizes that are not multiples of 16,
// but resolves displacements from the base rounded down to 16 bytes (a get
// of displacement 0 then reads 8 bytes before the segment: GA's arrays have
// that fault). 1 on every rank when not.
static int misplaced(rma_win_t *w) {
  MPI_Comm comm = rma_context()->comm;
  int next = (w->rank + 1) % w->size, bad = 0;
  double got = 0.0;
  *(double *)w->base = (double)(w->rank + 1);
  bad |= MPI_Win_sync(w->win) != MPI_SUCCESS;
  bad |= MPI_Barrier(comm) != MPI_SUCCESS;
  bad |= MPI_Get(&got, 1, MPI_DOUBLE, next, 0, 1, MPI_DOUBLE, w->win) != MPI_SUCCESS;
  bad |= MPI_Win_flush(next, w->win) != MPI_SUCCESS;
  bad |= MPI_Barrier(comm) != MPI_SUCCESS;
  return any_failed(comm, bad || got != (double)(next + 1));
}

#ifdef RMALA_SIMULATE
// Shared-malloc mode (core/sim.h): the segment from rma_sim_bulk_alloc (its
// head private, the rest one set of physical pages for all simulated ranks;
// a mailbox's from rma_sim_folded_alloc), node neighbours' segments read in
// place through their base pointers (one address space), and a window created
// over the segments when some rank is out of in-place reach. SMPI skips the
// receive-side copy into shared bytes of its RMA transfers (not the sender's
// copy of every payload) and charges their network time in full. Beside a
// bulk segment's window, sim_void: the same size over no memory (base
// MPI_BOTTOM), for gets whose bytes SMPI would not write anyway (rma/patch.c).
static int sim_bulk_alloc(rma_context_t *ctx, MPI_Aint bytes, long head, int shared,
                          MPI_Info info, rma_win_t *w) {
  // A head beyond one double is a mailbox's (transfers land anywhere in it).
  size_t hb = (size_t)(head > (long)sizeof(double) ? head : (long)sizeof(double));
  w->base = head > (long)sizeof(double) ? rma_sim_folded_alloc((size_t)bytes, hb)
                     : rma_sim_bulk_alloc((size_t)bytes, hb);
  if (rma_status_agree(ctx->comm, w->base ? 0 : RMA_ERR_NO_MEMORY))
    return RMA_ERR_NO_MEMORY;
  w->sim_bulk = 1;
  w->peer[ctx->rank] = w->base;
  // Nodes of one rank have nothing to exchange, but the agreement is on
  // every rank (it hung LU at np 5 on 4 + 1 cores before).
  int in_place = shared && ctx->node_size > 1, failed = 0;
  if (in_place) {
    void **ptrs = malloc(sizeof(void *) * (size_t)ctx->node_size);
    failed = ptrs == NULL || MPI_Allgather(&w->base, sizeof w->base, MPI_BYTE, ptrs,
                                           sizeof w->base, MPI_BYTE, ctx->node) != MPI_SUCCESS;
    for (int i = 0; i < ctx->node_size && !failed; i++)
      w->peer[ctx->node_members[i]] = ptrs[i];
    free(ptrs);
  }
  if (any_failed(ctx->comm, failed))
    return RMA_ERR_MPI;
  w->shared = in_place;
  if (!in_place || ctx->nnodes > 1) {
    int rc = MPI_Win_create(w->base, bytes, 1, info, ctx->comm, &w->win);
    if (any_failed(ctx->comm, rc != MPI_SUCCESS))
      return RMA_ERR_MPI;
    w->remote = 1;
    if (head <= (long)sizeof(double)) {
      rc = MPI_Win_create(MPI_BOTTOM, bytes, 1, info, ctx->comm, &w->sim_void);
      if (any_failed(ctx->comm, rc != MPI_SUCCESS))
        return RMA_ERR_MPI;
    }
  }
  return 0;
}
#endif

int rma_win_alloc(long cap, int shared, rma_win_t *w) {
  return rma_win_alloc_head(cap, (long)sizeof(double), shared, 0, w);
}

int rma_win_alloc_head(long cap, long head, int shared, int lazy, rma_win_t *w) {
  rma_context_t *ctx = rma_context();
  memset(w, 0, sizeof *w);
  w->node_win = w->win = w->sim_void = MPI_WIN_NULL;
  w->fill_next = -1;
  w->rank = ctx->rank, w->size = ctx->size;
  // Whole doubles, at least one: the window check writes one.
  w->cap = cap > (long)sizeof(double) ? (cap + 7) / 8 * 8 : (long)sizeof(double);
  MPI_Aint bytes = (MPI_Aint)w->cap;
  w->peer = calloc((size_t)ctx->size, sizeof(void *));
  if (rma_status_agree(ctx->comm, w->peer ? 0 : RMA_ERR_NO_MEMORY)) {
    free(w->peer);
    w->peer = NULL;
    return RMA_ERR_NO_MEMORY;
  }
  // Alone, the segment is plain memory: no window at all (Open MPI 4.1
  // refuses MPI_Win_create at np = 1).
  if (ctx->size == 1) {
    if (MPI_Alloc_mem(bytes, MPI_INFO_NULL, &w->base) != MPI_SUCCESS) {
      rma_win_free(w);
      return RMA_ERR_NO_MEMORY;
    }
    w->peer[0] = w->base;
    return 0;
  }
  MPI_Info info = window_info();
  int rc = 0;
#ifdef RMALA_SIMULATE
  if (rma_sim_shared())
    rc = sim_bulk_alloc(ctx, bytes, head, shared, info, w);
  else
#else
  (void)head;
#endif
  if (!(shared && ctx->node_size > 1 && try_shared(ctx, bytes, info, w) == 0)) {
    // The RMA domain only: one window that allocates the segments.
    void *base = NULL;
    rc = MPI_Win_allocate(bytes, 1, info, ctx->comm, &base, &w->win);
    rc = any_failed(ctx->comm, rc != MPI_SUCCESS) ? RMA_ERR_MPI : 0;
    w->base = base;
    w->peer[ctx->rank] = w->base;
    w->remote = 1;
  } else if (ctx->nnodes > 1) {
    // Other nodes reach the shared segments through a window laid over them.
    rc = MPI_Win_create(w->base, bytes, 1, info, ctx->comm, &w->win);
    rc = any_failed(ctx->comm, rc != MPI_SUCCESS) ? RMA_ERR_MPI : 0;
    w->remote = 1;
  }
  MPI_Info_free(&info);
  if (rc == 0 && w->win != MPI_WIN_NULL) {
    MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);
    rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win) != MPI_SUCCESS;
  }
  if (rc == 0 && w->node_win != MPI_WIN_NULL)
    rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, w->node_win) != MPI_SUCCESS;
  if (rc == 0 && w->sim_void != MPI_WIN_NULL) {
    MPI_Win_set_errhandler(w->sim_void, MPI_ERRORS_RETURN);
    rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, w->sim_void) != MPI_SUCCESS;
  }
  rc = any_failed(ctx->comm, rc != 0) ? RMA_ERR_MPI : 0;
  // Never trust a window blindly: one element read back from a neighbour.
  if (rc == 0 && w->win != MPI_WIN_NULL && misplaced(w))
    rc = RMA_ERR_MPI;
  if (rc != 0) {
    rma_win_free(w);
    return rc;
  }
  // Make every page resident now (each rank its own: they stay local to its
  // socket), so a call after a pre-creation pays no page faults. (Not the
  // simulation's shared pages: SMPI maps them populated, once for all.)
  if (w->sim_bulk)
    return 0;
#ifdef RMALA_SIMULATE
  lazy = 0; // populating does nothing there (core/pages.h)
#endif
  if (lazy) {
    // The head now (counters are polled from the start), the rest in the
    // owner's waits: a first call's fresh pages cost it ~0.6 ms per MB to
    // populate here (core/pages.h), time its ranks otherwise spend idle.
    rma_pages_populate(w->base, (size_t)(head < bytes ? head : bytes), 1);
    w->fill_at = head < bytes ? head : bytes, w->fill_next = w->size;
    return 0;
  }
  rma_pages_populate(w->base, (size_t)bytes, 1);
  if (w->shared) {
    // Then this process's mappings of its neighbours' pages (after their
    // owners placed them): reading them in place faults no more either.
    MPI_Barrier(ctx->node);
    for (int i = 0; i < ctx->node_size; i++)
      if (ctx->node_members[i] != ctx->rank)
        rma_pages_populate(w->peer[ctx->node_members[i]], (size_t)bytes, 0);
  }
  return 0;
}

int rma_win_fill(rma_win_t *w, long bytes) {
  // Only the window's own fields: a mailbox may wait while another
  // context is current (the collectives' does).
  if (w->fill_next < 0)
    return 0;
  while (bytes > 0 && w->fill_next >= 0) {
    int own = w->fill_next == w->size, r = own ? w->rank : w->fill_next;
    char *seg = own || (w->shared && r != w->rank) ? w->peer[r] : NULL;
    if (seg) {
      long n = w->cap - w->fill_at < bytes ? w->cap - w->fill_at : bytes;
      rma_pages_populate(seg + w->fill_at, (size_t)n, 0);
      w->fill_at += n, bytes -= n;
      if (w->fill_at < w->cap)
        break;
    }
    // That segment is done (or not in place): the next, own first, then
    // the neighbours' in rank order.
    w->fill_at = 0;
    w->fill_next = own ? 0 : w->fill_next + 1;
    if (!w->shared || w->fill_next >= w->size)
      w->fill_next = -1;
  }
  return 1;
}

int rma_win_free(rma_win_t *w) {
  int rc = 0;
  // An epoch is open on every window that exists here (MPI_ERRORS_RETURN
  // reports a window whose epoch never opened; nothing else depends on it).
  if (w->win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(w->win);
    rc |= MPI_Win_free(&w->win) != MPI_SUCCESS;
  }
  if (w->sim_void != MPI_WIN_NULL) {
    MPI_Win_unlock_all(w->sim_void);
    rc |= MPI_Win_free(&w->sim_void) != MPI_SUCCESS;
  }
  if (w->node_win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(w->node_win);
    rc |= MPI_Win_free(&w->node_win) != MPI_SUCCESS;
  } else if (w->sim_bulk) {
    rma_sim_bulk_free(w->base);
  } else if (w->size == 1 && w->base) {
    MPI_Free_mem(w->base);
  }
  free(w->peer);
  memset(w, 0, sizeof *w);
  w->node_win = w->win = w->sim_void = MPI_WIN_NULL;
  return rc ? RMA_ERR_MPI : 0;
}

int rma_win_publish(rma_win_t *w) {
  if (w->size == 1)
    return 0;
  if (w->node_win != MPI_WIN_NULL)
    RMA_CALL_MPI(MPI_Win_sync(w->node_win));
  if (w->win != MPI_WIN_NULL)
    RMA_CALL_MPI(MPI_Win_sync(w->win));
  RMA_CALL_MPI(MPI_Barrier(rma_context()->comm));
  if (w->node_win != MPI_WIN_NULL)
    RMA_CALL_MPI(MPI_Win_sync(w->node_win));
  if (w->win != MPI_WIN_NULL)
    RMA_CALL_MPI(MPI_Win_sync(w->win));
  return 0;
}

const char *rma_win_domains(const rma_win_t *w) {
  if (w->size == 1)
    return "one process";
  if (w->shared)
    return w->remote ? "shared memory + RMA" : "shared memory";
  return "RMA";
}
