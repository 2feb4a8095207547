/*
 * cases.c — the list of configurations a run sweeps, in the order they run.
 *
 * Cases come in groups of one op, one element type and shape (m, n, k) and
 * one transpose pair (gemm) or pivoting mode (LU), and the run's np. Inside a group the peers run
 * first (limit, then scalapack for every nb), then ga, then rma and the
 * ablation variants, so each row's ratio to the best scalapack nb and to the
 * limit is known when the group's rows are written. LU groups: pivoting on a
 * random matrix, and no pivoting on a diagonally dominant one (the peers, who
 * always pivot, factor that same matrix in the no-pivot group).
 * --grid-check builds its own list (gridcheck.c).
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

// m, n, k of shape s at size N (--n): square N, N, N; tall-skinny N, N/8,
// N/8; k-small N, N, N/8 (N/8 at least 1); explicit: as given.
void bench_shape_dims(const bench_shape_t *s, int size, int *m, int *n, int *k) {
  int eighth = size / 8 > 0 ? size / 8 : 1;
  switch (s->kind) {
  case SHAPE_TALL_SKINNY:
    *m = size, *n = eighth, *k = eighth;
    break;
  case SHAPE_K_SMALL:
    *m = size, *n = size, *k = eighth;
    break;
  case SHAPE_EXPLICIT:
    *m = s->m, *n = s->n, *k = s->k;
    break;
  default:
    *m = *n = *k = size;
  }
}

// Size N of type dt's cases: N / n_div (the main job's complex types run
// at half its n: about the seconds of work of the real types at n).
static int type_n(const bench_opts_t *o, int dt, int n) {
  int d = o->n_div[dt] > 1 ? o->n_div[dt] : 1;
  return n / d > 0 ? n / d : 1;
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

// Cases of one group: base says op, dimensions, transposes and, for LU, the
// pivoting mode (pivot = 0: rma without pivoting and the peers on the same
// diagonally dominant matrix), for potrf the triangle. ablate: add the
// Table I variants (dgemm).
static void group_cases(bench_case_list_t *l, const bench_opts_t *o, bench_case_t base,
                        const int *gp, const int *gq, int ngrid, int ablate) {
  base.layout = LAYOUT_NONE;
  if (o->impls[IMPL_LIMIT]) {
    bench_case_t c = base;
    c.impl = IMPL_LIMIT;
    bench_case_push(l, c);
  }
  // ScaLAPACK's arrays: pdgemm / pdgetrf, then rmala's descriptor entry points on the same ones.
  for (int impl = IMPL_SCALAPACK; impl <= IMPL_RMA_PD; impl += IMPL_RMA_PD - IMPL_SCALAPACK)
    for (int g = 0; o->impls[impl] && g < ngrid; g++)
      for (int b = 0; b < o->nnb_sp; b++) {
        bench_case_t c = base;
        c.impl = (bench_impl_t)impl;
        c.nb = o->nb_sp[b];
        c.p = gp[g];
        c.q = gq[g];
        bench_case_push(l, c);
      }
  // GA_?gemm on a regular array; GA's distribution picks its own grid.
  if (o->impls[IMPL_GA] && base.op == OP_GEMM) {
    bench_case_t c = base;
    c.impl = IMPL_GA;
    bench_case_push(l, c);
  }
  if (o->impls[IMPL_RMA])
    for (int lay = 0; lay < 2; lay++) {
      if (!o->layouts[lay])
        continue;
      const int *nbs = lay == LAYOUT_TILED ? o->nb_rma_tiled : o->nb_rma_sp;
      int nnb = lay == LAYOUT_TILED ? o->nnb_rma_tiled : o->nnb_rma_sp;
      for (int g = 0; g < ngrid; g++)
        for (int b = 0; b < nnb; b++) {
          bench_case_t c = base;
          c.impl = IMPL_RMA;
          c.layout = (bench_layout_t)lay;
          c.nb = nbs[b];
          c.p = gp[g];
          c.q = gq[g];
          bench_case_push(l, c);
        }
    }
  // Ablation (Table I): tiled layout, the largest tiled nb, the first grid.
  if (ablate && o->impls[IMPL_RMA] && base.op == OP_GEMM) {
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
      bench_case_push(l, c);
    }
  }
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
  bench_case_list_t l = {0};
  if (o->grid_check) {
    int count = bench_gridcheck_cases(o, env, gp, gq, &l);
    *cases = l.v;
    return count;
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
  int group = 0;
  for (int op = 0; op < OP_COUNT; op++) {
    if (!o->ops[op])
      continue;
    for (int i = 0; i < nn; i++) {
      if (op == OP_TRSM) { // B := A^-1 B, A lower triangular, m = n
        for (int dt = 0; dt < DT_COUNT; dt++) {
          if (!o->dtypes[dt])
            continue;
          int n = type_n(o, dt, ns[i]);
          bench_case_t base = {.op = OP_TRSM, .dt = (bench_dtype_t)dt, .m = n, .n = n, .k = n,
                               .ta = 'N', .tb = 'N', .uplo = 'L', .pivot = 1};
          base.group = group++;
          group_cases(&l, o, base, gp, gq, ngrid, 0);
        }
        continue;
      }
      if (op == OP_POTRF) {
        // The Hermitian positive definite matrix of each triangle, per type.
        for (int dt = 0; dt < DT_COUNT; dt++)
          for (int u = 0; u < 2; u++) {
            if (!o->dtypes[dt] || !o->uplos[u])
              continue;
            int n = type_n(o, dt, ns[i]);
            bench_case_t base = {.op = OP_POTRF, .dt = (bench_dtype_t)dt, .m = n, .n = n,
                                 .ta = 'N', .tb = 'N', .uplo = "LU"[u]};
            base.group = group++;
            group_cases(&l, o, base, gp, gq, ngrid, 0);
          }
        continue;
      }
      if (op == OP_LU) {
        // Pivoting on a random matrix (also when only peers run: they always
        // pivot), then rma without pivoting on a diagonally dominant one.
        // Each --dtype type (d: the op "lu"; s, c, z: ?getrf).
        for (int dt = 0; dt < DT_COUNT; dt++) {
          if (!o->dtypes[dt])
            continue;
          int n = type_n(o, dt, ns[i]);
          bench_case_t base = {.op = OP_LU, .dt = (bench_dtype_t)dt, .m = n, .n = n,
                               .ta = 'N', .tb = 'N'};
          for (int piv = 1; piv >= 0; piv--) {
            int want =
                piv ? o->pivots[1] || !o->impls[IMPL_RMA] : o->pivots[0] && o->impls[IMPL_RMA];
            if (!want)
              continue;
            base.pivot = piv;
            base.group = group++;
            group_cases(&l, o, base, gp, gq, ngrid, 0);
          }
        }
        continue;
      }
      for (int dt = 0; dt < DT_COUNT; dt++) {
        if (!o->dtypes[dt])
          continue;
        for (int s = 0; s < o->nshape; s++) {
          const bench_shape_t *sh = &o->shapes[s];
          if (sh->kind == SHAPE_EXPLICIT && i > 0)
            continue; // does not depend on --n: once
          bench_case_t base = {
              .op = OP_GEMM, .dt = (bench_dtype_t)dt, .shape = sh->kind, .pivot = 1};
          bench_shape_dims(sh, type_n(o, dt, ns[i]), &base.m, &base.n, &base.k);
          int ntr = sh->ntrans ? sh->ntrans : o->ntrans;
          for (int t = 0; t < ntr; t++) {
            base.ta = sh->ntrans ? sh->trans[t][0] : o->trans[t][0];
            base.tb = sh->ntrans ? sh->trans[t][1] : o->trans[t][1];
            // 'C' (conjugate transpose) is for the complex types only.
            if (!bench_dtype_complex(base.dt) && (base.ta == 'C' || base.tb == 'C')) {
              if (env->rank == 0 && i == 0)
                fprintf(stderr, "rmala-bench: %c%c is for complex types, skipped for %s\n", base.ta,
                        base.tb, bench_dtype_ops(base.dt));
              continue;
            }
            base.group = group++;
            group_cases(&l, o, base, gp, gq, ngrid, o->ablate && s == 0);
          }
        }
      }
    }
  }
  *cases = l.v;
  return l.count;
}
