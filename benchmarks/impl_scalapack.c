/*
 * impl_scalapack.c — the `scalapack` peer: p?gemm of the case's element type
 * (psgemm, pdgemm, pcgemm, pzgemm) and p?getrf/p?getrs (pdgetrf in d,
 * psgetrf, pcgetrf, pzgetrf in the other types), p?potrf/p?potrs and p?trsm called directly with
 * this driver's own BLACS grid and descriptors (GA's GA_Lu_solve aborts on
 * grid arrays). Local arrays are column-major and filled from the same
 * generator at their global indices. ScaLAPACK has no LU without pivoting:
 * pdgetrf always pivots.
 * Also the `rma-pd` impl: the same arrays, grid and calls through rmala's
 * ScaLAPACK entry points (rma_p?gemm, rma_pdgetrf, rma_pdgetrs); each case
 * starts from a fresh library (rma_finalize) so its first call pays what an
 * unmodified ScaLAPACK program's first call pays, and its memory is its own.
 */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ga_testutil.h"
#include "rmala.h"

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
/* p?gemm_ of the four types; a, b, c and the scalars point to elements of the type. */
typedef void pgemm_fn(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const void *alpha, const void *a, const int *ia, const int *ja,
                      const int *desca, const void *b, const int *ib, const int *jb,
                      const int *descb, const void *beta, void *c, const int *ic, const int *jc,
                      const int *descc);
pgemm_fn psgemm_, pdgemm_, pcgemm_, pzgemm_;
void pdgetrf_(const int *m, const int *n, double *a, const int *ia, const int *ja, const int *desca,
              int *ipiv, int *info);
/* p?getrf_ / p?getrs_ of s, c, z; a and b point to elements of the type. */
typedef void pgetrf_fn(const int *m, const int *n, void *a, const int *ia, const int *ja,
                       const int *desca, int *ipiv, int *info);
typedef void pgetrs_fn(const char *trans, const int *n, const int *nrhs, const void *a,
                       const int *ia, const int *ja, const int *desca, const int *ipiv, void *b,
                       const int *ib, const int *jb, const int *descb, int *info, size_t trans_len);
pgetrf_fn psgetrf_, pcgetrf_, pzgetrf_;
pgetrs_fn psgetrs_, pcgetrs_, pzgetrs_;
void pdgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *ia,
              const int *ja, const int *desca, const int *ipiv, double *b, const int *ib,
              const int *jb, const int *descb, int *info, size_t trans_len);
/* p?potrf_ / p?potrs_ of the four types; a and b point to elements of the type. */
typedef void ppotrf_fn(const char *uplo, const int *n, void *a, const int *ia, const int *ja,
                       const int *desca, int *info, size_t uplo_len);
typedef void ppotrs_fn(const char *uplo, const int *n, const int *nrhs, const void *a,
                       const int *ia, const int *ja, const int *desca, void *b, const int *ib,
                       const int *jb, const int *descb, int *info, size_t uplo_len);
ppotrf_fn pspotrf_, pdpotrf_, pcpotrf_, pzpotrf_;
/* p?trsm_ of the four types; alpha, a and b point to elements of the type. */
typedef void ptrsm_fn(const char *side, const char *uplo, const char *transa, const char *diag,
                      const int *m, const int *n, const void *alpha, const void *a,
                      const int *ia, const int *ja, const int *desca, void *b, const int *ib,
                      const int *jb, const int *descb);
ptrsm_fn pstrsm_, pdtrsm_, pctrsm_, pztrsm_;
ppotrs_fn pspotrs_, pdpotrs_, pcpotrs_, pzpotrs_;

/* The BLACS grid of a case (nb x nb blocks, sources at process (0,0)). */
typedef struct {
  int ctxt, p, q, myrow, mycol;
  int nb;
} sp_grid_t;

/* A process's piece of a rows x cols block-cyclic matrix on grid g:
 * mloc x nloc, column-major with leading dimension lld, and its descriptor. */
typedef struct {
  int rows, cols;
  int mloc, nloc, lld;
  int desc[9];
} sp_mat_t;

// Global index of local index l along a dimension with np processes.
static long global_of(int l, int nb, int me, int np) {
  return ((long)(l / nb) * np + me) * nb + l % nb;
}

