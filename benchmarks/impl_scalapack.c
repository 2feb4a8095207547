/*
 * impl_scalapack.c — the `scalapack` peer: pdgemm and pdgetrf/pdgetrs called
 * directly with this driver's own BLACS grid and descriptors (GA's
 * GA_Lu_solve aborts on grid arrays). Local arrays are column-major and
 * filled from the same generator at their global indices. ScaLAPACK has no
 * LU without pivoting: pdgetrf always pivots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "rmala_testutil.h"

/* BLACS C interface and ScaLAPACK/PBLAS Fortran entry points (from
 * libscalapack-openmpi, which has no public header). */
void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int icontxt, int what, int *val);
void Cblacs_gridinit(int *icontxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int icontxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int icontxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrcproc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld, int *info);
void pdgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
             const double *alpha, const double *a, const int *ia, const int *ja, const int *desca,
             const double *b, const int *ib, const int *jb, const int *descb, const double *beta,
             double *c, const int *ic, const int *jc, const int *descc);
void pdgetrf_(const int *m, const int *n, double *a, const int *ia, const int *ja, const int *desca,
              int *ipiv, int *info);
void pdgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *ia,
              const int *ja, const int *desca, const int *ipiv, double *b, const int *ib,
              const int *jb, const int *descb, int *info, size_t trans_len);

/* A process's piece of an n x ncols block-cyclic matrix (nb x nb blocks,
 * sources at process (0,0)), column-major with leading dimension lld. */
typedef struct {
  int ctxt, p, q, myrow, mycol;
  int nb, n;
  int mloc, nloc, lld;
} sp_grid_t;

// Global index of local index l along a dimension with np processes.
static long global_of(int l, int nb, int me, int np) {
  return ((long)(l / nb) * np + me) * nb + l % nb;
}

static void fill_local(const sp_grid_t *g, int nloc, double *a, int kind, int n) {
  for (int lj = 0; lj < nloc; lj++) {
    long j = global_of(lj, g->nb, g->mycol, g->q);
    for (int li = 0; li < g->mloc; li++) {
      long i = global_of(li, g->nb, g->myrow, g->p);
      double v = kind == 0   ? rt_entry(BENCH_SEED_A, i, j)
                 : kind == 1 ? rt_entry(BENCH_SEED_B, i, j)
                 : kind == 2 ? rt_entry(BENCH_SEED_C, i, j)
                             : bench_lu_entry(n, i, j);
      a[(size_t)lj * g->lld + li] = v;
    }
  }
}

typedef struct {
  const bench_case_t *c;
  sp_grid_t g;
  int desc[9], descb[9];
  double *a, *b, *cm, *c0; /* cm is C (dgemm) or the LU work copy; c0 its pristine copy */
  int *ipiv;
  int info;
} sp_ctx_t;

static size_t local_size(const sp_grid_t *g) {
  return (size_t)g->lld * (size_t)(g->nloc ? g->nloc : 1);
}

static int restore(void *p) { // untimed: C (or A for LU) back to its input values
  sp_ctx_t *x = p;
  memcpy(x->cm, x->c0, sizeof(double) * local_size(&x->g));
  return 0;
}

static int dgemm_call(void *p) {
  sp_ctx_t *x = p;
  const int one = 1, n = x->c->n;
  const double alpha = BENCH_ALPHA, beta = BENCH_BETA;
  char ta = x->c->ta, tb = x->c->tb;
  pdgemm_(&ta, &tb, &n, &n, &n, &alpha, x->a, &one, &one, x->desc, x->b, &one, &one, x->desc, &beta,
          x->cm, &one, &one, x->desc);
  return 0;
}

static int lu_call(void *p) {
  sp_ctx_t *x = p;
  const int one = 1, n = x->c->n;
  pdgetrf_(&n, &n, x->cm, &one, &one, x->desc, x->ipiv, &x->info);
  return x->info;
}

// BLACS grid and this process's local sizes. Returns 0 or -1 when the grid
// does not take every rank.
static int grid_make(const bench_case_t *c, sp_grid_t *g) {
  int me, np;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &g->ctxt);
  Cblacs_gridinit(&g->ctxt, "Row", c->p, c->q);
  Cblacs_gridinfo(g->ctxt, &g->p, &g->q, &g->myrow, &g->mycol);
  if (g->myrow < 0 || g->myrow >= c->p)
    return -1;
  const int zero = 0;
  g->nb = c->nb;
  g->n = c->n;
  g->mloc = numroc_(&c->n, &c->nb, &g->myrow, &zero, &g->p);
  g->nloc = numroc_(&c->n, &c->nb, &g->mycol, &zero, &g->q);
  g->lld = g->mloc > 1 ? g->mloc : 1;
  return 0;
}

