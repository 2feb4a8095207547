#include "ops/getrf/getrf_tournament.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "kernel/tile_lapack.h"

#define TAG_CANDIDATES 7301

// A candidate set: this header, nb global rows (padded to 16 bytes), then
// nb rows of nb elements (ld w, the first count in use). The broadcast
// result has the same head and rows, then two w x w blocks.
typedef struct {
  int count;   // rows in the set
  int partial; // result only: 1 when the winners' block is exactly singular
  int pad[2];
} set_head_t;

static size_t rows_bytes(const rma_getrf_panel_t *pp) {
  return ((sizeof(int) * (size_t)pp->nb + 15) / 16) * 16;
}
static size_t block_bytes(const rma_getrf_panel_t *pp) { return pp->es * (size_t)pp->nb * pp->nb; }
static size_t set_bytes(const rma_getrf_panel_t *pp) {
  return sizeof(set_head_t) + rows_bytes(pp) + block_bytes(pp);
}
static int *set_rows(char *set) { return (int *)(set + sizeof(set_head_t)); }
static char *set_vals(const rma_getrf_panel_t *pp, char *set) {
  return set + sizeof(set_head_t) + rows_bytes(pp);
}

// The workspace, in pp->tn: own set, received set, result (a set and one
// more block), the stack of two sets and its copy, and this rank's panel
// rows (values and their copy, global rows, pivots).
typedef struct {
  char *own, *got, *res, *stack, *work, *loc, *locw;
  int *srows, *spiv, *lrows, *lpiv;
} ws_t;

static size_t loc_rows(const rma_getrf_panel_t *pp) {
  return ((size_t)pp->mt / pp->p0 + 1) * pp->nb;
}

static ws_t workspace(const rma_getrf_panel_t *pp) {
  ws_t ws;
  size_t sb = set_bytes(pp), two = 2 * block_bytes(pp), lr = loc_rows(pp);
  ws.own = pp->tn, ws.got = ws.own + sb, ws.res = ws.got + sb;
  ws.stack = ws.res + sb + block_bytes(pp), ws.work = ws.stack + two;
  ws.loc = ws.work + two, ws.locw = ws.loc + lr * pp->es * pp->nb;
  ws.srows = (int *)(ws.locw + lr * pp->es * pp->nb), ws.spiv = ws.srows + 2 * pp->nb;
  ws.lrows = ws.spiv + 2 * pp->nb, ws.lpiv = ws.lrows + lr;
  return ws;
}

static size_t workspace_bytes(const rma_getrf_panel_t *pp) {
  size_t lr = loc_rows(pp);
  return 3 * set_bytes(pp) + 5 * block_bytes(pp) + 2 * lr * pp->es * pp->nb +
         sizeof(int) * (4 * (size_t)pp->nb + 2 * lr);
}

// The first min(n, w) pivot rows of the n x w rows vals (ld w; global rows
// grows) by partial pivoting, into set out: their global rows and original
// values, in pivot order. work: n x w elements, piv: n ints.
static void select_rows(const rma_getrf_panel_t *pp, int w, int n, const char *vals,
                        const int *grows, char *work, int *piv, char *out) {
  size_t rb = pp->es * (size_t)w;
  memcpy(work, vals, rb * (size_t)n);
  rma_kernel_getrf_dt(pp->dt, n, w, work, w, piv);
  int keep = n < w ? n : w;
  // Where each of the first keep positions' rows came from: piv applied to
  // the identity, in order (work's ints are free again).
  int *from = (int *)work;
  for (int i = 0; i < n; i++)
    from[i] = i;
  for (int i = 0; i < keep; i++) {
    int p = piv[i] - 1, t = from[i];
    from[i] = from[p], from[p] = t;
  }
  set_head_t h = {keep, 0, {0, 0}};
  memcpy(out, &h, sizeof h);
  for (int i = 0; i < keep; i++) {
    set_rows(out)[i] = grows[from[i]];
    memcpy(set_vals(pp, out) + rb * (size_t)i, vals + rb * (size_t)from[i], rb);
  }
}