// Local sizes and descriptor of a rows x cols matrix on g.
static void mat_make(const sp_grid_t *g, int rows, int cols, sp_mat_t *m) {
  const int zero = 0;
  int info;
  m->rows = rows;
  m->cols = cols;
  m->mloc = numroc_(&rows, &g->nb, &g->myrow, &zero, &g->p);
  m->nloc = numroc_(&cols, &g->nb, &g->mycol, &zero, &g->q);
  m->lld = m->mloc > 1 ? m->mloc : 1;
  descinit_(m->desc, &rows, &cols, &g->nb, &g->nb, &zero, &zero, &g->ctxt, &m->lld, &info);
}

static size_t local_size(const sp_mat_t *m) {
  return (size_t)m->lld * (size_t)(m->nloc ? m->nloc : 1);
}

// kind: 0 A, 1 B, 2 C (gemm, elements of type dt), 3 the LU matrix (order
// n, dd as pr; in type dt).
static void *fill_local(const sp_grid_t *g, const sp_mat_t *m, bench_dtype_t dt, int kind, int n,
                        int dd) {
  static const uint64_t seeds[3] = {BENCH_SEED_A, BENCH_SEED_B, BENCH_SEED_C};
  void *a = malloc(bench_dtype_size(dt) * local_size(m));
  for (int lj = 0; lj < m->nloc; lj++) {
    long j = global_of(lj, g->nb, g->mycol, g->q);
    for (int li = 0; li < m->mloc; li++) {
      long i = global_of(li, g->nb, g->myrow, g->p);
      size_t e = (size_t)lj * m->lld + li;
      if (kind == 3 && dt == DT_D)
        ((double *)a)[e] = bench_lu_entry(n, dd, i, j);
      else if (kind == 3)
        bench_value_store(dt, a, e, bench_lu_tentry(dt, n, dd, i, j));
      else
        bench_value_store(dt, a, e, bench_entry(dt, seeds[kind], i, j));
    }
  }
  return a;
}

typedef struct {
  const bench_case_t *c;
  sp_grid_t g;
  sp_mat_t ma, mb, mc; /* gemm A, B, C; LU: mc is A */
  int descb[9];
  void *a, *b, *cm, *c0; /* cm is C (gemm) or the LU work copy; c0 its pristine copy */
  int *ipiv;
  int info;
} sp_ctx_t;

static int restore(void *p) { // untimed: C (or A for LU) back to its input values
  sp_ctx_t *x = p;
  memcpy(x->cm, x->c0, bench_dtype_size(x->c->dt) * local_size(&x->mc));
  return 0;
}

// rma_p?gemm of the case's type (the rma-pd impl).
static int rma_pgemm(sp_ctx_t *x) {
  const bench_case_t *c = x->c;
  char ta = c->ta, tb = c->tb;
  switch (c->dt) {
  case DT_S:
    return rma_psgemm(ta, tb, c->m, c->n, c->k, (float)BENCH_ALPHA, x->a, 1, 1, x->ma.desc, x->b, 1,
                      1, x->mb.desc, (float)BENCH_BETA, x->cm, 1, 1, x->mc.desc);
  case DT_C:
    return rma_pcgemm(ta, tb, c->m, c->n, c->k, (float complex)BENCH_ALPHA, x->a, 1, 1, x->ma.desc,
                      x->b, 1, 1, x->mb.desc, (float complex)BENCH_BETA, x->cm, 1, 1, x->mc.desc);
  case DT_Z:
    return rma_pzgemm(ta, tb, c->m, c->n, c->k, (double complex)BENCH_ALPHA, x->a, 1, 1, x->ma.desc,
                      x->b, 1, 1, x->mb.desc, (double complex)BENCH_BETA, x->cm, 1, 1, x->mc.desc);
  default:
    return rma_pdgemm(ta, tb, c->m, c->n, c->k, BENCH_ALPHA, x->a, 1, 1, x->ma.desc, x->b, 1, 1,
                      x->mb.desc, BENCH_BETA, x->cm, 1, 1, x->mc.desc);
  }
}

