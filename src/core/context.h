/*
 * Library contexts: one per communicator the engine works on (GA's world for
 * the GA front-end, one per process grid for the native and ScaLAPACK
 * front-ends; front-end communicators with the same processes in the same
 * order share one, core/engine.h rma_engine_open_shared). A context holds the communicator (a duplicate), the node
 * communicator (the ranks that can share memory with this one), the
 * rank -> node map used for locality ordering, and the per-context state of
 * the layers above (the store's segments, the LU mailbox), which those
 * layers create on first use and release before the context is freed.
 *
 * The engine works on the current context (rma_context); a front-end makes
 * its context current (rma_context_use) before calling into the engine.
 */
#ifndef RMA_CORE_CONTEXT_H
#define RMA_CORE_CONTEXT_H

#include <mpi.h>

struct rma_store_pool;   /* store/store.c */
struct rma_mailbox_keep; /* rma/mailbox.c */
struct rma_coll_s;       /* coll/coll.h */

typedef struct rma_context_s {
  MPI_Comm comm;  /* duplicate of the communicator the context was made on */
  int rank, size; /* in comm */
  int *node_of;   /* node_of[r]: node index of rank r (0 .. nnodes-1) */
  int nnodes;
  MPI_Comm node;     /* MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED), ranks in comm order */
  int node_rank;     /* rank in node */
  int node_size;     /* ranks on this node */
  int *node_members; /* node_members[i]: rank in comm of node rank i */
  struct rma_store_pool *store;     /* owned by store/ */
  struct rma_mailbox_keep *mailbox; /* owned by rma/mailbox */
  struct rma_coll_s *coll;          /* owned by coll/: a kept collective context */
  int refs;                         /* holders (rma_engine_open_shared hands one out again) */
  int shareable;                    /* made by rma_engine_open_shared */
  struct rma_context_s *next;       /* every live context, newest first */
} rma_context_t;

/* Local. The current context (NULL when none has been made current). */
rma_context_t *rma_context(void);

/* Local. Make ctx (NULL allowed) the current context. */
void rma_context_use(rma_context_t *ctx);

/* Collective over comm. A new context on a duplicate of comm (not made
 * current). Returns 0, RMA_ERR_MPI or RMA_ERR_NO_MEMORY. */
int rma_context_create(MPI_Comm comm, rma_context_t **ctx);

/* Collective over ctx's communicator. Free a context whose store and
 * mailbox state are already released; *ctx = NULL. Clears the current
 * context when it was this one. */
int rma_context_free(rma_context_t **ctx);

/* Local. The live contexts, newest first: rma_context_next(NULL) is the
 * first, NULL after the last. */
rma_context_t *rma_context_next(const rma_context_t *prev);

#endif
