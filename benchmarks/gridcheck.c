/*
 * gridcheck.c — `--grid-check`: one run over the grid of configurations the
 * performance targets are stated for, then one table per group with each
 * cell's ratio and whether it meets its target ("ok") or not ("MISS").
 *
 * Groups (n = --n, default 4096; nb = --nb, default 64, 128, 256; the grid
 * is the first of --grid or the near-square default):
 *   dgemm  rma_dgemm on {tiled, ScaLAPACK layout} x {NN, NT, TN, TT} x nb,
 *          next to pdgemm of the same transposes and nb and the limit
 *          (OpenBLAS, as many threads as ranks on the node);
 *          targets >= 1.00x pdgemm same cell, >= 0.85x limit
 *          (tiled, largest nb, NN: >= 0.95x limit).
 *   LU     rma_lu with partial pivoting on a random matrix, {tiled,
 *          ScaLAPACK} x nb, timed on the FIRST call after a fresh rma_init
 *          (no warm-up; the repeats after it are reported as the warm time),
 *          next to pdgetrf of the same nb (best of the repeats after a
 *          warm-up); targets first call >= 1.00x pdgetrf same nb, best rma
 *          cell >= 1.05x best pdgetrf cell, first call's time <= 1.05x the
 *          median of the later calls.
 *   nopiv  rma_lu without pivoting on a diagonally dominant matrix vs the
 *          LAPACKE dgetrf limit on the same matrix; target >= 0.95x.
 *   small  dgemm n = 256 and 1024, nb = 32, both layouts, NN and NT vs
 *          pdgemm; target >= 1.00x. More repeats (5 x --repeat): short calls.
 *   types  gemm in s (n) and in c and z (n / 2: 2048 by default) on {tiled,
 *          ScaLAPACK layout} x {NN, NT (s) / NC (c, z)} x nb {64, 256}
 *          (--nb replaces them), next to p?gemm of the same type,
 *          transposes and nb and the limit of the type (cblas_?gemm, as many
 *          threads as ranks on the node); targets >= 1.00x p?gemm same
 *          cell, >= 0.85x limit. Complex flops: 8mnk.
 *   zgetrf rma_lu with partial pivoting on a double complex random matrix
 *          (n / 2: 2048 by default), {tiled, ScaLAPACK} x nb {64, 128}
 *          (16, 32 with --quick), first call after a fresh rma_init, next to
 *          pzgetrf of the same nb; target first call >= 1.00x pzgetrf.
 *          Complex flops: 8/3 n^3.
 *   potrf  rma_potrf in d (n) and z (n / 2), UPLO L and U, on GA's {tiled,
 *          ScaLAPACK} layouts x nb and rma_p?potrf on ScaLAPACK's own
 *          arrays (rma-pd, the drop-in's path), first call after a fresh
 *          rma_init (rma-pd: after rma_finalize, as a program's first), next to
 *          p?potrf of the same nb and the LAPACKE ?potrf limit on the same
 *          matrix; targets first call >= 1.00x p?potrf of the same nb,
 *          >= 0.85x limit. Flops: n^3 / 3 (complex: 4/3 n^3).
 *   trsm   rma_trsm SIDE L, UPLO L, TRANSA N, DIAG N, m = n, in d, on {tiled,
 *          ScaLAPACK} x nb, next to pdtrsm of the same nb and the limit
 *          (cblas_dtrsm, as many threads as ranks on the node); target
 *          >= 1.00x pdtrsm of the same nb. Flops: m^2 n.
 * --dtype selects the groups: d (dgemm, small, LU, nopiv, dpotrf, dtrsm), s, c, z
 * (the type cells; z also zgetrf and zpotrf) (default all); --op selects
 * gemm, LU, potrf and trsm.
 * Every rma cell starts from a fresh library (rma_finalize + rma_init,
 * untimed): cells do not depend on the order they run in, and lib_MB is the
 * cell's own tile store and mailbox, not capacity pooled by an earlier call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const gc_trans[4] = {"NN", "NT", "TN", "TT"};

// The type cells: their types, size (n for s, n / 2 for c and z: about the
// same time per call as dgemm at n) and second transpose pair.
static const bench_dtype_t gc_types[3] = {DT_S, DT_C, DT_Z};
static int type_n(bench_dtype_t dt, int n) { return dt == DT_S ? n : n / 2 > 0 ? n / 2 : 1; }
static const char *type_trans(bench_dtype_t dt, int t) {
  return t == 0 ? "NN" : dt == DT_S ? "NT" : "NC";
}

// The peers and rma cells of one group; nbs/nnb the block sizes of all.
static void gc_group(bench_case_list_t *l, bench_case_t base, int with_limit, int with_sp,
                     const int *nbs, int nnb) {
  if (with_limit) {
    bench_case_t c = base;
    c.impl = IMPL_LIMIT;
    c.nb = c.p = c.q = 0;
    c.first_call = 0;
    c.layout = LAYOUT_NONE;
    bench_case_push(l, c);
  }
  if (with_sp)
    for (int b = 0; b < nnb; b++) {
      bench_case_t c = base;
      c.impl = IMPL_SCALAPACK;
      c.nb = nbs[b];
      c.first_call = 0;
      c.layout = LAYOUT_NONE;
      bench_case_push(l, c);
    }
  for (int lay = 0; lay < 2; lay++)
    for (int b = 0; b < nnb; b++) {
      bench_case_t c = base;
      c.impl = IMPL_RMA;
      c.layout = (bench_layout_t)lay;
      c.nb = nbs[b];
      c.fresh = 1;
      bench_case_push(l, c);
    }
}

int bench_gridcheck_cases(const bench_opts_t *o, const bench_env_t *env, const int *gp,
                          const int *gq, bench_case_list_t *l) {
  (void)env;
  int group = 0;
  bench_case_t base = {.p = gp[0], .q = gq[0], .pivot = 1, .layout = LAYOUT_NONE};
  if (o->ops[OP_GEMM] && o->dtypes[DT_D]) {
    // Small problems first.
    for (int i = 0; i < o->ngc_small; i++)
      for (int t = 0; t < 2; t++) {
        bench_case_t c = base;
        c.op = OP_GEMM;
        c.m = c.n = c.k = o->gc_small[i];
        c.ta = gc_trans[t][0];
        c.tb = gc_trans[t][1];
        c.section = GC_SMALL;
        c.repeat = 5 * o->repeat;
        c.group = group++;
        gc_group(l, c, 0, 1, &o->gc_small_nb, 1);
      }
  }
  for (int i = 0; i < o->nn; i++) {
    int n = o->n[i];
    if (o->ops[OP_GEMM] && o->dtypes[DT_D])
      for (int t = 0; t < 4; t++) {
        bench_case_t c = base;
        c.op = OP_GEMM;
        c.m = c.n = c.k = n;
        c.ta = gc_trans[t][0];
        c.tb = gc_trans[t][1];
        c.section = GC_DGEMM;
        c.group = group++;
        gc_group(l, c, 1, 1, o->nb, o->nnb);
      }
    if (o->ops[OP_LU] && o->dtypes[DT_D]) {
      bench_case_t c = base;
      c.op = OP_LU;
      c.m = c.n = n;
      c.ta = c.tb = 'N';
      c.section = GC_LU_FIRST;
      c.first_call = 1;
      c.group = group++;
      gc_group(l, c, 1, 1, o->nb, o->nnb);
      c.section = GC_LU_NOPIV;
      c.first_call = 0;
      c.pivot = 0;
      c.group = group++;
      gc_group(l, c, 1, 0, o->nb, o->nnb);
    }
    if (o->ops[OP_LU] && o->dtypes[DT_Z]) { // zgetrf at n / 2, first call, vs pzgetrf
      bench_case_t c = base;
      c.op = OP_LU;
      c.dt = DT_Z;
      c.m = c.n = type_n(DT_Z, n);
      c.ta = c.tb = 'N';
      c.section = GC_LU_TYPES;
      c.first_call = 1;
      c.group = group++;
      gc_group(l, c, 0, 1, o->gc_lut_nb, o->ngc_lut_nb);
    }
    if (o->ops[OP_TRSM] && o->dtypes[DT_D]) {
      bench_case_t c = base;
      c.op = OP_TRSM;
      c.m = c.n = c.k = n;
      c.ta = c.tb = 'N';
      c.uplo = 'L';
      c.section = GC_TRSM;
      c.group = group++;
      gc_group(l, c, 1, 1, o->nb, o->nnb);
    }
    for (int d = 0; d < 2 && o->ops[OP_POTRF]; d++) { // dpotrf at n, zpotrf at n / 2
      bench_dtype_t dt = d ? DT_Z : DT_D;
      if (!o->dtypes[dt])
        continue;
      for (int u = 0; u < 2; u++) {
        bench_case_t c = base;
        c.op = OP_POTRF;
        c.dt = dt;
        c.m = c.n = dt == DT_D ? n : type_n(dt, n);
        c.ta = c.tb = 'N';
        c.uplo = "LU"[u];
        c.pivot = 0;
        c.section = GC_POTRF;
        c.first_call = 1;
        c.group = group++;
        gc_group(l, c, 1, 1, o->nb, o->nnb);
        for (int b = 0; b < o->nnb; b++) { // rma_p?potrf on ScaLAPACK's own arrays
          bench_case_t pd = c;
          pd.impl = IMPL_RMA_PD;
          pd.layout = LAYOUT_NONE;
          pd.nb = o->nb[b];
          bench_case_push(l, pd);
        }
      }
    }
    for (int d = 0; d < 3 && o->ops[OP_GEMM]; d++) {
      bench_dtype_t dt = gc_types[d];
      if (!o->dtypes[dt])
        continue;
      for (int t = 0; t < 2; t++) {
        bench_case_t c = base;
        c.op = OP_GEMM;
        c.dt = dt;
        c.m = c.n = c.k = type_n(dt, n);
        c.ta = type_trans(dt, t)[0];
        c.tb = type_trans(dt, t)[1];
        c.section = GC_TYPES;
        c.group = group++;
        gc_group(l, c, 1, 1, o->gc_type_nb, o->ngc_type_nb);
      }
    }
  }
  return l->count;
}

/* ---- tables ------------------------------------------------------------ */