// Steps 1 and 2: this rank's candidates, merged up the tree; the root ends
// with the winners in ws->own.
static int play(rma_getrf_panel_t *pp, const ws_t *ws, int r0, int w, int root) {
  size_t rb = pp->es * (size_t)w;
  int n = 0;
  for (int x = 0; x < pp->ntiles; x++)
    for (int g = pp->g0[x] > r0 ? pp->g0[x] : r0; g < pp->g0[x] + pp->rows[x]; g++, n++) {
      memcpy(ws->loc + rb * (size_t)n, rma_getrf_panel_elem(pp, x, g, 0), rb);
      ws->lrows[n] = g;
    }
  select_rows(pp, w, n, ws->loc, ws->lrows, ws->locw, ws->lpiv, ws->own);
  int rr = (pp->prow - root + pp->p0) % pp->p0;
  for (int s = 1; s < pp->p0; s <<= 1) {
    set_head_t h;
    memcpy(&h, ws->own, sizeof h);
    if (rr & s) { // hand the set to the partner below and leave the tree
      size_t used = sizeof h + rows_bytes(pp) + rb * (size_t)h.count;
      int to = (rr - s + root) % pp->p0;
      if (MPI_Send(ws->own, (int)used, MPI_BYTE, to, TAG_CANDIDATES, pp->col) != MPI_SUCCESS)
        return RMA_ERR_MPI;
      return 0;
    }
    if (rr + s >= pp->p0)
      continue;
    int from = (rr + s + root) % pp->p0;
    if (MPI_Recv(ws->got, (int)set_bytes(pp), MPI_BYTE, from, TAG_CANDIDATES, pp->col,
                 MPI_STATUS_IGNORE) != MPI_SUCCESS)
      return RMA_ERR_MPI;
    set_head_t hg;
    memcpy(&hg, ws->got, sizeof hg);
    // Stack own (the lower tree rank) over got, then keep the first w.
    memcpy(ws->stack, set_vals(pp, ws->own), rb * (size_t)h.count);
    memcpy(ws->stack + rb * (size_t)h.count, set_vals(pp, ws->got), rb * (size_t)hg.count);
    memcpy(ws->srows, set_rows(ws->own), sizeof(int) * (size_t)h.count);
    memcpy(ws->srows + h.count, set_rows(ws->got), sizeof(int) * (size_t)hg.count);
    select_rows(pp, w, h.count + hg.count, ws->stack, ws->srows, ws->work, ws->spiv, ws->own);
  }
  return 0;
}

// Step 3 on the root: the result (winners, their factored block, the
// panel's original top rows) in ws->res.
static void judge(rma_getrf_panel_t *pp, const ws_t *ws, int r0, int w) {
  size_t rb = pp->es * (size_t)w;
  set_head_t h;
  memcpy(&h, ws->own, sizeof h);
  char *block = set_vals(pp, ws->res), *top = block + block_bytes(pp);
  h.partial = h.count < w;
  if (!h.partial) {
    memcpy(set_rows(ws->res), set_rows(ws->own), sizeof(int) * (size_t)w);
    memcpy(block, set_vals(pp, ws->own), rb * (size_t)w);
    h.partial = rma_kernel_getrf_nopiv_dt(pp->dt, w, w, block, w) != 0;
  }
  for (int i = 0; i < w && !h.partial; i++)
    memcpy(top + rb * (size_t)i, rma_getrf_panel_elem(pp, 0, r0 + i, 0), rb);
  memcpy(ws->res, &h, sizeof h);
}

// Step 4's interchanges: piv, and each displaced top row's new position.
// Entry e < w is position r0 + e; later entries are the winners' old
// positions. A row reaching a later entry was at the top when it moved
// (entries < w never take another row after their own step, and the row
// at a winner's old position is that winner), so it is an original top row.
static int interchanges(int r0, int w, const int *winners, int *piv, int *pos, int *who) {
  int ne = w;
  for (int e = 0; e < w; e++)
    pos[e] = who[e] = r0 + e;
  for (int i = 0; i < w; i++) {
    int j = i;
    while (j < ne && who[j] != winners[i])
      j++;
    if (j == ne)
      pos[ne] = who[ne] = winners[i], ne++;
    piv[i] = pos[j] - r0 + 1;
    int t = who[i];
    who[i] = who[j], who[j] = t;
  }
  return ne;
}

int rma_getrf_tournament(rma_getrf_panel_t *pp, int *piv, int *partial) {
  int r0 = pp->r0, w = pp->w, root = pp->root;
  *partial = 0;
  if (!pp->tn) { // the first call: every rank of the column agrees
    pp->tn = malloc(workspace_bytes(pp));
    int bad = pp->tn == NULL;
    if (MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, pp->col) != MPI_SUCCESS)
      return RMA_ERR_MPI;
    if (bad) {
      free(pp->tn), pp->tn = NULL;
      return RMA_ERR_NO_MEMORY;
    }
  }
  ws_t ws = workspace(pp);
  int top = pp->prow == root;
  RMA_CALL(play(pp, &ws, r0, w, root));
  if (top)
    judge(pp, &ws, r0, w);
  size_t rb = pp->es * (size_t)w, res = sizeof(set_head_t) + rows_bytes(pp) + 2 * block_bytes(pp);
  if (MPI_Bcast(ws.res, (int)res, MPI_BYTE, root, pp->col) != MPI_SUCCESS)
    return RMA_ERR_MPI;
  set_head_t h;
  memcpy(&h, ws.res, sizeof h);
  if (h.partial) {
    *partial = 1;
    return 0;
  }
  char *block = set_vals(pp, ws.res), *orig = block + block_bytes(pp);
  int *pos = ws.srows, *who = ws.spiv; // 2 nb ints each: at most 2 w entries
  int ne = interchanges(r0, w, set_rows(ws.res), piv, pos, who);
  for (int e = w; e < ne; e++) {
    int x = rma_getrf_panel_tile_of(pp, pos[e]);
    if (x >= 0)
      memcpy(rma_getrf_panel_elem(pp, x, pos[e], 0), orig + rb * (size_t)(who[e] - r0), rb);
  }
  for (int i = 0; i < w && top; i++)
    memcpy(rma_getrf_panel_elem(pp, 0, r0 + i, 0), block + rb * (size_t)i, rb);
  rma_getrf_panel_solve_below(pp, r0 + w, w, block);
  return 0;
}
