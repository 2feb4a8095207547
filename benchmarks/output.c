/*
 * output.c — names, ratios and every output of rmala-bench: progress lines,
 * the stdout tables (all rows, ratio table, ablation table), CSV rows and
 * JSON lines. Files are written by rank 0 only.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"

// dtype is the last column, so the columns of CSVs written before it keep
// their positions (check_csv.sh and plot.sh read both headers).
#define CSV_HEADER                                                                                 \
  "op,impl,layout,m,n,k,nb,p,q,np,nodes,trans,time_s,gflops,gflops_per_rank,"                      \
  "ratio_to_scalapack,ratio_to_limit,residual,status,peak_rss_mb,lib_MB,dtype"

/* ---- names ------------------------------------------------------------- */

// gemm by its LAPACK name in the case's type (sgemm, dgemm, cgemm, zgemm); lu.
const char *bench_op_name(const bench_case_t *c) {
  if (c->op == OP_POTRF)
    return bench_dtype_potrf(c->dt);
  if (c->op == OP_TRSM)
    return bench_dtype_trsm(c->dt);
  return c->op == OP_GEMM ? bench_dtype_ops(c->dt) : c->dt == DT_D ? "lu" : bench_dtype_lu(c->dt);
}

const char *bench_ablate_name(bench_ablate_t a) {
  static const char *const names[ABL_COUNT] = {"",
                                               "all-on",
                                               "no-contention",
                                               "no-nonblocking",
                                               "no-zero-copy",
                                               "no-zero-copy-no-nonblocking",
                                               "no-shared-memory"};
  return names[a];
}

const char *bench_impl_name(const bench_case_t *c) {
  static char buf[64];
  static const char *const names[IMPL_COUNT] = {"rma", "scalapack", "ga", "limit", "rma-pd"};
  if (c->impl == IMPL_RMA && c->ablate != ABL_NONE) {
    snprintf(buf, sizeof buf, "rma-ablate:%s", bench_ablate_name(c->ablate));
    return buf;
  }
  return names[c->impl];
}

const char *bench_layout_name(const bench_case_t *c) {
  switch (c->impl) {
  case IMPL_RMA:
    return c->layout == LAYOUT_TILED ? "tiled" : "scalapack";
  case IMPL_SCALAPACK:
  case IMPL_RMA_PD:
    return "block-cyclic";
  case IMPL_GA:
    return "regular";
  default:
    return "dense";
  }
}

const char *bench_status_name(bench_status_t s) {
  static const char *const names[] = {"OK", "FAILED", "NOT_IMPLEMENTED", "ERROR", "UNCHECKED"};
  return names[s];
}

// gemm: the transposes; potrf: the triangle; LU: the pivoting mode and matrix: "pivot" (partial
// pivoting, random matrix), "nopiv" (rma without pivoting, diagonally
// dominant matrix), "pivot-dd" (a peer, which always pivots, on that
// diagonally dominant matrix: its interchanges are no-ops).
void bench_trans_name(const bench_case_t *c, char out[16]) {
  if (c->op == OP_POTRF) // potrf: the triangle, "L" or "U"
    snprintf(out, 16, "%c", c->uplo);
  else if (c->op == OP_TRSM) // SIDE, UPLO, TRANSA, DIAG
    snprintf(out, 16, "LLNN");
  else if (c->op == OP_LU)
    snprintf(out, 16, "%s", c->pivot ? "pivot" : c->impl == IMPL_RMA ? "nopiv" : "pivot-dd");
  else
    snprintf(out, 16, "%c%c", c->ta, c->tb);
}

// "n=4096" (LU, square gemm) or "m=4096 n=512 k=512".
void bench_dims_label(const bench_case_t *c, char *buf, size_t len) {
  if (bench_op_factor(c->op) || (c->m == c->n && c->k == c->n))
    snprintf(buf, len, "n=%d", c->n);
  else
    snprintf(buf, len, "m=%d n=%d k=%d", c->m, c->n, c->k);
}

