/*
 * The hand-out rules of rma_potrf: which rank gets step k's blocks in
 * which round, and from whom (see potrf_handout.h).
 */
#include "ops/potrf/potrf_handout.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

static void position(const rma_potrf_handout_t *h, int rank, int *r, int *c) {
  rma_tiles_coords(h->t, rank, r, c);
}

// 1 when some v in [a, b] has v % per == c.
static int any_in(int a, int b, int per, int c) {
  if (b < a)
    return 0;
  return b - a + 1 >= per || (c - a % per + per) % per <= b - a;
}

// 1 when rank (r, c) uses step k's panel tile x as its "single" operand
// (single != 0: tile column [row] x's tiles) or in its "line" operand
// (tile row [column] x's tiles). Upper is lower on the transposed grid.
static int uses(const rma_potrf_handout_t *h, int k, int x, int r, int c, int single) {
  int pr = h->p0, pc = h->p1;
  if (!h->lower) {
    int tmp = r;
    r = c, c = tmp, pr = h->p1, pc = h->p0;
  }
  if (single) // tile column x's tiles (i, x), i >= x
    return c == x % pc && any_in(x, h->nt - 1, pr, r);
  return r == x % pr && any_in(k + 1, x, pc, c); // tile row x's tiles (x, j), k < j <= x
}

// 1 when rank (r, c) uses step k's panel tile x in its lookahead, the
// update of tile column [row] k + 1: as that column's single operand, or
// in its line operand (all of its line tiles then).
static int look_uses(const rma_potrf_handout_t *h, int k, int x, int r, int c) {
  int across = h->lower ? c : r, per = h->lower ? h->p1 : h->p0;
  if (k + 1 >= h->nt || across != (k + 1) % per)
    return 0;
  return (x == k + 1 && uses(h, k, x, r, c, 1)) || uses(h, k, x, r, c, 0);
}

int rma_potrf_holds_panel(const rma_potrf_handout_t *h, int k, int r, int c) {
  if (h->lower)
    return c == k % h->p1 && any_in(k + 1, h->nt - 1, h->p0, r);
  return r == k % h->p0 && any_in(k + 1, h->nt - 1, h->p1, c);
}

int rma_potrf_group_holds_panel(const rma_potrf_handout_t *h, int k, int g) {
  for (int i = h->grp->start[g]; i < h->grp->start[g + 1]; i++) {
    int r, c;
    position(h, h->grp->ranks[i], &r, &c);
    if (rma_potrf_holds_panel(h, k, r, c))
      return 1;
  }
  return 0;
}

// How many groups of its process row [column] besides its own the owner of
// a panel tile serves in round 2, when that line has g groups and the
// crossing one gc: d, so that the owner's node link carries d copies and
// each of the d served groups about (g - 1 - d + gc - 1) / d in round 3,
// the larger of the two as small as it gets. (The line's every group from
// the owner put 7 copies of each of a node's tiles through its link at
// simulated FDR P 1024, a node a 4 x 4 block of the grid: the waits for
// round 2 were 0.54 s of a rank's ~1.3 s.)
static int direct_groups(int g, int gc) {
  int best = g - 1, cost = g - 1 + gc;
  for (int d = 1; d < g; d++) {
    int share = (g - 1 - d + gc - 1 + d - 1) / d, c = d > share ? d : share;
    if (c < cost)
      best = d, cost = c;
  }
  return best > 0 ? best : 0;
}

// 1 when the owner of step k's panel tile x serves rank (r, c), a user on
// its process row [column], in round 2: in its own group, or in one of the
// next h->direct groups along that line.
static int direct(const rma_potrf_handout_t *h, int k, int x, int r, int c) {
  int me = rma_potrf_rank_at(h, r, c), owner = rma_potrf_panel_owner(h, k, x);
  const int *pos = h->lower ? h->rowpos : h->colpos;
  int g = h->lower ? h->rowgroups[r] : h->colgroups[c];
  return (pos[me] - pos[owner] + g) % g <= h->direct[(x % h->p0) * h->p1 + x % h->p1];
}

int rma_potrf_receives(const rma_potrf_handout_t *h, int k, int x, int r, int c, int round) {
  if (look_uses(h, k, x, r, c))
    return round == 1;
  if (!uses(h, k, x, r, c, 1) && !uses(h, k, x, r, c, 0) &&
      !(h->help && rma_potrf_help_uses(h->help, k, x, rma_potrf_rank_at(h, r, c))))
    return 0;
  int along = h->lower ? r == x % h->p0 : c == x % h->p1;
  return round == (along && direct(h, k, x, r, c) ? 2 : 3);
}

int rma_potrf_group_needs(const rma_potrf_handout_t *h, int k, int x, int g, int round) {
  for (int i = h->grp->start[g]; i < h->grp->start[g + 1]; i++) {
    int r, c;
    position(h, h->grp->ranks[i], &r, &c);
    for (int before = 1; before < round; before++)
      if (rma_potrf_receives(h, k, x, r, c, before))
        return 0;
  }
  return 1;
}

int rma_potrf_panel_count_in(const rma_potrf_handout_t *h, int k, int r, int c, int round, int lo,
                             int hi) {
  int n = 0;
  for (int x = lo > k + 1 ? lo : k + 1; x < hi && x < h->nt; x++)
    n += rma_potrf_receives(h, k, x, r, c, round);
  return n;
}

int rma_potrf_panel_count(const rma_potrf_handout_t *h, int k, int r, int c, int round) {
  return rma_potrf_panel_count_in(h, k, r, c, round, k + 1, h->nt);
}

