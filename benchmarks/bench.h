/*
 * rmala-bench — the comparison benchmark driver (issue 5).
 *
 * Shared types of the driver: the options (options.c), one benchmark case
 * (cases.c builds the list), one result row (the impl_*.c files fill it,
 * check.c verifies it, output.c writes it), and the process environment.
 *
 * Data flow: main.c parses options → builds the case list → runs each case
 * through its implementation (impl_rma.c, impl_scalapack.c, impl_ga.c,
 * impl_limit.c), each of which times the call with timing.c and checks the
 * answer with check.c → output.c prints progress, the tables, CSV and JSON.
 * --grid-check: gridcheck.c builds the case list and prints the target tables.
 * gemm and LU run in the element type of the case (--dtype: s, d, c, z;
 * types.c); LU in d keeps the op name "lu", in s, c, z it is sgetrf, cgetrf,
 * zgetrf.
 */
#ifndef RMALA_BENCH_H
#define RMALA_BENCH_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Seeds of the matrices: every implementation generates its data from
 * rt_entry(seed, i, j) at the global index, so all see the same numbers. */
#define BENCH_SEED_A 101      /* gemm A (complex types: imaginary parts from rt_tvalue) */
#define BENCH_SEED_B 102      /* gemm B */
#define BENCH_SEED_C 103      /* gemm C on entry (beta = 1) */
#define BENCH_SEED_LU 201     /* LU matrix (random; plus n on the diagonal for nopiv) */
#define BENCH_SEED_X 202      /* LU exact solution x0, b = A x0 */
#define BENCH_SEED_SAMPLE 301 /* positions of the sampled gemm entries */

/* gemm scalars (every type): beta = 1 with a random C so the beta path is exercised. */
#define BENCH_ALPHA 1.0
#define BENCH_BETA 1.0

/* Acceptance threshold of both residual checks. */
#define BENCH_RESIDUAL_MAX 16.0

#define BENCH_MAX_LIST 64

/* OP_POTRF: the Cholesky factorization (checked by a solve with its factor,
 * as the LU); OP_LU and OP_POTRF are the factorizations (bench_op_factor).
 * OP_TRSM: B := alpha A^-1 B, A m x m lower triangular (SIDE L, UPLO L,
 * TRANSA N, DIAG N: the cell), B m x n. */
typedef enum { OP_GEMM, OP_LU, OP_POTRF, OP_TRSM, OP_COUNT } bench_op_t;
static inline int bench_op_factor(bench_op_t op) { return op == OP_LU || op == OP_POTRF; }
/* Element types of gemm; d first, so a case that does not say is double. */
typedef enum { DT_D, DT_S, DT_C, DT_Z, DT_COUNT } bench_dtype_t;
/* IMPL_RMA_PD: rma_pdgemm / rma_pdgetrf on the scalapack impl's own arrays. */
typedef enum { IMPL_RMA, IMPL_SCALAPACK, IMPL_GA, IMPL_LIMIT, IMPL_RMA_PD, IMPL_COUNT } bench_impl_t;
typedef enum { LAYOUT_TILED, LAYOUT_SCALAPACK, LAYOUT_NONE } bench_layout_t;

typedef enum {
  ST_OK,              /* ran and passed its residual check */
  ST_FAILED,          /* ran, but the residual check did not hold */
  ST_NOT_IMPLEMENTED, /* the library returned RMA_ERR_NOT_IMPLEMENTED */
  ST_ERROR,           /* the call returned another error code */
  ST_UNCHECKED        /* ran, but its answer could not be checked */
} bench_status_t;

/* Ablation variants of rma_dgemm (the paper's Table I). */
typedef enum {
  ABL_NONE, /* not an ablation run: library defaults */
  ABL_ALL_ON,
  ABL_NO_CONTENTION,
  ABL_NO_NONBLOCKING,
  ABL_NO_ZERO_COPY,
  ABL_NO_ZC_NO_NB,
  ABL_NO_SHARED_MEMORY, /* node neighbours' tiles by RMA instead of in place */
  ABL_COUNT
} bench_ablate_t;