void bench_case_label(const bench_case_t *c, char *buf, size_t len) {
  char tr[16], dims[48];
  bench_trans_name(c, tr);
  bench_dims_label(c, dims, sizeof dims);
  int k = snprintf(buf, len, "%s %s %s %s", bench_op_name(c), bench_impl_name(c),
                   bench_layout_name(c), dims);
  if (c->nb && k > 0 && (size_t)k < len)
    k += snprintf(buf + k, len - (size_t)k, " nb=%d", c->nb);
  if (c->p && k > 0 && (size_t)k < len)
    k += snprintf(buf + k, len - (size_t)k, " %dx%d", c->p, c->q);
  if (k > 0 && (size_t)k < len)
    snprintf(buf + k, len - (size_t)k, " %s", tr);
}

/* ---- ratios ------------------------------------------------------------ */

// Floating-point operations: 2 m n k for sgemm and dgemm, 8 m n k for cgemm
// and zgemm (a complex multiply-add is 4 real multiplies and 4 real adds, the
// count LAPACK's and ScaLAPACK's timers use), 2/3 n^3 for the LU factorization
// (8/3 n^3 in c and z), 1/3 n^3 for the Cholesky factorization (4/3 n^3),
// m^2 n for trsm (4 m^2 n).
double bench_flops(const bench_case_t *c) {
  double n = c->n, x = bench_dtype_complex(c->dt) ? 4.0 : 1.0;
  if (c->op == OP_GEMM)
    return 2.0 * x * c->m * n * c->k;
  if (c->op == OP_TRSM) // m^2 n (LAPACK's count for a left solve), 4 m^2 n complex
    return x * (double)c->m * c->m * n;
  return (c->op == OP_POTRF ? 1.0 : 2.0) * x / 3.0 * n * n * n;
}

// Ratio of every OK row to the best OK scalapack row (over nb and grids;
// for rma-pd rows the scalapack row of the same nb and grid: the same
// arrays) and to the OK limit row of its group. Rows that are not OK get no
// ratio: a wrong answer never shows as a win.
void bench_ratios_compute(bench_result_t *rows, int count) {
  for (int i = 0; i < count; i++) {
    double sp = -1.0, lim = -1.0;
    const bench_case_t *ci = &rows[i].c;
    for (int j = 0; j < count; j++) {
      const bench_case_t *cj = &rows[j].c;
      if (cj->group != ci->group || rows[j].status != ST_OK)
        continue;
      int same_arrays = cj->nb == ci->nb && cj->p == ci->p && cj->q == ci->q;
      if (cj->impl == IMPL_SCALAPACK && rows[j].gflops > sp &&
          (ci->impl != IMPL_RMA_PD || same_arrays))
        sp = rows[j].gflops;
      if (rows[j].c.impl == IMPL_LIMIT && rows[j].gflops > lim)
        lim = rows[j].gflops;
    }
    int ok = rows[i].status == ST_OK;
    rows[i].ratio_sp = ok && sp > 0 ? rows[i].gflops / sp : -1.0;
    rows[i].ratio_limit = ok && lim > 0 ? rows[i].gflops / lim : -1.0;
  }
}

/* ---- files ------------------------------------------------------------- */

static FILE *csv_f, *json_f, *run_f;

// mkdir -p of the directory part of path.
static void make_parent_dirs(const char *path) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *s = buf + 1; *s; s++) {
    if (*s != '/')
      continue;
    *s = 0;
    if (mkdir(buf, 0777) && errno != EEXIST)
      fprintf(stderr, "rmala-bench: mkdir %s failed\n", buf);
    *s = '/';
  }
}

static FILE *open_table(const char *path, int truncate, int header) {
  make_parent_dirs(path);
  FILE *f = fopen(path, truncate ? "w" : "a");
  if (!f) {
    fprintf(stderr, "rmala-bench: cannot open %s: %s\n", path, strerror(errno));
    return NULL;
  }
  if (header && ftell(f) == 0)
    fprintf(f, "%s\n", CSV_HEADER);
  return f;
}

