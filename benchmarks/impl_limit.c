/*
 * impl_limit.c — the `limit` reference: the node's single-process vendor
 * BLAS/LAPACK rate. Rank 0 runs OpenBLAS dgemm / LAPACKE dgetrf on the whole
 * matrix (gemm: cblas_?gemm, LU: LAPACKE_?getrf, potrf: LAPACKE_?potrf, trsm: cblas_?trsm of
 * the case's element type) with as many threads
 * as there are ranks on its node, while the other
 * ranks wait in the timing barrier (sleeping, not spinning, so they leave
 * their cores to rank 0's threads); then the thread count goes back to 1.
 *
 * Under `mpirun --bind-to core` rank 0 is pinned to one core, which would
 * squeeze all OpenBLAS threads onto it; for the duration of the call rank 0
 * widens its CPU mask to the union of the masks of the ranks on its node.
 */
#define _GNU_SOURCE
#include <cblas.h>
#include <complex.h>
#include <lapacke.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ga_testutil.h"

void openblas_set_num_threads(int num_threads);

typedef struct {
  const bench_case_t *c;
  const bench_env_t *env;
  void *a, *b, *cm; /* gemm: elements of the case's type; LU: a is double */
  lapack_int *ipiv;
  int info;
} limit_ctx_t;

// rows x cols of the gemm matrix named by seed, row-major, in type dt.
static void *fill_dense(bench_dtype_t dt, uint64_t seed, long rows, long cols) {
  void *x = malloc(bench_dtype_size(dt) * (size_t)(rows * cols + 1));
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      bench_value_store(dt, x, (size_t)(i * cols + j), bench_entry(dt, seed, i, j));
  return x;
}

static int gemm_setup(void *p) {
  limit_ctx_t *x = p;
  const bench_case_t *c = x->c;
  long m = c->m, n = c->n;
  if (x->env->rank == 0)
    for (long i = 0; i < m; i++)
      for (long j = 0; j < n; j++)
        bench_value_store(c->dt, x->cm, (size_t)(i * n + j),
                          bench_entry(c->dt, BENCH_SEED_C, i, j));
  return 0;
}

static enum CBLAS_TRANSPOSE cblas_op(char t) {
  return t == 'N' ? CblasNoTrans : t == 'C' ? CblasConjTrans : CblasTrans;
}

// Row-major storage: X[i][j] at x[i*cols + j], the same meaning as GA_Dgemm;
// stored A is m x k ('N') or k x m ('T', 'C'), B k x n or n x k.
static int gemm_call(void *p) {
  limit_ctx_t *x = p;
  const bench_case_t *c = x->c;
  int lda = c->ta == 'N' ? c->k : c->m, ldb = c->tb == 'N' ? c->n : c->k;
  lda = lda > 1 ? lda : 1, ldb = ldb > 1 ? ldb : 1;
  int ldc = c->n > 1 ? c->n : 1;
  enum CBLAS_TRANSPOSE ta = cblas_op(c->ta), tb = cblas_op(c->tb);
  const double complex za = BENCH_ALPHA, zb = BENCH_BETA;
  const float complex ca = BENCH_ALPHA, cb = BENCH_BETA;
  if (x->env->rank == 0)
    switch (c->dt) {
    case DT_S:
      cblas_sgemm(CblasRowMajor, ta, tb, c->m, c->n, c->k, (float)BENCH_ALPHA, x->a, lda, x->b, ldb,
                  (float)BENCH_BETA, x->cm, ldc);
      break;
    case DT_C:
      cblas_cgemm(CblasRowMajor, ta, tb, c->m, c->n, c->k, &ca, x->a, lda, x->b, ldb, &cb, x->cm,
                  ldc);
      break;
    case DT_Z:
      cblas_zgemm(CblasRowMajor, ta, tb, c->m, c->n, c->k, &za, x->a, lda, x->b, ldb, &zb, x->cm,
                  ldc);
      break;
    default:
      cblas_dgemm(CblasRowMajor, ta, tb, c->m, c->n, c->k, BENCH_ALPHA, x->a, lda, x->b, ldb,
                  BENCH_BETA, x->cm, ldc);
    }
  return 0;
}

