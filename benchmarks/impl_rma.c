/*
 * impl_rma.c — the `rma` implementation: rma_dgemm and rma_lu (no pivoting
 * and partial pivoting) on arrays made by rma_matrix_create, tiled or in the
 * ScaLAPACK layout, and the protocol ablation of rma_dgemm (Table I).
 *
 * An operation the library does not provide yet (RMA_ERR_NOT_IMPLEMENTED) is
 * reported as such; the rest of the run goes on.
 */
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "rmala.h"
#include "rmala_testutil.h"

typedef struct {
  const bench_case_t *c;
  int g_a, g_b, g_c;
  int *ipiv;
} rma_ctx_t;

static int dgemm_setup(void *p) {
  rma_ctx_t *x = p;
  rt_fill(x->g_c, BENCH_SEED_C, x->c->n, x->c->n, 0.0);
  return 0;
}

static int dgemm_call(void *p) {
  rma_ctx_t *x = p;
  int n = x->c->n;
  return rma_dgemm(x->c->ta, x->c->tb, n, n, n, BENCH_ALPHA, x->g_a, x->g_b, BENCH_BETA, x->g_c);
}

static int lu_setup(void *p) {
  rma_ctx_t *x = p;
  rt_fill(x->g_a, BENCH_SEED_LU, x->c->n, x->c->n, (double)x->c->n);
  return 0;
}

static int lu_call(void *p) {
  rma_ctx_t *x = p;
  return rma_lu(x->g_a, x->c->pivot ? x->ipiv : NULL);
}

// Status and note for a non-zero library code.
static void set_code(bench_result_t *r, const char *what, int rc) {
  r->status = rc == RMA_ERR_NOT_IMPLEMENTED ? ST_NOT_IMPLEMENTED : ST_ERROR;
  if (rc > 0 && r->c.op == OP_LU) {
    r->status = ST_FAILED;
    snprintf(r->note, sizeof r->note, "%s: U(%d,%d) is exactly zero", what, rc, rc);
    return;
  }
  snprintf(r->note, sizeof r->note, "%s: %s (%d)", what, rma_strerror(rc), rc);
}

/* ---- ablation ---------------------------------------------------------- */

static const rma_option_t abl_opts[3] = {RMA_OPT_ZERO_COPY, RMA_OPT_NONBLOCKING,
                                         RMA_OPT_CONTENTION};

// Sets zero-copy / nonblocking / contention for variant a; saved[] gets the
// values to restore. Returns 0 or the first code rma_set_option returned.
static int ablate_set(bench_ablate_t a, int saved[3]) {
  int want[3] = {1, 1, 1}; // zero-copy, nonblocking, contention
  if (a == ABL_NO_CONTENTION)
    want[2] = 0;
  if (a == ABL_NO_NONBLOCKING)
    want[1] = 0;
  if (a == ABL_NO_ZERO_COPY)
    want[0] = 0;
  if (a == ABL_NO_ZC_NO_NB)
    want[0] = want[1] = 0;
  for (int i = 0; i < 3; i++) {
    int rc = rma_get_option(abl_opts[i], &saved[i]);
    if (!rc)
      rc = rma_set_option(abl_opts[i], want[i]);
    if (rc)
      return rc;
  }
  return 0;
}

static void ablate_restore(const int saved[3]) {
  for (int i = 0; i < 3; i++)
    rma_set_option(abl_opts[i], saved[i]);
}

/* ---- the runs ---------------------------------------------------------- */

static int create(const bench_case_t *c, int m, int n, int nbc, const char *name, int *g) {
  rma_layout_t lay = c->layout == LAYOUT_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK;
  return rma_matrix_create(m, n, c->nb, nbc, c->p, c->q, lay, name, g);
}

