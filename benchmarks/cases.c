/*
 * cases.c — the list of configurations a run sweeps, in the order they run.
 *
 * Cases come in groups of one op, one n, one transpose pair (dgemm) and the
 * run's np. Inside a group the peers run first (limit, then scalapack for
 * every nb), then ga, then rma and the ablation variants, so each row's ratio
 * to the best scalapack nb and to the limit is known when the group's rows
 * are written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

// Near-square grid P x Q = np with P <= Q (ScaLAPACK's usual choice).
void bench_grid_default(int np, int *p, int *q) {
  int best = 1;
  for (int d = 1; (long)d * d <= np; d++)
    if (np % d == 0)
      best = d;
  *p = best;
  *q = np / best;
}

typedef struct {
  bench_case_t *v;
  int count, cap;
} case_list_t;

static void push(case_list_t *l, bench_case_t c) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
  }
  l->v[l->count++] = c;
}

static int max_nb(const bench_opts_t *o) {
  int m = 1;
  for (int i = 0; i < o->nnb_rma_tiled; i++)
    m = o->nb_rma_tiled[i] > m ? o->nb_rma_tiled[i] : m;
  for (int i = 0; i < o->nnb_rma_sp; i++)
    m = o->nb_rma_sp[i] > m ? o->nb_rma_sp[i] : m;
  for (int i = 0; i < o->nnb_sp; i++)
    m = o->nb_sp[i] > m ? o->nb_sp[i] : m;
  return m;
}

// Cases of one group (op, n, transposes).
static void group_cases(case_list_t *l, const bench_opts_t *o, const bench_env_t *env,
                        bench_op_t op, int n, char ta, char tb, int group, const int *gp,
                        const int *gq, int ngrid) {
  bench_case_t base = {
      .op = op, .n = n, .ta = ta, .tb = tb, .layout = LAYOUT_NONE, .pivot = 1, .group = group};
  if (o->impls[IMPL_LIMIT]) {
    bench_case_t c = base;
    c.impl = IMPL_LIMIT;
    push(l, c);
  }
  if (o->impls[IMPL_SCALAPACK])
    for (int g = 0; g < ngrid; g++)
      for (int b = 0; b < o->nnb_sp; b++) {
        bench_case_t c = base;
        c.impl = IMPL_SCALAPACK;
        c.nb = o->nb_sp[b];
        c.p = gp[g];
        c.q = gq[g];
        push(l, c);
      }
  // GA_Dgemm on a regular array; GA's distribution picks its own grid.
  if (o->impls[IMPL_GA] && op == OP_DGEMM) {
    bench_case_t c = base;
    c.impl = IMPL_GA;
    push(l, c);
  }
  if (o->impls[IMPL_RMA])
    for (int lay = 0; lay < 2; lay++) {
      if (!o->layouts[lay])
        continue;
      const int *nbs = lay == LAYOUT_TILED ? o->nb_rma_tiled : o->nb_rma_sp;
      int nnb = lay == LAYOUT_TILED ? o->nnb_rma_tiled : o->nnb_rma_sp;
      for (int g = 0; g < ngrid; g++)
        for (int b = 0; b < nnb; b++)
          for (int piv = 0; piv < 2; piv++) {
            if (op == OP_DGEMM && piv == 0)
              continue;
            if (op == OP_LU && !o->pivots[piv])
              continue;
            bench_case_t c = base;
            c.impl = IMPL_RMA;
            c.layout = (bench_layout_t)lay;
            c.nb = nbs[b];
            c.p = gp[g];
            c.q = gq[g];
            c.pivot = piv;
            push(l, c);
          }
    }
  // Ablation (Table I): tiled layout, the largest tiled nb, the first grid.
  if (o->ablate && o->impls[IMPL_RMA] && op == OP_DGEMM) {
    int nb = 0;
    for (int b = 0; b < o->nnb_rma_tiled; b++)
      nb = o->nb_rma_tiled[b] > nb ? o->nb_rma_tiled[b] : nb;
    for (int a = ABL_ALL_ON; a < ABL_COUNT; a++) {
      bench_case_t c = base;
      c.impl = IMPL_RMA;
      c.layout = LAYOUT_TILED;
      c.nb = nb;
      c.p = gp[0];
      c.q = gq[0];
      c.ablate = (bench_ablate_t)a;
      push(l, c);
    }
  }
  (void)env;
}

int bench_cases_build(const bench_opts_t *o, const bench_env_t *env, bench_case_t **cases) {
  // Grids: the given ones that fit np, else the near-square default.
  int gp[BENCH_MAX_LIST], gq[BENCH_MAX_LIST], ngrid = 0;
  for (int g = 0; g < o->ngrid; g++) {
    if (o->grid_p[g] * o->grid_q[g] != env->np) {
      if (env->rank == 0)
        fprintf(stderr, "rmala-bench: grid %dx%d does not match np=%d, skipped\n", o->grid_p[g],
                o->grid_q[g], env->np);
      continue;
    }
    gp[ngrid] = o->grid_p[g];
    gq[ngrid] = o->grid_q[g];
    ngrid++;
  }
  if (!ngrid) {
    if (o->ngrid)
      return -1;
    bench_grid_default(env->np, &gp[0], &gq[0]);
    ngrid = 1;
  }
  // Sizes: the list, or the weak-scaling size for this np.
  int ns[BENCH_MAX_LIST], nn = o->nn;
  for (int i = 0; i < nn; i++)
    ns[i] = o->n[i];
  if (o->weak) {
    int mult = max_nb(o);
    double target = o->weak * sqrt((double)env->np);
    int n = (int)lround(target / mult) * mult;
    ns[0] = n < mult ? mult : n;
    nn = 1;
  }
  case_list_t l = {0};
  int group = 0;
  for (int op = 0; op < OP_COUNT; op++) {
    if (!o->ops[op])
      continue;
    for (int i = 0; i < nn; i++) {
      if (op == OP_LU) {
        group_cases(&l, o, env, (bench_op_t)op, ns[i], 'N', 'N', group++, gp, gq, ngrid);
        continue;
      }
      for (int t = 0; t < o->ntrans; t++)
        group_cases(&l, o, env, (bench_op_t)op, ns[i], o->trans[t][0], o->trans[t][1], group++, gp,
                    gq, ngrid);
    }
  }
  *cases = l.v;
  return l.count;
}