/* dgemm shapes, relative to the size N of --n (see bench_shape_dims). */
typedef enum {
  SHAPE_SQUARE,      /* m = n = k = N */
  SHAPE_TALL_SKINNY, /* m = N, n = k = N/8: op(A) and C tall and skinny, m = 8k */
  SHAPE_K_SMALL,     /* m = n = N, k = N/8: a rank-k update */
  SHAPE_EXPLICIT,    /* MxNxK given on the command line */
  SHAPE_COUNT
} bench_shape_kind_t;

/* One entry of --shape: a kind (with m, n, k for SHAPE_EXPLICIT) and,
 * optionally, the transposes it runs with (ntrans = 0: those of --trans). */
typedef struct {
  bench_shape_kind_t kind;
  int m, n, k;
  char trans[9][2];
  int ntrans;
} bench_shape_t;

/* Sections of --grid-check (0 in other runs). */
typedef enum {
  GC_NONE,
  GC_DGEMM,    /* {tiled, ScaLAPACK layout} x transposes x nb vs pdgemm, limit */
  GC_LU_FIRST, /* rma_lu with pivoting, first call, vs pdgetrf */
  GC_LU_NOPIV, /* rma_lu without pivoting vs the LAPACKE limit */
  GC_SMALL,    /* small dgemm vs pdgemm */
  GC_TYPES,    /* gemm in s, c, z: both layouts x two transposes x nb vs p?gemm, limit */
  GC_LU_TYPES, /* zgetrf with pivoting, first call, both layouts x nb vs pzgetrf */
  GC_POTRF,    /* dpotrf (n) and zpotrf (n / 2), L and U, first call, both layouts x nb
                  vs p?potrf, limit */
  GC_TRSM      /* dtrsm L L N N, m = n, both layouts x nb vs pdtrsm, limit */
  /* output.c names each section in the JSON rows: keep its list in this order */
} bench_section_t;

/* One configuration to run. */
typedef struct {
  bench_op_t op;
  bench_dtype_t dt; /* element type of gemm and LU */
  bench_impl_t impl;
  bench_layout_t layout; /* rma only; LAYOUT_NONE for the others */
  int m, n, k;           /* dgemm: C is m x n, op(A) m x k; LU: order n (m = n, k = 0) */
  bench_shape_kind_t shape;
  int nb;                /* block size; 0 for ga and limit */
  int p, q;              /* process grid; 0 x 0 for limit */
  char ta, tb;           /* gemm transposes: N, T, C ('C' only for complex types) */
  int pivot;             /* LU: 1 partial pivoting on a random matrix, 0 none on a
                            diagonally dominant one (every impl of the group factors it);
                            potrf: 0 */
  char uplo;             /* potrf: the triangle factored, 'L' or 'U' */
  bench_ablate_t ablate; /* rma dgemm only */
  int first_call;        /* rma LU: the reported time is the first call after a fresh
                            rma_init (no warm-up); the repeats after it are the warm time */
  int fresh;             /* rma: rma_finalize + rma_init (untimed) before the case, so it
                            starts from an empty tile store and mailbox (first_call implies it) */
  int repeat;            /* timed runs; 0: --repeat */
  bench_section_t section;
  int group; /* cases with the same op/shape/trans/pivot/np share ratios */
} bench_case_t;

/* What rma_memory reported after the timed calls, max over the ranks, MiB. */
typedef struct {
  double store_a, store_b, work, mailbox, scratch, total;
} bench_libmem_t;

/* One result row. */
typedef struct {
  bench_case_t c;
  double time_best, time_median; /* seconds; < 0 when not run. time_best is the reported
                                    time: the best repeat, or the first call (first_call) */
  double time_first;             /* the first call of the case (the warm-up otherwise) */
  double time_warm;              /* best of the repeats after the first call */
  double gflops;                 /* from time_best */
  double residual;               /* worst ratio of the check; < 0 when none */
  double ratio_sp, ratio_limit;  /* < 0 when no peer */
  double peak_rss_mb;            /* max over ranks of getrusage ru_maxrss */
  double lib_mb;                 /* rmala's bytes per operand (MiB, max over ranks); < 0: n/a */
  bench_libmem_t lib;            /* the rma_memory fields behind lib_mb (rma rows only) */
  int moved;                     /* rma LU with pivoting: pivots that interchange rows; -1 n/a */
  int np, nodes;                 /* ranks and shared-memory nodes of the run */
  double load1;                  /* rank 0's 1-minute load average after the run */
  int repeats;
  bench_status_t status;
  char note[160];
} bench_result_t;