typedef struct {
  int ok, miss, na;
} tally_t;

// The row of a section with these fields and element type (nb 0 and layout
// LAYOUT_NONE for the limit), or NULL.
static const bench_result_t *find_dt(const bench_result_t *rows, int count, bench_section_t sec,
                                     bench_dtype_t dt, int n, bench_impl_t impl, bench_layout_t lay,
                                     char ta, char tb, int nb) {
  for (int i = 0; i < count; i++) {
    const bench_case_t *c = &rows[i].c;
    if (c->section == sec && c->dt == dt && c->n == n && c->impl == impl && c->ta == ta &&
        c->tb == tb && (impl != IMPL_RMA || c->layout == lay) &&
        (impl == IMPL_LIMIT || c->nb == nb))
      return &rows[i];
  }
  return NULL;
}

// find_dt for the double sections.
static const bench_result_t *find(const bench_result_t *rows, int count, bench_section_t sec, int n,
                                  bench_impl_t impl, bench_layout_t lay, char ta, char tb, int nb) {
  return find_dt(rows, count, sec, DT_D, n, impl, lay, ta, tb, nb);
}

static double gf_of(const bench_result_t *r) {
  return r && r->status == ST_OK && r->gflops > 0 ? r->gflops : -1.0;
}

static void gf_str(const bench_result_t *r, char *buf, size_t len) {
  double g = gf_of(r);
  if (g > 0)
    snprintf(buf, len, "%.2f", g);
  else
    snprintf(buf, len, "%s", r ? (r->status == ST_OK ? "-" : bench_status_name(r->status)) : "-");
}