static int gemm_call(void *p) {
  sp_ctx_t *x = p;
  const int one = 1;
  const bench_case_t *c = x->c;
  if (c->impl == IMPL_RMA_PD)
    return rma_pgemm(x);
  static pgemm_fn *const fns[DT_COUNT] = {pdgemm_, psgemm_, pcgemm_, pzgemm_};
  double complex alpha, beta; // room for a scalar of any type
  bench_value_store(c->dt, &alpha, 0, BENCH_ALPHA);
  bench_value_store(c->dt, &beta, 0, BENCH_BETA);
  char ta = c->ta, tb = c->tb;
  fns[c->dt](&ta, &tb, &c->m, &c->n, &c->k, &alpha, x->a, &one, &one, x->ma.desc, x->b, &one, &one,
             x->mb.desc, &beta, x->cm, &one, &one, x->mc.desc);
  return 0;
}

// P?POTRF of the case's type and triangle: ScaLAPACK's, or rma_p?potrf (rma-pd).
static int potrf_call(sp_ctx_t *x) {
  const bench_case_t *c = x->c;
  const int one = 1, n = c->n;
  char uplo = c->uplo;
  if (c->impl != IMPL_RMA_PD) {
    static ppotrf_fn *const fns[DT_COUNT] = {pdpotrf_, pspotrf_, pcpotrf_, pzpotrf_};
    fns[c->dt](&uplo, &n, x->cm, &one, &one, x->mc.desc, &x->info, 1);
  } else if (c->dt == DT_S) {
    x->info = rma_pspotrf(uplo, n, x->cm, 1, 1, x->mc.desc);
  } else if (c->dt == DT_C) {
    x->info = rma_pcpotrf(uplo, n, x->cm, 1, 1, x->mc.desc);
  } else if (c->dt == DT_Z) {
    x->info = rma_pzpotrf(uplo, n, x->cm, 1, 1, x->mc.desc);
  } else {
    x->info = rma_pdpotrf(uplo, n, x->cm, 1, 1, x->mc.desc);
  }
  return x->info;
}

// P?POTRS with the factor in x->cm on b (n x 1, descriptor x->descb).
static int potrs_call(sp_ctx_t *x, void *b) {
  const bench_case_t *c = x->c;
  const int one = 1, n = c->n;
  char uplo = c->uplo;
  int info = 0;
  if (c->impl != IMPL_RMA_PD) {
    static ppotrs_fn *const fns[DT_COUNT] = {pdpotrs_, pspotrs_, pcpotrs_, pzpotrs_};
    fns[c->dt](&uplo, &n, &one, x->cm, &one, &one, x->mc.desc, b, &one, &one, x->descb, &info, 1);
  } else if (c->dt == DT_S) {
    info = rma_pspotrs(uplo, n, 1, x->cm, 1, 1, x->mc.desc, b, 1, 1, x->descb);
  } else if (c->dt == DT_C) {
    info = rma_pcpotrs(uplo, n, 1, x->cm, 1, 1, x->mc.desc, b, 1, 1, x->descb);
  } else if (c->dt == DT_Z) {
    info = rma_pzpotrs(uplo, n, 1, x->cm, 1, 1, x->mc.desc, b, 1, 1, x->descb);
  } else {
    info = rma_pdpotrs(uplo, n, 1, x->cm, 1, 1, x->mc.desc, b, 1, 1, x->descb);
  }
  return info;
}

// P?TRSM ('L', 'L', 'N', 'N') of the case's type on A (x->a, ma) and B (x->cm,
// mc): ScaLAPACK's, or rma_p?trsm (rma-pd).
static int trsm_call(void *p) {
  sp_ctx_t *x = p;
  const bench_case_t *c = x->c;
  const int one = 1;
  if (c->impl != IMPL_RMA_PD) {
    static ptrsm_fn *const fns[DT_COUNT] = {pdtrsm_, pstrsm_, pctrsm_, pztrsm_};
    double complex alpha; // room for a scalar of any type
    bench_value_store(c->dt, &alpha, 0, BENCH_ALPHA);
    fns[c->dt]("L", "L", "N", "N", &c->m, &c->n, &alpha, x->a, &one, &one, x->ma.desc, x->cm,
               &one, &one, x->mc.desc);
    return 0;
  }
  switch (c->dt) {
  case DT_S:
    return rma_pstrsm('L', 'L', 'N', 'N', c->m, c->n, (float)BENCH_ALPHA, x->a, 1, 1, x->ma.desc,
                      x->cm, 1, 1, x->mc.desc);
  case DT_C:
    return rma_pctrsm('L', 'L', 'N', 'N', c->m, c->n, (float complex)BENCH_ALPHA, x->a, 1, 1,
                      x->ma.desc, x->cm, 1, 1, x->mc.desc);
  case DT_Z:
    return rma_pztrsm('L', 'L', 'N', 'N', c->m, c->n, (double complex)BENCH_ALPHA, x->a, 1, 1,
                      x->ma.desc, x->cm, 1, 1, x->mc.desc);
  default:
    return rma_pdtrsm('L', 'L', 'N', 'N', c->m, c->n, BENCH_ALPHA, x->a, 1, 1, x->ma.desc, x->cm,
                      1, 1, x->mc.desc);
  }
}