static int lu_setup(void *p) { // column-major A(i,j) at a[i + j*n]
  limit_ctx_t *x = p;
  int n = x->c->n, dd = bench_case_matrix(x->c);
  double *a = x->a;
  bench_dtype_t dt = x->c->dt;
  if (x->env->rank == 0 && dt != DT_D)
    for (long j = 0; j < n; j++)
      for (long i = 0; i < n; i++)
        bench_value_store(dt, x->a, (size_t)(i + j * n), bench_lu_tentry(dt, n, dd, i, j));
  else if (x->env->rank == 0)
    for (long j = 0; j < n; j++)
      for (long i = 0; i < n; i++)
        a[i + j * n] = bench_lu_entry(n, dd, i, j);
  return 0;
}

// LAPACKE ?potrf of the case's type and triangle on rank 0.
static int potrf_call(limit_ctx_t *x) {
  int n = x->c->n;
  char u = x->c->uplo;
  x->info = 0;
  if (x->env->rank == 0)
    switch (x->c->dt) {
    case DT_S:
      x->info = LAPACKE_spotrf(LAPACK_COL_MAJOR, u, n, x->a, n);
      break;
    case DT_C:
      x->info = LAPACKE_cpotrf(LAPACK_COL_MAJOR, u, n, x->a, n);
      break;
    case DT_Z:
      x->info = LAPACKE_zpotrf(LAPACK_COL_MAJOR, u, n, x->a, n);
      break;
    default:
      x->info = LAPACKE_dpotrf(LAPACK_COL_MAJOR, u, n, x->a, n);
    }
  return x->info;
}

// LAPACKE ?potrs with the factor of potrf_call on b (n x 1) on rank 0.
static int potrs_call(limit_ctx_t *x, void *b) {
  int n = x->c->n;
  char u = x->c->uplo;
  switch (x->c->dt) {
  case DT_S:
    return LAPACKE_spotrs(LAPACK_COL_MAJOR, u, n, 1, x->a, n, b, n);
  case DT_C:
    return LAPACKE_cpotrs(LAPACK_COL_MAJOR, u, n, 1, x->a, n, b, n);
  case DT_Z:
    return LAPACKE_zpotrs(LAPACK_COL_MAJOR, u, n, 1, x->a, n, b, n);
  default:
    return LAPACKE_dpotrs(LAPACK_COL_MAJOR, u, n, 1, x->a, n, b, n);
  }
}

static int lu_call(void *p) {
  limit_ctx_t *x = p;
  int n = x->c->n;
  if (x->c->op == OP_POTRF)
    return potrf_call(x);
  x->info = 0;
  if (x->env->rank == 0)
    switch (x->c->dt) {
    case DT_S:
      x->info = LAPACKE_sgetrf(LAPACK_COL_MAJOR, n, n, x->a, n, x->ipiv);
      break;
    case DT_C:
      x->info = LAPACKE_cgetrf(LAPACK_COL_MAJOR, n, n, x->a, n, x->ipiv);
      break;
    case DT_Z:
      x->info = LAPACKE_zgetrf(LAPACK_COL_MAJOR, n, n, x->a, n, x->ipiv);
      break;
    default:
      x->info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, x->a, n, x->ipiv);
    }
  return x->info;
}

// trsm: B (row-major, m x n, in cm) back to its input values (untimed).
static int trsm_setup(void *p) {
  limit_ctx_t *x = p;
  const bench_case_t *c = x->c;
  if (x->env->rank == 0)
    for (long i = 0; i < c->m; i++)
      for (long j = 0; j < c->n; j++)
        bench_value_store(c->dt, x->cm, (size_t)(i * c->n + j),
                          bench_entry(c->dt, BENCH_SEED_B, i, j));
  return 0;
}