/* Command-line options. */
typedef struct {
  int ops[OP_COUNT];     /* 1 when the op is selected */
  int dtypes[DT_COUNT];  /* gemm element types selected (--dtype) */
  int impls[IMPL_COUNT]; /* 1 when the impl is selected */
  int layouts[2];        /* rma layouts selected (tiled, scalapack) */
  int n[BENCH_MAX_LIST], nn;
  int n_div[DT_COUNT]; /* a type's sizes are n / n_div (0 or 1: n; --main: 2 for c and z) */
  bench_shape_t shapes[BENCH_MAX_LIST];
  int nshape;
  /* block sizes: default list, and per impl/layout lists when given */
  int nb[BENCH_MAX_LIST], nnb;
  int nb_rma_tiled[BENCH_MAX_LIST], nnb_rma_tiled;
  int nb_rma_sp[BENCH_MAX_LIST], nnb_rma_sp;
  int nb_sp[BENCH_MAX_LIST], nnb_sp;
  int grid_p[BENCH_MAX_LIST], grid_q[BENCH_MAX_LIST], ngrid;
  char trans[9][2];
  int ntrans;
  int pivots[2]; /* rma LU modes selected: [0] nopiv, [1] pivot */
  int uplos[2];  /* potrf triangles selected: [0] L, [1] U */
  int repeat;
  int weak; /* N_PER_PROC, 0 when not a weak run */
  int ablate;
  int main_job;
  int quick;
  int grid_check;
  int gc_small[BENCH_MAX_LIST], ngc_small;     /* --grid-check: sizes of the small-problem group */
  int gc_small_nb;                             /* and its block size */
  int gc_type_nb[BENCH_MAX_LIST], ngc_type_nb; /* --grid-check: block sizes of the type cells */
  int gc_lut_nb[BENCH_MAX_LIST], ngc_lut_nb;   /* --grid-check: block sizes of the zgetrf cells */
  int overwrite;
  int plot;    /* call the plot script at the end */
  int samples; /* sampled dgemm entries */
  char csv[1024], json[1024], plot_dir[1024], plot_script[1024];
} bench_opts_t;

/* Process environment. */
typedef struct {
  MPI_Comm comm;
  int rank, np;
  int nodes;      /* distinct shared-memory nodes */
  int node_ranks; /* ranks on rank 0's node: threads of the limit impl */
  MPI_Comm node_comm;
} bench_env_t;

/* coll.c: the --op coll run (collectives' latency, rma vs MPI); rank 0
 * appends CSV rows to csv. Collective. Returns 0, 1 when a call failed, or
 * rma_coll_create's code. */
int bench_coll_run(const bench_env_t *env, const char *csv, int iters);

/* jacobi.c: the --op jacobi run (rma_jacobi's modes vs rma_lu + rma_lu_solve,
 * each n of sizes, unslowed and with the last rank sleeping slow_us per
 * sweep); rank 0 appends CSV rows to csv. Collective. Returns 0, or 1 when a
 * run failed or did not converge. */
int bench_jacobi_run(const bench_env_t *env, const char *csv, const int *sizes, int nsizes,
                     int slow_us, double tol, int maxit);

/* options.c */
int bench_options_parse(int argc, char **argv, bench_opts_t *o, const bench_env_t *env);
void bench_options_usage(FILE *f);

/* cases.c */
int bench_cases_build(const bench_opts_t *o, const bench_env_t *env, bench_case_t **cases);
void bench_grid_default(int np, int *p, int *q);
void bench_shape_dims(const bench_shape_t *s, int size, int *m, int *n, int *k);

/* case_list.c: a growable case list (filled by cases.c and gridcheck.c), the
 * shapes' names. */
typedef struct {
  bench_case_t *v;
  int count, cap;
} bench_case_list_t;
void bench_case_push(bench_case_list_t *l, bench_case_t c);
const char *bench_shape_name(bench_shape_kind_t s);

