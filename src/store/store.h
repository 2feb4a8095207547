/*
 * The tile store: library-owned copies of operands in segments
 * (rma/win.h) that node neighbours read in place and other nodes through
 * RMA. The user's memory is touched only by its owner: each rank copies its
 * local part in, and results are written back by their owners.
 *
 * One segment per role, pooled: kept between calls (no call pays window
 * creation after the first use of a size), grown when a call needs more,
 * re-made when the shared-memory switch changes, released by rma_finalize
 * (or at the end of every call when RMA_OPT_STORE_KEEP is 0). Segments belong
 * to the current context (core/context.h); the scratch buffer to the process. Every rank
 * asks for the same size (computed from the global tile directory), so the
 * collective decisions need no communication.
 *
 * front-ends (ops/) -> store -> rma/win
 */
#ifndef RMA_STORE_STORE_H
#define RMA_STORE_STORE_H

#include "core/context.h"
#include "tiles/tiles.h"
#include "rma/win.h"

typedef enum {
  RMA_STORE_A,    /* first operand (dgemm A, the LU's source, the solve's factors) */
  RMA_STORE_B,    /* second operand (dgemm B, the solve's right-hand side) */
  RMA_STORE_WORK, /* the LU's tiled working copy */
  RMA_STORE_ROLES
} rma_store_role_t;

/* Collective (same cap everywhere). The role's segment, with at least cap
 * bytes per rank. Returns 0 or RMA_ERR_MPI / RMA_ERR_NO_MEMORY on every
 * rank. */
int rma_store_segment(rma_store_role_t role, long cap, rma_win_t **w);

/*
 * Collective. A copy of a distributed matrix in the role's segment: this
 * rank's local part seg[0 .. seglen) (seglen elements of t's type,
 * directory t) is copied in and the
 * copies are published to every reader. *stored gets the directory of the
 * copy: a ScaLAPACK-layout source is stored tiled (the same tiles on the
 * same ranks, each tile contiguous, so a tile another node reads is one
 * contiguous get); other sources keep their layout (*stored = t). The
 * directory stays valid until the role is mirrored again. With one process
 * a row-major source is used itself (no copy, *stored = t).
 */
int rma_store_mirror(rma_store_role_t role, const rma_tiles_t *t, const void *seg, long seglen,
                     rma_win_t **w, const rma_tiles_t **stored);

/*
 * Local. The caller's own local part (bytes bytes at seg) as the role's operand,
 * for a row-major matrix whose elements every rank reads from its own
 * segment only (ops decide that from the directories, e.g. dgemm's B on a
 * 1 x Q grid): no copy, no window; *w is readable in place by this rank
 * alone and stays valid until the role is used again.
 */
int rma_store_own(rma_store_role_t role, const void *seg, long bytes, rma_win_t **w);

/* Local. The pooled scratch buffer of this rank (dgemm panels and C block),
 * at least cap bytes, from MPI_Alloc_mem (registered for RMA where the MPI
 * does that); kept and released like the segments. Returns 0 or
 * RMA_ERR_NO_MEMORY. */
int rma_store_scratch(long cap, void **buf);

/* Local. Bytes the scratch buffer holds on this rank. */
long long rma_store_scratch_bytes(void);

/* Collective. End of a call: frees the segments unless they are kept (or
 * held). */
int rma_store_done(void);

/* Collective. on = 1: the rma_store_done of the calls made until the
 * matching on = 0 free nothing (an operation running others on a copy in
 * the WORK segment, store/copy.h); nests. */
void rma_store_hold(int on);

/* Collective. Free every segment of the current context (before the
 * context is freed). */
int rma_store_release(void);

/* Collective over the current context. Make the A and B segments, the
 * scratch buffer and the mailbox with mb MiB per rank each now
 * (RMALA_STORE_MB), each written once, so the first operation pays neither
 * the allocation nor the first touch of fresh memory. */
int rma_store_precreate(int mb);

/* Local. Bytes the role's segment of context ctx holds on this rank (0
 * when none). */
long long rma_store_bytes(const rma_context_t *ctx, rma_store_role_t role);

#endif
