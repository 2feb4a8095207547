/*
 * A GA handle seen through the tile directory: the only place (with the
 * GA front-end's public entry points beside it in ga/) that talks to Global
 * Arrays about layouts.
 */
#ifndef RMA_GA_GA_MATRIX_H
#define RMA_GA_GA_MATRIX_H

#include <mpi.h>

#include "core/context.h"
#include "tiles/tiles.h"

/* Local. Make the GA front-end's engine context current and return it;
 * NULL (and nothing changed) before rma_init. */
rma_context_t *rma_ga_enter(void);

typedef struct {
  int handle;
  rma_tiles_t tiles; /* the verified directory */
  void *seg;         /* this rank's local segment (NULL when it holds nothing) */
  long seglen;       /* elements in seg */
  int regular;       /* 1: GA regular/irregular distribution (GRID tiles) */
} rma_ga_matrix_t;

/*
 * Local. 0 when g_a is a valid 2-D GA of doubles (its extent in *m, *n),
 * else 1. Never aborts on a bad handle.
 */
int rma_ga_is_matrix(int g_a, int *m, int *n);

/* Local. 0 when g_a is a valid 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL
 * (its element type in *dt, its extent in *m, *n), else 1. */
int rma_ga_matrix_type(int g_a, rma_dtype_t *dt, int *m, int *n);

/* Local. The element type of GA type constant type (C_FLOAT, C_DBL, C_SCPL,
 * C_DCPL) in *dt: 0, or 1 for any other type. */
int rma_ga_dtype(int type, rma_dtype_t *dt);

/* Local. GA's name of the type's constant ("C_DBL", ...). */
const char *rma_ga_type_name(rma_dtype_t dt);

/*
 * Collective over comm (the library communicator, ranks equal to GA's).
 * Builds the tile directory of g_a (a GA of any of the four types: the
 * directory's dtype) from its GA distribution, verifies it
 * against GA (segment length, block extents, layout, sampled elements) and
 * gives direct access to the local segment. A verified directory is
 * remembered per handle and reused while GA reports the same local facts on
 * every rank (one allreduce instead of the verification). Returns 0, RMA_ERR_LAYOUT
 * (same on all ranks) for a distribution the library cannot address.
 */
int rma_ga_matrix_open(int g_a, MPI_Comm comm, rma_ga_matrix_t *mat);

/* Local. The engine's view of an open matrix (directory and local segment). */
rma_matrix_t rma_ga_matrix_view(const rma_ga_matrix_t *mat);

/* Local. Forget the directories remembered per handle (rma_finalize). */
void rma_ga_matrix_forget(void);

/* Local. Release the segment (updated = 1 when this rank wrote to it) and
 * the directory. Safe on a matrix whose open failed. */
void rma_ga_matrix_close(rma_ga_matrix_t *mat, int updated);

#endif
