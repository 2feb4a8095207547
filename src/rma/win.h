/*
 * Library-owned distributed segments: every rank of the library
 * communicator holds cap bytes (elements of any type; displacements in
 * bytes) that the other ranks read (and, for the
 * LU mailbox, write) in one of two domains:
 *  - in place: ranks of one node map each other's segments through a
 *    node-shared window (MPI_Win_allocate_shared on the node communicator,
 *    pointers from MPI_Win_shared_query): plain loads and stores, no MPI
 *    call, no dependence on the owner making progress;
 *  - by RMA: ranks on other nodes (or every other rank when shared memory is
 *    switched off or the MPI library cannot allocate shared windows) go
 *    through a window over the same segments on the library communicator,
 *    held in one passive-target epoch (MPI_Win_lock_all) for its lifetime.
 * Every MPI window the library makes is created and freed here.
 */
#ifndef RMA_RMA_WIN_H
#define RMA_RMA_WIN_H

#include <mpi.h>

typedef struct {
  MPI_Win node_win; /* shared window on the node communicator, or MPI_WIN_NULL */
  MPI_Win win;      /* window over the segments on the library communicator, or MPI_WIN_NULL */
  void *base;       /* this rank's segment */
  long cap;         /* bytes per rank */
  void **peer;      /* peer[r]: rank r's segment when it is readable in place, else NULL */
  int rank, size;
  int remote; /* some rank's segment is reachable only through win */
  int shared; /* in-place domain in use (node_win, or the simulation's shared malloc) */
  int sim_bulk; /* simulation build, shared-malloc mode: base is from rma_sim_bulk_alloc */
  MPI_Win sim_void; /* with sim_bulk and win: a window over no memory (rma/patch.c), or MPI_WIN_NULL */
  long fill_at;     /* deferred population (rma_win_fill): bytes done of the current segment */
  int fill_next;    /* its segment: size for this rank's own (first), then a neighbour's rank,
                       -1 when nothing is left */
} rma_win_t;

/*
 * Collective over the library communicator; every rank passes the same cap
 * and shared. Allocate cap bytes per rank (at least 8; displacement unit 1). shared = 1 asks for the
 * in-place domain on each node; when the MPI library cannot serve a shared
 * window (Open MPI restricted to one osc component other than sm, for
 * instance) every rank falls back to one MPI_Win_allocate window. A window
 * over all ranks exists only when some segment is out of in-place reach.
 * A window is checked by one element read back from a neighbour.
 * Returns 0 or RMA_ERR_MPI / RMA_ERR_NO_MEMORY on every rank (nothing kept).
 */
int rma_win_alloc(long cap, int shared, rma_win_t *w);

/*
 * rma_win_alloc whose first head bytes hold per-rank state (counters,
 * flags): in the simulation build's shared-malloc mode (core/sim.h) they
 * stay private to each simulated rank while the rest is shared between all
 * of them; elsewhere the same as rma_win_alloc. lazy = 1: only the head is
 * made resident now, the rest of this rank's segment and of its node
 * neighbours' later, piece by piece, by rma_win_fill (a mailbox does it
 * while it waits).
 */
int rma_win_alloc_head(long cap, long head, int shared, int lazy, rma_win_t *w);

/*
 * Local. Make up to bytes more of the pages a lazy rma_win_alloc_head left
 * for later resident (core/pages.h: rma_pages_populate): this rank's own
 * segment first, then its node neighbours' in place. Content unchanged:
 * safe while others write there. Returns 1 when it did some, 0 when
 * nothing is left (at once for every other window).
 */
int rma_win_fill(rma_win_t *w, long bytes);

/* Collective. Close the epochs and free the windows and the segment. Safe on
 * a zeroed struct. */
int rma_win_free(rma_win_t *w);

/*
 * Collective. Make what each rank wrote into its own segment visible to
 * every reader (both domains): memory barriers around one barrier over the
 * library communicator.
 */
int rma_win_publish(rma_win_t *w);

/* Local. A readable name of the domains in use ("one process", "shared
 * memory", "shared memory + RMA", "RMA"). */
const char *rma_win_domains(const rma_win_t *w);

#endif
