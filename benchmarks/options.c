/*
 * options.c — command-line parsing of rmala-bench.
 *
 * Two passes: the first only looks for the presets (--main, --quick) and
 * loads them; the second applies every option, so an explicit option given
 * with a preset overrides that part of the preset.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

enum {
  O_OP = 1000,
  O_IMPL,
  O_N,
  O_NB,
  O_GRID,
  O_LAYOUT,
  O_TRANS,
  O_PIVOT,
  O_REPEAT,
  O_WEAK,
  O_ABLATE,
  O_CSV,
  O_JSON,
  O_MAIN,
  O_QUICK,
  O_OVERWRITE,
  O_PLOT,
  O_NO_PLOT,
  O_PLOT_DIR,
  O_PLOT_SCRIPT,
  O_SAMPLES,
  O_SHAPE,
  O_GRID_CHECK,
  O_DTYPE,
  O_HELP
};

static const struct option long_opts[] = {{"op", required_argument, 0, O_OP},
                                          {"impl", required_argument, 0, O_IMPL},
                                          {"n", required_argument, 0, O_N},
                                          {"nb", required_argument, 0, O_NB},
                                          {"grid", required_argument, 0, O_GRID},
                                          {"layout", required_argument, 0, O_LAYOUT},
                                          {"trans", required_argument, 0, O_TRANS},
                                          {"pivot", required_argument, 0, O_PIVOT},
                                          {"repeat", required_argument, 0, O_REPEAT},
                                          {"weak", required_argument, 0, O_WEAK},
                                          {"ablate", no_argument, 0, O_ABLATE},
                                          {"csv", required_argument, 0, O_CSV},
                                          {"json", required_argument, 0, O_JSON},
                                          {"main", no_argument, 0, O_MAIN},
                                          {"quick", no_argument, 0, O_QUICK},
                                          {"overwrite", no_argument, 0, O_OVERWRITE},
                                          {"plot", no_argument, 0, O_PLOT},
                                          {"no-plot", no_argument, 0, O_NO_PLOT},
                                          {"plot-dir", required_argument, 0, O_PLOT_DIR},
                                          {"plot-script", required_argument, 0, O_PLOT_SCRIPT},
                                          {"samples", required_argument, 0, O_SAMPLES},
                                          {"shape", required_argument, 0, O_SHAPE},
                                          {"grid-check", no_argument, 0, O_GRID_CHECK},
                                          {"dtype", required_argument, 0, O_DTYPE},
                                          {"help", no_argument, 0, O_HELP},
                                          {0, 0, 0, 0}};

void bench_options_usage(FILE *f) {
  fprintf(f,
          "usage: rmala-bench [options]   (run under mpirun/srun)\n"
          "  --main               default comparison: dgemm and LU at n=4096 (2048 if memory is\n"
          "                       short), zgemm and zgetrf at n/2, all impls, best nb, ablation,\n"
          "                       ratio tables, plots\n"
          "  --quick              tiny sizes, every impl/op/trans, for ctest (with --grid-check:\n"
          "                       the grid check at tiny sizes)\n"
          "  --grid-check         the target grid at n=4096 (or --n), np = the ranks started:\n"
          "                       rma vs pdgemm/pdgetrf per layout, transposes and nb, LU first\n"
          "                       call, no-pivot LU vs LAPACKE, small problems, gemm in s, c, z,\n"
          "                       zgetrf first call vs pzgetrf;\n"
          "                       ok/MISS per cell (--op and --dtype select groups)\n"
          "  --op LIST            gemm,lu                        (default both; gemm and lu run the\n"
          "                       --dtype types; sgemm, dgemm, cgemm, zgemm: gemm in that type)\n"
          "  --dtype LIST         gemm and LU element types s,d,c,z (default d; the grid check:\n"
          "                       all; LU rows: lu in d, sgetrf, cgetrf, zgetrf)\n"
          "  --op coll            the collectives' latency instead (rma vs MPI, 8 B..1 MiB;\n"
          "                       --csv FILE, default results/coll.csv; --coll-iters N, 10000)\n"
          "  --op jacobi          rma_jacobi sync/async/racy vs rma_lu + rma_lu_solve, time to\n"
          "                       solution at --n LIST (default 4096,8192), unslowed and with the\n"
          "                       last rank sleeping --jacobi-slow-us US per sweep (20000);\n"
          "                       --jacobi-tol T (1e-8), --jacobi-maxit N (100000), --csv FILE\n"
          "                       (default results/jacobi.csv)\n"
          "  --impl LIST          rma,scalapack,ga,limit,rma-pd  (default all; rma-pd: rma_pdgemm,\n"
          "                       rma_pdgetrf on the scalapack impl's own arrays)\n"
          "  --n LIST             sizes: 512,1024 or ranges 512:4096:x2 / 1024:4096:1024\n"
          "  --nb LIST            block sizes for every blocked impl (default 128)\n"
          "  --nb KEY=LIST        per impl: KEY is rma (both layouts), rma-tiled, rma-scalapack,\n"
          "                       scalapack; e.g. --nb scalapack=64,128,256\n"
          "  --grid LIST          process grids PxQ, e.g. 1x2,2x1 (default near-square, P<=Q)\n"
          "  --layout LIST        rma layouts: tiled,scalapack   (default both)\n"
          "  --trans LIST         gemm transposes NN,NT,TN,TT    (default NN); for c and z also\n"
          "                       pairs with C (conjugate transpose): NC,CN,CC,TC,CT\n"
          "  --shape LIST         gemm shapes at each size N of --n (default square):\n"
          "                       square (m=n=k=N), tall-skinny (m=N, n=k=N/8), k-small\n"
          "                       (m=n=N, k=N/8), or MxNxK; each may pin its transposes,\n"
          "                       e.g. --shape square,tall-skinny:NT,k-small:NN/TN\n"
          "  --pivot LIST         rma_lu modes: nopiv,pivot      (default both)\n"
          "  --repeat R           timed runs after one warm-up; best and median (default 3)\n"
          "  --weak N_PER_PROC    weak scaling: n = N_PER_PROC*sqrt(np), rounded to a multiple\n"
          "                       of the largest nb (replaces --n)\n"
          "  --ablate             also run rma_?gemm with each protocol off in turn (Table I)\n"
          "  --csv FILE           CSV rows appended here (default results/bench.csv)\n"
          "  --json FILE          JSON lines appended here (default results/bench.jsonl)\n"
          "  --overwrite          truncate the CSV and JSON files first\n"
          "  --plot / --no-plot   call the plot script at the end (default on with --main)\n"
          "  --plot-dir DIR       where the PNGs go (default <csv dir>/plots)\n"
          "  --plot-script FILE   plot script (default: the installed/source plot.sh)\n"
          "  --samples S          sampled entries per gemm check (default 200)\n"
          "  --help\n");
}

/* ---- list parsers ------------------------------------------------------ */