/* gridcheck.c: the --grid-check cases and tables. */
int bench_gridcheck_cases(const bench_opts_t *o, const bench_env_t *env, const int *gp,
                          const int *gq, bench_case_list_t *l);
void bench_gridcheck_print(const bench_opts_t *o, const bench_env_t *env,
                           const bench_result_t *rows, int count);

/* timing.c */
typedef struct {
  int (*setup)(void *ctx); /* untimed: refill the inputs; returns 0 or a code */
  int (*call)(void *ctx);  /* timed: the operation; returns 0 or a code */
  void *ctx;
  int idle_wait; /* 1: the closing barrier sleeps instead of spinning, so
                    waiting ranks leave their cores to rank 0's threads */
} bench_timed_t;
int bench_time(const bench_env_t *env, int repeat, const bench_timed_t *t, double *first,
               double *best, double *median, int *runs);
int bench_time_row(const bench_env_t *env, const bench_opts_t *o, const bench_timed_t *t,
                   bench_result_t *r);
double bench_peak_rss_mb(const bench_env_t *env);
double bench_loadavg(void);
int bench_agree_rc(const bench_env_t *env, int rc);

/* types.c: the element types of gemm. Values travel as double _Complex
 * (the imaginary part 0 for s and d). */
char bench_dtype_char(bench_dtype_t dt);       /* 's', 'd', 'c', 'z' */
int bench_dtype_complex(bench_dtype_t dt);     /* 1 for c and z */
int bench_dtype_ga(bench_dtype_t dt);          /* GA's C_FLOAT, C_DBL, C_SCPL, C_DCPL */
int bench_dtype_te(bench_dtype_t dt);          /* tests/common/typed_elem.h's TE_S .. TE_Z */
size_t bench_dtype_size(bench_dtype_t dt);     /* bytes of one element */
double bench_dtype_eps(bench_dtype_t dt);      /* unit roundoff: 2^-24 (s, c), 2^-53 (d, z) */
const char *bench_dtype_ops(bench_dtype_t dt); /* "sgemm", "dgemm", "cgemm", "zgemm" */
const char *bench_dtype_lu(bench_dtype_t dt);  /* "sgetrf", "dgetrf", "cgetrf", "zgetrf" */
const char *bench_dtype_potrf(bench_dtype_t dt); /* "spotrf", "dpotrf", "cpotrf", "zpotrf" */
const char *bench_dtype_trsm(bench_dtype_t dt);  /* "strsm", "dtrsm", "ctrsm", "ztrsm" */
/* Element idx of buf set to v / read back; v rounded to the type. */
void bench_value_store(bench_dtype_t dt, void *buf, size_t idx, double _Complex v);
double _Complex bench_value_load(bench_dtype_t dt, const void *buf, size_t idx);
/* Entry (i,j) of the gemm matrix named by seed, as the type holds it (rt_tvalue). */
double _Complex bench_entry(bench_dtype_t dt, uint64_t seed, long i, long j);

/* check.c */
typedef struct {
  int m, n, count;
  int *i, *j; /* sampled positions of the m x n C */
} bench_samples_t;
void bench_samples_make(int m, int n, int count, bench_samples_t *s);
void bench_samples_free(bench_samples_t *s);
/* trsm: every row of a few columns of the m x n solution X (the first,
 * the last, two seeded ones), the same on every rank. */
void bench_trsm_samples_make(int m, int n, bench_samples_t *s);
/* trsm: the entry ratio of X's sampled columns (xvals on rank 0, at s's
 * positions); the worst on every rank (NaN when an entry is NaN). Collective. */
double bench_check_trsm(const bench_env_t *env, const bench_case_t *c, const bench_samples_t *s,
                        const double _Complex *xvals);
/* trsm: entry (i, k) of the triangular A (the diagonally dominant LU matrix's
 * lower triangle, zero above) and of B, in the case's type. */
double _Complex bench_trsm_a(const bench_case_t *c, long i, long k);
double bench_check_gemm(const bench_env_t *env, const bench_case_t *c, const bench_samples_t *s,
                        const double _Complex *cvals);