// Opens the CSV and JSON files (append, or truncate with --overwrite; the CSV
// header is written once, into an empty file) and run_csv, which gets only
// this run's rows (for the plots), when not NULL. Rank 0 only. Returns 0 or -1.
int bench_output_open(const bench_opts_t *o, const char *run_csv) {
  csv_f = open_table(o->csv, o->overwrite, 1);
  json_f = open_table(o->json, o->overwrite, 0);
  run_f = run_csv ? open_table(run_csv, 1, 1) : NULL;
  return csv_f && json_f && (!run_csv || run_f) ? 0 : -1;
}

void bench_output_close(void) {
  if (csv_f)
    fclose(csv_f);
  if (json_f)
    fclose(json_f);
  if (run_f)
    fclose(run_f);
  csv_f = json_f = run_f = NULL;
}

// A number, or empty (CSV) / null (JSON) when v < 0 (not available).
static void put_num(FILE *f, const char *fmt, double v, int json) {
  if (v < 0 || isnan(v))
    fputs(json ? "null" : "", f);
  else if (isinf(v))
    fputs(json ? "1e308" : "inf", f);
  else
    fprintf(f, fmt, v);
}

static void put_csv(FILE *f, const bench_result_t *r) {
  const bench_case_t *c = &r->c;
  char tr[16];
  bench_trans_name(c, tr);
  fprintf(f, "%s,%s,%s,%d,%d,", bench_op_name(c), bench_impl_name(c), bench_layout_name(c),
          c->op == OP_GEMM ? c->m : c->n, c->n);
  if (c->op == OP_GEMM)
    fprintf(f, "%d", c->k);
  fprintf(f, ",%d,%d,%d,%d,%d,%s,", c->nb, c->p, c->q, r->np, r->nodes, tr);
  int ran = r->time_best > 0;
  put_num(f, "%.6g", ran ? r->time_best : -1, 0);
  fputc(',', f);
  put_num(f, "%.4f", ran ? r->gflops : -1, 0);
  fputc(',', f);
  put_num(f, "%.4f", ran ? r->gflops / r->np : -1, 0);
  fputc(',', f);
  put_num(f, "%.4f", r->ratio_sp, 0);
  fputc(',', f);
  put_num(f, "%.4f", r->ratio_limit, 0);
  fputc(',', f);
  if (isnan(r->residual))
    fputs("nan", f);
  else
    put_num(f, "%.4g", r->residual, 0);
  fprintf(f, ",%s,%.1f,", bench_status_name(r->status), r->peak_rss_mb);
  put_num(f, "%.2f", r->lib_mb, 0);
  fprintf(f, ",%c\n", bench_dtype_char(c->dt));
}

static void put_json_str(FILE *f, const char *key, const char *v) {
  fprintf(f, "\"%s\":\"", key);
  for (; *v; v++) {
    if (*v == '"' || *v == '\\')
      fputc('\\', f);
    fputc(*v, f);
  }
  fputs("\",", f);
}

static void put_json_num(FILE *f, const char *key, const char *fmt, double v) {
  fprintf(f, "\"%s\":", key);
  put_num(f, fmt, v, 1);
  fputc(',', f);
}