static int lu_call(void *p) {
  sp_ctx_t *x = p;
  const int one = 1, n = x->c->n;
  if (x->c->op == OP_POTRF)
    return potrf_call(x);
  if (x->c->dt != DT_D) { // s, c, z: p?getrf_ or rma_p?getrf
    static pgetrf_fn *const fns[DT_COUNT] = {NULL, psgetrf_, pcgetrf_, pzgetrf_};
    if (x->c->impl != IMPL_RMA_PD)
      fns[x->c->dt](&n, &n, x->cm, &one, &one, x->mc.desc, x->ipiv, &x->info);
    else if (x->c->dt == DT_S)
      x->info = rma_psgetrf(n, n, x->cm, 1, 1, x->mc.desc, x->ipiv);
    else if (x->c->dt == DT_C)
      x->info = rma_pcgetrf(n, n, x->cm, 1, 1, x->mc.desc, x->ipiv);
    else
      x->info = rma_pzgetrf(n, n, x->cm, 1, 1, x->mc.desc, x->ipiv);
    return x->info;
  }
  if (x->c->impl == IMPL_RMA_PD)
    x->info = rma_pdgetrf(n, n, x->cm, 1, 1, x->mc.desc, x->ipiv);
  else
    pdgetrf_(&n, &n, x->cm, &one, &one, x->mc.desc, x->ipiv, &x->info);
  return x->info;
}

// BLACS grid of the case. Returns 0 or -1 when the grid does not take every rank.
static int grid_make(const bench_case_t *c, sp_grid_t *g) {
  int me, np;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &g->ctxt);
  Cblacs_gridinit(&g->ctxt, "Row", c->p, c->q);
  Cblacs_gridinfo(g->ctxt, &g->p, &g->q, &g->myrow, &g->mycol);
  if (g->myrow < 0 || g->myrow >= c->p)
    return -1;
  g->nb = c->nb;
  return 0;
}

// Sampled entries of the local C into vals on rank 0: the owner puts each
// value, the others put 0, and a sum reduces them (real and imaginary parts).
static void samples_get(const bench_env_t *env, const sp_ctx_t *x, const bench_samples_t *s,
                        double complex *vals) {
  double complex *mine = calloc((size_t)s->count, sizeof *mine);
  const sp_grid_t *g = &x->g;
  for (int t = 0; t < s->count; t++) {
    int bi = s->i[t] / g->nb, bj = s->j[t] / g->nb;
    if (bi % g->p != g->myrow || bj % g->q != g->mycol)
      continue;
    int li = (bi / g->p) * g->nb + s->i[t] % g->nb;
    int lj = (bj / g->q) * g->nb + s->j[t] % g->nb;
    mine[t] = bench_value_load(x->c->dt, x->cm, (size_t)lj * x->mc.lld + li);
  }
  MPI_Reduce(mine, vals, 2 * s->count, MPI_DOUBLE, MPI_SUM, 0, env->comm);
  free(mine);
}

