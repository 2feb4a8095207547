/*
 * Opening and closing the engine on a communicator: a context (core) plus
 * the state the layers above keep per context (store segments, mailbox,
 * kept collective context). Those layers register how to release their
 * state (rma_engine_on_close) the first time they attach it; closing a
 * context runs the registered releases in a fixed order, so core calls no
 * layer above it by name.
 * Each front-end opens one engine context per communicator it serves and
 * makes it current (rma_context_use) before each call into the engine.
 */
#ifndef RMA_CORE_ENGINE_H
#define RMA_CORE_ENGINE_H

#include <mpi.h>

#include "core/context.h"

/* The order in which a context's layer state is released (lower first). */
typedef enum {
  RMA_RELEASE_COLL,    /* the kept collective context (its own engine context) */
  RMA_RELEASE_STORE,   /* store segments (and the scratch buffer with the last context) */
  RMA_RELEASE_MAILBOX, /* the kept put + notify mailbox */
  RMA_RELEASE_COUNT
} rma_release_order_t;

/* Collective over comm. A new engine context (not made current). Returns 0,
 * RMA_ERR_MPI or RMA_ERR_NO_MEMORY on every rank of comm. */
int rma_engine_open(MPI_Comm comm, rma_context_t **ctx);

/* Collective over comm. rma_engine_open for a front-end's context (GA's
 * world, a process grid): when a live context made by this function has a
 * communicator congruent with comm (the same processes in the same order)
 * on every rank, that context is handed out again (one holder more) instead
 * of a new one, so the holders share its store, mailbox and kept
 * collective context: a ScaLAPACK grid in row order over GA's world then
 * uses what rma_init pre-created (RMALA_STORE_MB) and holds no second copy.
 * Safe because a process runs one collective, blocking call at a time.
 * Not for a context that must keep its state while another is in use (the
 * kept collective context opens its own). Returns what rma_engine_open
 * returns. */
int rma_engine_open_shared(MPI_Comm comm, rma_context_t **ctx);

/* Collective over *ctx's communicator. One holder fewer; the last one runs
 * every registered release on the context (made current meanwhile), then
 * frees it. *ctx = NULL; the current context is restored unless it was
 * this one and was freed. */
int rma_engine_close(rma_context_t **ctx);

/* Local. Register fn as the release of one layer's per-context state
 * (collective over the current context when called by rma_engine_close;
 * it must do nothing when the context holds no such state). Registering
 * an order again replaces nothing and returns 0. */
void rma_engine_on_close(rma_release_order_t order, int (*fn)(void));

/* Local. Have rma_finalize (or MPI_Finalize, whichever comes first) call
 * fn, once, before it closes the contexts left open; newest first. Returns
 * 0 or RMA_ERR_NO_MEMORY. Registering the same fn again does nothing. */
int rma_engine_at_finalize(int (*fn)(void));

#endif