// "1.023 ok" / "0.840 MISS" for rma / peer against target; "- n/a" when a
// side has no OK row (a failed rma cell counts as a miss: it met nothing).
static void verdict(const bench_result_t *rma, double peer, double target, tally_t *t, char *buf,
                    size_t len) {
  double g = gf_of(rma);
  if (rma && rma->status != ST_OK && rma->status != ST_NOT_IMPLEMENTED) {
    snprintf(buf, len, "%s MISS", bench_status_name(rma->status));
    t->miss++;
  } else if (g < 0 || peer <= 0) {
    snprintf(buf, len, "n/a");
    t->na++;
  } else {
    double r = g / peer;
    int ok = r >= target;
    snprintf(buf, len, "%.3f %s", r, ok ? "ok" : "MISS");
    ok ? t->ok++ : t->miss++;
  }
}

// "1.032 ok" / "1.081 MISS": what the first call costs over a later one,
// time_first / time_median of the repeats after it, against at most 1.05.
// The median, not the best: one first call set against the fastest of R
// later ones would carry the machine's run-to-run noise (a few % here) as
// a cost. (The best's ratio is printed next to it.)
static void first_cost(const bench_result_t *r, tally_t *t, char *buf, size_t len) {
  if (!r || r->status != ST_OK || r->time_first <= 0 || r->time_median <= 0) {
    snprintf(buf, len, "n/a");
    t->na++;
    return;
  }
  double q = r->time_first / r->time_median;
  int ok = q <= 1.05;
  snprintf(buf, len, "%.3f %s", q, ok ? "ok" : "MISS");
  ok ? t->ok++ : t->miss++;
}

static const char *lay_name(int lay) { return lay == LAYOUT_TILED ? "tiled" : "scalapack"; }

