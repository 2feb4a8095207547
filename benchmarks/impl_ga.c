/*
 * impl_ga.c — the `ga` implementation: GA_Dgemm (GA's own SRUMMA) on regular
 * GA arrays. GA_Dgemm gives wrong answers on tiled arrays in GA 5.8.2 and GA
 * has no working LU on grid arrays, so this impl runs dgemm only.
 *
 * Also holds bench_samples_get_ga, the sampled-entry read used by impl_rma.c.
 */
#include <ga.h>
#include <stdlib.h>

#include "bench.h"
#include "ga_testutil.h"

// Reads the sampled entries of GA g_c into vals on rank 0 (one NGA_Get per
// entry: O(samples) messages). Collective (ends with GA_Sync).
void bench_samples_get_ga(const bench_env_t *env, int g_c, const bench_samples_t *s, double *vals) {
  if (env->rank == 0)
    for (int t = 0; t < s->count; t++) {
      int lo[2] = {s->i[t], s->j[t]}, hi[2] = {s->i[t], s->j[t]}, ld[1] = {1};
      NGA_Get(g_c, lo, hi, &vals[t], ld);
    }
  GA_Sync();
}

typedef struct {
  const bench_case_t *c;
  int g_a, g_b, g_c;
} ga_ctx_t;

static int ga_setup(void *p) {
  ga_ctx_t *x = p;
  rt_fill(x->g_c, BENCH_SEED_C, x->c->m, x->c->n, 0.0);
  return 0;
}

static int ga_call(void *p) {
  ga_ctx_t *x = p;
  const bench_case_t *c = x->c;
  GA_Dgemm(c->ta, c->tb, c->m, c->n, c->k, BENCH_ALPHA, x->g_a, x->g_b, BENCH_BETA, x->g_c);
  return 0;
}

void impl_ga_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                 const bench_lu_problem_t *pr, bench_result_t *r) {
  (void)pr; // dgemm only
  // Stored A is m x k ('N') or k x m ('T'); B is k x n or n x k.
  int ar = c->ta == 'N' ? c->m : c->k, ac = c->ta == 'N' ? c->k : c->m;
  int br = c->tb == 'N' ? c->k : c->n, bc = c->tb == 'N' ? c->n : c->k;
  ga_ctx_t x = {c, rt_create_regular(ar, ac, "bench_ga_A"), rt_create_regular(br, bc, "bench_ga_B"),
                rt_create_regular(c->m, c->n, "bench_ga_C")};
  int dims[2] = {0, 0};
  GA_Get_proc_grid(x.g_c, dims);
  r->c.p = dims[0];
  r->c.q = dims[1];
  rt_fill(x.g_a, BENCH_SEED_A, ar, ac, 0.0);
  rt_fill(x.g_b, BENCH_SEED_B, br, bc, 0.0);
  bench_timed_t t = {ga_setup, ga_call, &x, 0};
  bench_time_row(env, o, &t, r);
  bench_samples_t s;
  bench_samples_make(c->m, c->n, o->samples, &s);
  double *vals = calloc((size_t)s.count, sizeof(double));
  bench_samples_get_ga(env, x.g_c, &s, vals);
  r->residual = bench_check_dgemm(env, c, &s, vals);
  r->status = bench_status_of(c->op, r->residual);
  free(vals);
  bench_samples_free(&s);
  GA_Destroy(x.g_c);
  GA_Destroy(x.g_b);
  GA_Destroy(x.g_a);
}