static int parse_int(const char *s, int *v) {
  char *end;
  long x = strtol(s, &end, 10);
  if (end == s || *end || x < 0 || x > 1 << 30)
    return -1;
  *v = (int)x;
  return 0;
}

// "a,b,c" or ranges "lo:hi:xF" (multiply) / "lo:hi:step" (add).
static int parse_int_list(const char *arg, int *out, int *count) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", arg);
  *count = 0;
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    char *c1 = strchr(tok, ':');
    if (!c1) {
      int v;
      if (parse_int(tok, &v) || v < 1 || *count >= BENCH_MAX_LIST)
        return -1;
      out[(*count)++] = v;
      continue;
    }
    *c1 = 0;
    char *c2 = strchr(c1 + 1, ':');
    int lo, hi, step = 0, mult = 0;
    if (c2) {
      *c2 = 0;
      if (c2[1] == 'x' || c2[1] == '*') {
        if (parse_int(c2 + 2, &mult) || mult < 2)
          return -1;
      } else if (parse_int(c2 + 1, &step) || step < 1) {
        return -1;
      }
    } else {
      mult = 2;
    }
    if (parse_int(tok, &lo) || parse_int(c1 + 1, &hi) || lo < 1 || hi < lo)
      return -1;
    for (long v = lo; v <= hi; v = mult ? v * mult : v + step) {
      if (*count >= BENCH_MAX_LIST)
        return -1;
      out[(*count)++] = (int)v;
    }
  }
  return *count > 0 ? 0 : -1;
}