static void put_json(FILE *f, const bench_result_t *r) {
  const bench_case_t *c = &r->c;
  char tr[16];
  bench_trans_name(c, tr);
  int ran = r->time_best > 0;
  fputc('{', f);
  put_json_str(f, "op", bench_op_name(c));
  fprintf(f, "\"dtype\":\"%c\",", bench_dtype_char(c->dt));
  put_json_str(f, "impl", bench_impl_name(c));
  put_json_str(f, "layout", bench_layout_name(c));
  fprintf(f, "\"m\":%d,\"n\":%d,", c->op == OP_GEMM ? c->m : c->n, c->n);
  if (c->op == OP_GEMM) {
    fprintf(f, "\"k\":%d,", c->k);
    put_json_str(f, "shape", bench_shape_name(c->shape));
  } else {
    fputs("\"k\":null,", f);
    put_json_str(f, "matrix", c->pivot ? "random" : "diagonally-dominant");
  }
  fprintf(f, "\"nb\":%d,\"p\":%d,\"q\":%d,\"np\":%d,\"nodes\":%d,", c->nb, c->p, c->q, r->np,
          r->nodes);
  put_json_str(f, "trans", tr);
  put_json_num(f, "time_s", "%.6g", ran ? r->time_best : -1);
  put_json_num(f, "time_median_s", "%.6g", ran ? r->time_median : -1);
  put_json_num(f, "time_first_s", "%.6g", r->time_first);
  put_json_num(f, "time_warm_s", "%.6g", r->time_warm);
  fprintf(f, "\"first_call\":%s,\"repeats\":%d,", c->first_call ? "true" : "false", r->repeats);
  if (c->section != GC_NONE) {
    static const char *const sec[] = {"",      "dgemm", "lu-first-call",       "lu-nopiv",
                                      "small", "types", "lu-types-first-call", "potrf-first-call",
                                      "trsm"};
    put_json_str(f, "grid_check", sec[c->section]);
  }
  put_json_num(f, "gflops", "%.4f", ran ? r->gflops : -1);
  put_json_num(f, "gflops_per_rank", "%.4f", ran ? r->gflops / r->np : -1);
  put_json_num(f, "ratio_to_scalapack", "%.4f", r->ratio_sp);
  put_json_num(f, "ratio_to_limit", "%.4f", r->ratio_limit);
  put_json_num(f, "residual", "%.4g", r->residual);
  put_json_str(f, "status", bench_status_name(r->status));
  put_json_str(f, "note", r->note);
  put_json_num(f, "loadavg_1min", "%.2f", r->load1);
  put_json_num(f, "lib_MB", "%.2f", r->lib_mb);
  if (c->impl == IMPL_RMA || c->impl == IMPL_RMA_PD) {
    put_json_num(f, "lib_store_a_mb", "%.2f", r->lib.store_a);
    put_json_num(f, "lib_store_b_mb", "%.2f", r->lib.store_b);
    put_json_num(f, "lib_work_mb", "%.2f", r->lib.work);
    put_json_num(f, "lib_mailbox_mb", "%.2f", r->lib.mailbox);
    put_json_num(f, "lib_scratch_mb", "%.2f", r->lib.scratch);
    put_json_num(f, "lib_total_mb", "%.2f", r->lib.total);
  }
  fprintf(f, "\"peak_rss_mb\":%.1f}\n", r->peak_rss_mb);
}

// Appends the rows to the CSV, the JSON lines and the run file. Rank 0 only.
void bench_output_rows(const bench_env_t *env, const bench_result_t *rows, int count) {
  if (env->rank != 0)
    return;
  for (int i = 0; i < count; i++) {
    if (csv_f)
      put_csv(csv_f, &rows[i]);
    if (json_f)
      put_json(json_f, &rows[i]);
    if (run_f)
      put_csv(run_f, &rows[i]);
  }
  if (csv_f)
    fflush(csv_f);
  if (json_f)
    fflush(json_f);
  if (run_f)
    fflush(run_f);
}

/* ---- stdout ------------------------------------------------------------ */

// The tail of a progress line whose "[i/N] label" main.c printed before the run.
void bench_progress_print(const bench_result_t *r) {
  if (r->time_best > 0)
    printf("%.4f s  %.2f GFLOP/s  ", r->time_best, r->gflops);
  if (r->residual >= 0 || isnan(r->residual))
    printf("res %.3g  ", r->residual);
  printf("%s%s%s\n",
         r->status == ST_NOT_IMPLEMENTED ? "not implemented" : bench_status_name(r->status),
         r->note[0] ? "  # " : "", r->note);
  fflush(stdout);
}

static void ratio_str(double v, char *buf, size_t len) {
  if (v < 0)
    snprintf(buf, len, "-");
  else
    snprintf(buf, len, "%.3f", v);
}

// "4096" (factorizations, square gemm) or "4096x512x512" (m x n x k).
static void size_str(const bench_case_t *c, char *buf, size_t len) {
  if (bench_op_factor(c->op) || (c->m == c->n && c->k == c->n))
    snprintf(buf, len, "%d", c->n);
  else
    snprintf(buf, len, "%dx%dx%d", c->m, c->n, c->k);
}

