/*
 * rmala-calibrate — fit the kernel time MODEL (src/kernel/time_model.h) on
 * this machine, for the simulation build to charge instead of computing.
 * Built by the normal (real MPI) build; no MPI call. Run with one BLAS
 * thread (OPENBLAS_NUM_THREADS=1: one simulated rank is one core); the
 * threaded-kernel MODEL's pair of fits is two runs, with 1 and 2 threads
 * (sim/models/threads-1.txt, threads-2.txt; kernel/time_model.h:
 * rma_kmodel_thread_factor).
 *
 *   rmala-calibrate [--out FILE] [--check FILE] [--quick] [--csv FILE] [--label TEXT]
 *
 *   --out FILE    time rmala's tile kernels (rma_kernel_gemm, _trsm, _getrf,
 *                 _getrf_nopiv, _scale) and the vector kernels of a
 *                 column-by-column LU panel (kind vector: rma_kernel_iamax,
 *                 _scal, _axpy_dt, _swap on unit and ld-strided vectors;
 *                 kind ger: rma_kernel_ger on m x n, few long rows as
 *                 PDGETF2's update) over a grid of shapes, fit each
 *                 kernel's coefficients by least squares on relative errors
 *                 (minimise sum ((pred - t) / t)^2), time a second, held-out
 *                 grid of shapes, and write the model with its fit and
 *                 held-out errors in the header comments.
 *   --check FILE  time the held-out shapes only and compare with FILE's
 *                 predictions (how far the stored model is from this
 *                 machine's kernels today).
 *   --quick       fewer and smaller shapes (a few seconds).
 *   --csv FILE    one row per held-out shape: kernel,m,n,k,measured_s,
 *                 predicted_s,ratio.
 * Each time is the minimum over repeats (this machine is shared: the
 * minimum is the least disturbed run). Prints per kernel the median and
 * worst |pred / measured - 1| on the held-out shapes, and exits 1 when a
 * kernel's median error exceeds RMALA_CALIBRATE_TOL (default 0.5, i.e. 50%:
 * loose, the machine is shared). With --out that verdict is on the model
 * just fitted: does the MODEL's form predict shapes it was not fitted on?
 * (the ctest sim_model_check: --out --quick, independent of which machine
 * runs it). With --check it is on FILE against this machine: large when
 * this machine's kernels are faster or slower than the one FILE came from.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel/tile_blas.h"
#include "kernel/tile_lapack.h"
#include "kernel/time_model.h"
#include "kernel/vector_blas.h"

// kind vector: op 0 iamax, 1 scal, 2 axpy, 3 swap, of weight n vec_weight
// (kernel/time_model.h; the weights kernel/vector_blas.c charges); inc the
// stride of every operand (k: the strided operands, 0, or 1 for iamax and
// scal, 2 for axpy and swap).
typedef struct {
  rma_kmodel_kind_t kind;
  int m, n, k;
  double t;
  int op, inc;
} sample_t;
static const int vec_weight[] = {3, 2, 3, 4};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double *buf_a, *buf_b, *buf_c;
static int *buf_piv;
static size_t buf_len;

static void fill(double *x, size_t len, unsigned seed) {
  for (size_t i = 0; i < len; i++) {
    seed = seed * 1103515245u + 12345u;
    x[i] = (double)(seed >> 8 & 0xffff) / 65536.0 - 0.5;
  }
}

// Diagonally dominant m x n panel (row-major, ld n) for the LU kernels.
static void fill_panel(double *a, int m, int n) {
  fill(a, (size_t)m * n, 7);
  for (int i = 0; i < m && i < n; i++)
    a[(size_t)i * n + i] += 2.0 * n;
}

// One timed call of the sample's kernel (inputs refreshed outside the timing).
static double time_once(const sample_t *s) {
  int m = s->m, n = s->n, k = s->k;
  double t0 = 0.0, t1 = 0.0;
  switch (s->kind) {
  case RMA_KMODEL_GEMM:
    t0 = now();
    rma_kernel_gemm(0, 0, m, n, k, -1.0, buf_a, k, buf_b, n, buf_c, n);
    t1 = now();
    break;
  case RMA_KMODEL_TRSM:
    fill_panel(buf_a, m, m);
    fill(buf_b, (size_t)m * n, 5);
    t0 = now();
    rma_kernel_trsm(1, 0, 1, m, n, buf_a, m, buf_b, n);
    t1 = now();
    break;
  case RMA_KMODEL_GETRF:
  case RMA_KMODEL_GETRF_NOPIV:
    fill_panel(buf_a, m, n);
    t0 = now();
    if (s->kind == RMA_KMODEL_GETRF)
      rma_kernel_getrf(m, n, buf_a, n, buf_piv);
    else
      rma_kernel_getrf_nopiv(m, n, buf_a, n);
    t1 = now();
    break;
  case RMA_KMODEL_SCALE:
    t0 = now();
    rma_kernel_scale(m, n, 0.5, buf_c, n);
    t1 = now();
    break;
  case RMA_KMODEL_VECTOR: // alpha -1: repeats neither grow nor shrink the values
    t0 = now();
    if (s->op == 0)
      (void)rma_kernel_iamax(m, buf_a, s->inc);
    else if (s->op == 1)
      rma_kernel_scal(m, -1.0, buf_a, s->inc);
    else if (s->op == 2)
      rma_kernel_axpy_dt(RMA_DT_D, m, -1.0, buf_a, s->inc, buf_b, s->inc);
    else
      rma_kernel_swap(m, buf_a, s->inc, buf_b, s->inc);
    t1 = now();
    break;
  case RMA_KMODEL_GER:
    t0 = now();
    rma_kernel_ger(m, n, 1e-3, buf_a, 1, buf_b, 1, buf_c, n);
    t1 = now();
    break;
  default:
    break;
  }
  return t1 - t0;
}

// Minimum over repeats: at least 5, more while the total stays under 0.1 s.
static double measure(const sample_t *s) {
  double best = 1e30, total = 0.0;
  for (int r = 0; r < 100 && (r < 5 || total < 0.1); r++) {
    double t = time_once(s);
    total += t;
    best = t < best ? t : best;
  }
  return best;
}

// Shape grids (m, n, k lists) per kernel; fit and held-out sets differ.
typedef struct {
  rma_kmodel_kind_t kind;
  int nm, nn, nk;
  int m[8], n[8], k[8];
} grid_t;

static const grid_t fit_full[] = {
    {RMA_KMODEL_GEMM, 7, 7, 5, {16, 64, 128, 256, 512, 768, 1024}, {16, 64, 128, 256, 512, 768, 1024},
     {16, 64, 128, 256, 512}},
    {RMA_KMODEL_TRSM, 5, 6, 1, {16, 64, 128, 256, 512}, {16, 64, 256, 1024, 2048, 4096}, {0}},
    {RMA_KMODEL_GETRF, 7, 5, 1, {64, 256, 1024, 4096, 8192, 16384, 32768}, {16, 32, 64, 128, 256},
     {0}},
    {RMA_KMODEL_GETRF_NOPIV, 7, 5, 1, {64, 256, 1024, 4096, 8192, 16384, 32768},
     {16, 32, 64, 128, 256}, {0}},
    {RMA_KMODEL_SCALE, 5, 5, 1, {16, 64, 256, 512, 1024}, {16, 64, 256, 512, 1024}, {0}},
    {RMA_KMODEL_VECTOR, 7, 4, 2, {16, 64, 256, 1024, 2048, 4096, 8192}, {0, 1, 2, 3}, {1, 1024}},
    {RMA_KMODEL_GER, 6, 5, 1, {1, 4, 16, 32, 64, 127}, {64, 256, 1024, 4096, 8192}, {0}},
};
static const grid_t held_full[] = {
    {RMA_KMODEL_GEMM, 4, 4, 4, {48, 200, 640, 1000}, {40, 300, 600, 900}, {32, 96, 200, 384}},
    {RMA_KMODEL_TRSM, 3, 3, 1, {48, 100, 200}, {100, 700, 3000}, {0}},
    {RMA_KMODEL_GETRF, 4, 3, 1, {500, 3000, 12000, 24000}, {48, 100, 200}, {0}},
    {RMA_KMODEL_GETRF_NOPIV, 4, 3, 1, {500, 3000, 12000, 24000}, {48, 100, 200}, {0}},
    {RMA_KMODEL_SCALE, 3, 3, 1, {40, 300, 900}, {50, 200, 800}, {0}},
    {RMA_KMODEL_VECTOR, 4, 4, 3, {40, 700, 3000, 6000}, {0, 1, 2, 3}, {1, 2048, 2000}},
    {RMA_KMODEL_GER, 3, 3, 1, {8, 48, 100}, {100, 2000, 6000}, {0}},
};
static const grid_t fit_quick[] = {
    {RMA_KMODEL_GEMM, 4, 4, 3, {16, 64, 128, 256}, {16, 64, 128, 256}, {16, 64, 128}},
    {RMA_KMODEL_TRSM, 3, 3, 1, {16, 64, 128}, {16, 128, 512}, {0}},
    {RMA_KMODEL_GETRF, 3, 3, 1, {64, 512, 2048}, {16, 32, 64}, {0}},
    {RMA_KMODEL_GETRF_NOPIV, 3, 3, 1, {64, 512, 2048}, {16, 32, 64}, {0}},
    {RMA_KMODEL_SCALE, 3, 3, 1, {16, 64, 256}, {16, 64, 256}, {0}},
    {RMA_KMODEL_VECTOR, 3, 4, 2, {64, 512, 4096}, {0, 1, 2, 3}, {1, 1024}},
    {RMA_KMODEL_GER, 3, 3, 1, {4, 16, 64}, {64, 512, 2048}, {0}},
};
static const grid_t held_quick[] = {
    {RMA_KMODEL_GEMM, 2, 2, 2, {100, 200}, {90, 256}, {64, 128}},
    {RMA_KMODEL_TRSM, 2, 2, 1, {64, 128}, {100, 400}, {0}},
    {RMA_KMODEL_GETRF, 2, 2, 1, {600, 1500}, {32, 64}, {0}},
    {RMA_KMODEL_GETRF_NOPIV, 2, 2, 1, {600, 1500}, {32, 64}, {0}},
    {RMA_KMODEL_SCALE, 2, 2, 1, {100, 300}, {100, 300}, {0}},
    {RMA_KMODEL_VECTOR, 2, 4, 1, {200, 3000}, {0, 1, 2, 3}, {1}},
    {RMA_KMODEL_GER, 2, 2, 1, {8, 40}, {300, 1500}, {0}},
};
#define NGRIDS (int)(sizeof fit_full / sizeof fit_full[0])

// Extra timing passes for a kernel whose held-out error is over the tolerance.
#define RETIME_ROUNDS 3

// One more timing pass over the samples of one kernel (kind < 0: all),
// keeping per shape the minimum of all passes so far.
static void time_again(sample_t *s, int ns, int kind) {
  for (int i = 0; i < ns; i++)
    if (kind < 0 || s[i].kind == (rma_kmodel_kind_t)kind) {
      double t = measure(&s[i]);
      s[i].t = t < s[i].t ? t : s[i].t;
    }
}

// All shapes of the grids, timed: two passes over the whole grid, the
// minimum of both per shape (a burst of load from other jobs on this shared
// machine then spoils a shape only when it hits it twice).
static int run_grids(const grid_t *g, int ng, sample_t **out) {
  int count = 0;
  for (int i = 0; i < ng; i++)
    count += g[i].nm * g[i].nn * g[i].nk;
  sample_t *s = malloc(sizeof(sample_t) * (size_t)count);
  int c = 0;
  for (int i = 0; i < ng; i++)
    for (int a = 0; a < g[i].nm; a++)
      for (int b = 0; b < g[i].nn; b++)
        for (int d = 0; d < g[i].nk; d++) {
          sample_t x = {g[i].kind, g[i].m[a], g[i].n[b], g[i].k[d], 1e30, 0, 1};
          if (x.kind == RMA_KMODEL_VECTOR) // the grid's n is the op, its k the stride
            x.op = x.n, x.n = vec_weight[x.op], x.inc = x.k,
            x.k = (x.inc != 1) * (x.op < 2 ? 1 : 2);
          if ((x.kind == RMA_KMODEL_GETRF || x.kind == RMA_KMODEL_GETRF_NOPIV) && x.m < x.n)
            continue;
          s[c++] = x;
        }
  time_again(s, c, -1);
  time_again(s, c, -1);
  *out = s;
  return c;
}

// Weighted least squares for one kernel: minimise sum ((x.c - t) / t)^2 over
// the terms whose column is not all zero (normal equations, Gauss-Jordan
// with partial pivoting on at most 4 unknowns).
static void fit_kernel(const sample_t *s, int ns, rma_kmodel_kind_t kind, double c[RMA_KMODEL_TERMS]) {
  double ata[RMA_KMODEL_TERMS][RMA_KMODEL_TERMS + 1] = {{0}};
  int used[RMA_KMODEL_TERMS] = {0};
  for (int i = 0; i < ns; i++) {
    if (s[i].kind != kind || s[i].t <= 0.0)
      continue;
    double x[RMA_KMODEL_TERMS];
    rma_kmodel_terms(kind, s[i].m, s[i].n, s[i].k, x);
    for (int p = 0; p < RMA_KMODEL_TERMS; p++) {
      used[p] |= x[p] != 0.0;
      for (int q = 0; q < RMA_KMODEL_TERMS; q++)
        ata[p][q] += x[p] * x[q] / (s[i].t * s[i].t);
      ata[p][RMA_KMODEL_TERMS] += x[p] / s[i].t;
    }
  }
  int idx[RMA_KMODEL_TERMS], nu = 0;
  for (int p = 0; p < RMA_KMODEL_TERMS; p++)
    if (used[p])
      idx[nu++] = p;
  double a[RMA_KMODEL_TERMS][RMA_KMODEL_TERMS + 1];
  // Scale the columns to unit diagonal: the terms span ~1 to ~1e12.
  double sc[RMA_KMODEL_TERMS];
  for (int p = 0; p < nu; p++)
    sc[p] = sqrt(ata[idx[p]][idx[p]]);
  for (int p = 0; p < nu; p++) {
    for (int q = 0; q < nu; q++)
      a[p][q] = ata[idx[p]][idx[q]] / (sc[p] * sc[q]);
    a[p][nu] = ata[idx[p]][RMA_KMODEL_TERMS] / sc[p];
  }
  for (int col = 0; col < nu; col++) {
    int piv = col;
    for (int r = col + 1; r < nu; r++)
      if (fabs(a[r][col]) > fabs(a[piv][col]))
        piv = r;
    for (int q = 0; q <= nu; q++) {
      double tmp = a[col][q];
      a[col][q] = a[piv][q], a[piv][q] = tmp;
    }
    for (int r = 0; r < nu; r++) {
      if (r == col || a[col][col] == 0.0)
        continue;
      double f = a[r][col] / a[col][col];
      for (int q = col; q <= nu; q++)
        a[r][q] -= f * a[col][q];
    }
  }
  memset(c, 0, sizeof(double) * RMA_KMODEL_TERMS);
  for (int p = 0; p < nu; p++)
    c[idx[p]] = a[p][p] != 0.0 ? a[p][nu] / a[p][p] / sc[p] : 0.0;
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

static const char *const vec_ops[] = {"iamax", "scal", "axpy", "swap"};

// Median and worst |pred / t - 1| of one kernel's samples; optional CSV rows
// (column k: gemm's k, the stride of a vector sample, else 0).
static int errors(const rma_kmodel_t *model, const sample_t *s, int ns, rma_kmodel_kind_t kind,
                  double *median, double *worst, FILE *csv) {
  double *e = malloc(sizeof(double) * (size_t)(ns > 0 ? ns : 1));
  int c = 0;
  for (int i = 0; i < ns; i++) {
    if (s[i].kind != kind)
      continue;
    double p = rma_kmodel_time(model, kind, s[i].m, s[i].n, s[i].k);
    e[c++] = fabs(p / s[i].t - 1.0);
    if (csv)
      fprintf(csv, "%s%s%s,%d,%d,%d,%.6e,%.6e,%.4f\n", rma_kmodel_name(kind),
              kind == RMA_KMODEL_VECTOR ? "/" : "",
              kind == RMA_KMODEL_VECTOR ? vec_ops[s[i].op] : "", s[i].m, s[i].n,
              kind == RMA_KMODEL_VECTOR ? s[i].inc : s[i].k, s[i].t, p, p / s[i].t);
  }
  qsort(e, (size_t)c, sizeof(double), cmp_double);
  *median = c ? (c % 2 ? e[c / 2] : 0.5 * (e[c / 2 - 1] + e[c / 2])) : 0.0;
  *worst = c ? e[c - 1] : 0.0;
  free(e);
  return c;
}

// "host, CPU model" of this machine.
static void machine_label(char *out, size_t len, const char *extra) {
  char host[64] = "?", cpu[96] = "?";
  gethostname(host, sizeof host);
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[256];
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "model name", 10) == 0) {
      const char *v = strchr(line, ':');
      v = v ? v + 2 : line;
      size_t len = strcspn(v, "\n");
      len = len < sizeof cpu ? len : sizeof cpu - 1;
      memcpy(cpu, v, len);
      cpu[len] = '\0';
      break;
    }
  if (f)
    fclose(f);
  const char *thr = getenv("OPENBLAS_NUM_THREADS");
  snprintf(out, len, "%s; host %s; CPU %s; OPENBLAS_NUM_THREADS=%s", extra ? extra : "this machine",
           host, cpu, thr ? thr : "unset");
}

int main(int argc, char **argv) {
  const char *out = NULL, *check = NULL, *csv_path = NULL, *label = NULL;
  int quick = 0;
  for (int i = 1; i < argc; i++) {
    if (i + 1 < argc && strcmp(argv[i], "--out") == 0)
      out = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--check") == 0)
      check = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--csv") == 0)
      csv_path = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--label") == 0)
      label = argv[++i];
    else if (strcmp(argv[i], "--quick") == 0)
      quick = 1;
    else {
      fprintf(stderr, "usage: rmala-calibrate (--out FILE | --check FILE) [--quick] [--csv FILE] "
                      "[--label TEXT]\n");
      return 2;
    }
  }
  if (!out == !check) {
    fprintf(stderr, "rmala-calibrate: give exactly one of --out and --check\n");
    return 2;
  }
  buf_len = (size_t)32768 * 512 + 4096 * 4096;
  buf_a = malloc(sizeof(double) * buf_len), buf_b = malloc(sizeof(double) * buf_len);
  buf_c = malloc(sizeof(double) * (size_t)1024 * 1024);
  buf_piv = malloc(sizeof(int) * 4096);
  if (!buf_a || !buf_b || !buf_c || !buf_piv) {
    fprintf(stderr, "rmala-calibrate: out of memory\n");
    return 1;
  }
  fill(buf_a, buf_len, 1), fill(buf_b, buf_len, 2), fill(buf_c, (size_t)1024 * 1024, 3);

  rma_kmodel_t model;
  sample_t *fit = NULL;
  int nfit = 0;
  if (check) {
    int rc = rma_kmodel_read(check, &model);
    if (rc != 0) {
      fprintf(stderr, "rmala-calibrate: cannot read model %s (%d)\n", check, rc);
      return 1;
    }
    printf("MODEL %s (%s)\n", check, model.machine);
  } else {
    double t0 = now();
    nfit = run_grids(quick ? fit_quick : fit_full, NGRIDS, &fit);
    memset(&model, 0, sizeof model);
    machine_label(model.machine, sizeof model.machine, label);
    for (int kd = 0; kd < RMA_KMODEL_COUNT; kd++) {
      fit_kernel(fit, nfit, (rma_kmodel_kind_t)kd, model.c[kd]);
      model.have[kd] = 1;
    }
    printf("fitted on %d shapes in %.1f s\n", nfit, now() - t0);
  }
  sample_t *held = NULL;
  int nheld = run_grids(quick ? held_quick : held_full, NGRIDS, &held);
  double tol = getenv("RMALA_CALIBRATE_TOL") ? atof(getenv("RMALA_CALIBRATE_TOL")) : 0.5;
  // A kernel over the tolerance has its shapes timed again (fit and
  // held-out, the minimum of all passes kept, then refitted): a phase of
  // load on this shared machine can slow one set of shapes and not the
  // other (seen: getrf_nopiv's held-out shapes 1.5x faster than its fit
  // shapes in one process, on time in the next).
  for (int round = 1; round <= RETIME_ROUNDS; round++) {
    int again = 0;
    for (int kd = 0; kd < RMA_KMODEL_COUNT; kd++) {
      double hm, hw;
      if (!model.have[kd] || (errors(&model, held, nheld, (rma_kmodel_kind_t)kd, &hm, &hw, NULL),
                              hm <= tol))
        continue;
      printf("%s: held-out median error %.1f%% > %.0f%%: its shapes timed again (round %d of %d)\n",
             rma_kmodel_name((rma_kmodel_kind_t)kd), 100 * hm, 100 * tol, round, RETIME_ROUNDS);
      if (!check) {
        time_again(fit, nfit, kd);
        fit_kernel(fit, nfit, (rma_kmodel_kind_t)kd, model.c[kd]);
      }
      time_again(held, nheld, kd);
      again = 1;
    }
    if (!again)
      break;
  }
  FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
  if (csv)
    fprintf(csv, "kernel,m,n,k,measured_s,predicted_s,ratio\n");
  char header[4096] = "", *h = header;
  size_t room = sizeof header;
  int w = snprintf(h, room,
                   "# rmala kernel time MODEL (sim/calibrate.c), minimum-of-repeats timings of "
                   "rmala's tile kernels on one core\n"
                   "# form: t = c0 + c1 x1 + c2 x2 + c3 x3 per kernel (terms: "
                   "src/kernel/time_model.h); least squares on relative errors\n"
                   "# %d fit shapes, %d held-out shapes%s; |pred/measured - 1|:\n"
                   "# kernel       fit median  fit max  held-out median  held-out max  "
                   "Gflop/s at the largest fit shape (vector: G entry-streams/s)\n",
                   nfit, nheld, quick ? " (quick grids)" : "");
  h += w, room -= (size_t)w;
  int bad = 0;
  printf("%-12s %10s %9s %15s %13s\n", "kernel", "fit-median", "fit-max", "held-median",
         "held-max");
  for (int kd = 0; kd < RMA_KMODEL_COUNT; kd++) {
    double fm = 0, fw = 0, hm, hw, rate = 0;
    if (!model.have[kd]) { // an older model file (--check): nothing to compare
      printf("%-12s not in the model\n", rma_kmodel_name((rma_kmodel_kind_t)kd));
      continue;
    }
    if (!check) {
      errors(&model, fit, nfit, (rma_kmodel_kind_t)kd, &fm, &fw, NULL);
      for (int i = nfit - 1; i >= 0; i--)
        if (fit[i].kind == (rma_kmodel_kind_t)kd) {
          double x[RMA_KMODEL_TERMS];
          rma_kmodel_terms((rma_kmodel_kind_t)kd, fit[i].m, fit[i].n, fit[i].k, x);
          int one = kd == RMA_KMODEL_SCALE || kd == RMA_KMODEL_TRSM || kd == RMA_KMODEL_VECTOR;
          rate = (one ? 1.0 : 2.0) * x[1] / fit[i].t * 1e-9;
          break;
        }
    }
    errors(&model, held, nheld, (rma_kmodel_kind_t)kd, &hm, &hw, csv);
    printf("%-12s %9.1f%% %8.1f%% %14.1f%% %12.1f%%\n", rma_kmodel_name((rma_kmodel_kind_t)kd),
           100 * fm, 100 * fw, 100 * hm, 100 * hw);
    w = snprintf(h, room, "#   %-12s %8.1f%% %8.1f%% %14.1f%% %12.1f%%   %.2f\n",
                 rma_kmodel_name((rma_kmodel_kind_t)kd), 100 * fm, 100 * fw, 100 * hm, 100 * hw,
                 rate);
    if (w > 0 && (size_t)w < room)
      h += w, room -= (size_t)w;
    bad |= hm > tol;
  }
  if (csv)
    fclose(csv);
  if (out) {
    if (rma_kmodel_write(out, &model, header) != 0) {
      fprintf(stderr, "rmala-calibrate: cannot write %s\n", out);
      return 1;
    }
    printf("model written to %s\n", out);
  }
  printf("CHECK held-out median error per kernel <= %.0f%% (%s): %s\n", 100 * tol,
         check ? "the stored model on this machine" : "the model just fitted",
         bad ? "FAIL" : "ok");
  free(fit), free(held), free(buf_a), free(buf_b), free(buf_c), free(buf_piv);
  return bad ? 1 : 0;
}