// Comma list of names; sets flags[i] for names[i]. Returns -1 on an unknown name.
static int parse_name_list(const char *arg, const char *const *names, int nnames, int *flags) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", arg);
  for (int i = 0; i < nnames; i++)
    flags[i] = 0;
  int any = 0;
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    int found = 0;
    for (int i = 0; i < nnames; i++)
      if (!strcmp(tok, names[i]))
        flags[i] = found = any = 1;
    if (!found)
      return -1;
  }
  return any ? 0 : -1;
}

static int parse_grid_list(const char *arg, bench_opts_t *o) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", arg);
  o->ngrid = 0;
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    int p, q;
    char x;
    if (sscanf(tok, "%d%c%d", &p, &x, &q) != 3 || (x != 'x' && x != 'X') || p < 1 || q < 1 ||
        o->ngrid >= BENCH_MAX_LIST)
      return -1;
    o->grid_p[o->ngrid] = p;
    o->grid_q[o->ngrid] = q;
    o->ngrid++;
  }
  return o->ngrid ? 0 : -1;
}

static int parse_trans_list(const char *arg, bench_opts_t *o) {
  static const char *const names[] = {"NN", "NT", "TN", "TT", "NC", "CN", "CC", "TC", "CT"};
  int flags[9];
  if (parse_name_list(arg, names, 9, flags))
    return -1;
  o->ntrans = 0;
  for (int i = 0; i < 9; i++)
    if (flags[i]) {
      o->trans[o->ntrans][0] = names[i][0];
      o->trans[o->ntrans][1] = names[i][1];
      o->ntrans++;
    }
  return 0;
}

// One transpose pair name (two of N, T, C) into out; -1 when not one.
static int parse_trans_pair(const char *t, char out[2]) {
  if (strlen(t) != 2 || !strchr("NTC", t[0]) || !strchr("NTC", t[1]))
    return -1;
  out[0] = t[0];
  out[1] = t[1];
  return 0;
}

// "square,tall-skinny:NT,k-small:NN/TN,8192x1024x512": named shapes (sizes
// from --n) or MxNxK, each optionally pinned to '/'-separated transposes.
static int parse_shape_list(const char *arg, bench_opts_t *o) {
  static const char *const names[] = {"square", "tall-skinny", "k-small"};
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", arg);
  o->nshape = 0;
  char *save = NULL;
  for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (o->nshape >= BENCH_MAX_LIST)
      return -1;
    bench_shape_t *sh = &o->shapes[o->nshape];
    memset(sh, 0, sizeof *sh);
    char *colon = strchr(tok, ':');
    if (colon) {
      *colon = 0;
      char *save2 = NULL;
      for (char *t = strtok_r(colon + 1, "/", &save2); t; t = strtok_r(NULL, "/", &save2))
        if (sh->ntrans >= 9 || parse_trans_pair(t, sh->trans[sh->ntrans++]))
          return -1;
      if (!sh->ntrans)
        return -1;
    }
    int found = 0;
    for (int i = 0; i < 3; i++)
      if (!strcmp(tok, names[i])) {
        sh->kind = (bench_shape_kind_t)i;
        found = 1;
      }
    if (!found) {
      char x1, x2, extra;
      if (sscanf(tok, "%d%c%d%c%d%c", &sh->m, &x1, &sh->n, &x2, &sh->k, &extra) != 5 ||
          (x1 != 'x' && x1 != 'X') || (x2 != 'x' && x2 != 'X') || sh->m < 1 || sh->n < 1 ||
          sh->k < 1)
        return -1;
      sh->kind = SHAPE_EXPLICIT;
    }
    o->nshape++;
  }
  return o->nshape ? 0 : -1;
}

static int parse_nb(const char *arg, bench_opts_t *o) {
  const char *eq = strchr(arg, '=');
  if (!eq)
    return parse_int_list(arg, o->nb, &o->nnb);
  size_t kl = (size_t)(eq - arg);
  const char *list = eq + 1;
  if (kl == 3 && !strncmp(arg, "rma", 3))
    return parse_int_list(list, o->nb_rma_tiled, &o->nnb_rma_tiled) ||
           parse_int_list(list, o->nb_rma_sp, &o->nnb_rma_sp);
  if (kl == 9 && !strncmp(arg, "rma-tiled", 9))
    return parse_int_list(list, o->nb_rma_tiled, &o->nnb_rma_tiled);
  if (kl == 13 && !strncmp(arg, "rma-scalapack", 13))
    return parse_int_list(list, o->nb_rma_sp, &o->nnb_rma_sp);
  if (kl == 9 && !strncmp(arg, "scalapack", 9))
    return parse_int_list(list, o->nb_sp, &o->nnb_sp);
  return -1;
}