// Rank i of tile x's process row (i < p1) and column (then), or -1 for
// the row's rank met again on the column: every rank that may use x.
static int cross_rank(const rma_potrf_handout_t *h, int x, int i) {
  int xr = x % h->p0, xc = x % h->p1;
  if (i < h->p1)
    return rma_potrf_rank_at(h, xr, i);
  return i - h->p1 == xr ? -1 : rma_potrf_rank_at(h, i - h->p1, xc);
}

// 1 when rank holds step k's panel tile x after rounds 1 and 2.
static int holds_tile(const rma_potrf_handout_t *h, int k, int x, int rank) {
  int r, c;
  position(h, rank, &r, &c);
  return rma_potrf_receives(h, k, x, r, c, 1) || rma_potrf_receives(h, k, x, r, c, 2);
}

// Round 3's sender for each group along tile x's row and column
// (h->sends, -1: none holds it) and the holding groups, the owner's first
// (h->holders; returns their number). (All of round 3 from the owner of
// tile (x, x) put every round 3 of a node's diagonal ranks through its
// link: simulated FDR, P 256, a node a 4 x 4 block of the grid, those ranks
// spent 0.13 s of 0.33 s sending, the others 0.01 s.)
static int find_holders(rma_potrf_handout_t *h, int k, int x) {
  const int *of = h->grp->of;
  int len = h->p0 + h->p1, owner = rma_potrf_panel_owner(h, k, x), nh = 0;
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(h, x, i);
    if (rank >= 0)
      h->sends[of[rank]] = h->deal[of[rank]] = -1;
  }
  h->sends[of[owner]] = owner;
  h->holders[nh++] = of[owner];
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(h, x, i);
    if (rank >= 0 && h->sends[of[rank]] < 0 && holds_tile(h, k, x, rank))
      h->sends[of[rank]] = rank, h->holders[nh++] = of[rank];
  }
  return nh;
}

int rma_potrf_receivers(rma_potrf_handout_t *h, int k, int x, int me, int round, int *ranks) {
  const int *of = h->grp->of;
  int len = h->p0 + h->p1, n = 0, nh = 0, dealt = 0;
  if (round < 3 && me != rma_potrf_panel_owner(h, k, x))
    return 0;
  if (round == 3)
    nh = find_holders(h, k, x);
  for (int i = 0; i < len; i++) {
    int rank = cross_rank(h, x, i), r, c;
    if (rank < 0)
      continue;
    position(h, rank, &r, &c);
    if (!rma_potrf_receives(h, k, x, r, c, round))
      continue;
    int from = me;
    if (round == 3) {
      int g = of[rank], base = nh > 1;
      from = h->sends[g];
      if (from < 0 && h->deal[g] < 0)
        h->deal[g] = h->sends[h->holders[base + (x + dealt++) % (nh - base)]];
      from = from < 0 ? h->deal[g] : from;
    }
    if (from == me)
      ranks[n++] = rank;
  }
  return n;
}

// The groups along each process row and column (direct()): how many, and
// each rank's group's index among them, in order of first rank; then the
// groups round 2 serves for a tile at each grid position.
static void find_line_groups(rma_potrf_handout_t *h) {
  const int *of = h->grp->of;
  int *seen = h->holders;
  for (int cols = 0; cols < 2; cols++) {
    int lines = cols ? h->p1 : h->p0, across = cols ? h->p0 : h->p1;
    for (int l = 0; l < lines; l++) {
      int n = 0;
      for (int a = 0; a < across; a++) {
        int rank = cols ? rma_potrf_rank_at(h, a, l) : rma_potrf_rank_at(h, l, a), i = 0;
        while (i < n && seen[i] != of[rank])
          i++;
        if (i == n)
          seen[n++] = of[rank];
        (cols ? h->colpos : h->rowpos)[rank] = i;
      }
      (cols ? h->colgroups : h->rowgroups)[l] = n;
    }
  }
  for (int r = 0; r < h->p0; r++)
    for (int c = 0; c < h->p1; c++)
      h->direct[r * h->p1 + c] = h->lower ? direct_groups(h->rowgroups[r], h->colgroups[c])
                                          : direct_groups(h->colgroups[c], h->rowgroups[r]);
}

int rma_potrf_handout_open(rma_potrf_handout_t *h, const rma_tiles_t *t, int lower) {
  memset(h, 0, sizeof *h);
  h->t = t, h->lower = lower != 0, h->nt = t->nt, h->p0 = t->p0, h->p1 = t->p1;
  int size = h->p0 * h->p1, line = h->p0 + h->p1;
  // One block: rowpos, colpos, direct, sends, deal (size each: there are
  // at most as many groups as ranks), rowgroups, colgroups, holders (line).
  int *all = malloc(sizeof(int) * (size_t)(5 * size + 2 * line));
  if (!all)
    return RMA_ERR_NO_MEMORY;
  h->rowpos = all, h->colpos = all + size, h->direct = all + 2 * size;
  h->sends = all + 3 * size, h->deal = all + 4 * size;
  h->rowgroups = all + 5 * size, h->colgroups = h->rowgroups + h->p0;
  h->holders = h->colgroups + h->p1;
  return 0;
}

void rma_potrf_handout_groups(rma_potrf_handout_t *h, const rma_groups_t *grp,
                              const rma_potrf_help_t *help) {
  h->grp = grp, h->help = help;
  find_line_groups(h);
}

void rma_potrf_handout_close(rma_potrf_handout_t *h) {
  free(h->rowpos);
  h->rowpos = NULL;
}