static void print_dgemm(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                        tally_t *t) {
  const bench_result_t *any = find(rows, count, GC_DGEMM, n, IMPL_LIMIT, LAYOUT_NONE, 'N', 'N', 0);
  if (!find(rows, count, GC_DGEMM, n, IMPL_RMA, LAYOUT_TILED, 'N', 'N', o->nb[0]))
    return;
  int nbmax = 0;
  for (int b = 0; b < o->nnb; b++)
    nbmax = o->nb[b] > nbmax ? o->nb[b] : nbmax;
  printf("\nGrid check: dgemm n=%d, GFLOP/s; peers of the same transposes (and nb for pdgemm); "
         "limit = OpenBLAS, %s\n",
         n, any ? any->note : "not run");
  printf("  targets: rma >= 1.00x pdgemm of the same cell; >= 0.85x limit (tiled nb %d NN: "
         ">= 0.95x)\n",
         nbmax);
  printf("  %-5s %-10s %4s %9s %9s %-12s %9s %-12s\n", "trans", "layout", "nb", "rma", "pdgemm",
         "vs_pdgemm", "limit", "vs_limit");
  for (int tr = 0; tr < 4; tr++) {
    char ta = gc_trans[tr][0], tb = gc_trans[tr][1];
    const bench_result_t *lim = find(rows, count, GC_DGEMM, n, IMPL_LIMIT, LAYOUT_NONE, ta, tb, 0);
    for (int lay = 0; lay < 2; lay++)
      for (int b = 0; b < o->nnb; b++) {
        int nb = o->nb[b];
        const bench_result_t *r =
            find(rows, count, GC_DGEMM, n, IMPL_RMA, (bench_layout_t)lay, ta, tb, nb);
        const bench_result_t *sp =
            find(rows, count, GC_DGEMM, n, IMPL_SCALAPACK, LAYOUT_NONE, ta, tb, nb);
        if (!r)
          continue;
        double lt = lay == LAYOUT_TILED && nb == nbmax && tr == 0 ? 0.95 : 0.85;
        char g[16], gs[16], gl[16], v1[24], v2[24];
        gf_str(r, g, sizeof g);
        gf_str(sp, gs, sizeof gs);
        gf_str(lim, gl, sizeof gl);
        verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
        verdict(r, gf_of(lim), lt, t, v2, sizeof v2);
        printf("  %-5s %-10s %4d %9s %9s %-12s %9s %-12s%s\n", gc_trans[tr], lay_name(lay), nb, g,
               gs, v1, gl, v2, lt > 0.9 ? " (0.95)" : "");
      }
  }
}

static void print_lu(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                     tally_t *t) {
  if (!find(rows, count, GC_LU_FIRST, n, IMPL_RMA, LAYOUT_TILED, 'N', 'N', o->nb[0]))
    return;
  const char *smb = getenv("RMALA_STORE_MB");
  printf("\nGrid check: rma_lu with partial pivoting, random matrix, n=%d, GFLOP/s\n", n);
  printf("  first = rma's FIRST call after a fresh rma_init, no warm-up (the reported time)%s%s;\n"
         "  warm = best of the %d repeats after it; pdgetrf = best of %d after a warm-up\n",
         smb && *smb ? ", RMALA_STORE_MB=" : ", RMALA_STORE_MB unset", smb && *smb ? smb : "",
         o->repeat, o->repeat);
  printf("  targets: first call >= 1.00x pdgetrf of the same nb; best rma cell >= 1.05x best "
         "pdgetrf cell;\n  first call's time <= 1.05x a later call's (median of the repeats; "
         "over the best: /best)\n");
  printf("  %-10s %4s %9s %9s %9s %-14s %-9s %-11s %-6s %s\n", "layout", "nb", "first", "warm",
         "pdgetrf", "first/pdgetrf", "warm/pdg", "first/later", "/best", "pivots moving rows");
  const bench_result_t *best = NULL, *best_sp = NULL;
  for (int lay = 0; lay < 2; lay++)
    for (int b = 0; b < o->nnb; b++) {
      int nb = o->nb[b];
      const bench_result_t *r =
          find(rows, count, GC_LU_FIRST, n, IMPL_RMA, (bench_layout_t)lay, 'N', 'N', nb);
      const bench_result_t *sp =
          find(rows, count, GC_LU_FIRST, n, IMPL_SCALAPACK, LAYOUT_NONE, 'N', 'N', nb);
      if (!r)
        continue;
      if (gf_of(r) > 0 && (!best || r->gflops > best->gflops))
        best = r;
      if (lay == 0 && gf_of(sp) > 0 && (!best_sp || sp->gflops > best_sp->gflops))
        best_sp = sp;
      char g[16], gw[16], gs[16], v1[24], w[16], mv[32];
      gf_str(r, g, sizeof g);
      gf_str(sp, gs, sizeof gs);
      double warm =
          r->status == ST_OK && r->time_warm > 0 ? bench_flops(&r->c) / r->time_warm * 1e-9 : -1.0;
      if (warm > 0)
        snprintf(gw, sizeof gw, "%.2f", warm);
      else
        snprintf(gw, sizeof gw, "-");
      if (warm > 0 && gf_of(sp) > 0)
        snprintf(w, sizeof w, "%.3f", warm / sp->gflops);
      else
        snprintf(w, sizeof w, "-");
      if (r->moved >= 0)
        snprintf(mv, sizeof mv, "%d of %d", r->moved, n);
      else
        snprintf(mv, sizeof mv, "-");
      verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
      char fc[24], fb[16] = "-";
      first_cost(r, t, fc, sizeof fc);
      if (r->status == ST_OK && r->time_first > 0 && r->time_warm > 0)
        snprintf(fb, sizeof fb, "%.3f", r->time_first / r->time_warm);
      printf("  %-10s %4d %9s %9s %9s %-14s %-9s %-11s %-6s %s\n", lay_name(lay), nb, g, gw, gs, v1,
             w, fc, fb, mv);
    }
  char v[24];
  verdict(best, gf_of(best_sp), 1.05, t, v, sizeof v);
  if (best && best_sp)
    printf("  best: rma %s nb %d first call %.2f vs pdgetrf nb %d %.2f: %s (target 1.05)\n",
           lay_name(best->c.layout), best->c.nb, best->gflops, best_sp->c.nb, best_sp->gflops, v);
  else
    printf("  best: %s (no OK rma or pdgetrf cell)\n", v);
}