/* ---- presets ----------------------------------------------------------- */

// MemAvailable in MiB from /proc/meminfo, or -1.
static long mem_available_mb(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f)
    return -1;
  char line[256];
  long kb = -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %ld kB", &kb) == 1)
      break;
  fclose(f);
  return kb < 0 ? -1 : kb / 1024;
}

static void set_defaults(bench_opts_t *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < OP_COUNT; i++)
    o->ops[i] = 1;
  o->dtypes[DT_D] = 1;
  for (int i = 0; i < IMPL_COUNT; i++)
    o->impls[i] = 1;
  o->layouts[0] = o->layouts[1] = 1;
  o->n[0] = 1024;
  o->nn = 1;
  o->nb[0] = 128;
  o->nnb = 1;
  o->trans[0][0] = o->trans[0][1] = 'N';
  o->ntrans = 1;
  o->shapes[0].kind = SHAPE_SQUARE;
  o->nshape = 1;
  o->pivots[0] = o->pivots[1] = 1;
  o->repeat = 3;
  o->samples = 200;
  snprintf(o->csv, sizeof o->csv, "results/bench.csv");
  snprintf(o->json, sizeof o->json, "results/bench.jsonl");
}

// The main job: n = 4096 unless the node is short of memory. dgemm needs
// about 6 n^2 doubles on the node (A, B, C spread over the ranks, plus the
// limit impl's private copies on rank 0); keep that under a quarter of what
// is available.
static void preset_main(bench_opts_t *o) {
  long avail = mem_available_mb();
  int n = 4096;
  if (avail > 0 && 6.0 * 8.0 * n * n / 1048576.0 > avail / 4.0)
    n = 2048;
  o->n[0] = n;
  o->nn = 1;
  o->nb_rma_tiled[0] = 128;
  o->nb_rma_tiled[1] = 256;
  o->nb_rma_tiled[2] = 512;
  o->nnb_rma_tiled = 3;
  o->nb_rma_sp[0] = 64;
  o->nb_rma_sp[1] = 128;
  o->nb_rma_sp[2] = 256;
  o->nnb_rma_sp = 3;
  o->nb_sp[0] = 64;
  o->nb_sp[1] = 128;
  o->nb_sp[2] = 256;
  o->nnb_sp = 3;
  o->ablate = 1;
  o->plot = 1;
  o->main_job = 1;
  // zgemm and zgetrf beside dgemm and LU (the codes that call ScaLAPACK most
  // are complex), at n / 2: 8 (n/2)^3 complex flops are the real n^3.
  o->dtypes[DT_Z] = 1;
  o->n_div[DT_C] = o->n_div[DT_Z] = 2;
}

// ctest: tiny sizes, every op/impl/trans/layout/pivot mode, a size that the
// block sizes do not divide; the other dgemm shapes with one transpose each.
static void preset_quick(bench_opts_t *o) {
  o->n[0] = 100;
  o->nn = 1;
  o->nb[0] = 16;
  o->nb[1] = 32;
  o->nnb = 2;
  static const char *const tr[] = {"NN", "NT", "TN", "TT"};
  for (int i = 0; i < 4; i++) {
    o->trans[i][0] = tr[i][0];
    o->trans[i][1] = tr[i][1];
  }
  o->ntrans = 4;
  static const char *const shape_tr[3] = {"", "NT", "TN"}; // square: all of --trans
  for (int s = 0; s < 3; s++) {
    memset(&o->shapes[s], 0, sizeof o->shapes[s]);
    o->shapes[s].kind = (bench_shape_kind_t)s;
    if (shape_tr[s][0]) {
      parse_trans_pair(shape_tr[s], o->shapes[s].trans[0]);
      o->shapes[s].ntrans = 1;
    }
  }
  o->nshape = 3;
  o->repeat = 1;
  o->ablate = 1;
  o->samples = 400;
  o->quick = 1;
}

