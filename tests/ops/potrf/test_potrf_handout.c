/*
 * The potrf hand-out rules (ops/potrf/potrf_handout.h) as grid geometry:
 * unit test, no MPI run, no data.
 *
 * For every configuration of a sweep (grids 1 x 1 to 8 x 8 with 1 x P,
 * P x 1 and uneven ones; nodes holding 1 rank, whole grid rows, or R x C
 * blocks of the grid; tile counts below and above the grid's extent; lower
 * and upper), every step k and panel tile x > k:
 *   - the ranks using L(x, k) [U(k, x)] are, from the definition (a rank
 *     holding a tile (x, j), k < j <= x, or (i, x), i >= x [upper: the
 *     transposes]), exactly those that receive it (the owner too: it reads
 *     its tile from its own slot, as the others from theirs);
 *   - each receives it in one round only, from one sender only (rounds 1
 *     and 2: the owner; round 3: a rank holding it after rounds 1 and 2);
 *   - what a rank waits for in a round (rma_potrf_panel_count, and _in
 *     over two ranges that split the panel) is what it receives;
 *   - a group (node) other than the owner's gets exactly one copy over the
 *     three rounds when it holds a receiver, none otherwise (a sender's put
 *     into another group counts one copy per group and round, when
 *     rma_potrf_group_needs says the group lacks it, as potrf_run.c puts).
 * With the plan of the updates handed out (potrf_help.h) of each
 * configuration: a helper receives the panel tiles its items read (the
 * users above then include it), and the plan itself is checked
 * (check_plan: only on one-line grids, items well formed, the busiest
 * rank's work in the plan's units lower after it, the known 1 x 2 upper
 * plan).
 * Every check is exact (no numerical ratio); prints the configurations and
 * tiles checked and the failures, exits 1 on any failure.
 *
 * It also prints a link-load MODEL for the simulated FDR runs (P 256 and
 * 1024, 16 ranks per node): the copies each node sends per step, summed over
 * the steps for the busiest node and on average, times a 128 x 128 double
 * tile over 6 GB/s. A model of the hand-out's network time only (no
 * latency, no overlap, no forwarding delay); for comparison with simulated
 * runs in doc/scaling.md, not a check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/potrf/potrf_handout.h"

static int failures;
static long helped; // configurations with updates handed out

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      if (failures++ < 20) {                                                                       \
        printf("FAIL: ");                                                                          \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
      }                                                                                            \
    }                                                                                              \
  } while (0)

// Groups of a p0 x p1 row-order grid (rank r * p1 + c): a node holds a
// br x bc block of it (rows placement: 1 x p1 blocks of whole grid rows).
static void make_groups(rma_groups_t *g, int p0, int p1, int br, int bc) {
  int p = p0 * p1, nbc = (p1 + bc - 1) / bc, at = 0;
  g->of = malloc(sizeof(int) * (size_t)p);
  g->ranks = malloc(sizeof(int) * (size_t)p);
  g->start = malloc(sizeof(int) * (size_t)(p + 1));
  g->ngroups = 0;
  for (int k = 0; k < p; k++) {
    g->of[k] = (k / p1 / br) * nbc + (k % p1) / bc;
    if (g->of[k] + 1 > g->ngroups)
      g->ngroups = g->of[k] + 1;
  }
  for (int q = 0; q < g->ngroups; q++) {
    g->start[q] = at;
    for (int k = 0; k < p; k++)
      if (g->of[k] == q)
        g->ranks[at++] = k;
  }
  g->start[g->ngroups] = at;
}

static void free_groups(rma_groups_t *g) { free(g->of), free(g->ranks), free(g->start); }

// 1 when some v in [a, b] has v % per == c (written apart from the rules').
static int hits(int a, int b, int per, int c) {
  int first = a + ((c - a % per) % per + per) % per;
  return first <= b;
}

// 1 when rank (r, c) uses step k's panel tile x, from the definition.
static int uses(int lower, int nt, int p0, int p1, int k, int x, int r, int c) {
  if (!lower) { // upper is lower on the transposed grid
    int tmp = r;
    r = c, c = tmp, tmp = p0, p0 = p1, p1 = tmp;
  }
  return (x % p0 == r && hits(k + 1, x, p1, c)) || // a tile (x, j), k < j <= x
         (x % p1 == c && hits(x, nt - 1, p0, r));  // a tile (i, x), i >= x
}

// 1 when rank (r, c) reads step k's panel tile x for a tile column
// [row] x2 >= k + 2 it updates for its owner (an item of hp): tile x2
// itself, or one of the owner's tile rows [columns] below [right of] it.
static int helps(const rma_potrf_help_t *hp, int lower, int p0, int p1, int k, int x, int r,
                 int c) {
  int rank = r * p1 + c, per = lower ? p0 : p1;
  for (int i = 0; i < hp->nitems; i++) {
    const rma_potrf_help_item_t *it = &hp->item[i];
    int along = lower ? it->owner / p1 : it->owner % p1;
    if (it->helper == rank && k + 2 <= it->x && (x == it->x || (x > it->x && x % per == along)))
      return 1;
  }
  return 0;
}

// A rank's work in the plan's units (potrf_help.h), by the definition:
// every tile (i, x) of the triangle it holds in lower's words, x updates
// (a diagonal tile's at half), half a unit per panel tile (i > x) solved;
// with the plan: for each item, x - 1 of its owner's updates of each tile
// moved to its helper.
static double work_of(const rma_potrf_help_t *hp, int lower, int p0, int p1, int nt, int rank,
                      int planned) {
  int per = lower ? p0 : p1, a = lower ? rank / p1 : rank % p1;
  double w = 0;
  for (int x = 0; x < nt; x++)
    for (int i = x; i < nt; i++)
      if (i % per == a)
        w += (i == x ? 0.5 : 1) * x + (i > x ? 0.5 : 0);
  for (int j = 0; planned && j < hp->nitems; j++) {
    const rma_potrf_help_item_t *it = &hp->item[j];
    int oa = lower ? it->owner / p1 : it->owner % p1;
    for (int i = it->x; i < nt; i++)
      if (i % per == oa)
        w += (i == it->x ? 0.5 : 1) * (it->x - 1) * ((it->helper == rank) - (it->owner == rank));
  }
  return w;
}

// The plan of the updates handed out: none unless the grid is one process
// column [row] of 2 or more ranks and nt >= 3; each item's owner and helper
// differ, x >= 2, the owner holds a tile of column x, its items are its
// columns from its cut on; the busiest rank's work falls when there is
// one; upper 1 x 2 with 8 tile columns: exactly (1, 7, 0) and (1, 6, 0).
static void check_plan(const rma_potrf_help_t *hp, int lower, int p0, int p1, int nt) {
  int per = lower ? p0 : p1, p = p0 * p1;
  int one_line = per == p && per > 1 && nt >= 3;
  CHECK(one_line || hp->nitems == 0, "%dx%d %s nt %d: %d items off a 1-D grid", p0, p1,
        lower ? "L" : "U", nt, hp->nitems);
  double before = 0, after = 0;
  for (int r = 0; r < p; r++) {
    double b = work_of(hp, lower, p0, p1, nt, r, 0), a = work_of(hp, lower, p0, p1, nt, r, 1);
    before = b > before ? b : before, after = a > after ? a : after;
    for (int x = 0; x < nt; x++) {
      int along = lower ? r / p1 : r % p1, holds = x + (along - x % per + per) % per < nt;
      int h = rma_potrf_help_helper(hp, r, x);
      CHECK(h != r, "%dx%d nt %d: rank %d helps itself", p0, p1, nt, r);
      CHECK(h < 0 || (x >= 2 && holds && x >= hp->cut[r]),
            "%dx%d nt %d: rank %d column %d: "
            "helper %d, cut %d",
            p0, p1, nt, r, x, h, hp->cut[r]);
      CHECK(x < hp->cut[r] || !holds || h >= 0, "%dx%d nt %d: rank %d column %d past cut %d kept",
            p0, p1, nt, r, x, hp->cut[r]);
    }
  }
  CHECK(hp->nitems == 0 || after < before, "%dx%d %s nt %d: busiest %.1f -> %.1f", p0, p1,
        lower ? "L" : "U", nt, before, after);
  if (p0 == 1 && p1 == 2 && nt == 8 && !lower)
    CHECK(hp->nitems == 2 && rma_potrf_help_helper(hp, 1, 7) == 0 &&
              rma_potrf_help_helper(hp, 1, 6) == 0,
          "1x2 U nt 8: %d items", hp->nitems);
}

// One configuration. Returns the tiles (k, x) checked. With load != NULL,
// load[0] += the busiest node's copies of each step, load[1] += all copies.
static long check_config(int p0, int p1, int br, int bc, int nt, int lower, double *load) {
  int nb = 4, p = p0 * p1;
  rma_tiles_t t;
  if (rma_tiles_init_uniform(&t, RMA_TILES_TILED, nt * nb, nt * nb, nb, nb, p0, p1) != 0) {
    CHECK(0, "tiles init %dx%d nt %d", p0, p1, nt);
    return 0;
  }
  rma_groups_t g;
  make_groups(&g, p0, p1, br, bc);
  rma_potrf_handout_t h;
  rma_potrf_help_t hp;
  CHECK(rma_potrf_handout_open(&h, &t, lower) == 0 && rma_potrf_help_plan(&hp, &t, lower) == 0,
        "handout open");
  check_plan(&hp, lower, p0, p1, nt);
  helped += hp.nitems > 0;
  rma_potrf_handout_groups(&h, &g, &hp);
  int *ranks = malloc(sizeof(int) * (size_t)(p0 + p1)), *round_of = malloc(sizeof(int) * (size_t)p);
  int *senders = malloc(sizeof(int) * (size_t)p), *copies = malloc(sizeof(int) * (size_t)g.ngroups);
  int *out = malloc(sizeof(int) * (size_t)g.ngroups);
  long tiles = 0;
  for (int k = 0; k < nt; k++) {
    memset(out, 0, sizeof(int) * (size_t)g.ngroups);
    for (int x = k + 1; x < nt; x++, tiles++) {
      int owner = rma_potrf_panel_owner(&h, k, x);
      memset(senders, 0, sizeof(int) * (size_t)p);
      memset(copies, 0, sizeof(int) * (size_t)g.ngroups);
      for (int rank = 0; rank < p; rank++) { // the receiving rounds, from the receiver's side
        int r = rank / p1, c = rank % p1;
        round_of[rank] = 0;
        for (int round = 1; round <= 3; round++)
          if (rma_potrf_receives(&h, k, x, r, c, round)) {
            CHECK(!round_of[rank], "%dx%d k %d x %d: rank %d receives in rounds %d and %d", p0, p1,
                  k, x, rank, round_of[rank], round);
            round_of[rank] = round;
          }
        int u = uses(lower, nt, p0, p1, k, x, r, c) || helps(&hp, lower, p0, p1, k, x, r, c);
        CHECK(u == (round_of[rank] != 0), "%dx%d %s nt %d k %d x %d: rank %d uses %d receives %d",
              p0, p1, lower ? "L" : "U", nt, k, x, rank, u, round_of[rank]);
      }
      for (int round = 1; round <= 3; round++)
        for (int me = 0; me < p; me++) {
          // The link MODEL's large grids: senders only on tile x's cross (checked on the sweep).
          if (load && me / p1 != x % p0 && me % p1 != x % p1)
            continue;
          int n = rma_potrf_receivers(&h, k, x, me, round, ranks);
          if (n == 0)
            continue;
          CHECK(round == 3 || me == owner, "k %d x %d: rank %d (not the owner) sends in round %d",
                k, x, me, round);
          CHECK(me == owner || (round_of[me] && round_of[me] < round),
                "k %d x %d: rank %d sends in round %d without the tile", k, x, me, round);
          int done_group = -1;
          for (int i = 0; i < n; i++) {
            int rank = ranks[i], gr = g.of[rank];
            senders[rank]++;
            CHECK(round_of[rank] == round, "k %d x %d: rank %d sent %d in round %d, receives in %d",
                  k, x, me, rank, round, round_of[rank]);
            if (gr != g.of[me] && gr != done_group &&
                rma_potrf_group_needs(&h, k, x, gr, round)) { // one put per group and round
              int seen = 0;
              for (int j = 0; j < i; j++)
                seen |= g.of[ranks[j]] == gr;
              if (!seen)
                copies[gr]++, out[g.of[me]]++;
              done_group = gr;
            }
          }
        }
      for (int rank = 0; rank < p; rank++)
        CHECK(senders[rank] == (round_of[rank] != 0), "k %d x %d: rank %d served %d times", k, x,
              rank, senders[rank]);
      for (int q = 0; q < g.ngroups; q++) {
        int needs = 0;
        for (int i = g.start[q]; i < g.start[q + 1]; i++)
          needs |= round_of[g.ranks[i]] != 0;
        int want = needs && q != g.of[owner];
        CHECK(copies[q] == want, "%dx%d blocks %dx%d %s nt %d k %d x %d: group %d got %d copies, "
              "wants %d", p0, p1, br, bc, lower ? "L" : "U", nt, k, x, q, copies[q], want);
      }
    }
    // The counts a receiver waits for: all of a round, and in two ranges.
    for (int rank = 0; rank < p && !load; rank++)
      for (int round = 1; round <= 3; round++) {
        int r = rank / p1, c = rank % p1, want = 0, mid = k + 1 + (nt - k) / 2;
        for (int x = k + 1; x < nt; x++)
          want += rma_potrf_receives(&h, k, x, r, c, round);
        int all = rma_potrf_panel_count(&h, k, r, c, round);
        int split = rma_potrf_panel_count_in(&h, k, r, c, round, 0, mid) +
                    rma_potrf_panel_count_in(&h, k, r, c, round, mid, nt + 3);
        CHECK(all == want && split == want, "k %d rank %d round %d: counts %d / %d, receives %d", k,
              rank, round, all, split, want);
      }
    if (load) {
      int mx = 0;
      for (int q = 0; q < g.ngroups; q++) {
        load[1] += out[q];
        mx = out[q] > mx ? out[q] : mx;
      }
      load[0] += mx;
    }
  }
  rma_potrf_handout_close(&h);
  rma_potrf_help_close(&hp);
  free_groups(&g);
  free(ranks), free(round_of), free(senders), free(copies), free(out);
  return tiles;
}

// The link-load MODEL of one simulated configuration (see the top).
static void link_model(int p0, int p1, int br, int bc, int nt) {
  double load[2] = {0, 0}, tile = 128.0 * 128 * 8, bw = 6e9;
  int nodes = (p0 / br) * ((p1 + bc - 1) / bc);
  check_config(p0, p1, br, bc, nt, 1, load);
  printf("link MODEL: P %d (%d x %d), nodes of %d x %d ranks, n %d nb 128, lower: busiest node "
         "%.3f s, mean node %.3f s of puts at 6 GB/s\n",
         p0 * p1, p0, p1, br, bc, nt * 128, load[0] * tile / bw, load[1] / nodes * tile / bw);
}

int main(int argc, char **argv) {
  static const int grids[][2] = {{1, 1}, {1, 2}, {2, 1}, {1, 3}, {3, 1}, {1, 4}, {4, 1}, {2, 2},
                                 {2, 3}, {3, 2}, {4, 4}, {2, 6}, {6, 2}, {4, 6}, {8, 8}};
  long configs = 0, tiles = 0;
  for (size_t gi = 0; gi < sizeof grids / sizeof grids[0]; gi++) {
    int p0 = grids[gi][0], p1 = grids[gi][1];
    // Node shapes: one rank per node, whole grid rows, and the blocks dividing the grid.
    int shapes[16][2], ns = 0;
    shapes[ns][0] = 1, shapes[ns++][1] = 1;
    shapes[ns][0] = 1, shapes[ns++][1] = p1;
    for (int br = 1; br <= p0 && ns < 16; br++)
      for (int bc = 1; bc <= p1 && ns < 16; bc++)
        if (p0 % br == 0 && p1 % bc == 0 && br * bc > 1 && br * bc < p0 * p1 && bc != p1)
          shapes[ns][0] = br, shapes[ns++][1] = bc;
    for (int s = 0; s < ns; s++)
      for (int nt = 1; nt <= 2 * (p0 > p1 ? p0 : p1) + 3; nt += (p0 * p1 > 16 ? 5 : 2))
        for (int lower = 0; lower <= 1; lower++, configs++)
          tiles += check_config(p0, p1, shapes[s][0], shapes[s][1], nt, lower, NULL);
  }
  printf("potrf hand-out rules: %ld configurations (%ld with updates handed out), %ld panel "
         "tiles checked, %d failures\n",
         configs, helped, tiles, failures);
  if (argc > 1 && strcmp(argv[1], "--links") == 0) { // the simulated FDR configurations
    link_model(16, 16, 4, 4, 128);
    link_model(32, 32, 4, 4, 256);
    link_model(32, 32, 2, 8, 256);
  }
  return failures ? 1 : 0;
}
