/*
 * Opening and closing the engine on a communicator: a context (core) with
 * the state the layers above keep per context (store segments, LU mailbox).
 * Each front-end opens one engine context per communicator it serves and
 * makes it current (rma_context_use) before each call into the engine.
 */
#ifndef RMA_OPS_ENGINE_H
#define RMA_OPS_ENGINE_H

#include <mpi.h>

#include "core/context.h"

/* Collective over comm. A new engine context (not made current). Returns 0,
 * RMA_ERR_MPI or RMA_ERR_NO_MEMORY on every rank of comm. */
int rma_engine_open(MPI_Comm comm, rma_context_t **ctx);

/* Collective over *ctx's communicator. Release the context's store segments
 * and mailbox, then the context; the scratch buffer too when no context is
 * left. *ctx = NULL; the current context is restored unless it was this one. */
int rma_engine_close(rma_context_t **ctx);

/* Collective over the current context's communicator. Make the store
 * segments and the mailbox of mb MiB per rank each now (RMALA_STORE_MB), so
 * the first operation pays no allocation. */
int rma_engine_precreate(int mb);

/* Local. Have rma_finalize (or MPI_Finalize, whichever comes first) call
 * fn, once, before it closes the contexts left open; newest first. Returns
 * 0 or RMA_ERR_NO_MEMORY. Registering the same fn again does nothing. */
int rma_engine_at_finalize(int (*fn)(void));

#endif
