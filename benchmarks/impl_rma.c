/*
 * impl_rma.c — the `rma` implementation: rma_?gemm in the case's element type
 * (rma_sgemm, rma_dgemm, rma_cgemm, rma_zgemm), rma_lu (no pivoting and
 * partial pivoting; in the case's type too, with rma_lu_solve checking it)
 * rma_potrf (either triangle; rma_potrs checking it) and rma_trsm
 * on arrays made by rma_matrix_create_type, tiled or in the
 * ScaLAPACK layout, and the protocol ablation of rma_?gemm (Table I).
 *
 * An operation the library does not provide yet (RMA_ERR_NOT_IMPLEMENTED) is
 * reported as such; the rest of the run goes on.
 */
#include <complex.h>
#include <ga.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ga_testutil.h"
#include "rmala.h"

typedef struct {
  const bench_case_t *c;
  int g_a, g_b, g_c;
  int *ipiv;
} rma_ctx_t;

static int gemm_setup(void *p) {
  rma_ctx_t *x = p;
  rt_tfill(bench_dtype_te(x->c->dt), x->g_c, x->c->m, x->c->n, BENCH_SEED_C, 0.0, NULL);
  return 0;
}

static int gemm_call(void *p) {
  rma_ctx_t *x = p;
  const bench_case_t *c = x->c;
  switch (c->dt) {
  case DT_S:
    return rma_sgemm(c->ta, c->tb, c->m, c->n, c->k, (float)BENCH_ALPHA, x->g_a, x->g_b,
                     (float)BENCH_BETA, x->g_c);
  case DT_C:
    return rma_cgemm(c->ta, c->tb, c->m, c->n, c->k, (float complex)BENCH_ALPHA, x->g_a, x->g_b,
                     (float complex)BENCH_BETA, x->g_c);
  case DT_Z:
    return rma_zgemm(c->ta, c->tb, c->m, c->n, c->k, (double complex)BENCH_ALPHA, x->g_a, x->g_b,
                     (double complex)BENCH_BETA, x->g_c);
  default:
    return rma_dgemm(c->ta, c->tb, c->m, c->n, c->k, BENCH_ALPHA, x->g_a, x->g_b, BENCH_BETA,
                     x->g_c);
  }
}

// Random matrix with pivoting; diagonally dominant (+ n on the diagonal)
// without. Then each rank touches its own part (rt_touch_local), as
// ScaLAPACK's restore writes its local array: rt_fill's stripes leave half
// of a rank's pages written by a neighbour only, and on this machine a
// process's first access to such a page costs ~6.5 us, a cost of the fill
// that would land in the first timed call (doc/benchmarks.md).
static int lu_setup(void *p) {
  rma_ctx_t *x = p;
  int n = x->c->n;
  if (x->c->dt != DT_D) { // s, c, z: rt_tvalue's entries, as bench_lu_tentry
    rt_tfill(bench_dtype_te(x->c->dt), x->g_a, n, n, BENCH_SEED_LU, x->c->pivot ? 0.0 : (double)n,
             NULL);
    rt_touch_local(x->g_a);
    return 0;
  }
  rt_fill(x->g_a, BENCH_SEED_LU, n, n, x->c->pivot ? 0.0 : (double)n);
  rt_touch_local(x->g_a);
  return 0;
}

static int lu_call(void *p) {
  rma_ctx_t *x = p;
  if (x->c->op == OP_POTRF)
    return rma_potrf(x->c->uplo, x->g_a);
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
  if (rc > 0 && r->c.op == OP_POTRF) {
    r->status = ST_FAILED;
    snprintf(r->note, sizeof r->note, "%s: the leading minor of order %d is not positive definite",
             what, rc);
    return;
  }
  snprintf(r->note, sizeof r->note, "%s: %s (%d)", what, rma_strerror(rc), rc);
}

