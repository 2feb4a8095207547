/*
 * The plan of rma_potrf's handed-out trailing updates (potrf_help.h).
 */
#include "ops/potrf/potrf_help.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

// Rank a's tiles of tile column x (rows i >= x, i % per == a), weighted:
// upd updates each, the diagonal tile's half.
static double column_work(int a, int x, int nt, int per, int upd) {
  int first = x + (a - x % per + per) % per;
  if (first >= nt)
    return 0;
  int count = (nt - 1 - first) / per + 1;
  return upd * (count - (first == x ? 0.5 : 0));
}

// Rank a's work: every tile's updates and half a unit per panel tile it
// solves (the panel tiles of step k are its tiles of column k below the
// diagonal).
static double rank_work(int a, int nt, int per) {
  double w = 0;
  for (int x = 0; x < nt; x++) {
    w += column_work(a, x, nt, per, x);
    w += 0.5 * (column_work(a, x, nt, per, 1) - (x % per == a ? 0.5 : 0));
  }
  return w;
}

static int by_helper(const void *a, const void *b) {
  const rma_potrf_help_item_t *p = a, *q = b;
  return p->helper != q->helper ? p->helper - q->helper : p->x - q->x;
}

int rma_potrf_help_plan(rma_potrf_help_t *hp, const rma_tiles_t *t, int lower) {
  memset(hp, 0, sizeof *hp);
  int size = t->p0 * t->p1, per = lower ? t->p0 : t->p1, nt = t->nt;
  hp->nt = nt, hp->per = per;
  hp->first = calloc((size_t)size + 1, sizeof(int));
  hp->cut = malloc(sizeof(int) * (size_t)size);
  hp->along = malloc(sizeof(int) * (size_t)size);
  if (!hp->first || !hp->cut || !hp->along)
    return RMA_ERR_NO_MEMORY;
  for (int r = 0; r < size; r++) {
    int pr, pc;
    rma_tiles_coords(t, r, &pr, &pc);
    hp->cut[r] = nt, hp->along[r] = lower ? pr : pc;
  }
  if (per != size || per < 2 || nt < 3)
    return 0;
  // Greedy, at most one item per tile column of each rank.
  double *w = malloc(sizeof(double) * (size_t)per);
  int *next = malloc(sizeof(int) * (size_t)per), *rank_of = malloc(sizeof(int) * (size_t)per);
  hp->item = malloc(sizeof(rma_potrf_help_item_t) * (size_t)per * (size_t)nt);
  if (!w || !next || !rank_of || !hp->item) {
    free(w), free(next), free(rank_of);
    return RMA_ERR_NO_MEMORY;
  }
  for (int r = 0; r < size; r++)
    rank_of[hp->along[r]] = r;
  for (int a = 0; a < per; a++)
    w[a] = rank_work(a, nt, per), next[a] = nt - 1;
  for (;;) {
    int o = 0, h = -1;
    for (int a = 1; a < per; a++)
      o = w[a] > w[o] ? a : o;
    for (int a = 0; a < per; a++)
      if (a != o && (h < 0 || w[a] < w[h]))
        h = a;
    while (next[o] >= 2 && column_work(o, next[o], nt, per, 1) == 0)
      next[o]--;
    if (next[o] < 2)
      break;
    int x = next[o];
    double gain = column_work(o, x, nt, per, x - 1);
    if (w[h] + gain >= w[o])
      break;
    hp->item[hp->nitems++] = (rma_potrf_help_item_t){rank_of[o], x, rank_of[h]};
    w[o] -= gain, w[h] += gain, next[o]--;
    hp->cut[rank_of[o]] = x;
  }
  free(w), free(next), free(rank_of);
  qsort(hp->item, (size_t)hp->nitems, sizeof *hp->item, by_helper);
  for (int i = 0; i < hp->nitems; i++)
    hp->first[hp->item[i].helper + 1]++;
  for (int r = 0; r < size; r++)
    hp->first[r + 1] += hp->first[r];
  return 0;
}

void rma_potrf_help_close(rma_potrf_help_t *hp) {
  free(hp->item), free(hp->first), free(hp->cut), free(hp->along);
  memset(hp, 0, sizeof *hp);
}

int rma_potrf_help_item(const rma_potrf_help_t *hp, int owner, int x) {
  for (int i = 0; i < hp->nitems; i++)
    if (hp->item[i].owner == owner && hp->item[i].x == x)
      return i;
  return -1;
}

int rma_potrf_help_helper(const rma_potrf_help_t *hp, int owner, int x) {
  int i = rma_potrf_help_item(hp, owner, x);
  return i < 0 ? -1 : hp->item[i].helper;
}

int rma_potrf_help_uses(const rma_potrf_help_t *hp, int k, int x, int rank) {
  if (!hp->nitems)
    return 0;
  for (int i = hp->first[rank]; i < hp->first[rank + 1]; i++) {
    const rma_potrf_help_item_t *it = &hp->item[i];
    if (k <= it->x - 2 && (x == it->x || (x > it->x && x % hp->per == hp->along[it->owner])))
      return 1;
  }
  return 0;
}