// cblas_?trsm (left, lower, no transpose, non-unit) on row-major A and B.
static int trsm_call(void *p) {
  limit_ctx_t *x = p;
  const bench_case_t *c = x->c;
  const double complex za = BENCH_ALPHA;
  const float complex ca = BENCH_ALPHA;
  int lda = c->m > 1 ? c->m : 1, ldb = c->n > 1 ? c->n : 1;
  if (x->env->rank == 0)
    switch (c->dt) {
    case DT_S:
      cblas_strsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, c->m, c->n,
                  (float)BENCH_ALPHA, x->a, lda, x->cm, ldb);
      break;
    case DT_C:
      cblas_ctrsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, c->m, c->n,
                  &ca, x->a, lda, x->cm, ldb);
      break;
    case DT_Z:
      cblas_ztrsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, c->m, c->n,
                  &za, x->a, lda, x->cm, ldb);
      break;
    default:
      cblas_dtrsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, c->m, c->n,
                  BENCH_ALPHA, x->a, lda, x->cm, ldb);
    }
  return 0;
}

// Rank 0's CPU mask widened to the union of its node's ranks' masks; the old
// mask is kept in *saved. Returns the number of CPUs in the union.
static int widen_affinity(const bench_env_t *env, cpu_set_t *saved) {
  cpu_set_t mine, all;
  CPU_ZERO(&mine);
  sched_getaffinity(0, sizeof mine, &mine);
  *saved = mine;
  MPI_Allreduce(&mine, &all, (int)sizeof(cpu_set_t), MPI_BYTE, MPI_BOR, env->node_comm);
  if (env->rank == 0)
    sched_setaffinity(0, sizeof all, &all);
  return CPU_COUNT(&all);
}