// Sampled entries of the local C into vals on rank 0: the owner puts each
// value, the others put 0, and a sum reduces them.
static void samples_get(const bench_env_t *env, const sp_ctx_t *x, const bench_samples_t *s,
                        double *vals) {
  double *mine = calloc((size_t)s->count, sizeof(double));
  const sp_grid_t *g = &x->g;
  for (int t = 0; t < s->count; t++) {
    int bi = s->i[t] / g->nb, bj = s->j[t] / g->nb;
    if (bi % g->p != g->myrow || bj % g->q != g->mycol)
      continue;
    int li = (bi / g->p) * g->nb + s->i[t] % g->nb;
    int lj = (bj / g->q) * g->nb + s->j[t] % g->nb;
    mine[t] = x->cm[(size_t)lj * g->lld + li];
  }
  MPI_Reduce(mine, vals, s->count, MPI_DOUBLE, MPI_SUM, 0, env->comm);
  free(mine);
}

static void run_dgemm(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                      bench_result_t *r) {
  size_t sz = local_size(&x->g);
  x->a = malloc(sizeof(double) * sz);
  x->b = malloc(sizeof(double) * sz);
  x->cm = malloc(sizeof(double) * sz);
  x->c0 = malloc(sizeof(double) * sz);
  fill_local(&x->g, x->g.nloc, x->a, 0, x->c->n);
  fill_local(&x->g, x->g.nloc, x->b, 1, x->c->n);
  fill_local(&x->g, x->g.nloc, x->c0, 2, x->c->n);
  bench_timed_t t = {restore, dgemm_call, x, 0};
  bench_time(env, o->repeat, &t, &r->time_best, &r->time_median, &r->repeats);
  bench_samples_t s;
  bench_samples_make(x->c->n, o->samples, &s);
  double *vals = calloc((size_t)s.count, sizeof(double));
  samples_get(env, x, &s, vals);
  r->residual = bench_check_dgemm(env, x->c, &s, vals);
  r->status = bench_status_of(OP_DGEMM, r->residual);
  free(vals);
  bench_samples_free(&s);
}

static void run_lu(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                   const bench_lu_problem_t *pr, bench_result_t *r) {
  const sp_grid_t *g = &x->g;
  int n = x->c->n, one = 1, zero = 0, info;
  size_t sz = local_size(g);
  x->cm = malloc(sizeof(double) * sz);
  x->c0 = malloc(sizeof(double) * sz);
  x->ipiv = malloc(sizeof(int) * (size_t)(g->mloc + g->nb));
  fill_local(g, g->nloc, x->c0, 3, n);
  bench_timed_t t = {restore, lu_call, x, 0};
  int rc = bench_time(env, o->repeat, &t, &r->time_best, &r->time_median, &r->repeats);
  if (rc) {
    r->status = rc > 0 ? ST_FAILED : ST_ERROR;
    snprintf(r->note, sizeof r->note, "pdgetrf info=%d", rc);
    return;
  }
  // b: n x 1, rows blocked like A, in process column 0.
  int lldb = g->mloc > 1 ? g->mloc : 1;
  descinit_(x->descb, &n, &one, &g->nb, &g->nb, &zero, &zero, &g->ctxt, &lldb, &info);
  double *bl = calloc((size_t)lldb, sizeof(double));
  if (g->mycol == 0)
    for (int li = 0; li < g->mloc; li++)
      bl[li] = pr->b[global_of(li, g->nb, g->myrow, g->p)];
  pdgetrs_("N", &n, &one, x->cm, &one, &one, x->desc, x->ipiv, bl, &one, &one, x->descb, &info, 1);
  // x on every rank: owners (process column 0) contribute, a sum gathers.
  double *xv = calloc((size_t)n, sizeof(double));
  if (g->mycol == 0)
    for (int li = 0; li < g->mloc; li++)
      xv[global_of(li, g->nb, g->myrow, g->p)] = bl[li];
  MPI_Allreduce(MPI_IN_PLACE, xv, n, MPI_DOUBLE, MPI_SUM, env->comm);
  info = bench_agree_rc(env, info);
  if (info) {
    r->status = ST_ERROR;
    snprintf(r->note, sizeof r->note, "pdgetrs info=%d", info);
  } else {
    bench_record_lu(env, pr, xv, r);
  }
  free(xv);
  free(bl);
}

void impl_scalapack_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                        const bench_lu_problem_t *pr, bench_result_t *r) {
  sp_ctx_t x;
  memset(&x, 0, sizeof x);
  x.c = c;
  if (bench_agree_rc(env, grid_make(c, &x.g) ? -1 : 0)) {
    r->status = ST_ERROR;
    snprintf(r->note, sizeof r->note, "BLACS grid %dx%d does not fit np=%d", c->p, c->q, env->np);
    return;
  }
  int info, zero = 0;
  descinit_(x.desc, &c->n, &c->n, &c->nb, &c->nb, &zero, &zero, &x.g.ctxt, &x.g.lld, &info);
  if (c->op == OP_DGEMM)
    run_dgemm(env, o, &x, r);
  else
    run_lu(env, o, &x, pr, r);
  free(x.a);
  free(x.b);
  free(x.cm);
  free(x.c0);
  free(x.ipiv);
  Cblacs_gridexit(x.g.ctxt);
}