static void print_nopiv(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                        tally_t *t) {
  if (!find(rows, count, GC_LU_NOPIV, n, IMPL_RMA, LAYOUT_TILED, 'N', 'N', o->nb[0]))
    return;
  const bench_result_t *lim =
      find(rows, count, GC_LU_NOPIV, n, IMPL_LIMIT, LAYOUT_NONE, 'N', 'N', 0);
  char gl[16];
  gf_str(lim, gl, sizeof gl);
  printf("\nGrid check: rma_lu without pivoting, diagonally dominant matrix, n=%d, best of %d "
         "after a warm-up,\n  vs LAPACKE dgetrf on the same matrix (%s): %s GFLOP/s\n",
         n, o->repeat, lim ? lim->note : "not run", gl);
  printf("  target: >= 0.95x the limit\n");
  printf("  %-10s %4s %9s %-12s\n", "layout", "nb", "rma", "vs_limit");
  for (int lay = 0; lay < 2; lay++)
    for (int b = 0; b < o->nnb; b++) {
      const bench_result_t *r =
          find(rows, count, GC_LU_NOPIV, n, IMPL_RMA, (bench_layout_t)lay, 'N', 'N', o->nb[b]);
      if (!r)
        continue;
      char g[16], v[24];
      gf_str(r, g, sizeof g);
      verdict(r, gf_of(lim), 0.95, t, v, sizeof v);
      printf("  %-10s %4d %9s %-12s\n", lay_name(lay), o->nb[b], g, v);
    }
}

static void print_small(const bench_opts_t *o, const bench_result_t *rows, int count, tally_t *t) {
  if (!o->ngc_small || !find(rows, count, GC_SMALL, o->gc_small[0], IMPL_RMA, LAYOUT_TILED, 'N',
                             'N', o->gc_small_nb))
    return;
  printf("\nGrid check: small dgemm, nb %d, GFLOP/s, best of %d after a warm-up\n", o->gc_small_nb,
         5 * o->repeat);
  printf("  target: rma >= 1.00x pdgemm of the same n, transposes and nb\n");
  printf("  %6s %-5s %-10s %9s %9s %-12s\n", "n", "trans", "layout", "rma", "pdgemm", "vs_pdgemm");
  for (int i = 0; i < o->ngc_small; i++)
    for (int tr = 0; tr < 2; tr++) {
      int n = o->gc_small[i];
      char ta = gc_trans[tr][0], tb = gc_trans[tr][1];
      const bench_result_t *sp =
          find(rows, count, GC_SMALL, n, IMPL_SCALAPACK, LAYOUT_NONE, ta, tb, o->gc_small_nb);
      for (int lay = 0; lay < 2; lay++) {
        const bench_result_t *r =
            find(rows, count, GC_SMALL, n, IMPL_RMA, (bench_layout_t)lay, ta, tb, o->gc_small_nb);
        if (!r)
          continue;
        char g[16], gs[16], v[24];
        gf_str(r, g, sizeof g);
        gf_str(sp, gs, sizeof gs);
        verdict(r, gf_of(sp), 1.0, t, v, sizeof v);
        printf("  %6d %-5s %-10s %9s %9s %-12s\n", n, gc_trans[tr], lay_name(lay), g, gs, v);
      }
    }
}