// The grid check (gridcheck.c builds its cases): n = 4096, nb 64, 128, 256
// for rma (both layouts) and ScaLAPACK alike (--nb replaces the list), small
// problems n = 256 and 1024 at nb 32. With --quick: n = 120, nb 16, 32, 64,
// small problems 40 and 100 at nb 8, one timed run.
static void preset_grid_check(bench_opts_t *o, int quick) {
  o->grid_check = 1;
  o->n[0] = quick ? 120 : 4096;
  o->nn = 1;
  const int nbs[3] = {64, 128, 256}, nbs_quick[3] = {16, 32, 64};
  for (int i = 0; i < 3; i++)
    o->nb[i] = quick ? nbs_quick[i] : nbs[i];
  o->nnb = 3;
  o->gc_small[0] = quick ? 40 : 256;
  o->gc_small[1] = quick ? 100 : 1024;
  o->ngc_small = 2;
  o->gc_small_nb = quick ? 8 : 32;
  // Type cells: nb 64 and 256 (quick: 16 and 32); every type unless --dtype.
  o->gc_type_nb[0] = quick ? 16 : 64;
  o->gc_type_nb[1] = quick ? 32 : 256;
  o->ngc_type_nb = 2;
  // zgetrf cells: nb 64 and 128 (quick: 16 and 32).
  o->gc_lut_nb[0] = quick ? 16 : 64;
  o->gc_lut_nb[1] = quick ? 32 : 128;
  o->ngc_lut_nb = 2;
  for (int t = 0; t < DT_COUNT; t++)
    o->dtypes[t] = 1;
  o->repeat = quick ? 1 : 2;
  o->samples = quick ? 400 : 200;
  o->quick = quick;
}