// Every row. best_s is the reported time: the best repeat, or for first-call
// rows (marked *) the first call after rma_init.
void bench_table_print(const bench_result_t *rows, int count) {
  printf("\n%-6s %-38s %-12s %14s %4s %5s %-8s %9s %9s %8s %8s %8s %8s %-15s %8s %8s\n", "op",
         "impl", "layout", "size", "nb", "grid", "trans", "best_s", "median_s", "GFLOP/s", "vs_sp",
         "vs_lim", "residual", "status", "rss_MB", "lib_MB");
  int any_first = 0;
  for (int i = 0; i < count; i++) {
    const bench_result_t *r = &rows[i];
    char tr[16], grid[16], rs[16], rl[16], res[16], tb[16], tm[16], gf[16], sz[48], lib[16];
    bench_trans_name(&r->c, tr);
    size_str(&r->c, sz, sizeof sz);
    if (r->c.p)
      snprintf(grid, sizeof grid, "%dx%d", r->c.p, r->c.q);
    else
      snprintf(grid, sizeof grid, "-");
    ratio_str(r->ratio_sp, rs, sizeof rs);
    ratio_str(r->ratio_limit, rl, sizeof rl);
    if (r->residual >= 0 || isnan(r->residual))
      snprintf(res, sizeof res, "%.3g", r->residual);
    else
      snprintf(res, sizeof res, "-");
    if (r->time_best > 0) {
      snprintf(tb, sizeof tb, "%.4f%s", r->time_best, r->c.first_call ? "*" : "");
      snprintf(tm, sizeof tm, "%.4f", r->time_median);
      snprintf(gf, sizeof gf, "%.2f", r->gflops);
      any_first |= r->c.first_call;
    } else {
      snprintf(tb, sizeof tb, "-");
      snprintf(tm, sizeof tm, "-");
      snprintf(gf, sizeof gf, "-");
    }
    if (r->lib_mb >= 0)
      snprintf(lib, sizeof lib, "%.1f", r->lib_mb);
    else
      snprintf(lib, sizeof lib, "-");
    printf("%-6s %-38s %-12s %14s %4d %5s %-8s %9s %9s %8s %8s %8s %8s %-15s %8.1f %8s\n",
           bench_op_name(&r->c), bench_impl_name(&r->c), bench_layout_name(&r->c), sz, r->c.nb,
           grid, tr, tb, tm, gf, rs, rl, res,
           r->status == ST_NOT_IMPLEMENTED ? "not implemented" : bench_status_name(r->status),
           r->peak_rss_mb, lib);
  }
  if (any_first)
    printf("  * first call after rma_init (no warm-up); median_s is over the repeats after it\n");
}