void impl_limit_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                    const bench_lu_problem_t *pr, bench_result_t *r) {
  int n = c->n, threads = env->node_ranks;
  limit_ctx_t x = {c, env, NULL, NULL, NULL, NULL, 0};
  if (env->rank == 0) {
    if (c->op == OP_TRSM) { // A: the LU matrix (its lower triangle), row-major
      x.a = malloc(bench_dtype_size(c->dt) * ((size_t)c->m * (size_t)c->m + 1));
      for (long i = 0; i < c->m; i++)
        for (long k = 0; k < c->m; k++)
          bench_value_store(c->dt, x.a, (size_t)(i * c->m + k), bench_lu_tentry(c->dt, c->m, 1, i, k));
      x.cm = malloc(bench_dtype_size(c->dt) * ((size_t)c->m * (size_t)n + 1));
    } else if (c->op == OP_GEMM) {
      long ar = c->ta == 'N' ? c->m : c->k, ac = c->ta == 'N' ? c->k : c->m;
      long br = c->tb == 'N' ? c->k : c->n, bc = c->tb == 'N' ? c->n : c->k;
      x.a = fill_dense(c->dt, BENCH_SEED_A, ar, ac);
      x.b = fill_dense(c->dt, BENCH_SEED_B, br, bc);
      x.cm = malloc(bench_dtype_size(c->dt) * ((size_t)c->m * (size_t)n + 1));
    } else {
      x.a = malloc(bench_dtype_size(c->dt) * (size_t)n * (size_t)n);
      x.ipiv = malloc(sizeof(lapack_int) * (size_t)n);
    }
  }
  cpu_set_t saved;
  int cpus = widen_affinity(env, &saved);
  if (env->rank == 0)
    openblas_set_num_threads(threads);
  bench_timed_t t = c->op == OP_GEMM   ? (bench_timed_t){gemm_setup, gemm_call, &x, 1}
                    : c->op == OP_TRSM ? (bench_timed_t){trsm_setup, trsm_call, &x, 1}
                                       : (bench_timed_t){lu_setup, lu_call, &x, 1};
  int rc = bench_time_row(env, o, &t, r);
  if (env->rank == 0) {
    openblas_set_num_threads(1);
    sched_setaffinity(0, sizeof saved, &saved);
  }
  int len = snprintf(r->note, sizeof r->note, "rank 0 alone, %d BLAS threads", threads);
  if (cpus < threads)
    snprintf(r->note + len, sizeof r->note - (size_t)len, " on %d CPUs (affinity)", cpus);
  if (rc) {
    r->status = rc > 0 ? ST_FAILED : ST_ERROR;
    snprintf(r->note, sizeof r->note, "%s info=%d",
             c->op == OP_GEMM    ? "gemm"
             : c->op == OP_TRSM  ? bench_dtype_trsm(c->dt)
             : c->op == OP_POTRF ? bench_dtype_potrf(c->dt)
                                 : bench_dtype_lu(c->dt),
             rc);
  } else if (c->op == OP_POTRF || (c->op == OP_LU && c->dt != DT_D)) {
    // s, c, z (and potrf in d): solve in the type with the last factorization (not timed).
    double complex *xv = calloc((size_t)n, sizeof(double complex));
    void *bv = malloc(bench_dtype_size(c->dt) * (size_t)n);
    int info = 0;
    if (env->rank == 0) {
      for (int i = 0; i < n; i++)
        bench_value_store(c->dt, bv, (size_t)i, pr->bt[i]);
      if (c->op == OP_POTRF)
        info = potrs_call(&x, bv);
      else if (c->dt == DT_S)
        info = LAPACKE_sgetrs(LAPACK_COL_MAJOR, 'N', n, 1, x.a, n, x.ipiv, bv, n);
      else if (c->dt == DT_C)
        info = LAPACKE_cgetrs(LAPACK_COL_MAJOR, 'N', n, 1, x.a, n, x.ipiv, bv, n);
      else
        info = LAPACKE_zgetrs(LAPACK_COL_MAJOR, 'N', n, 1, x.a, n, x.ipiv, bv, n);
      for (int i = 0; i < n; i++)
        xv[i] = bench_value_load(c->dt, bv, (size_t)i);
    }
    MPI_Bcast(xv, 2 * n, MPI_DOUBLE, 0, env->comm);
    if ((info = bench_agree_rc(env, info))) {
      r->status = ST_ERROR;
      snprintf(r->note, sizeof r->note, "%c%s info=%d", bench_dtype_char(c->dt),
               c->op == OP_POTRF ? "potrs" : "getrs", info);
    } else {
      bench_record_lu_t(env, pr, xv, r);
    }
    free(bv);
    free(xv);
  } else if (c->op == OP_TRSM) {
    bench_samples_t s;
    bench_trsm_samples_make(c->m, n, &s);
    double complex *vals = calloc((size_t)(s.count > 0 ? s.count : 1), sizeof *vals);
    if (env->rank == 0)
      for (int k = 0; k < s.count; k++)
        vals[k] = bench_value_load(c->dt, x.cm, (size_t)s.i[k] * n + s.j[k]);
    r->residual = bench_check_trsm(env, c, &s, vals);
    r->status = bench_status_of(OP_TRSM, r->residual);
    free(vals);
    bench_samples_free(&s);
  } else if (c->op == OP_GEMM) {
    bench_samples_t s;
    bench_samples_make(c->m, n, o->samples, &s);
    double complex *vals = calloc((size_t)s.count, sizeof *vals);
    if (env->rank == 0)
      for (int k = 0; k < s.count; k++)
        vals[k] = bench_value_load(c->dt, x.cm, (size_t)s.i[k] * n + s.j[k]);
    r->residual = bench_check_gemm(env, c, &s, vals);
    r->status = bench_status_of(OP_GEMM, r->residual);
    free(vals);
    bench_samples_free(&s);
  } else {
    // Solve with the last factorization (one thread: not timed).
    double *xv = malloc(sizeof(double) * (size_t)n);
    int info = 0;
    if (env->rank == 0) {
      memcpy(xv, pr->b, sizeof(double) * (size_t)n);
      info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', n, 1, x.a, n, x.ipiv, xv, n);
    }
    MPI_Bcast(xv, n, MPI_DOUBLE, 0, env->comm);
    if ((info = bench_agree_rc(env, info))) {
      r->status = ST_ERROR;
      snprintf(r->note, sizeof r->note, "dgetrs info=%d", info);
    } else {
      bench_record_lu(env, pr, xv, r);
    }
    free(xv);
  }
  free(x.a);
  free(x.b);
  free(x.cm);
  free(x.ipiv);
}