int bench_options_parse(int argc, char **argv, bench_opts_t *o, const bench_env_t *env) {
  // gemm in the --dtype types, lu, and gemm in one type (in bench_dtype_t order).
  static const char *const op_names[] = {"gemm", "lu", "dgemm", "sgemm", "cgemm", "zgemm"};
  static const char *const dtype_names[] = {"d", "s", "c", "z"};
  int op_gemm = 0, op_types[DT_COUNT] = {0}, any_op_type = 0, dtypes_given = 0;
  static const char *const impl_names[] = {"rma", "scalapack", "ga", "limit", "rma-pd"};
  static const char *const layout_names[] = {"tiled", "scalapack"};
  static const char *const pivot_names[] = {"nopiv", "pivot"};
  set_defaults(o);
  opterr = 0;
  // Pass 1: presets.
  optind = 0;
  int c, want_main = 0, want_quick = 0, want_grid = 0;
  while ((c = getopt_long(argc, argv, "", long_opts, NULL)) != -1) {
    want_main |= c == O_MAIN;
    want_quick |= c == O_QUICK;
    want_grid |= c == O_GRID_CHECK;
  }
  if (want_grid && want_main) {
    if (env->rank == 0)
      fprintf(stderr, "rmala-bench: --grid-check and --main are separate runs; choose one\n");
    return -1;
  }
  if (want_main)
    preset_main(o);
  if (want_grid)
    preset_grid_check(o, want_quick);
  else if (want_quick)
    preset_quick(o);
  // Pass 2: everything, overriding the presets.
  optind = 0;
  opterr = 0; // our own message below
  int bad = 0;
  while (!bad && (c = getopt_long(argc, argv, "", long_opts, NULL)) != -1) {
    switch (c) {
    case O_OP: {
      int flags[2 + DT_COUNT];
      bad = parse_name_list(optarg, op_names, 2 + DT_COUNT, flags);
      op_gemm = flags[0];
      o->ops[OP_LU] = flags[1];
      any_op_type = 0;
      for (int t = 0; t < DT_COUNT; t++)
        any_op_type |= op_types[t] = flags[2 + t];
      o->ops[OP_GEMM] = op_gemm || any_op_type;
      break;
    }
    case O_DTYPE:
      bad = parse_name_list(optarg, dtype_names, DT_COUNT, o->dtypes);
      dtypes_given = 1;
      break;
    case O_IMPL:
      bad = parse_name_list(optarg, impl_names, IMPL_COUNT, o->impls);
      break;
    case O_N:
      bad = parse_int_list(optarg, o->n, &o->nn);
      break;
    case O_NB:
      bad = parse_nb(optarg, o);
      if (!bad && !strchr(optarg, '=')) { // the grid check's type cells too
        memcpy(o->gc_type_nb, o->nb, sizeof o->nb);
        o->ngc_type_nb = o->nnb;
      }
      break;
    case O_GRID:
      bad = parse_grid_list(optarg, o);
      break;
    case O_LAYOUT:
      bad = parse_name_list(optarg, layout_names, 2, o->layouts);
      break;
    case O_TRANS:
      bad = parse_trans_list(optarg, o);
      break;
    case O_PIVOT:
      bad = parse_name_list(optarg, pivot_names, 2, o->pivots);
      break;
    case O_REPEAT:
      bad = parse_int(optarg, &o->repeat) || o->repeat < 1;
      break;
    case O_WEAK:
      bad = parse_int(optarg, &o->weak) || o->weak < 1;
      break;
    case O_ABLATE:
      o->ablate = 1;
      break;
    case O_CSV:
      snprintf(o->csv, sizeof o->csv, "%s", optarg);
      break;
    case O_JSON:
      snprintf(o->json, sizeof o->json, "%s", optarg);
      break;
    case O_MAIN:
    case O_QUICK:
    case O_GRID_CHECK:
      break;
    case O_SHAPE:
      bad = parse_shape_list(optarg, o);
      break;
    case O_OVERWRITE:
      o->overwrite = 1;
      break;
    case O_PLOT:
      o->plot = 1;
      break;
    case O_NO_PLOT:
      o->plot = 0;
      break;
    case O_PLOT_DIR:
      snprintf(o->plot_dir, sizeof o->plot_dir, "%s", optarg);
      break;
    case O_PLOT_SCRIPT:
      snprintf(o->plot_script, sizeof o->plot_script, "%s", optarg);
      break;
    case O_SAMPLES:
      bad = parse_int(optarg, &o->samples) || o->samples < 1;
      break;
    case O_HELP:
      if (env->rank == 0)
        bench_options_usage(stdout);
      return 1;
    default:
      bad = 1;
      break;
    }
    if (bad && env->rank == 0) {
      if (c == '?' || c == ':')
        fprintf(stderr, "rmala-bench: unknown option or missing value: %s\n", argv[optind - 1]);
      else
        fprintf(stderr, "rmala-bench: bad value for --%s: '%s'\n", long_opts[c - O_OP].name,
                optarg ? optarg : "");
    }
  }
  if (!bad && optind < argc) {
    if (env->rank == 0)
      fprintf(stderr, "rmala-bench: unexpected argument '%s'\n", argv[optind]);
    bad = 1;
  }
  if (bad) {
    if (env->rank == 0)
      bench_options_usage(stderr);
    return -1;
  }
  // gemm's types: --op ?gemm names its type (dgemm: the only one before
  // --dtype, so old command lines run what they ran); with --op gemm too,
  // or --dtype, those types are added.
  if (any_op_type)
    for (int t = 0; t < DT_COUNT; t++)
      o->dtypes[t] = op_types[t] || ((op_gemm || dtypes_given) && o->dtypes[t]);
  // Unset per-impl block sizes fall back to the general list.
  if (!o->nnb_rma_tiled) {
    memcpy(o->nb_rma_tiled, o->nb, sizeof o->nb);
    o->nnb_rma_tiled = o->nnb;
  }
  if (!o->nnb_rma_sp) {
    memcpy(o->nb_rma_sp, o->nb, sizeof o->nb);
    o->nnb_rma_sp = o->nnb;
  }
  if (!o->nnb_sp) {
    memcpy(o->nb_sp, o->nb, sizeof o->nb);
    o->nnb_sp = o->nnb;
  }
  if (!o->plot_dir[0]) {
    const char *slash = strrchr(o->csv, '/');
    if (slash)
      snprintf(o->plot_dir, sizeof o->plot_dir, "%.*s/plots", (int)(slash - o->csv), o->csv);
    else
      snprintf(o->plot_dir, sizeof o->plot_dir, "plots");
  }
  return 0;
}