// Per group: the best row of each impl/layout/pivot mode (best over nb and
// grid; non-OK rows only when that impl has no OK row), with its ratios.
void bench_ratio_table_print(const bench_result_t *rows, int count) {
  int last_group = -1;
  for (int i = 0; i < count; i++) {
    const bench_case_t *c = &rows[i].c;
    if (c->ablate != ABL_NONE)
      continue;
    if (c->group != last_group) {
      char tr[16], dims[48];
      bench_trans_name(c, tr);
      bench_dims_label(c, dims, sizeof dims);
      printf("\nRatio table: %s %s %s np=%d (best nb per impl; vs_sp = / best scalapack nb, "
             "vs_lim = / limit)\n",
             bench_op_name(c), dims,
             c->op == OP_GEMM || c->op == OP_TRSM ? tr
             : c->op == OP_POTRF                  ? (c->uplo == 'U' ? "UPLO U" : "UPLO L")
             : c->pivot          ? "pivoting, random matrix"
                                 : "no pivoting, diagonally dominant matrix",
             rows[i].np);
      printf("  %-10s %-12s %-8s %5s %9s %8s %8s  %s\n", "impl", "layout", "trans", "nb", "GFLOP/s",
             "vs_sp", "vs_lim", "status");
      last_group = c->group;
    }
    // Is row i the representative of its impl/layout/pivot in the group?
    int best = i;
    for (int j = 0; j < count; j++) {
      const bench_case_t *d = &rows[j].c;
      if (d->group != c->group || d->impl != c->impl || d->layout != c->layout ||
          d->pivot != c->pivot || d->ablate != ABL_NONE)
        continue;
      int jok = rows[j].status == ST_OK, bok = rows[best].status == ST_OK;
      if ((jok && !bok) || (jok == bok && rows[j].gflops > rows[best].gflops) ||
          (jok == bok && rows[j].gflops == rows[best].gflops && j < best))
        best = j;
    }
    if (best != i)
      continue;
    const bench_result_t *r = &rows[i];
    char rs[16], rl[16], gf[16];
    ratio_str(r->ratio_sp, rs, sizeof rs);
    ratio_str(r->ratio_limit, rl, sizeof rl);
    if (r->time_best > 0)
      snprintf(gf, sizeof gf, "%.2f", r->gflops);
    else
      snprintf(gf, sizeof gf, "-");
    char tr[16];
    bench_trans_name(c, tr);
    printf("  %-10s %-12s %-8s %5d %9s %8s %8s  %s%s%s\n", bench_impl_name(c), bench_layout_name(c),
           tr, c->nb, gf, rs, rl,
           r->status == ST_NOT_IMPLEMENTED ? "not implemented" : bench_status_name(r->status),
           r->note[0] ? "  # " : "", r->note);
  }
}

// The paper's Table I: rma_?gemm with each protocol switched off in turn;
// the switch columns say which were on.
void bench_ablation_table_print(const bench_result_t *rows, int count) {
  int last_group = -1;
  for (int i = 0; i < count; i++) {
    const bench_result_t *r = &rows[i];
    bench_ablate_t a = r->c.ablate;
    if (a == ABL_NONE)
      continue;
    if (r->c.group != last_group) {
      char tr[16], dims[48];
      bench_trans_name(&r->c, tr);
      bench_dims_label(&r->c, dims, sizeof dims);
      printf("\nAblation (Table I): rma_%s %s tiled %s nb=%d grid %dx%d np=%d\n",
             bench_op_name(&r->c), tr, dims, r->c.nb, r->c.p, r->c.q, r->np);
      printf("  %-28s %-4s %-4s %-4s %-4s %9s %9s %8s  %s\n", "variant", "zc", "nb", "cont", "shm",
             "GFLOP/s", "vs_all_on", "vs_sp", "status");
      printf("  (zc zero-copy, nb nonblocking, cont contention avoidance, shm shared memory: "
             "node neighbours' tiles in place)\n");
      last_group = r->c.group;
    }
    double all_on = -1.0;
    for (int j = 0; j < count; j++)
      if (rows[j].c.group == r->c.group && rows[j].c.ablate == ABL_ALL_ON &&
          rows[j].status == ST_OK)
        all_on = rows[j].gflops;
    char gf[16], rel[16], rs[16];
    if (r->time_best > 0)
      snprintf(gf, sizeof gf, "%.2f", r->gflops);
    else
      snprintf(gf, sizeof gf, "-");
    ratio_str(r->status == ST_OK && all_on > 0 ? r->gflops / all_on : -1, rel, sizeof rel);
    ratio_str(r->ratio_sp, rs, sizeof rs);
    int zc = a != ABL_NO_ZERO_COPY && a != ABL_NO_ZC_NO_NB;
    int nb = a != ABL_NO_NONBLOCKING && a != ABL_NO_ZC_NO_NB;
    int cont = a != ABL_NO_CONTENTION, shm = a != ABL_NO_SHARED_MEMORY;
    printf("  %-28s %-4s %-4s %-4s %-4s %9s %9s %8s  %s%s%s\n", bench_ablate_name(a),
           zc ? "on" : "off", nb ? "on" : "off", cont ? "on" : "off", shm ? "on" : "off", gf, rel,
           rs, r->status == ST_NOT_IMPLEMENTED ? "not implemented" : bench_status_name(r->status),
           r->note[0] ? "  # " : "", r->note);
  }
}
