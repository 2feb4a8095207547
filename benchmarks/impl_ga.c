/*
 * impl_ga.c — the `ga` implementation: GA_Dgemm (GA's own SRUMMA) on regular
 * GA arrays, and GA_Sgemm / GA_Cgemm / GA_Zgemm for the other element types.
 * GA_Dgemm gives wrong answers on tiled arrays in GA 5.8.2 and GA has no
 * working LU on grid arrays, so this impl runs gemm only.
 *
 * Also holds bench_samples_get_ga, the sampled-entry read used by impl_rma.c.
 */
#include <complex.h>
#include <ga.h>
#include <stdlib.h>

#include "bench.h"
#include "ga_testutil.h"

// Reads the sampled entries of GA g_c (of type dt) into vals on rank 0 (one
// NGA_Get per entry: O(samples) messages). Collective (ends with GA_Sync).
void bench_samples_get_ga(const bench_env_t *env, bench_dtype_t dt, int g_c,
                          const bench_samples_t *s, double complex *vals) {
  if (env->rank == 0)
    for (int t = 0; t < s->count; t++) {
      int lo[2] = {s->i[t], s->j[t]}, hi[2] = {s->i[t], s->j[t]}, ld[1] = {1};
      double complex v = 0; // room for an element of any type
      NGA_Get(g_c, lo, hi, &v, ld);
      vals[t] = bench_value_load(dt, &v, 0);
    }
  GA_Sync();
}

typedef struct {
  const bench_case_t *c;
  int g_a, g_b, g_c;
} ga_ctx_t;

static int ga_setup(void *p) {
  ga_ctx_t *x = p;
  rt_tfill(bench_dtype_te(x->c->dt), x->g_c, x->c->m, x->c->n, BENCH_SEED_C, 0.0, NULL);
  return 0;
}

static int ga_call(void *p) {
  ga_ctx_t *x = p;
  const bench_case_t *c = x->c;
  switch (c->dt) {
  case DT_S:
    GA_Sgemm(c->ta, c->tb, c->m, c->n, c->k, (float)BENCH_ALPHA, x->g_a, x->g_b, (float)BENCH_BETA,
             x->g_c);
    break;
  case DT_C: {
    SingleComplex alpha = {(float)BENCH_ALPHA, 0.0f}, beta = {(float)BENCH_BETA, 0.0f};
    GA_Cgemm(c->ta, c->tb, c->m, c->n, c->k, alpha, x->g_a, x->g_b, beta, x->g_c);
    break;
  }
  case DT_Z: {
    DoubleComplex alpha = {BENCH_ALPHA, 0.0}, beta = {BENCH_BETA, 0.0};
    GA_Zgemm(c->ta, c->tb, c->m, c->n, c->k, alpha, x->g_a, x->g_b, beta, x->g_c);
    break;
  }
  default:
    GA_Dgemm(c->ta, c->tb, c->m, c->n, c->k, BENCH_ALPHA, x->g_a, x->g_b, BENCH_BETA, x->g_c);
  }
  return 0;
}

void impl_ga_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                 const bench_lu_problem_t *pr, bench_result_t *r) {
  (void)pr; // gemm only
  // Stored A is m x k ('N') or k x m ('T', 'C'); B is k x n or n x k.
  int ar = c->ta == 'N' ? c->m : c->k, ac = c->ta == 'N' ? c->k : c->m;
  int br = c->tb == 'N' ? c->k : c->n, bc = c->tb == 'N' ? c->n : c->k;
  ga_ctx_t x = {c, rt_tcreate(bench_dtype_te(c->dt), 2, ar, ac, 1, 1),
                rt_tcreate(bench_dtype_te(c->dt), 2, br, bc, 1, 1),
                rt_tcreate(bench_dtype_te(c->dt), 2, c->m, c->n, 1, 1)};
  int dims[2] = {0, 0};
  GA_Get_proc_grid(x.g_c, dims);
  r->c.p = dims[0];
  r->c.q = dims[1];
  rt_tfill(bench_dtype_te(c->dt), x.g_a, ar, ac, BENCH_SEED_A, 0.0, NULL);
  rt_tfill(bench_dtype_te(c->dt), x.g_b, br, bc, BENCH_SEED_B, 0.0, NULL);
  bench_timed_t t = {ga_setup, ga_call, &x, 0};
  bench_time_row(env, o, &t, r);
  bench_samples_t s;
  bench_samples_make(c->m, c->n, o->samples, &s);
  double complex *vals = calloc((size_t)s.count, sizeof *vals);
  bench_samples_get_ga(env, c->dt, x.g_c, &s, vals);
  r->residual = bench_check_gemm(env, c, &s, vals);
  r->status = bench_status_of(c->op, r->residual);
  free(vals);
  bench_samples_free(&s);
  GA_Destroy(x.g_c);
  GA_Destroy(x.g_b);
  GA_Destroy(x.g_a);
}