typedef struct {
  int n;
  int dd;       /* the matrix (bench_lu_entry): 0 random, 1 diagonally dominant, 2 / 3 the
                   Hermitian positive definite one of potrf 'L' / 'U' */
  double *b;    /* right-hand side, full on every rank (d) */
  double anorm; /* ||A||_inf */
  double bnorm; /* ||b||_inf */
  bench_dtype_t dt;  /* element type; s, c, z: b is in bt, not b */
  double _Complex *bt; /* the right-hand side rounded to the type, full on every rank (d:
                          b's values too) */
} bench_lu_problem_t;
double bench_lu_entry(int n, int dd, long i, long j);
/* The matrix kind (bench_lu_problem_t's dd) a factorization case factors. */
int bench_case_matrix(const bench_case_t *c);
/* Entry (i,j) of the LU matrix in type dt, as the type holds it (d: bench_lu_entry;
 * s, c, z: rt_tvalue(SEED_LU) plus n on the diagonal when dd, as rt_tfill makes it). */
double _Complex bench_lu_tentry(bench_dtype_t dt, int n, int dd, long i, long j);
void bench_lu_problem_make(const bench_env_t *env, int n, int dd, bench_lu_problem_t *pr);
/* The problem in type dt (d: bench_lu_problem_make). Collective. */
void bench_lu_problem_make_t(const bench_env_t *env, bench_dtype_t dt, int n, int dd,
                             bench_lu_problem_t *pr);
/* s, c, z: the HPL residual of x (full on every rank) with the type's unit roundoff,
 * and the status, into r. Collective. */
void bench_record_lu_t(const bench_env_t *env, const bench_lu_problem_t *pr,
                       const double _Complex *x, bench_result_t *r);
void bench_lu_problem_free(bench_lu_problem_t *pr);
double bench_check_lu(const bench_env_t *env, const bench_lu_problem_t *pr, const double *x);
bench_status_t bench_status_of(bench_op_t op, double residual);
/* Check solution x (full on every rank) of problem pr and record the HPL
 * residual and the status it earns in r. Collective. */
void bench_record_lu(const bench_env_t *env, const bench_lu_problem_t *pr, const double *x,
                     bench_result_t *r);

/* impl_ga.c: sampled entries of a GA of the case's type, into vals on rank 0. Collective. */
void bench_samples_get_ga(const bench_env_t *env, bench_dtype_t dt, int g_c,
                          const bench_samples_t *s, double _Complex *vals);

/* impl_*.c: run one case, fill r (status, times, residual, note). pr is the
 * LU problem of this n (NULL for dgemm). Collective. */
typedef void bench_impl_fn(const bench_env_t *env, const bench_opts_t *o, const bench_case_t *c,
                           const bench_lu_problem_t *pr, bench_result_t *r);
bench_impl_fn impl_rma_run, impl_scalapack_run, impl_ga_run, impl_limit_run;

/* What rma_memory reports now, max over the ranks, into r (MiB; lib_mb per
 * operand). Collective. */
void bench_record_memory(const bench_env_t *env, bench_result_t *r);

/* output.c */
const char *bench_op_name(const bench_case_t *c); /* ?gemm; lu (d), sgetrf, cgetrf, zgetrf */
const char *bench_impl_name(const bench_case_t *c);
const char *bench_layout_name(const bench_case_t *c);
const char *bench_status_name(bench_status_t s);
const char *bench_ablate_name(bench_ablate_t a);
void bench_trans_name(const bench_case_t *c, char out[16]);
void bench_case_label(const bench_case_t *c, char *buf, size_t len);
void bench_dims_label(const bench_case_t *c, char *buf, size_t len);
double bench_flops(const bench_case_t *c);
void bench_ratios_compute(bench_result_t *rows, int count);
int bench_output_open(const bench_opts_t *o, const char *run_csv);
void bench_output_rows(const bench_env_t *env, const bench_result_t *rows, int count);
void bench_output_close(void);
void bench_progress_print(const bench_result_t *r);
void bench_table_print(const bench_result_t *rows, int count);
void bench_ratio_table_print(const bench_result_t *rows, int count);
void bench_ablation_table_print(const bench_result_t *rows, int count);

#endif
