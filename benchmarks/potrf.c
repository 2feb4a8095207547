/*
 * rmala-bench --op potrf: the Cholesky factorization, rmala against
 * ScaLAPACK's p?potrf of the same nb in the same run and the node's
 * single-process LAPACKE ?potrf limit, for each --dtype (s, d, c, z;
 * default d), --n (default 2048), --nb (default 64,128,256) and --uplo
 * (default L,U):
 *   rma tiled      rma_potrf on a GA in rmala's tiled layout (nb x nb tiles)
 *   rma scalapack  rma_potrf on a GA in the ScaLAPACK layout (row-major local
 *                  arrays, factored in place)
 *   rma_p?potrf    rma_p?potrf on ScaLAPACK's own column-major arrays (the
 *                  engine's local re-layout)
 *   p?potrf        ScaLAPACK's, on the same arrays, same nb
 *   limit          LAPACKE ?potrf on rank 0 with the node's ranks as BLAS
 *                  threads (the other ranks sleep in the timing barrier;
 *                  impl_limit.c's thread and affinity rule)
 * ScaLAPACK's grid is the most square p x q of the ranks; the GAs use
 * rmala's grid. Matrix: entry (i, j) = the generator's value (rt_tvalue,
 * rounded to the type) + n on the diagonal; the named triangle defines a
 * Hermitian (symmetric for s, d) positive definite matrix. Times:
 * bench_time's warm-up (the first call of the case; rmala's on a fresh
 * library, rma_finalize + rma_init untimed before the case, so it pays what
 * a program's first call pays) and best / median of --repeat (default 3)
 * timed calls, each after an untimed refill; the max over the ranks.
 * Check (every impl; eps the type's unit roundoff):
 *   ratio = max |A(i, j) - sum_{k <= j} L(i, k) conj(L(j, k))| / (n eps (n + 1))
 *   <= 16 (n + 1 bounds max|A|) over 64 sampled entries i >= j (the first column, the last row and
 *   the diagonal among them), L the factor (U^H for 'U').
 * GFLOP/s from n^3 / 3 flops (x 4 for c and z). One table on stdout and one
 * CSV row per run in --csv (default results/potrf.csv; header written into
 * an empty file):
 *   op,impl,dtype,uplo,n,nb,np,p,q,time_first_s,time_best_s,time_median_s,gflops,
 *   ratio_scalapack,ratio_limit,resid,info,status
 * ratio_scalapack = gflops / p?potrf's of the same n, nb and uplo; ratio_limit
 * = gflops / the limit's. status OK when INFO = 0 and the check holds.
 * Correct, not tuned: timings on a shared machine mean nothing.
 */
#include <complex.h>
#include <ga.h>
#include <lapacke.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ga_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

#define POTRF_SEED 501
#define POTRF_SAMPLES 64