static void run_gemm(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                     bench_result_t *r) {
  const bench_case_t *c = x->c;
  // Stored A is m x k ('N') or k x m ('T', 'C'); B is k x n or n x k.
  mat_make(&x->g, c->ta == 'N' ? c->m : c->k, c->ta == 'N' ? c->k : c->m, &x->ma);
  mat_make(&x->g, c->tb == 'N' ? c->k : c->n, c->tb == 'N' ? c->n : c->k, &x->mb);
  mat_make(&x->g, c->m, c->n, &x->mc);
  x->a = fill_local(&x->g, &x->ma, c->dt, 0, 0, 0);
  x->b = fill_local(&x->g, &x->mb, c->dt, 1, 0, 0);
  x->c0 = fill_local(&x->g, &x->mc, c->dt, 2, 0, 0);
  x->cm = malloc(bench_dtype_size(c->dt) * local_size(&x->mc));
  bench_timed_t t = {restore, gemm_call, x, 0};
  bench_time_row(env, o, &t, r);
  bench_samples_t s;
  bench_samples_make(c->m, c->n, o->samples, &s);
  double complex *vals = calloc((size_t)s.count, sizeof *vals);
  samples_get(env, x, &s, vals);
  r->residual = bench_check_gemm(env, c, &s, vals);
  r->status = bench_status_of(OP_GEMM, r->residual);
  free(vals);
  bench_samples_free(&s);
}

// trsm: A the diagonally dominant LU matrix (its lower triangle), B gemm's
// B (in mc / cm, restored before each call); whole columns of X checked.
static void run_trsm(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                     bench_result_t *r) {
  const bench_case_t *c = x->c;
  mat_make(&x->g, c->m, c->m, &x->ma);
  mat_make(&x->g, c->m, c->n, &x->mc);
  x->a = fill_local(&x->g, &x->ma, c->dt, 3, c->m, 1);
  x->c0 = fill_local(&x->g, &x->mc, c->dt, 1, 0, 0);
  x->cm = malloc(bench_dtype_size(c->dt) * local_size(&x->mc));
  bench_timed_t t = {restore, trsm_call, x, 0};
  int rc = bench_time_row(env, o, &t, r);
  if (rc) {
    r->status = ST_ERROR;
    snprintf(r->note, sizeof r->note, "%s: %d", bench_dtype_trsm(c->dt), rc);
    return;
  }
  bench_samples_t s;
  bench_trsm_samples_make(c->m, c->n, &s);
  double complex *vals = calloc((size_t)(s.count > 0 ? s.count : 1), sizeof *vals);
  samples_get(env, x, &s, vals);
  r->residual = bench_check_trsm(env, c, &s, vals);
  r->status = bench_status_of(OP_TRSM, r->residual);
  free(vals);
  bench_samples_free(&s);
}

// s, c, z: run_lu in the case's type (p?getrf_ / p?getrs_, or rma_p?getrf /
// rma_p?getrs for rma-pd); potrf in every type (p?potrf_ / p?potrs_, or
// rma_p?potrf / rma_p?potrs).
static void run_lu_t(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                     const bench_lu_problem_t *pr, bench_result_t *r) {
  const sp_grid_t *g = &x->g;
  bench_dtype_t dt = x->c->dt;
  size_t es = bench_dtype_size(dt);
  int n = x->c->n, one = 1, zero = 0, info;
  mat_make(g, n, n, &x->mc);
  const sp_mat_t *m = &x->mc;
  x->c0 = fill_local(g, m, dt, 3, n, pr->dd);
  x->cm = malloc(es * local_size(m));
  x->ipiv = malloc(sizeof(int) * (size_t)(m->mloc + g->nb));
  bench_timed_t t = {restore, lu_call, x, 0};
  int rc = bench_time_row(env, o, &t, r), potrf = x->c->op == OP_POTRF;
  if (rc) {
    r->status = rc > 0 ? ST_FAILED : ST_ERROR;
    snprintf(r->note, sizeof r->note, "%s info=%d",
             potrf ? bench_dtype_potrf(dt) : bench_dtype_lu(dt), rc);
    return;
  }
  int lldb = m->mloc > 1 ? m->mloc : 1;
  descinit_(x->descb, &n, &one, &g->nb, &g->nb, &zero, &zero, &g->ctxt, &lldb, &info);
  void *bl = calloc((size_t)lldb, es);
  if (g->mycol == 0)
    for (int li = 0; li < m->mloc; li++)
      bench_value_store(dt, bl, (size_t)li, pr->bt[global_of(li, g->nb, g->myrow, g->p)]);
  if (potrf) {
    info = potrs_call(x, bl);
  } else if (x->c->impl == IMPL_RMA_PD) {
    if (dt == DT_S)
      info = rma_psgetrs('N', n, 1, x->cm, 1, 1, m->desc, x->ipiv, bl, 1, 1, x->descb);
    else if (dt == DT_C)
      info = rma_pcgetrs('N', n, 1, x->cm, 1, 1, m->desc, x->ipiv, bl, 1, 1, x->descb);
    else
      info = rma_pzgetrs('N', n, 1, x->cm, 1, 1, m->desc, x->ipiv, bl, 1, 1, x->descb);
  } else {
    static pgetrs_fn *const fns[DT_COUNT] = {NULL, psgetrs_, pcgetrs_, pzgetrs_};
    fns[dt]("N", &n, &one, x->cm, &one, &one, m->desc, x->ipiv, bl, &one, &one, x->descb, &info,
            1);
  }
  double complex *xv = calloc((size_t)n, sizeof(double complex));
  if (g->mycol == 0)
    for (int li = 0; li < m->mloc; li++)
      xv[global_of(li, g->nb, g->myrow, g->p)] = bench_value_load(dt, bl, (size_t)li);
  MPI_Allreduce(MPI_IN_PLACE, xv, 2 * n, MPI_DOUBLE, MPI_SUM, env->comm);
  info = bench_agree_rc(env, info);
  if (info) {
    r->status = ST_ERROR;
    snprintf(r->note, sizeof r->note, "%c%s info=%d", bench_dtype_char(dt),
             potrf ? "potrs" : "getrs", info);
  } else {
    bench_record_lu_t(env, pr, xv, r);
  }
  free(xv);
  free(bl);
}