// The type cells of type dt at size n of --n.
static void print_types(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                        bench_dtype_t dt, tally_t *t) {
  int nt = type_n(dt, n);
  const char *op = bench_dtype_ops(dt);
  if (!find_dt(rows, count, GC_TYPES, dt, nt, IMPL_RMA, LAYOUT_TILED, 'N', 'N', o->gc_type_nb[0]))
    return;
  const bench_result_t *any =
      find_dt(rows, count, GC_TYPES, dt, nt, IMPL_LIMIT, LAYOUT_NONE, 'N', 'N', 0);
  printf("\nGrid check: %s n=%d, GFLOP/s (%s mnk flops); peers of the same transposes (and nb for "
         "p%s); limit = cblas_%s, %s\n",
         op, nt, bench_dtype_complex(dt) ? "8" : "2", op, op, any ? any->note : "not run");
  printf("  targets: rma >= 1.00x p%s of the same cell; >= 0.85x limit\n", op);
  char pname[16], vsname[16];
  snprintf(pname, sizeof pname, "p%s", op);
  snprintf(vsname, sizeof vsname, "vs_p%s", op);
  printf("  %-5s %-10s %4s %9s %9s %-12s %9s %-12s\n", "trans", "layout", "nb", "rma", pname,
         vsname, "limit", "vs_limit");
  for (int tr = 0; tr < 2; tr++) {
    char ta = type_trans(dt, tr)[0], tb = type_trans(dt, tr)[1];
    const bench_result_t *lim =
        find_dt(rows, count, GC_TYPES, dt, nt, IMPL_LIMIT, LAYOUT_NONE, ta, tb, 0);
    for (int lay = 0; lay < 2; lay++)
      for (int b = 0; b < o->ngc_type_nb; b++) {
        int nb = o->gc_type_nb[b];
        const bench_result_t *r =
            find_dt(rows, count, GC_TYPES, dt, nt, IMPL_RMA, (bench_layout_t)lay, ta, tb, nb);
        const bench_result_t *sp =
            find_dt(rows, count, GC_TYPES, dt, nt, IMPL_SCALAPACK, LAYOUT_NONE, ta, tb, nb);
        if (!r)
          continue;
        char g[16], gs[16], gl[16], v1[24], v2[24];
        gf_str(r, g, sizeof g);
        gf_str(sp, gs, sizeof gs);
        gf_str(lim, gl, sizeof gl);
        verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
        verdict(r, gf_of(lim), 0.85, t, v2, sizeof v2);
        printf("  %-5s %-10s %4d %9s %9s %-12s %9s %-12s\n", type_trans(dt, tr), lay_name(lay), nb,
               g, gs, v1, gl, v2);
      }
  }
}

// The zgetrf cells at size n of --n: first call vs pzgetrf of the same nb.
static void print_lu_types(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                           tally_t *t) {
  int nt = type_n(DT_Z, n);
  if (!find_dt(rows, count, GC_LU_TYPES, DT_Z, nt, IMPL_RMA, LAYOUT_TILED, 'N', 'N',
               o->gc_lut_nb[0]))
    return;
  printf("\nGrid check: zgetrf (rma_lu on a double complex GA) with partial pivoting, random "
         "matrix, n=%d, GFLOP/s (8/3 n^3 flops)\n",
         nt);
  printf("  first = rma's FIRST call after a fresh rma_init, no warm-up (the reported time); warm = "
         "best of the repeats after it;\n  pzgetrf = best of %d after a warm-up; target: first "
         "call >= 1.00x pzgetrf of the same nb\n",
         o->repeat);
  printf("  %-10s %4s %9s %9s %9s %-14s %-9s %s\n", "layout", "nb", "first", "warm", "pzgetrf",
         "first/pzgetrf", "warm/pzg", "pivots moving rows");
  for (int lay = 0; lay < 2; lay++)
    for (int b = 0; b < o->ngc_lut_nb; b++) {
      int nb = o->gc_lut_nb[b];
      const bench_result_t *r =
          find_dt(rows, count, GC_LU_TYPES, DT_Z, nt, IMPL_RMA, (bench_layout_t)lay, 'N', 'N', nb);
      const bench_result_t *sp =
          find_dt(rows, count, GC_LU_TYPES, DT_Z, nt, IMPL_SCALAPACK, LAYOUT_NONE, 'N', 'N', nb);
      if (!r)
        continue;
      char g[16], gw[16] = "-", gs[16], v1[24], w[16] = "-", mv[32] = "-";
      gf_str(r, g, sizeof g);
      gf_str(sp, gs, sizeof gs);
      double warm =
          r->status == ST_OK && r->time_warm > 0 ? bench_flops(&r->c) / r->time_warm * 1e-9 : -1.0;
      if (warm > 0)
        snprintf(gw, sizeof gw, "%.2f", warm);
      if (warm > 0 && gf_of(sp) > 0)
        snprintf(w, sizeof w, "%.3f", warm / sp->gflops);
      if (r->moved >= 0)
        snprintf(mv, sizeof mv, "%d of %d", r->moved, nt);
      verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
      printf("  %-10s %4d %9s %9s %9s %-14s %-9s %s\n", lay_name(lay), nb, g, gw, gs, v1, w, mv);
    }
}