void pspotrf_(const char *uplo, const int *n, float *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pdpotrf_(const char *uplo, const int *n, double *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pcpotrf_(const char *uplo, const int *n, float _Complex *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void pzpotrf_(const char *uplo, const int *n, double _Complex *a, const int *ia, const int *ja,
              const int *desca, int *info, size_t uplo_len);
void Cblacs_get(int icontxt, int what, int *val);
void Cblacs_gridinit(int *icontxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int icontxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int icontxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrcproc, const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld, int *info);

enum { I_TILED, I_GA_SP, I_RMA_PD, I_SCALAPACK, I_LIMIT, I_COUNT };
static const char *const impl_names[I_COUNT] = {"rma tiled", "rma scalapack", "rma_p?potrf",
                                                "p?potrf", "limit"};

// One run's setting and its operands.
typedef struct {
  const bench_env_t *env;
  bench_dtype_t dt;
  int impl, n, nb;
  char uplo;
  int g;              /* GA impls */
  int ctxt, p, q, myrow, mycol, lr, lc, desc[9]; /* ScaLAPACK arrays (column-major) */
  void *a;            /* the local array (ScaLAPACK impls) or the whole matrix (limit, rank 0) */
  int info;
} run_t;

// Entry (i, j) as stored before the factorization (rounded to the type).
static double complex stored(const run_t *x, long i, long j) {
  double complex v = bench_entry(x->dt, POTRF_SEED, i, j) + (i == j ? x->n : 0.0), r[1];
  bench_value_store(x->dt, r, 0, v);
  return bench_value_load(x->dt, r, 0);
}

// Entry (i, j), i >= j, of the Hermitian matrix the named triangle defines.
static double complex a_at(const run_t *x, long i, long j) {
  if (i == j)
    return creal(stored(x, i, i));
  return x->uplo == 'L' ? stored(x, i, j) : conj(stored(x, j, i));
}

// ---- Refills (untimed) and calls (timed) ----

static int fill_ga(void *arg) {
  run_t *x = arg;
  int n = x->n, me = x->env->rank, np = x->env->np;
  int r0 = (int)((long)n * me / np), r1 = (int)((long)n * (me + 1) / np);
  size_t es = bench_dtype_size(x->dt);
  if (r1 > r0) {
    char *rows = malloc(es * (size_t)(r1 - r0) * (size_t)n);
    if (!rows)
      return -1;
    for (int i = r0; i < r1; i++)
      for (int j = 0; j < n; j++)
        bench_value_store(x->dt, rows, (size_t)(i - r0) * (size_t)n + (size_t)j, stored(x, i, j));
    int lo[2] = {r0, 0}, hi[2] = {r1 - 1, n - 1}, ld[1] = {n};
    NGA_Put(x->g, lo, hi, rows, ld);
    free(rows);
  }
  GA_Sync();
  return 0;
}

static int call_ga(void *arg) {
  run_t *x = arg;
  x->info = rma_potrf(x->uplo, x->g);
  return x->info;
}

// The ScaLAPACK arrays' local entries, column-major.
static int fill_sp(void *arg) {
  run_t *x = arg;
  for (int lj = 0; lj < x->lc; lj++) {
    long gj = (long)(lj / x->nb * x->q + x->mycol) * x->nb + lj % x->nb;
    for (int li = 0; li < x->lr; li++) {
      long gi = (long)(li / x->nb * x->p + x->myrow) * x->nb + li % x->nb;
      bench_value_store(x->dt, x->a, (size_t)li + (size_t)lj * (size_t)x->lr, stored(x, gi, gj));
    }
  }
  return 0;
}

static int call_sp(void *arg) {
  run_t *x = arg;
  int one = 1, n = x->n;
  x->info = 0;
  if (x->impl == I_RMA_PD) {
    switch (x->dt) {
    case DT_S:
      x->info = rma_pspotrf(x->uplo, n, x->a, 1, 1, x->desc);
      break;
    case DT_C:
      x->info = rma_pcpotrf(x->uplo, n, x->a, 1, 1, x->desc);
      break;
    case DT_Z:
      x->info = rma_pzpotrf(x->uplo, n, x->a, 1, 1, x->desc);
      break;
    default:
      x->info = rma_pdpotrf(x->uplo, n, x->a, 1, 1, x->desc);
    }
    return x->info;
  }
  switch (x->dt) {
  case DT_S:
    pspotrf_(&x->uplo, &n, x->a, &one, &one, x->desc, &x->info, 1);
    break;
  case DT_C:
    pcpotrf_(&x->uplo, &n, x->a, &one, &one, x->desc, &x->info, 1);
    break;
  case DT_Z:
    pzpotrf_(&x->uplo, &n, x->a, &one, &one, x->desc, &x->info, 1);
    break;
  default:
    pdpotrf_(&x->uplo, &n, x->a, &one, &one, x->desc, &x->info, 1);
  }
  return x->info;
}

static int fill_limit(void *arg) {
  run_t *x = arg;
  if (x->env->rank == 0)
    for (long j = 0; j < x->n; j++)
      for (long i = 0; i < x->n; i++)
        bench_value_store(x->dt, x->a, (size_t)(i + j * x->n), stored(x, i, j));
  return 0;
}

static int call_limit(void *arg) {
  run_t *x = arg;
  x->info = 0;
  if (x->env->rank != 0)
    return 0;
  int n = x->n;
  switch (x->dt) {
  case DT_S:
    x->info = LAPACKE_spotrf(LAPACK_COL_MAJOR, x->uplo, n, x->a, n);
    break;
  case DT_C:
    x->info = LAPACKE_cpotrf(LAPACK_COL_MAJOR, x->uplo, n, x->a, n);
    break;
  case DT_Z:
    x->info = LAPACKE_zpotrf(LAPACK_COL_MAJOR, x->uplo, n, x->a, n);
    break;
  default:
    x->info = LAPACKE_dpotrf(LAPACK_COL_MAJOR, x->uplo, n, x->a, n);
  }
  return x->info;
}

// ---- The check ----

// Row i of L (L(i, k), k < n; U^H's for 'U': column i of the array,
// conjugated) on every rank, as double complex. Collective.
static void l_row(const run_t *x, long i, double complex *v) {
  int n = x->n;
  size_t es = bench_dtype_size(x->dt);
  memset(v, 0, sizeof(double complex) * (size_t)n);
  int row = x->uplo == 'L'; // the array's row i ('L'), else its column i
  if (x->impl == I_TILED || x->impl == I_GA_SP) {
    char *buf = malloc(es * (size_t)n);
    int lo[2] = {row ? (int)i : 0, row ? 0 : (int)i};
    int hi[2] = {row ? (int)i : n - 1, row ? n - 1 : (int)i}, ld[1] = {row ? n : 1};
    NGA_Get(x->g, lo, hi, buf, ld);
    for (int k = 0; k < n; k++)
      v[k] = bench_value_load(x->dt, buf, (size_t)k);
    free(buf);
  } else if (x->impl == I_LIMIT) {
    if (x->env->rank == 0)
      for (long k = 0; k < n; k++)
        v[k] = bench_value_load(x->dt, x->a, (size_t)(row ? i + k * n : k + i * n));
    MPI_Bcast(v, 2 * n, MPI_DOUBLE, 0, x->env->comm);
  } else {
    for (int lj = 0; lj < x->lc; lj++) {
      long gj = (long)(lj / x->nb * x->q + x->mycol) * x->nb + lj % x->nb;
      for (int li = 0; li < x->lr; li++) {
        long gi = (long)(li / x->nb * x->p + x->myrow) * x->nb + li % x->nb;
        if ((row && gi == i) || (!row && gj == i))
          v[row ? gj : gi] = bench_value_load(x->dt, x->a, (size_t)li + (size_t)lj * (size_t)x->lr);
      }
    }
    MPI_Allreduce(MPI_IN_PLACE, v, 2 * n, MPI_DOUBLE, MPI_SUM, x->env->comm);
  }
  for (int k = 0; k < n && !row; k++)
    v[k] = conj(v[k]);
}

// ==== ratio = max |A(i, j) - sum_{k <= j} L(i, k) conj(L(j, k))| / (n eps (n + 1)) ====
// Over POTRF_SAMPLES entries i >= j. Collective; the same on every rank.
static double check(const run_t *x) {
  int n = x->n;
  double complex *li = malloc(sizeof(double complex) * (size_t)n);
  double complex *lj = malloc(sizeof(double complex) * (size_t)n);
  unsigned st = 4711u;
  double worst = 0.0;
  for (int s = 0; s < POTRF_SAMPLES; s++) {
    long i = s == 0 ? n - 1 : rt_rand(&st, n), j = s == 0 ? 0 : rt_rand(&st, n);
    if (s == 1)
      j = i;
    if (j > i) {
      long t = i;
      i = j, j = t;
    }
    l_row(x, i, li);
    l_row(x, j, lj);
    long double complex sum = 0.0;
    for (long k = 0; k <= j; k++)
      sum += (long double complex)li[k] * conjl(lj[k]);
    double d = (double)cabsl((long double complex)a_at(x, i, j) - sum);
    worst = d > worst || isnan(d) ? d : worst;
  }
  free(li), free(lj);
  return worst / (n * bench_dtype_eps(x->dt) * (x->n + 1.0));
}

// ---- One run ----

typedef struct {
  double first, best, median, gflops, resid;
  int info, ok;
} outcome_t;

static outcome_t run_one(run_t *x, int repeat) {
  outcome_t out = {-1, -1, -1, 0, -1, 0, 0};
  const bench_env_t *env = x->env;
  int n = x->n, zero = 0, rc = 0, runs = 0;
  size_t es = bench_dtype_size(x->dt);
  bench_timed_t t = {fill_ga, call_ga, x, 0};
  // rmala's runs on a fresh library: their warm-up is a program's first call.
  if (x->impl != I_LIMIT && x->impl != I_SCALAPACK && (out.info = bench_fresh_library(env)))
    return out;
  if (x->impl == I_TILED || x->impl == I_GA_SP) {
    x->g = rt_tcreate(bench_dtype_te(x->dt), x->impl == I_TILED ? 0 : 1, n, n, x->nb, x->nb);
    rc = bench_agree_rc(env, x->g ? 0 : -1);
  } else if (x->impl == I_LIMIT) {
    x->a = env->rank == 0 ? malloc(es * (size_t)n * (size_t)n) : NULL;
    rc = bench_agree_rc(env, env->rank == 0 && !x->a ? -1 : 0);
    t = (bench_timed_t){fill_limit, call_limit, x, 1};
    bench_limit_begin(env);
  } else {
    bench_grid_default(env->np, &x->p, &x->q);
    Cblacs_get(-1, 0, &x->ctxt);
    Cblacs_gridinit(&x->ctxt, "Row", x->p, x->q);
    Cblacs_gridinfo(x->ctxt, &x->p, &x->q, &x->myrow, &x->mycol);
    x->lr = numroc_(&n, &x->nb, &x->myrow, &zero, &x->p);
    x->lc = numroc_(&n, &x->nb, &x->mycol, &zero, &x->q);
    int lld = x->lr > 1 ? x->lr : 1, info = 0;
    descinit_(x->desc, &n, &n, &x->nb, &x->nb, &zero, &zero, &x->ctxt, &lld, &info);
    x->a = malloc(es * (size_t)lld * (size_t)(x->lc > 0 ? x->lc : 1));
    rc = bench_agree_rc(env, info || !x->a ? -1 : 0);
    t = (bench_timed_t){fill_sp, call_sp, x, 0};
  }
  if (rc == 0) {
    rc = bench_time(env, repeat, &t, &out.first, &out.best, &out.median, &runs);
    out.info = rc;
    if (rc == 0) {
      out.resid = check(x);
      out.ok = out.resid <= BENCH_RESIDUAL_MAX;
      double flops = (double)n * n * n / 3.0 * (bench_dtype_complex(x->dt) ? 4.0 : 1.0);
      out.gflops = out.best > 0 ? flops / out.best * 1e-9 : 0.0;
    }
  }
  if (x->impl == I_LIMIT)
    bench_limit_end(env);
  if (x->impl == I_TILED || x->impl == I_GA_SP) {
    if (x->g)
      GA_Destroy(x->g);
  } else if (x->impl != I_LIMIT) {
    Cblacs_gridexit(x->ctxt);
  }
  free(x->a);
  x->a = NULL, x->g = 0;
  return out;
}

// A comma-separated list of positive integers into v (at most BENCH_MAX_LIST).
static int int_list(const char *s, int *v) {
  int k = 0;
  for (const char *p = s; *p && k < BENCH_MAX_LIST; p = strchr(p, ',') ? strchr(p, ',') + 1 : "")
    if (atoi(p) > 0)
      v[k++] = atoi(p);
  return k;
}

int bench_potrf_run(const bench_env_t *env, int argc, char **argv) {
  int ns[BENCH_MAX_LIST] = {2048}, nn = 1, nbs[BENCH_MAX_LIST] = {64, 128, 256}, nnb = 3;
  int repeat = 3, dts[DT_COUNT] = {1, 0, 0, 0};
  char uplos[2] = {'L', 'U'};
  int nuplo = 2;
  const char *csv = "results/potrf.csv";
  for (int i = 1; i + 1 < argc; i++) {
    const char *v = argv[i + 1];
    if (!strcmp(argv[i], "--n"))
      nn = int_list(v, ns);
    else if (!strcmp(argv[i], "--nb"))
      nnb = int_list(v, nbs);
    else if (!strcmp(argv[i], "--repeat"))
      repeat = atoi(v) > 0 ? atoi(v) : 1;
    else if (!strcmp(argv[i], "--csv"))
      csv = v;
    else if (!strcmp(argv[i], "--dtype"))
      for (int d = 0; d < DT_COUNT; d++)
        dts[d] = strchr(v, bench_dtype_char((bench_dtype_t)d)) != NULL;
    else if (!strcmp(argv[i], "--uplo")) {
      nuplo = 0;
      if (strchr(v, 'L') || strchr(v, 'l'))
        uplos[nuplo++] = 'L';
      if (strchr(v, 'U') || strchr(v, 'u'))
        uplos[nuplo++] = 'U';
    }
  }
  if (nn == 0 || nnb == 0 || nuplo == 0)
    return 2;
  FILE *f = NULL;
  if (env->rank == 0) {
    f = fopen(csv, "a");
    if (f && ftell(f) == 0)
      fprintf(f, "op,impl,dtype,uplo,n,nb,np,p,q,time_first_s,time_best_s,time_median_s,gflops,"
                 "ratio_scalapack,ratio_limit,resid,info,status\n");
    printf("rmala-bench --op potrf: np=%d, %d repeats; GFLOP/s from n^3/3 (x4 complex)\n",
           env->np, repeat);
    printf("%-14s %c %2s %4s %5s %4s %9s %9s %8s %7s %7s %9s %s\n", "impl", 'u', "t", "", "n", "nb",
           "first_s", "best_s", "GFLOP/s", "vs_sp", "vs_lim", "resid", "status");
  }
  int failed = 0, p, q;
  bench_grid_default(env->np, &p, &q);
  for (int d = 0; d < DT_COUNT; d++)
    for (int in = 0; in < nn && dts[d]; in++)
      for (int u = 0; u < nuplo; u++) {
        run_t base = {env, (bench_dtype_t)d, I_LIMIT, ns[in], 0, uplos[u], 0, 0, 0, 0, 0, 0, 0,
                      0, {0}, NULL, 0};
        run_t lim = base;
        outcome_t ol = run_one(&lim, repeat);
        for (int b = 0; b < nnb; b++) {
          outcome_t o[I_COUNT];
          o[I_LIMIT] = ol;
          for (int impl = 0; impl < I_LIMIT; impl++) {
            run_t x = base;
            x.impl = impl, x.nb = nbs[b];
            o[impl] = run_one(&x, repeat);
          }
          for (int impl = 0; impl < I_COUNT; impl++) {
            if (impl == I_LIMIT && b > 0)
              continue; // one limit row per (type, n, uplo)
            outcome_t *r = &o[impl];
            double rsp = o[I_SCALAPACK].gflops > 0 ? r->gflops / o[I_SCALAPACK].gflops : -1;
            double rlim = ol.gflops > 0 ? r->gflops / ol.gflops : -1;
            const char *status = r->info ? "ERROR" : r->ok ? "OK" : "FAILED";
            failed |= !r->ok;
            int nb = impl == I_LIMIT ? 0 : nbs[b];
            if (env->rank != 0)
              continue;
            printf("%-14s %c %2c %4s %5d %4d %9.4f %9.4f %8.2f %7.3f %7.3f %9.3g %s\n",
                   impl_names[impl], uplos[u], bench_dtype_char((bench_dtype_t)d), "", ns[in], nb,
                   r->first, r->best, r->gflops, rsp, rlim, r->resid, status);
            if (f)
              fprintf(f, "potrf,%s,%c,%c,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.3f,%.4f,%.4f,%.3g,%d,%s\n",
                      impl_names[impl], bench_dtype_char((bench_dtype_t)d), uplos[u], ns[in], nb,
                      env->np, impl == I_LIMIT ? 0 : p, impl == I_LIMIT ? 0 : q, r->first, r->best,
                      r->median, r->gflops, rsp, rlim, r->resid, r->info, status);
          }
        }
      }
  if (f)
    fclose(f);
  return failed;
}