// Appends text to the row's note ("; " between parts).
static void note_add(bench_result_t *r, const char *text) {
  size_t len = strlen(r->note);
  snprintf(r->note + len, sizeof r->note - len, "%s%s", len ? "; " : "", text);
}

// What rma_memory reports now, max over the ranks, into r (MiB): lib_mb is
// per operand, (store_a + store_b + scratch) / 2 for gemm's two operands,
// everything / 2 for trsm's two, mailbox + work + scratch for a
// factorization's one. Collective.
void bench_record_memory(const bench_env_t *env, bench_result_t *r) {
  rma_memory_t m;
  double v[6] = {0, 0, 0, 0, 0, 0};
  if (!rma_memory(&m)) {
    const double mib = 1048576.0;
    v[0] = (double)m.store_a / mib;
    v[1] = (double)m.store_b / mib;
    v[2] = (double)m.work / mib;
    v[3] = (double)m.mailbox / mib;
    v[4] = (double)m.scratch / mib;
    v[5] = (double)m.total / mib;
  }
  double per_op = r->c.op == OP_GEMM   ? 0.5 * (v[0] + v[1] + v[4])
                  : r->c.op == OP_TRSM ? 0.5 * (v[0] + v[1] + v[2] + v[3] + v[4])
                                       : v[2] + v[3] + v[4];
  MPI_Allreduce(MPI_IN_PLACE, v, 6, MPI_DOUBLE, MPI_MAX, env->comm);
  MPI_Allreduce(MPI_IN_PLACE, &per_op, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  r->lib = (bench_libmem_t){v[0], v[1], v[2], v[3], v[4], v[5]};
  r->lib_mb = per_op;
}

/* ---- ablation ---------------------------------------------------------- */

#define ABL_NOPTS 4
static const rma_option_t abl_opts[ABL_NOPTS] = {RMA_OPT_ZERO_COPY, RMA_OPT_NONBLOCKING,
                                                 RMA_OPT_CONTENTION, RMA_OPT_SHARED_MEMORY};

// Sets zero-copy / nonblocking / contention / shared memory for variant a;
// saved[] gets the values to restore. Returns 0 or the first code
// rma_set_option returned.
static int ablate_set(bench_ablate_t a, int saved[ABL_NOPTS]) {
  int want[ABL_NOPTS] = {1, 1, 1, 1}; // zero-copy, nonblocking, contention, shared memory
  if (a == ABL_NO_CONTENTION)
    want[2] = 0;
  if (a == ABL_NO_NONBLOCKING)
    want[1] = 0;
  if (a == ABL_NO_ZERO_COPY)
    want[0] = 0;
  if (a == ABL_NO_ZC_NO_NB)
    want[0] = want[1] = 0;
  if (a == ABL_NO_SHARED_MEMORY)
    want[3] = 0;
  for (int i = 0; i < ABL_NOPTS; i++) {
    int rc = rma_get_option(abl_opts[i], &saved[i]);
    if (!rc)
      rc = rma_set_option(abl_opts[i], want[i]);
    if (rc)
      return rc;
  }
  return 0;
}

static void ablate_restore(const int saved[ABL_NOPTS]) {
  for (int i = 0; i < ABL_NOPTS; i++)
    rma_set_option(abl_opts[i], saved[i]);
}

/* ---- the runs ---------------------------------------------------------- */

// A rows x cols array of the case's element type in its layout and block
// size, on the case's grid when that gives every process a tile, else on a
// grid rmala chooses, else (no grid fits: tiny operands) a regular GA. *how
// says which.
static int create(const bench_env_t *env, const bench_case_t *c, int rows, int cols,
                  const char *name, int *g, const char **how) {
  rma_layout_t lay = c->layout == LAYOUT_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK;
  int mt = (rows + c->nb - 1) / c->nb, nt = (cols + c->nb - 1) / c->nb;
  int p = c->p, q = c->q;
  *how = NULL;
  if (p * q != env->np || p > mt || q > nt) {
    p = q = 0;
    *how = "rmala's grid";
  }
  int type = bench_dtype_ga(c->dt);
  int rc = rma_matrix_create_type(type, rows, cols, c->nb, c->nb, p, q, lay, name, g);
  if (rc == RMA_ERR_NO_GRID) {
    *g = rt_tcreate(bench_dtype_te(c->dt), 2, rows, cols, 1, 1);
    *how = "a regular GA";
    return 0;
  }
  return rc;
}

// A fresh library: rma_finalize and rma_init (untimed), so the next call is
// the first after rma_init, paying what a program's first call pays (tile
// store, mailbox; unless RMALA_STORE_MB made them in rma_init), and what
// rma_memory reports afterwards is that case's own. rma_init re-reads the
// options from the environment. Collective; returns 0 or rma_init's code.
static int fresh_library(const bench_env_t *env) {
  rma_finalize();
  return bench_agree_rc(env, rma_init());
}

static void run_gemm(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                     bench_result_t *r) {
  int rc;
  rma_ctx_t x = {c, 0, 0, 0, NULL};
  if (c->fresh && (rc = fresh_library(env))) {
    set_code(r, "rma_init", rc);
    return;
  }
  // Stored A is m x k ('N') or k x m ('T', 'C'); B is k x n or n x k.
  int ar = c->ta == 'N' ? c->m : c->k, ac = c->ta == 'N' ? c->k : c->m;
  int br = c->tb == 'N' ? c->k : c->n, bc = c->tb == 'N' ? c->n : c->k;
  const char *how[3];
  if ((rc = create(env, c, ar, ac, "bench_rma_A", &x.g_a, &how[0])) ||
      (rc = create(env, c, br, bc, "bench_rma_B", &x.g_b, &how[1])) ||
      (rc = create(env, c, c->m, c->n, "bench_rma_C", &x.g_c, &how[2]))) {
    set_code(r, "rma_matrix_create", rc);
    goto out;
  }
  if (how[0] || how[1] || how[2]) {
    char buf[160];
    int len =
        snprintf(buf, sizeof buf, "the %dx%d grid leaves a process without a tile of", c->p, c->q);
    for (int i = 0; i < 3; i++)
      if (how[i] && len > 0 && (size_t)len < sizeof buf)
        len += snprintf(buf + len, sizeof buf - (size_t)len, " %c (on %s)", "ABC"[i], how[i]);
    note_add(r, buf);
  }
  rt_tfill(bench_dtype_te(c->dt), x.g_a, ar, ac, BENCH_SEED_A, 0.0, NULL);
  rt_tfill(bench_dtype_te(c->dt), x.g_b, br, bc, BENCH_SEED_B, 0.0, NULL);
  int saved[ABL_NOPTS];
  if (c->ablate != ABL_NONE && (rc = bench_agree_rc(env, ablate_set(c->ablate, saved)))) {
    set_code(r, "rma_set_option", rc);
    goto out;
  }
  bench_timed_t t = {gemm_setup, gemm_call, &x, 0};
  rc = bench_time_row(env, o, &t, r);
  bench_record_memory(env, r);
  if (c->ablate != ABL_NONE)
    ablate_restore(saved);
  if (rc) {
    set_code(r,
             c->dt == DT_S   ? "rma_sgemm"
             : c->dt == DT_C ? "rma_cgemm"
             : c->dt == DT_Z ? "rma_zgemm"
                             : "rma_dgemm",
             rc);
    goto out;
  }
  bench_samples_t s;
  bench_samples_make(c->m, c->n, o->samples, &s);
  double complex *vals = calloc((size_t)s.count, sizeof *vals);
  bench_samples_get_ga(env, c->dt, x.g_c, &s, vals);
  r->residual = bench_check_gemm(env, c, &s, vals);
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

// Solves A x = b with the factors in g_a (rma_lu_solve, or rma_potrs after
// rma_potrf) and checks x, in the case's type.
// The right-hand side lives in an n x 1 array made by rma_matrix_create_type
// (rmala picks the grid), or a regular GA when no grid fits one column. d
// keeps its own record (bench_record_lu on doubles), s, c and z theirs
// (bench_record_lu_t on double complex values).
static void lu_solve_check(const bench_env_t *env, const bench_case_t *c,
                           const bench_lu_problem_t *pr, int g_a, const int *ipiv,
                           bench_result_t *r) {
  int n = c->n, g_b = 0, real_d = c->dt == DT_D;
  size_t es = bench_dtype_size(c->dt);
  rma_layout_t lay = c->layout == LAYOUT_TILED ? RMA_LAYOUT_TILED : RMA_LAYOUT_SCALAPACK;
  if (rma_matrix_create_type(bench_dtype_ga(c->dt), n, 1, c->nb, 1, 0, 0, lay, "bench_rma_b", &g_b))
    g_b = 0;
  if (!g_b)
    g_b = rt_tcreate(bench_dtype_te(c->dt), 2, n, 1, 1, 1);
  void *buf = malloc(es * (size_t)n);
  if (env->rank == 0) {
    for (int i = 0; i < n; i++)
      bench_value_store(c->dt, buf, (size_t)i, real_d ? pr->b[i] : pr->bt[i]);
    int lo[2] = {0, 0}, hi[2] = {n - 1, 0}, ld[1] = {1};
    NGA_Put(g_b, lo, hi, buf, ld);
  }
  GA_Sync();
  int potrf = c->op == OP_POTRF;
  int rc = bench_agree_rc(env, potrf ? rma_potrs(c->uplo, g_a, g_b)
                                     : rma_lu_solve('N', g_a, c->pivot ? ipiv : NULL, g_b));
  if (rc) {
    r->status = ST_UNCHECKED;
    snprintf(r->note, sizeof r->note, "%s: %s (%d); factorization not checked",
             potrf ? "rma_potrs" : "rma_lu_solve", rma_strerror(rc), rc);
  } else {
    if (env->rank == 0) {
      int lo[2] = {0, 0}, hi[2] = {n - 1, 0}, ld[1] = {1};
      NGA_Get(g_b, lo, hi, buf, ld);
    }
    GA_Sync();
    MPI_Bcast(buf, (int)(es * (size_t)n), MPI_BYTE, 0, env->comm);
    if (real_d) {
      bench_record_lu(env, pr, buf, r);
    } else {
      double complex *xv = malloc(sizeof(double complex) * (size_t)n);
      for (int i = 0; i < n; i++)
        xv[i] = bench_value_load(c->dt, buf, (size_t)i);
      bench_record_lu_t(env, pr, xv, r);
      free(xv);
    }
  }
  free(buf);
  GA_Destroy(g_b);
}

static void run_lu(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                   const bench_lu_problem_t *pr, bench_result_t *r) {
  int n = c->n, rc;
  rma_ctx_t x = {c, 0, 0, 0, malloc(sizeof(int) * (size_t)n)};
  if ((c->first_call || c->fresh) && (rc = fresh_library(env))) {
    set_code(r, "rma_init", rc);
    goto out;
  }
  const char *how;
  if ((rc = create(env, c, n, n, "bench_rma_LU", &x.g_a, &how))) {
    set_code(r, "rma_matrix_create", rc);
    goto out;
  }
  if (how) {
    char buf[96];
    snprintf(buf, sizeof buf, "A on %s (the %dx%d grid leaves a process without a tile)", how, c->p,
             c->q);
    note_add(r, buf);
  }
  bench_timed_t t = {lu_setup, lu_call, &x, 0};
  rc = bench_time_row(env, o, &t, r);
  bench_record_memory(env, r);
  if (rc) {
    set_code(r, c->op == OP_POTRF ? "rma_potrf" : "rma_lu", rc);
    goto out;
  }
  lu_solve_check(env, c, pr, x.g_a, x.ipiv, r);
  if (r->status == ST_OK) {
    char buf[96];
    if (c->op == OP_POTRF) {
      snprintf(buf, sizeof buf, "UPLO %c", c->uplo);
    } else if (c->pivot) { // rows really move on the random matrix
      int moved = 0;
      for (int i = 0; i < n; i++)
        moved += x.ipiv[i] != i + 1;
      snprintf(buf, sizeof buf, "%d of %d pivots interchange rows", moved, n);
      r->moved = moved;
    } else {
      snprintf(buf, sizeof buf, "no pivoting (peers pivot: no-op interchanges on this matrix)");
    }
    note_add(r, buf);
    if (c->first_call) {
      const char *mb = getenv("RMALA_STORE_MB");
      snprintf(buf, sizeof buf, "time = first call after rma_init%s%s",
               mb && *mb ? ", RMALA_STORE_MB=" : "", mb && *mb ? mb : "");
      note_add(r, buf);
    }
  }
out:
  if (x.g_a)
    GA_Destroy(x.g_a);
  free(x.ipiv);
}

// trsm: B back to its input values (untimed), then B := alpha A^-1 B.
static int trsm_setup(void *p) {
  rma_ctx_t *x = p;
  rt_tfill(bench_dtype_te(x->c->dt), x->g_b, x->c->m, x->c->n, BENCH_SEED_B, 0.0, NULL);
  return 0;
}

static int trsm_call(void *p) {
  rma_ctx_t *x = p;
  double complex alpha; // room for a scalar of any type
  bench_value_store(x->c->dt, &alpha, 0, BENCH_ALPHA);
  return rma_trsm('L', 'L', 'N', 'N', &alpha, x->g_a, x->g_b);
}

// rma_trsm on GAs of the case's type: A the diagonally dominant LU matrix
// (its lower triangle is the triangular matrix; the upper one holds values
// a solve must not read), B gemm's B.
static void run_trsm(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                     bench_result_t *r) {
  int rc;
  rma_ctx_t x = {c, 0, 0, 0, NULL};
  if (c->fresh && (rc = fresh_library(env))) {
    set_code(r, "rma_init", rc);
    return;
  }
  const char *how[2];
  if ((rc = create(env, c, c->m, c->m, "bench_rma_T", &x.g_a, &how[0])) ||
      (rc = create(env, c, c->m, c->n, "bench_rma_B", &x.g_b, &how[1]))) {
    set_code(r, "rma_matrix_create", rc);
    goto out;
  }
  if (how[0] || how[1])
    note_add(r, "an operand is on rmala's grid or a regular GA (a process would have no tile)");
  rt_tfill(bench_dtype_te(c->dt), x.g_a, c->m, c->m, BENCH_SEED_LU, (double)c->m, NULL);
  rt_touch_local(x.g_a);
  bench_timed_t t = {trsm_setup, trsm_call, &x, 0};
  rc = bench_time_row(env, o, &t, r);
  bench_record_memory(env, r);
  if (rc) {
    set_code(r, "rma_trsm", rc);
    goto out;
  }
  bench_samples_t s;
  bench_trsm_samples_make(c->m, c->n, &s);
  double complex *vals = calloc((size_t)(s.count > 0 ? s.count : 1), sizeof *vals);
  bench_samples_get_ga(env, c->dt, x.g_b, &s, vals);
  r->residual = bench_check_trsm(env, c, &s, vals);
  r->status = bench_status_of(c->op, r->residual);
  free(vals);
  bench_samples_free(&s);
out:
  if (x.g_b)
    GA_Destroy(x.g_b);
  if (x.g_a)
    GA_Destroy(x.g_a);
}

void impl_rma_run(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                  const bench_lu_problem_t *pr, bench_result_t *r) {
  if (c->op == OP_TRSM)
    run_trsm(env, o, c, r);
  else if (c->op == OP_GEMM)
    run_gemm(env, o, c, r);
  else
    run_lu(env, o, c, pr, r);
}
