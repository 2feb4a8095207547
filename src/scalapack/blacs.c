#include "scalapack/blacs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/error.h"
#include "core/options.h"
#include "native/grid.h"

// BLACS_GET's "what" for the system handle of a context's own communicator.
#define BLACS_GET_CONTEXT_COMM 10

typedef struct known_s {
  int ictxt;
  int nprow, npcol, myrow, mycol;
  int *members; /* MPI_COMM_WORLD ranks of the context's communicator, in its order */
  int size;
  rma_grid_t grid;
  struct known_s *next;
} known_t;

static known_t *known;

static int blacs_finalize(void) {
  int rc = 0;
  while (known) {
    known_t *k = known;
    known = k->next;
    int rc2 = rma_grid_free(&k->grid);
    rc = rc ? rc : rc2;
    free(k->members);
    free(k);
  }
  return rc;
}

// The world ranks of comm's processes, in comm's order (local).
static int *world_ranks(MPI_Comm comm, int *size) {
  MPI_Group g, world;
  MPI_Comm_size(comm, size);
  int *in = malloc(sizeof(int) * (size_t)*size), *out = malloc(sizeof(int) * (size_t)*size);
  if (!in || !out) {
    free(in), free(out);
    return NULL;
  }
  for (int i = 0; i < *size; i++)
    in[i] = i;
  MPI_Comm_group(comm, &g);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_translate_ranks(g, *size, in, world, out);
  MPI_Group_free(&g);
  MPI_Group_free(&world);
  free(in);
  return out;
}

int rma_blacs_grid(int ictxt, rma_grid_t *grid) {
  int nprow, npcol, myrow, mycol, sys = 0, size = 0;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  Cblacs_get(ictxt, BLACS_GET_CONTEXT_COMM, &sys);
  MPI_Comm comm = Cblacs2sys_handle(sys);
  int *members = world_ranks(comm, &size);
  // A remembered grid serves while the context holds the same processes at
  // the same places (BLACS reuses context numbers after BLACS_GRIDEXIT).
  for (known_t *k = known; k && members; k = k->next)
    if (k->ictxt == ictxt && k->nprow == nprow && k->npcol == npcol && k->myrow == myrow &&
        k->mycol == mycol && k->size == size &&
        memcmp(k->members, members, sizeof(int) * (size_t)size) == 0) {
      free(members);
      *grid = k->grid;
      return 0;
    }
  known_t *k = calloc(1, sizeof *k);
  int rc = rma_status_agree(comm, k && members ? 0 : RMA_ERR_NO_MEMORY);
  if (rc == 0)
    rc = rma_grid_create_at(comm, nprow, npcol, myrow, mycol, &k->grid);
  if (rc == 0)
    rc = rma_engine_at_finalize(blacs_finalize);
  if (rc != 0) {
    if (k)
      rma_grid_free(&k->grid);
    free(k), free(members);
    return rc;
  }
  // A context that changed processes keeps its old grid in the list until
  // rma_finalize (freeing it would need its old processes).
  *k = (known_t){ictxt, nprow, npcol, myrow, mycol, members, size, k->grid, known};
  known = k;
  *grid = k->grid;
  return 0;
}

// The caller's place in context ictxt (*g) and its grid: 0, 1 when the
// caller is not in the context (nothing collective done), or RMA_ERR_*.
static int blacs_enter(int ictxt, rma_desc_grid_t *g, rma_grid_t *grid) {
  Cblacs_gridinfo(ictxt, &g->nprow, &g->npcol, &g->myrow, &g->mycol);
  if (g->nprow < 1 || g->npcol < 1 || g->myrow < 0 || g->mycol < 0)
    return 1;
  return rma_blacs_grid(ictxt, grid);
}

void rma_pd_check_second(const rma_desc_t *d, int ctxt, int ma, int mpos, int na, int npos, int ib,
                         int jb, int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e) {
  rma_desc_grid_t own = *g;
  rma_desc_err_t mine = {0, ""};
  if (d->ctxt != ctxt)
    Cblacs_gridinfo(d->ctxt, &own.nprow, &own.npcol, &own.myrow, &own.mycol);
  if (own.nprow >= 1 && own.npcol >= 1 && own.myrow >= 0 && own.mycol >= 0)
    rma_desc_check(d, ma, mpos, na, npos, ib, jb, dpos, &own, &mine);
  if (!mine.key && d->ctxt != ctxt)
    rma_desc_err(&mine, 100 * dpos + 2, "its context is not the first descriptor's");
  rma_desc_err(e, mine.key, mine.why);
}

int rma_pd_enter(const char *routine, const char *what, const int *desc, int dpos, rma_desc_t *d,
                 rma_desc_grid_t *g, rma_grid_t *grid) {
  int key = rma_desc_read(desc, dpos, d);
  if (key)
    return rma_desc_unreadable(routine, key);
  int rc = blacs_enter(d->ctxt, g, grid);
  if (rc == 1)
    return -(100 * dpos + 2);
  if (rc == 0 && rma_core_options()->verbose && g->myrow == 0 && g->mycol == 0)
    fprintf(stderr, "rmala: %s %s\n", routine, what);
  return rc;
}