static void run_dgemm(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                      bench_result_t *r) {
  int n = c->n, rc;
  rma_ctx_t x = {c, 0, 0, 0, NULL};
  if ((rc = create(c, n, n, c->nb, "bench_rma_A", &x.g_a)) ||
      (rc = create(c, n, n, c->nb, "bench_rma_B", &x.g_b)) ||
      (rc = create(c, n, n, c->nb, "bench_rma_C", &x.g_c))) {
    set_code(r, "rma_matrix_create", rc);
    goto out;
  }
  rt_fill(x.g_a, BENCH_SEED_A, n, n, 0.0);
  rt_fill(x.g_b, BENCH_SEED_B, n, n, 0.0);
  int saved[3];
  if (c->ablate != ABL_NONE && (rc = bench_agree_rc(env, ablate_set(c->ablate, saved)))) {
    set_code(r, "rma_set_option", rc);
    goto out;
  }
  bench_timed_t t = {dgemm_setup, dgemm_call, &x, 0};
  rc = bench_time(env, o->repeat, &t, &r->time_best, &r->time_median, &r->repeats);
  if (c->ablate != ABL_NONE)
    ablate_restore(saved);
  if (rc) {
    set_code(r, "rma_dgemm", rc);
    goto out;
  }
  bench_samples_t s;
  bench_samples_make(n, o->samples, &s);
  double *vals = calloc((size_t)s.count, sizeof(double));
  bench_samples_get_ga(env, x.g_c, &s, vals);
  r->residual = bench_check_dgemm(env, c, &s, vals);
  r->status = bench_status_of(c->op, r->residual);
  free(vals);
  bench_samples_free(&s);
out:
  if (x.g_c)
    GA_Destroy(x.g_c);
  if (x.g_b)
    GA_Destroy(x.g_b);
  if (x.g_a)
    GA_Destroy(x.g_a);
}

// Solves A x = b with the factors in g_a and checks x. The right-hand side
// lives in an n x 1 array made by rma_matrix_create (rmala picks the grid),
// or a regular GA when no grid fits one column.
static void lu_solve_check(const bench_env_t *env, const bench_case_t *c,
                           const bench_lu_problem_t *pr, int g_a, const int *ipiv,
                           bench_result_t *r) {
  int n = c->n, g_b = 0;
  rma_layout_t lay = c->layout == LAYOUT_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK;
  if (rma_matrix_create(n, 1, c->nb, 1, 0, 0, lay, "bench_rma_b", &g_b))
    g_b = 0;
  if (!g_b)
    g_b = rt_create_regular(n, 1, "bench_rma_b");
  if (env->rank == 0) {
    int lo[2] = {0, 0}, hi[2] = {n - 1, 0}, ld[1] = {1};
    NGA_Put(g_b, lo, hi, pr->b, ld);
  }
  GA_Sync();
  int rc = bench_agree_rc(env, rma_lu_solve('N', g_a, c->pivot ? ipiv : NULL, g_b));
  if (rc) {
    r->status = ST_UNCHECKED;
    snprintf(r->note, sizeof r->note, "rma_lu_solve: %s (%d); factorization not checked",
             rma_strerror(rc), rc);
  } else {
    double *xv = malloc(sizeof(double) * (size_t)n);
    if (env->rank == 0) {
      int lo[2] = {0, 0}, hi[2] = {n - 1, 0}, ld[1] = {1};
      NGA_Get(g_b, lo, hi, xv, ld);
    }
    GA_Sync();
    MPI_Bcast(xv, n, MPI_DOUBLE, 0, env->comm);
    bench_record_lu(env, pr, xv, r);
    free(xv);
  }
  GA_Destroy(g_b);
}

static void run_lu(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                   const bench_lu_problem_t *pr, bench_result_t *r) {
  int n = c->n, rc;
  rma_ctx_t x = {c, 0, 0, 0, malloc(sizeof(int) * (size_t)n)};
  if ((rc = create(c, n, n, c->nb, "bench_rma_LU", &x.g_a))) {
    set_code(r, "rma_matrix_create", rc);
    goto out;
  }
  bench_timed_t t = {lu_setup, lu_call, &x, 0};
  rc = bench_time(env, o->repeat, &t, &r->time_best, &r->time_median, &r->repeats);
  if (rc) {
    set_code(r, "rma_lu", rc);
    goto out;
  }
  lu_solve_check(env, c, pr, x.g_a, x.ipiv, r);
  if (!c->pivot && r->status == ST_OK)
    snprintf(r->note, sizeof r->note, "no pivoting (ScaLAPACK has none; peers pivot)");
out:
  if (x.g_a)
    GA_Destroy(x.g_a);
  free(x.ipiv);
}

void impl_rma_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                  const bench_lu_problem_t *pr, bench_result_t *r) {
  if (c->op == OP_DGEMM)
    run_dgemm(env, o, c, r);
  else
    run_lu(env, o, c, pr, r);
}