// The potrf row of type dt, order n, triangle uplo, impl, layout and nb.
static const bench_result_t *find_potrf(const bench_result_t *rows, int count, bench_dtype_t dt,
                                        int n, char uplo, bench_impl_t impl, bench_layout_t lay,
                                        int nb) {
  for (int i = 0; i < count; i++) {
    const bench_case_t *c = &rows[i].c;
    if (c->section == GC_POTRF && c->dt == dt && c->n == n && c->uplo == uplo &&
        c->impl == impl && (impl != IMPL_RMA || c->layout == lay) &&
        (impl == IMPL_LIMIT || c->nb == nb))
      return &rows[i];
  }
  return NULL;
}

// The potrf cells of type dt at size n of --n (z: n / 2): first call vs
// p?potrf of the same nb and vs the limit.
static void print_potrf(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                        bench_dtype_t dt, tally_t *t) {
  int nt = dt == DT_D ? n : type_n(dt, n);
  const char *op = bench_dtype_potrf(dt);
  for (int u = 0; u < 2; u++) {
    char uplo = "LU"[u];
    if (!find_potrf(rows, count, dt, nt, uplo, IMPL_RMA, LAYOUT_TILED, o->nb[0]))
      continue;
    const bench_result_t *lim = find_potrf(rows, count, dt, nt, uplo, IMPL_LIMIT, LAYOUT_NONE, 0);
    char gl[16];
    gf_str(lim, gl, sizeof gl);
    printf("\nGrid check: %s UPLO %c n=%d, GFLOP/s (%s n^3 flops); limit = LAPACKE_%s, %s: %s\n",
           op, uplo, nt, bench_dtype_complex(dt) ? "4/3" : "1/3", op, lim ? lim->note : "not run",
           gl);
    printf("  first = rma's FIRST call after a fresh rma_init (the reported time); warm = best of "
           "the repeats after it;\n  p%s = best of %d after a warm-up; targets: first call >= "
           "1.00x p%s of the same nb, >= 0.85x limit\n",
           op, o->repeat, op);
    printf("  %-10s %4s %9s %9s %9s %-14s %-9s %-12s\n", "layout", "nb", "first", "warm", "p?potrf",
           "first/p?potrf", "warm/pp", "vs_limit");
    for (int lay = 0; lay < 3; lay++) // GA tiled, GA ScaLAPACK layout, rma_p?potrf
      for (int b = 0; b < o->nnb; b++) {
        int nb = o->nb[b];
        const bench_result_t *r =
            lay < 2 ? find_potrf(rows, count, dt, nt, uplo, IMPL_RMA, (bench_layout_t)lay, nb)
                    : find_potrf(rows, count, dt, nt, uplo, IMPL_RMA_PD, LAYOUT_NONE, nb);
        const bench_result_t *sp =
            find_potrf(rows, count, dt, nt, uplo, IMPL_SCALAPACK, LAYOUT_NONE, nb);
        if (!r)
          continue;
        char g[16], gw[16] = "-", gs[16], v1[24], v2[24], w[16] = "-";
        gf_str(r, g, sizeof g);
        gf_str(sp, gs, sizeof gs);
        double warm = r->status == ST_OK && r->time_warm > 0
                          ? bench_flops(&r->c) / r->time_warm * 1e-9
                          : -1.0;
        if (warm > 0)
          snprintf(gw, sizeof gw, "%.2f", warm);
        if (warm > 0 && gf_of(sp) > 0)
          snprintf(w, sizeof w, "%.3f", warm / sp->gflops);
        verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
        verdict(r, gf_of(lim), 0.85, t, v2, sizeof v2);
        printf("  %-10s %4d %9s %9s %9s %-14s %-9s %-12s\n", lay < 2 ? lay_name(lay) : "rma-pd", nb,
               g, gw, gs, v1, w, v2);
      }
  }
}