static void run_lu(const bench_env_t *env, const bench_opts_t *o, sp_ctx_t *x,
                   const bench_lu_problem_t *pr, bench_result_t *r) {
  if (x->c->dt != DT_D || x->c->op == OP_POTRF) {
    run_lu_t(env, o, x, pr, r);
    return;
  }
  const sp_grid_t *g = &x->g;
  int n = x->c->n, one = 1, zero = 0, info;
  mat_make(g, n, n, &x->mc);
  const sp_mat_t *m = &x->mc;
  x->c0 = fill_local(g, m, DT_D, 3, n, pr->dd);
  x->cm = malloc(sizeof(double) * local_size(m));
  x->ipiv = malloc(sizeof(int) * (size_t)(m->mloc + g->nb));
  bench_timed_t t = {restore, lu_call, x, 0};
  int rc = bench_time_row(env, o, &t, r);
  if (rc) {
    r->status = rc > 0 ? ST_FAILED : ST_ERROR;
    snprintf(r->note, sizeof r->note, "pdgetrf info=%d", rc);
    return;
  }
  // b: n x 1, rows blocked like A, in process column 0.
  int lldb = m->mloc > 1 ? m->mloc : 1;
  descinit_(x->descb, &n, &one, &g->nb, &g->nb, &zero, &zero, &g->ctxt, &lldb, &info);
  double *bl = calloc((size_t)lldb, sizeof(double));
  if (g->mycol == 0)
    for (int li = 0; li < m->mloc; li++)
      bl[li] = pr->b[global_of(li, g->nb, g->myrow, g->p)];
  if (x->c->impl == IMPL_RMA_PD)
    info = rma_pdgetrs('N', n, 1, x->cm, 1, 1, m->desc, x->ipiv, bl, 1, 1, x->descb);
  else
    pdgetrs_("N", &n, &one, x->cm, &one, &one, m->desc, x->ipiv, bl, &one, &one, x->descb, &info,
             1);
  // x on every rank: owners (process column 0) contribute, a sum gathers.
  double *xv = calloc((size_t)n, sizeof(double));
  if (g->mycol == 0)
    for (int li = 0; li < m->mloc; li++)
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
  if (c->impl == IMPL_RMA_PD)
    rma_finalize();
  if (c->op == OP_GEMM)
    run_gemm(env, o, &x, r);
  else if (c->op == OP_TRSM)
    run_trsm(env, o, &x, r);
  else
    run_lu(env, o, &x, pr, r);
  if (c->impl == IMPL_RMA_PD) {
    // The case's own memory, then the GA front-end back for the rma cases.
    bench_record_memory(env, r);
    rma_finalize();
    bench_agree_rc(env, rma_init());
  }
  free(x.a);
  free(x.b);
  free(x.cm);
  free(x.c0);
  free(x.ipiv);
  Cblacs_gridexit(x.g.ctxt);
}
