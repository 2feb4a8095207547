/*
 * Who receives rma_potrf's blocks of step k, and from whom: the hand-out
 * rules of the pipelined Cholesky (ops/potrf/potrf_run.h), as grid
 * geometry only (no message is sent here).
 *
 * With D_k the owner of diagonal tile (k, k), lower (A = L L^H) and in
 * brackets upper (A = U^H U, the same on the transposed grid): the panel
 * tile x (x > k) is L(x, k) [U(k, x)]; the panel line is process column
 * k % p1 [row k % p0]. The ranks using panel tile x in the update are
 * those of process row x % p0 holding a tile (x, j), k < j <= x, and those
 * of process column x % p1 holding a tile (i, x), i >= x [transposed: row
 * x's tiles (x, j), j >= x, column x's tiles (i, x), k < i <= x]. They get
 * it in one of three rounds (rma_potrf_receives):
 *  1. from its owner, the ranks whose lookahead (the update of tile column
 *     [row] k + 1) uses it;
 *  2. from its owner, the other users on its process row [column] in the
 *     owner's group and the next few groups along that line (the owner's
 *     node link carries about as many copies as each of them in round 3);
 *  3. the rest, on the crossing process column [row] and in the line's
 *     other groups, from every group that holds the tile after rounds 1
 *     and 2, each sending a share (rma_potrf_receivers).
 * A rank that updates tiles for another (potrf_help.h) uses the panel
 * tiles those updates read as well. A group is the pipeline's
 * (pipeline/handout.h): the ranks that read one copy in place (one node's,
 * with shared memory).
 *
 * ops/potrf/potrf_run -> here -> tiles (grid positions).
 */
#ifndef RMA_OPS_POTRF_HANDOUT_H
#define RMA_OPS_POTRF_HANDOUT_H

#include "ops/potrf/potrf_help.h"
#include "pipeline/handout.h"
#include "tiles/tiles.h"

typedef struct {
  const rma_tiles_t *t;      /* the matrix (its grid and rank numbering) */
  const rma_groups_t *grp;   /* the ring's groups */
  const rma_potrf_help_t *help; /* the updates handed out (potrf_help.h), or NULL */
  int lower, nt, p0, p1;
  int *rowpos, *colpos;       /* per rank: its group's index among its row's / column's groups */
  int *rowgroups, *colgroups; /* per process row / column: how many groups it spans */
  int *direct;                /* per grid position of a tile x: the groups served in round 2 */
  int *sends, *deal, *holders; /* round 3's scratch (per group, per group, p0 + p1) */
} rma_potrf_handout_t;

/* The rank at grid position (r, c) of h's matrix, in its rank numbering. */
static inline int rma_potrf_rank_at(const rma_potrf_handout_t *h, int r, int c) {
  return h->t->o.gridcol ? r + c * h->p0 : r * h->p1 + c;
}

/* The owner of tile (bi, bj). */
static inline int rma_potrf_owner(const rma_potrf_handout_t *h, int bi, int bj) {
  return rma_potrf_rank_at(h, bi % h->p0, bj % h->p1);
}

/* The owner of step k's panel tile x: of L(x, k) [U(k, x)]. */
static inline int rma_potrf_panel_owner(const rma_potrf_handout_t *h, int k, int x) {
  return h->lower ? rma_potrf_owner(h, x, k) : rma_potrf_owner(h, k, x);
}

/*
 * Local. The rules for the lower (lower != 0) or upper Cholesky of t (a
 * uniform square-tiled directory, first tile on grid position (0, 0); it
 * must outlive h), ready once rma_potrf_handout_groups has told the
 * groups. Returns 0 or RMA_ERR_NO_MEMORY; close h either way.
 */
int rma_potrf_handout_open(rma_potrf_handout_t *h, const rma_tiles_t *t, int lower);

/* Local. The ring's groups (they must outlive h): where the rules see
 * which ranks read one copy; and the plan of the updates handed out (NULL:
 * none; it must outlive h). */
void rma_potrf_handout_groups(rma_potrf_handout_t *h, const rma_groups_t *grp,
                              const rma_potrf_help_t *help);

/* Local. Frees what open made (nothing after a failed open). */
void rma_potrf_handout_close(rma_potrf_handout_t *h);

/* Local. 1 when rank (r, c) is on step k's panel line and holds a panel
 * tile. */
int rma_potrf_holds_panel(const rma_potrf_handout_t *h, int k, int r, int c);

/* Local. 1 when group g holds a rank with a panel tile of step k (it needs
 * the diagonal factor). */
int rma_potrf_group_holds_panel(const rma_potrf_handout_t *h, int k, int g);

/* Local. 1 when rank (r, c) receives step k's panel tile x in round 1, 2
 * or 3 (see the top of the file). */
int rma_potrf_receives(const rma_potrf_handout_t *h, int k, int x, int r, int c, int round);

/* Local. 1 when no rank of group g received step k's panel tile x in a
 * round before round: a copy into g is needed in that round. */
int rma_potrf_group_needs(const rma_potrf_handout_t *h, int k, int x, int g, int round);

/* Local. The panel tiles of step k that rank (r, c) receives in round;
 * _in: only those of tiles x in [lo, hi). */
int rma_potrf_panel_count(const rma_potrf_handout_t *h, int k, int r, int c, int round);
int rma_potrf_panel_count_in(const rma_potrf_handout_t *h, int k, int r, int c, int round, int lo,
                             int hi);

/*
 * Local. The ranks that rank me serves with step k's panel tile x in round
 * (into ranks, at least p0 + p1 long; returns their number): in rounds 1
 * and 2 the owner serves all of that round's receivers; in round 3 every
 * group holding the tile after rounds 1 and 2 sends from one rank (the
 * owner in its group, else the group's first such rank on the row
 * [column]): the notifications to its group's round-3 receivers (the copy
 * is in place), and copies to its share of the groups holding none, dealt
 * in turn among the holders other than the owner's group (its link
 * carried round 2), or by the owner when its group is the only holder.
 * Not reentrant (h's scratch).
 */
int rma_potrf_receivers(rma_potrf_handout_t *h, int k, int x, int me, int round, int *ranks);

#endif