// The dtrsm cells at size n of --n: rma vs pdtrsm of the same nb, and the limit.
static void print_trsm(const bench_opts_t *o, const bench_result_t *rows, int count, int n,
                       tally_t *t) {
  if (!find(rows, count, GC_TRSM, n, IMPL_RMA, LAYOUT_TILED, 'N', 'N', o->nb[0]))
    return;
  const bench_result_t *lim = find(rows, count, GC_TRSM, n, IMPL_LIMIT, LAYOUT_NONE, 'N', 'N', 0);
  char gl[16];
  gf_str(lim, gl, sizeof gl);
  printf("\nGrid check: dtrsm SIDE L UPLO L TRANSA N DIAG N, m=n=%d, GFLOP/s (m^2 n flops); best "
         "of %d after a warm-up;\n  limit = cblas_dtrsm, %s: %s\n",
         n, o->repeat, lim ? lim->note : "not run", gl);
  printf("  target: rma >= 1.00x pdtrsm of the same nb\n");
  printf("  %-10s %4s %9s %9s %-12s %-12s\n", "layout", "nb", "rma", "pdtrsm", "vs_pdtrsm",
         "vs_limit");
  for (int lay = 0; lay < 2; lay++)
    for (int b = 0; b < o->nnb; b++) {
      int nb = o->nb[b];
      const bench_result_t *r = find(rows, count, GC_TRSM, n, IMPL_RMA, (bench_layout_t)lay, 'N',
                                     'N', nb);
      const bench_result_t *sp =
          find(rows, count, GC_TRSM, n, IMPL_SCALAPACK, LAYOUT_NONE, 'N', 'N', nb);
      if (!r)
        continue;
      char g[16], gs[16], v1[24], vl[16] = "-";
      gf_str(r, g, sizeof g);
      gf_str(sp, gs, sizeof gs);
      verdict(r, gf_of(sp), 1.0, t, v1, sizeof v1);
      if (gf_of(r) > 0 && gf_of(lim) > 0)
        snprintf(vl, sizeof vl, "%.3f", r->gflops / lim->gflops);
      printf("  %-10s %4d %9s %9s %-12s %-12s\n", lay_name(lay), nb, g, gs, v1, vl);
    }
}

void bench_gridcheck_print(const bench_opts_t *o, const bench_env_t *env,
                           const bench_result_t *rows, int count) {
  tally_t t[11];
  memset(t, 0, sizeof t);
  int p = 0, q = 0;
  for (int i = 0; i < count && !p; i++)
    p = rows[i].c.p, q = rows[i].c.q;
  printf("\n==== Grid check: np=%d, grid %dx%d, %d rank(s) on node 0 ====\n", env->np, p, q,
         env->node_ranks);
  for (int i = 0; i < o->nn; i++) {
    print_dgemm(o, rows, count, o->n[i], &t[0]);
    print_lu(o, rows, count, o->n[i], &t[1]);
    print_nopiv(o, rows, count, o->n[i], &t[2]);
    for (int d = 0; d < 3; d++)
      print_types(o, rows, count, o->n[i], gc_types[d], &t[4 + d]);
    print_lu_types(o, rows, count, o->n[i], &t[7]);
    print_potrf(o, rows, count, o->n[i], DT_D, &t[8]);
    print_potrf(o, rows, count, o->n[i], DT_Z, &t[9]);
    print_trsm(o, rows, count, o->n[i], &t[10]);
  }
  print_small(o, rows, count, &t[3]);
  static const char *const names[11] = {
      "dgemm",          "LU first call",     "LU no-pivot",       "small dgemm",
      "sgemm",          "cgemm",             "zgemm",             "zgetrf first call",
      "dpotrf first call", "zpotrf first call", "dtrsm"};
  int ok = 0, miss = 0, na = 0;
  const char *sep = "";
  printf("\nGrid check summary (targets met / checked):");
  for (int s = 0; s < 11; s++) {
    int checked = t[s].ok + t[s].miss;
    if (!checked && !t[s].na)
      continue;
    printf("%s %s %d/%d", sep, names[s], t[s].ok, checked);
    sep = ",";
    if (t[s].na)
      printf(" (%d n/a)", t[s].na);
    ok += t[s].ok, miss += t[s].miss, na += t[s].na;
  }
  printf("\n  total: %d ok, %d MISS", ok, miss);
  if (na)
    printf(", %d n/a (a peer or the cell did not run OK)", na);
  printf("\n");
  if (env->nodes == 1 && env->node_ranks > 1)
    printf("  (timings on a shared machine vary run to run; compare cells of one run)\n");
}
