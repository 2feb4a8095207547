/*
 * A seeded fuzzer of the ScaLAPACK front-end: the routines the drop-in
 * serves (rma_p?gemm, ?getrf, ?getrs, ?potrf, ?potrs, ?trsm, ?trmm, ?syrk,
 * ?herk, ?trtri, ?potri; s, d, c, z) called with random legal and illegal
 * arguments and descriptors, each call checked against ScaLAPACK itself on
 * a copy of the same local arrays.
 *
 * A case (the same on every rank: case i draws from a generator seeded by
 * hash(seed, i)): a routine and type; a BLACS context from the list made
 * once (every nprow x npcol = P, row- and column-major, and sub-grids: the
 * ranks 1 .. P-1, and ranks P-1, 0 as 2 x 1); sizes 0 .. 40 (3% up to
 * 300); per matrix MB, NB in {1, 2, 3, 4, 5, 7, 8, 16, 32, 64}, RSRC /
 * CSRC, IA / JA offsets, M / N beyond the window, LLD just legal (local
 * rows) or padded, DTYPE 1 or 2 (IMB = MB, INB = NB); transposes, UPLO,
 * SIDE, DIAG (upper or lower case), alpha / beta 0, 1 or other; 10% of
 * the P?POTRF and P?TRTRI ones with a diagonal entry -1 / 0 (INFO > 0:
 * ScaLAPACK's INFO, nothing written outside the window). Layouts
 * of the routines with INFO follow ScaLAPACK's alignment rules (MB = NB,
 * windows on block boundaries, B's rows A's) in 90% of their cases,
 * PBLAS routines take any.
 * About 30% of the cases then break one thing: a character, a negative
 * size, IA or JA = 0, a descriptor's DTYPE, CTXT (another context), MB,
 * NB, RSRC, CSRC, LLD one below the local rows (legal for PBLAS when the
 * window is empty: compared as a legal case), M or N one short of the
 * window, or a DTYPE 2 first block IMB != MB (not served); CTXT is another
 * context of the same shape (Debian's P?POTRS does not check DESCB's
 * context: P?TRSM aborts inside it, so P?POTRS's code there is written out
 * too).
 * Checks, every call:
 *   - never a crash or a hang (ctest's timeout);
 *   - the code: routines with INFO give ScaLAPACK's INFO for the same call
 *     (P?POTRI excepted: Debian's misbehaves on illegal arguments, its
 *     CHK1MAT numbering is written out); PBLAS routines (which abort on an
 *     illegal argument) give rmala's documented PXERBLA numbering, written
 *     out per kind: -i scalar i, -(100 i + j) entry j of descriptor i
 *     counted in the caller's descriptor, a window past M or N blaming IA
 *     or JA (PB_Cchkmat's rule); RMA_ERR_NOT_IMPLEMENTED for IMB != MB;
 *     ranks outside the context -(100 i + 2) for the descriptor the context
 *     is read from; the same on every rank of the context;
 *   - nothing written outside the routine's output window: every local
 *     element outside it (padding rows LLD > local rows included) and 16
 *     guard elements before and after each local array bitwise as before;
 *     after an illegal call every array bitwise as before;
 *   - legal calls: the window equal to ScaLAPACK's result up to
 *     ratio = max|R - S| / (eps scale) <= 16 (eps the type's unit roundoff,
 *     R rmala's, S ScaLAPACK's; scale per routine, printed with the worst
 *     ratio); getrf's pivots equal. Triangular and factor inputs are made
 *     well conditioned (diagonal + order + 1, unit triangles' off-diagonal
 *     / (order + 1)); getrs / potrs solve with a factor written directly
 *     (pivots the identity). A legal call ScaLAPACK refuses that rmala
 *     serves (documented beyond-ScaLAPACK layouts) is checked by its guards
 *     and the entries outside its window only.
 * Environment: RMALA_FUZZ_SEED (default 24; "time": from the clock),
 * RMALA_FUZZ_CASES (default per np, 1/16 under AddressSanitizer),
 * RMALA_FUZZ_FIRST (first case index: replay one case with CASES=1 at the
 * same np), RMALA_FUZZ_TRACE=1 (rank 0 prints each case before running
 * it: the last line names a case that crashed or hung). MPI waits yield
 * (Open MPI's mpi_yield_when_idle, unless set). Prints the seed, cases run,
 * the legal / illegal split and the worst ratio per routine; a failure
 * prints the case in full with its replay line. Exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L // setenv, dup, dup2
#include <complex.h>
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Debian's P?POTRI reads outside the local array under AddressSanitizer (see
// test_ptriangle_types.c): that build checks rmala's potri by its guards only.
#if defined(__SANITIZE_ADDRESS__)
#define FZ_ASAN 1
#else
#define FZ_ASAN 0
#endif

#include "pd_testutil.h"
#include "rmala.h"
#include "typed_elem.h"

void Cblacs_gridmap(int *ictxt, int *usermap, int ldumap, int nprow, int npcol);

// ScaLAPACK's routines this file calls beyond pd_testutil.h's.
#define DECLARE(x, T)                                                                              \
  void p##x##trsm_(const char *, const char *, const char *, const char *, const int *,            \
                   const int *, const T *, const T *, const int *, const int *, const int *, T *,  \
                   const int *, const int *, const int *, size_t, size_t, size_t, size_t);         \
  void p##x##potrs_(const char *, const int *, const int *, const T *, const int *, const int *,   \
                    const int *, T *, const int *, const int *, const int *, int *, size_t);
DECLARE(s, float)
DECLARE(d, double)
DECLARE(c, float _Complex)
DECLARE(z, double _Complex)
#define DECLARE_GEMM(x, T)                                                                         \
  void p##x##gemm_(const char *, const char *, const int *, const int *, const int *, const T *,   \
                   const T *, const int *, const int *, const int *, const T *, const int *,       \
                   const int *, const int *, const T *, T *, const int *, const int *,             \
                   const int *);
DECLARE_GEMM(s, float)
DECLARE_GEMM(c, float _Complex)
DECLARE_GEMM(z, double _Complex)

enum {
  R_GEMM,
  R_GETRF,
  R_GETRS,
  R_POTRF,
  R_POTRS,
  R_TRSM,
  R_TRMM,
  R_SYRK,
  R_HERK,
  R_TRTRI,
  R_POTRI,
  NR
};
static const char *const rname[NR] = {"gemm", "getrf", "getrs", "potrf", "potrs", "trsm",
                                      "trmm", "syrk",  "herk",  "trtri", "potri"};
// PBLAS routines: no INFO (they abort on an illegal argument).
static const int pblas[NR] = {1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0};
// Character arguments (positions 1 .. nch), then sizes (positions nch + 1 ..).
static const int nch[NR] = {2, 0, 1, 1, 1, 4, 4, 2, 2, 2, 1};
static const int nsz[NR] = {3, 2, 2, 1, 2, 2, 2, 2, 2, 1, 1};
// Matrices (the first one's descriptor gives the context, PBLAS's rule too).
static const int nmat[NR] = {3, 1, 2, 1, 2, 2, 2, 2, 2, 1, 1};

enum {
  K_NONE,
  K_CHAR,
  K_NEG,
  K_IA0,
  K_JA0,
  K_DTYPE,
  K_CTXT,
  K_MB0,
  K_NB0,
  K_RSRC,
  K_CSRC,
  K_LLD,
  K_MPAST,
  K_NPAST,
  K_UNSERVED,
  NK
};
static const char *const kname[NK] = {
    "legal",  "char", "negative size", "IA = 0",        "JA = 0",  "DTYPE",   "CTXT",     "MB = 0",
    "NB = 0", "RSRC", "CSRC",          "LLD too small", "M short", "N short", "IMB != MB"};

#define RATIO(r, f) RT_RATIO(r, "max|R - S| / (eps " f ")", 16)
static rt_ratio_t ratios[NR] = {RATIO("gemm", "(|alpha| k max|A| max|B| + |beta| max|C0|)"),
                                RATIO("getrf", "max(m, n) max(max|S|, max|A0|)"),
                                RATIO("getrs", "n max|S|"),
                                RATIO("potrf", "n max|S|"),
                                RATIO("potrs", "n max|S|"),
                                RATIO("trsm", "k (max|S| + |alpha| max|B0|)"),
                                RATIO("trmm", "(|alpha| k max|A| max|B0|)"),
                                RATIO("syrk", "(|alpha| k max|A|^2 + |beta| max|C0|)"),
                                RATIO("herk", "(|alpha| k max|A|^2 + |beta| max|C0|)"),
                                RATIO("trtri", "n max|T| max|S|^2"),
                                RATIO("potri", "n max|F|^2 max|S|^2")};

// One matrix argument: its window (1-based ia, ja; rows x cols), where its
// arguments sit, and the distribution drawn for it.
typedef struct {
  int rows, cols, ia, ja;        /* window */
  int rpos, cpos, dpos;          /* argument positions: rows, cols, descriptor */
  int M, N, MB, NB, rs, cs, pad; /* array drawn */
  int dtype;
} fz_win_t;

typedef struct {
  long index;
  int r, t, grid;
  char ch[4];
  int sz[3];
  double complex alpha, beta;
  fz_win_t w[3];
  int kind, which, lower; /* perturbation, its matrix or argument, lower-case chars */
  int zero_at;            /* potrf / trtri: diagonal entry (1-based) made <= 0, INFO > 0 */
} fz_case_t;

// A matrix's local arrays: rmala's (x), ScaLAPACK's copy (s) and the input
// (in), each with GUARD guard elements before and after.
enum { GUARD = 16 };
typedef struct {
  pd_tmatrix_t x;
  void *s, *in;
  int desc[11], sdesc[11]; /* given to rmala; to ScaLAPACK (DTYPE 1 for INFO routines) */
  int inside;
} fz_mat_t;

typedef struct {
  int ictxt, twin, nprow, npcol, inside; /* twin: another context of the same shape */
  char what[48];
} fz_grid_t;

static fz_grid_t grids[16];
static int ngrids, me, np;
static int trace; /* RMALA_FUZZ_TRACE=1: every case printed before its call */
static long nlegal, nillegal, nbeyond, npositive, noutside, nrun[NR];

// ---- Drawing cases ----------------------------------------------------------

static uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A size: 0 .. 40, 3% up to 300.
static int draw_size(unsigned *st) {
  return rt_rand(st, 100) < 3 ? rt_rand(st, 301) : rt_rand(st, 41);
}

static int draw_block(unsigned *st) {
  static const int b[10] = {1, 2, 3, 4, 5, 7, 8, 16, 32, 64};
  return b[rt_rand(st, 10)];
}

static double complex draw_scalar(unsigned *st, int t) {
  int k = rt_rand(st, 4);
  double complex v = k == 0 ? 0.0 : k == 1 ? 1.0 : CMPLX(-0.75, 0.5);
  return te_complex(t) ? v : creal(v);
}

// The windows of case c from its sizes and characters: extents and the
// positions of their arguments.
static void windows(fz_case_t *c) {
  const int *s = c->sz;
  fz_win_t *w = c->w;
  int ta, tb, na;
  switch (c->r) {
  case R_GEMM:
    ta = c->ch[0] != 'N' && c->ch[0] != 'n', tb = c->ch[1] != 'N' && c->ch[1] != 'n';
    w[0].rows = ta ? s[2] : s[0], w[0].cols = ta ? s[0] : s[2];
    w[0].rpos = ta ? 5 : 3, w[0].cpos = ta ? 3 : 5, w[0].dpos = 10;
    w[1].rows = tb ? s[1] : s[2], w[1].cols = tb ? s[2] : s[1];
    w[1].rpos = tb ? 4 : 5, w[1].cpos = tb ? 5 : 4, w[1].dpos = 14;
    w[2].rows = s[0], w[2].cols = s[1], w[2].rpos = 3, w[2].cpos = 4, w[2].dpos = 19;
    break;
  case R_GETRF:
    w[0].rows = s[0], w[0].cols = s[1], w[0].rpos = 1, w[0].cpos = 2, w[0].dpos = 6;
    break;
  case R_GETRS:
  case R_POTRS:
    w[0].rows = w[0].cols = s[0], w[0].rpos = w[0].cpos = 2, w[0].dpos = 7;
    w[1].rows = s[0], w[1].cols = s[1], w[1].rpos = 2, w[1].cpos = 3;
    w[1].dpos = c->r == R_GETRS ? 12 : 11;
    break;
  case R_POTRF:
  case R_POTRI:
    w[0].rows = w[0].cols = s[0], w[0].rpos = w[0].cpos = 2, w[0].dpos = 6;
    break;
  case R_TRTRI:
    w[0].rows = w[0].cols = s[0], w[0].rpos = w[0].cpos = 3, w[0].dpos = 7;
    break;
  case R_TRSM:
  case R_TRMM:
    na = c->ch[0] == 'R' || c->ch[0] == 'r';
    w[0].rows = w[0].cols = s[na], w[0].rpos = w[0].cpos = 5 + na, w[0].dpos = 11;
    w[1].rows = s[0], w[1].cols = s[1], w[1].rpos = 5, w[1].cpos = 6, w[1].dpos = 15;
    break;
  default: // syrk, herk
    ta = c->ch[1] != 'N' && c->ch[1] != 'n';
    w[0].rows = ta ? s[1] : s[0], w[0].cols = ta ? s[0] : s[1];
    w[0].rpos = ta ? 4 : 3, w[0].cpos = ta ? 3 : 4, w[0].dpos = 9;
    w[1].rows = w[1].cols = s[0], w[1].rpos = w[1].cpos = 3, w[1].dpos = 14;
  }
}

// The legal characters of routine r's argument i for type t.
static const char *legal_chars(int r, int t, int i) {
  switch (r) {
  case R_GEMM:
  case R_GETRS:
    return "NTC";
  case R_TRSM:
  case R_TRMM:
    return i == 0 ? "LR" : i == 1 ? "LU" : i == 2 ? "NTC" : "NU";
  case R_SYRK:
    return i == 0 ? "LU" : te_complex(t) ? "NT" : "NTC";
  case R_HERK:
    return i == 0 ? "LU" : "NC";
  case R_TRTRI:
    return i == 0 ? "LU" : "NU";
  default:
    return "LU";
  }
}

// 1 when case c's broken LLD is legal: PBLAS takes any LLD >= 1 for an
// empty window (PB_Cchkmat).
static int lld_relaxed(const fz_case_t *c) {
  const fz_win_t *w = &c->w[c->which];
  return c->kind == K_LLD && pblas[c->r] && (w->rows == 0 || w->cols == 0);
}

// Case index of the run with seed: legal, then (30%) one thing broken.
static void draw(fz_case_t *c, uint64_t seed, long index) {
  unsigned st = (unsigned)mix(seed * 1000003u + (uint64_t)index);
  memset(c, 0, sizeof *c);
  c->index = index;
  c->r = rt_rand(&st, NR), c->t = rt_rand(&st, TE_NTYPES);
  if (c->r == R_HERK && !te_complex(c->t))
    c->r = R_SYRK;
  c->grid = rt_rand(&st, ngrids);
  const fz_grid_t *g = &grids[c->grid];
  c->lower = rt_rand(&st, 10) == 0;
  for (int i = 0; i < nch[c->r]; i++) {
    const char *set = legal_chars(c->r, c->t, i);
    c->ch[i] = set[rt_rand(&st, (int)strlen(set))];
  }
  for (int i = 0; i < nsz[c->r]; i++)
    c->sz[i] = draw_size(&st);
  c->alpha = draw_scalar(&st, c->t), c->beta = draw_scalar(&st, c->t);
  if (c->r == R_HERK)
    c->alpha = creal(c->alpha), c->beta = creal(c->beta);
  windows(c);
  // INFO routines: ScaLAPACK's alignment, but 10% of the legal cases (not
  // P?POTRI's, see above) off it, as rmala documents it serves (ScaLAPACK
  // checks the alignment before DESCB's context: broken cases stay aligned).
  int breaks = rt_rand(&st, 10) < 3;
  int aligned = !pblas[c->r] && (c->r == R_POTRI || breaks || rt_rand(&st, 10) != 0);
  for (int i = 0; i < nmat[c->r]; i++) {
    fz_win_t *w = &c->w[i];
    w->MB = draw_block(&st), w->NB = aligned ? w->MB : draw_block(&st);
    w->rs = rt_rand(&st, g->nprow), w->cs = rt_rand(&st, g->npcol);
    w->ia = 1 + (aligned ? w->MB * rt_rand(&st, 3) : rt_rand(&st, 7));
    w->ja = 1 + (aligned ? w->NB * rt_rand(&st, 3) : rt_rand(&st, 7));
    w->M = w->ia - 1 + w->rows + rt_rand(&st, 4), w->N = w->ja - 1 + w->cols + rt_rand(&st, 4);
    static const int pads[4] = {0, 0, 1, 3};
    w->pad = pads[rt_rand(&st, 4)];
    w->dtype = rt_rand(&st, 4) == 0 ? 2 : 1;
  }
  if (c->r == R_GETRS || c->r == R_POTRS) { // B's rows are A's (ScaLAPACK's rule)
    c->w[1].MB = c->w[0].MB, c->w[1].rs = c->w[0].rs, c->w[1].ia = c->w[0].ia;
    c->w[1].ja = 1 + c->w[1].NB * rt_rand(&st, 2);
    c->w[1].M = c->w[1].ia - 1 + c->w[1].rows + rt_rand(&st, 4);
    c->w[1].N = c->w[1].ja - 1 + c->w[1].cols + rt_rand(&st, 4);
  }
  if (c->r == R_POTRF || c->r == R_TRTRI || c->r == R_POTRI || c->r == R_GETRS ||
      c->r == R_POTRS) // square windows at the same offset in their blocks
    c->w[0].ja = c->w[0].ia, c->w[0].N = c->w[0].M;
  if (breaks) {
    c->kind = 1 + rt_rand(&st, NK - 1);
    c->which = rt_rand(&st, c->kind == K_CHAR  ? nch[c->r]
                            : c->kind == K_NEG ? nsz[c->r]
                                               : nmat[c->r]);
    const fz_win_t *w = &c->w[c->which];
    int empty = w->rows == 0 || w->cols == 0;
    // Kinds that do not apply to this case stay legal.
    if ((c->kind == K_CHAR && nch[c->r] == 0) || (c->kind == K_CTXT && c->which == 0) ||
        ((c->kind == K_MPAST || c->kind == K_NPAST) && empty) ||
        (c->kind == K_MPAST && w->ia + w->rows - 2 < 1) ||
        (c->kind == K_NPAST && w->ja + w->cols - 2 < 1) || (c->kind == K_UNSERVED && w->MB == 1))
      c->kind = K_NONE;
    if (c->kind != K_NONE && c->kind != K_UNSERVED && !pblas[c->r])
      for (int i = 0; i < nmat[c->r]; i++) // ScaLAPACK's own numbering is DTYPE 1's
        c->w[i].dtype = 1;
  }
  if (c->kind == K_CHAR)
    c->ch[c->which] = 'Q';
  else if (c->kind == K_NEG)
    c->sz[c->which] = -1 - rt_rand(&st, 3);
  else if (c->kind == K_IA0)
    c->w[c->which].ia = 0;
  else if (c->kind == K_JA0)
    c->w[c->which].ja = 0;
  else if (c->kind == K_UNSERVED) // LLD room for the rows IMB = MB - 1 moves
    c->w[c->which].dtype = 2, c->w[c->which].pad = c->w[c->which].MB;
  // 10% of the legal aligned P?POTRF / P?TRTRI (DIAG 'N') cases: INFO j > 0.
  if (c->kind == K_NONE && aligned && c->sz[0] > 0 &&
      (c->r == R_POTRF || (c->r == R_TRTRI && c->ch[1] == 'N')) && rt_rand(&st, 10) == 0)
    c->zero_at = 1 + rt_rand(&st, c->sz[0]);
  if (c->lower)
    for (int i = 0; i < nch[c->r]; i++)
      c->ch[i] = (char)(c->ch[i] - 'A' + 'a');
}

// The case in full, with the line that replays it.
static void describe(const fz_case_t *c, uint64_t seed, char *out, size_t len) {
  int at = snprintf(out, len,
                    "case %ld (replay: RMALA_FUZZ_SEED=%llu RMALA_FUZZ_FIRST=%ld "
                    "RMALA_FUZZ_CASES=1, np %d): rma_p%c%s [%s] grid %s chars '%.4s' sizes",
                    c->index, (unsigned long long)seed, c->index, np, te_name(c->t), rname[c->r],
                    kname[c->kind], grids[c->grid].what, c->ch);
  for (int i = 0; i < nsz[c->r]; i++)
    at += snprintf(out + at, len - (size_t)at, " %d", c->sz[i]);
  if (c->zero_at)
    at += snprintf(out + at, len - (size_t)at, " diagonal entry %d made %s", c->zero_at,
                   c->r == R_POTRF ? "-1" : "0");
  at += snprintf(out + at, len - (size_t)at, " alpha %g%+gi beta %g%+gi", creal(c->alpha),
                 cimag(c->alpha), creal(c->beta), cimag(c->beta));
  for (int i = 0; i < nmat[c->r]; i++) {
    const fz_win_t *w = &c->w[i];
    at += snprintf(out + at, len - (size_t)at,
                   "; %c: %dx%d at (%d,%d) of %dx%d, %dx%d blocks from (%d,%d), pad %d, DTYPE %d",
                   "ABC"[i], w -> rows, w -> cols, w -> ia, w -> ja, w -> M, w -> N, w -> MB,
                   w -> NB, w -> rs, w -> cs, w -> pad, w -> dtype);
  }
  if (c->kind)
    snprintf(out + at, len - (size_t)at, "; broken: %s of %s %d", kname[c->kind],
             c->kind == K_CHAR  ? "char"
             : c->kind == K_NEG ? "size"
                                : "matrix",
             c->which);
}

// ---- Matrices with guards ---------------------------------------------------

static const unsigned char guard_byte = 0xA5;

static void *guarded(size_t es, long len) {
  unsigned char *p = malloc(es * (size_t)(len + 2 * GUARD));
  memset(p, guard_byte, es * GUARD);
  memset(p + es * (size_t)(GUARD + len), guard_byte, es * GUARD);
  return p + es * GUARD;
}

static void unguard(void *p, size_t es) {
  if (p)
    free((unsigned char *)p - es * GUARD);
}

// 1 when p's guards are intact.
static int guards_ok(const void *p, size_t es, long len) {
  const unsigned char *b = (const unsigned char *)p - es * GUARD;
  const unsigned char *a = (const unsigned char *)p + es * (size_t)len;
  for (size_t i = 0; i < es * GUARD; i++)
    if (b[i] != guard_byte || a[i] != guard_byte)
      return 0;
  return 1;
}

// Window w's matrix of type t on grid g, entries of seed; the copies.
static void make(fz_mat_t *m, const fz_case_t *c, int i, uint64_t seed) {
  const fz_win_t *w = &c->w[i];
  const fz_grid_t *g = &grids[c->grid];
  size_t es = te_size(c->t);
  memset(m, 0, sizeof *m);
  m->inside = g->inside;
  if (g->inside) {
    pd_tmatrix_make(&m->x, c->t, g->ictxt, w->M, w->N, w->MB, w->NB, w->rs, w->cs, w->pad, seed);
  } else { // not in the context: the descriptor only, one element
    m->x = (pd_tmatrix_t){
        {1, g->ictxt, w->M, w->N, w->MB, w->NB, w->rs, w->cs, 1}, NULL, c->t, 0, 0, 1, 1};
    m->x.data = calloc(1, es);
  }
  void *data = guarded(es, m->x.len);
  memcpy(data, m->x.data, es * (size_t)m->x.len);
  free(m->x.data);
  m->x.data = data;
  m->s = guarded(es, m->x.len), m->in = guarded(es, m->x.len);
  memcpy(m->desc, m->x.desc, sizeof(int) * 9);
}

// After shaping: the DTYPE 2 form, the perturbation, the copies.
static void finish(fz_mat_t *m, const fz_case_t *c, int i) {
  const fz_win_t *w = &c->w[i];
  const fz_grid_t *g = &grids[c->grid];
  size_t es = te_size(c->t);
  int *d = m->desc, x = w->dtype == 2 ? 2 : 0;
  memcpy(m->sdesc, d, sizeof(int) * 9);
  if (x) { // DTYPE CTXT M N IMB INB MB NB RSRC CSRC LLD
    int d1[9];
    memcpy(d1, d, sizeof d1);
    int d2[11] = {2, d1[1], d1[2], d1[3], d1[4], d1[5], d1[4], d1[5], d1[6], d1[7], d1[8]};
    memcpy(d, d2, sizeof d2);
  }
  if (c->which == i)
    switch (c->kind) {
    case K_DTYPE:
      d[0] = 3;
      break;
    case K_CTXT:
      d[1] = g->twin; // same shape: the entries stay legal, only CTXT is wrong
      break;
    case K_MB0:
      d[4 + x] = 0;
      break;
    case K_NB0:
      d[5 + x] = 0;
      break;
    case K_RSRC:
      d[6 + x] = g->nprow;
      break;
    case K_CSRC:
      d[7 + x] = g->npcol;
      break;
    case K_LLD: { // one below the local rows where this rank holds columns
      int low = m->x.locr >= 2 && m->x.locc > 0, any = low;
      MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      d[8 + x] = low ? m->x.locr - 1 : any || lld_relaxed(c) ? d[8 + x] : 0;
      break;
    }
    case K_MPAST:
      d[2] = w->ia + w->rows - 2;
      break;
    case K_NPAST:
      d[3] = w->ja + w->cols - 2;
      break;
    case K_UNSERVED:
      d[4] = w->MB - 1;
      break;
    }
  if (pblas[c->r] || c->kind != K_NONE) // ScaLAPACK's copy sees what rmala sees
    memcpy(m->sdesc, d, sizeof m->sdesc);
  memcpy(m->s, m->x.data, es * (size_t)m->x.len);
  memcpy(m->in, m->x.data, es * (size_t)m->x.len);
}

static void release(fz_mat_t *m) {
  size_t es = te_size(m->x.t);
  unguard(m->x.data, es), unguard(m->s, es), unguard(m->in, es);
}

// Window (i0, j0, n x n) (0-based) well conditioned for the routines'
// triangles and factors: mode 'D' diagonal + n + 1 (sign kept), 'H' real
// diagonal |.| + n + 1, 'U' off-diagonal / (n + 1) (unit diagonal), 'L'
// strictly lower part / (n + 1) and diagonal + n + 1 (an LU factor); then
// diagonal entry zero_at (1-based, 0 none) := value.
static void condition(fz_mat_t *m, int i0, int j0, int rows, int cols, char mode, int zero_at,
                      double value) {
  pd_tmatrix_t *x = &m->x;
  if (!m->inside)
    return;
  int n = rows > cols ? rows : cols;
  for (int lj = 0; lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int gi, gj;
      pd_tmatrix_global(x, li, lj, &gi, &gj);
      gi -= i0, gj -= j0;
      if (gi < 0 || gj < 0 || gi >= rows || gj >= cols)
        continue;
      long e = li + (long)lj * x->lld;
      double complex v = te_get(x->t, x->data, e);
      if (gi == gj && mode == 'H')
        v = fabs(creal(v)) + n + 1;
      else if (gi == gj && (mode == 'D' || mode == 'L'))
        v += creal(v) >= 0 ? n + 1 : -(n + 1);
      else if (gi != gj && (mode == 'U' || (mode == 'L' && gi > gj)))
        v /= n + 1;
      if (gi == gj && gi + 1 == zero_at)
        v = value;
      te_put(x->t, x->data, e, v);
    }
}

// ---- The calls ----------------------------------------------------------------

// Routine c->r on the matrices: rmala's (sca 0, returns its code) or
// ScaLAPACK's on the copies (sca 1, returns INFO; 0 for PBLAS).
static int call(const fz_case_t *c, fz_mat_t *m, int *ipiv, int sca) {
  const char *h = c->ch;
  const int *s = c->sz;
  const fz_win_t *w = c->w;
  void *A = sca ? m[0].s : m[0].x.data, *B = nmat[c->r] > 1 ? (sca ? m[1].s : m[1].x.data) : NULL;
  void *C = nmat[c->r] > 2 ? (sca ? m[2].s : m[2].x.data) : NULL;
  const int *dA = sca ? m[0].sdesc : m[0].desc, *dB = sca ? m[1].sdesc : m[1].desc;
  const int *dC = sca ? m[2].sdesc : m[2].desc;
  int info = 0;
  switch (c->r) {
#define CALL(x)                                                                                    \
  {                                                                                                \
    TE_T_##x al = (TE_T_##x)c->alpha, be = (TE_T_##x)c->beta;                                      \
    if (sca)                                                                                       \
      p##x##gemm_(h, h + 1, s, s + 1, s + 2, &al, A, &w[0].ia, &w[0].ja, dA, B, &w[1].ia,          \
                  &w[1].ja, dB, &be, C, &w[2].ia, &w[2].ja, dC);                                   \
    else                                                                                           \
      info = rma_p##x##gemm(h[0], h[1], s[0], s[1], s[2], al, A, w[0].ia, w[0].ja, dA, B, w[1].ia, \
                            w[1].ja, dB, be, C, w[2].ia, w[2].ja, dC);                             \
    break;                                                                                         \
  }
  case R_GEMM:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##getrf_(s, s + 1, A, &w[0].ia, &w[0].ja, dA, ipiv, &info);                                \
  else                                                                                             \
    info = rma_p##x##getrf(s[0], s[1], A, w[0].ia, w[0].ja, dA, ipiv);                             \
  break;
  case R_GETRF:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##getrs_(h, s, s + 1, A, &w[0].ia, &w[0].ja, dA, ipiv, B, &w[1].ia, &w[1].ja, dB, &info,   \
                 1);                                                                               \
  else                                                                                             \
    info =                                                                                         \
        rma_p##x##getrs(h[0], s[0], s[1], A, w[0].ia, w[0].ja, dA, ipiv, B, w[1].ia, w[1].ja, dB); \
  break;
  case R_GETRS:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##potrf_(h, s, A, &w[0].ia, &w[0].ja, dA, &info, 1);                                       \
  else                                                                                             \
    info = rma_p##x##potrf(h[0], s[0], A, w[0].ia, w[0].ja, dA);                                   \
  break;
  case R_POTRF:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##potrs_(h, s, s + 1, A, &w[0].ia, &w[0].ja, dA, B, &w[1].ia, &w[1].ja, dB, &info, 1);     \
  else                                                                                             \
    info = rma_p##x##potrs(h[0], s[0], s[1], A, w[0].ia, w[0].ja, dA, B, w[1].ia, w[1].ja, dB);    \
  break;
  case R_POTRS:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  {                                                                                                \
    TE_T_##x al = (TE_T_##x)c->alpha;                                                              \
    if (sca && c->r == R_TRSM)                                                                     \
      p##x##trsm_(h, h + 1, h + 2, h + 3, s, s + 1, &al, A, &w[0].ia, &w[0].ja, dA, B, &w[1].ia,   \
                  &w[1].ja, dB, 1, 1, 1, 1);                                                       \
    else if (sca)                                                                                  \
      p##x##trmm_(h, h + 1, h + 2, h + 3, s, s + 1, &al, A, &w[0].ia, &w[0].ja, dA, B, &w[1].ia,   \
                  &w[1].ja, dB, 1, 1, 1, 1);                                                       \
    else if (c->r == R_TRSM)                                                                       \
      info = rma_p##x##trsm(h[0], h[1], h[2], h[3], s[0], s[1], al, A, w[0].ia, w[0].ja, dA, B,    \
                            w[1].ia, w[1].ja, dB);                                                 \
    else                                                                                           \
      info = rma_p##x##trmm(h[0], h[1], h[2], h[3], s[0], s[1], al, A, w[0].ia, w[0].ja, dA, B,    \
                            w[1].ia, w[1].ja, dB);                                                 \
    break;                                                                                         \
  }
  case R_TRSM:
  case R_TRMM:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  {                                                                                                \
    TE_T_##x al = (TE_T_##x)c->alpha, be = (TE_T_##x)c->beta;                                      \
    if (sca)                                                                                       \
      p##x##syrk_(h, h + 1, s, s + 1, &al, A, &w[0].ia, &w[0].ja, dA, &be, B, &w[1].ia, &w[1].ja,  \
                  dB, 1, 1);                                                                       \
    else                                                                                           \
      info = rma_p##x##syrk(h[0], h[1], s[0], s[1], al, A, w[0].ia, w[0].ja, dA, be, B, w[1].ia,   \
                            w[1].ja, dB);                                                          \
    break;                                                                                         \
  }
  case R_SYRK:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
  case R_HERK:
    if (c->t == TE_C) {
      float al = (float)creal(c->alpha), be = (float)creal(c->beta);
      if (sca)
        pcherk_(h, h + 1, s, s + 1, &al, A, &w[0].ia, &w[0].ja, dA, &be, B, &w[1].ia, &w[1].ja, dB,
                1, 1);
      else
        info = rma_pcherk(h[0], h[1], s[0], s[1], al, A, w[0].ia, w[0].ja, dA, be, B, w[1].ia,
                          w[1].ja, dB);
    } else {
      double al = creal(c->alpha), be = creal(c->beta);
      if (sca)
        pzherk_(h, h + 1, s, s + 1, &al, A, &w[0].ia, &w[0].ja, dA, &be, B, &w[1].ia, &w[1].ja, dB,
                1, 1);
      else
        info = rma_pzherk(h[0], h[1], s[0], s[1], al, A, w[0].ia, w[0].ja, dA, be, B, w[1].ia,
                          w[1].ja, dB);
    }
    break;
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##trtri_(h, h + 1, s, A, &w[0].ia, &w[0].ja, dA, &info, 1, 1);                             \
  else                                                                                             \
    info = rma_p##x##trtri(h[0], h[1], s[0], A, w[0].ia, w[0].ja, dA);                             \
  break;
  case R_TRTRI:
    TE_DISPATCH(c->t, CALL)
    break;
#undef CALL
#define CALL(x)                                                                                    \
  if (sca)                                                                                         \
    p##x##potri_(h, s, A, &w[0].ia, &w[0].ja, dA, &info, 1);                                       \
  else                                                                                             \
    info = rma_p##x##potri(h[0], s[0], A, w[0].ia, w[0].ja, dA);                                   \
  break;
  default:
    TE_DISPATCH(c->t, CALL)
#undef CALL
  }
  return info;
}

// The code rmala documents for an illegal case (PXERBLA's numbering; a
// window past M or N blamed as PB_Cchkmat (PBLAS) or CHK1MAT does).
static int expected_code(const fz_case_t *c) {
  const fz_win_t *w = &c->w[c->which];
  int d = 100 * w->dpos, x = w->dtype == 2 ? 2 : 0;
  switch (c->kind) {
  case K_CHAR:
    return -(c->which + 1);
  case K_NEG:
    return -(nch[c->r] + c->which + 1);
  case K_IA0:
    return -(w->dpos - 2);
  case K_JA0:
    return -(w->dpos - 1);
  case K_DTYPE:
    return -(d + 1);
  case K_CTXT:
    return -(d + 2);
  case K_MB0:
    return -(d + 5 + x);
  case K_NB0:
    return -(d + 6 + x);
  case K_RSRC:
    return -(d + 7 + x);
  case K_CSRC:
    return -(d + 8 + x);
  case K_LLD:
    return -(d + 9 + x);
  case K_MPAST:
    return pblas[c->r] || w->rows == 1 ? -(w->dpos - 2) : -w->rpos;
  case K_NPAST:
    return pblas[c->r] || w->cols == 1 ? -(w->dpos - 1) : -w->cpos;
  default:
    return RMA_ERR_NOT_IMPLEMENTED;
  }
}

// stdout and stderr to /dev/null while the calls print their refusals (on
// 1), back on 0. gfortran buffers PXERBLA's lines and writes them when its
// buffer fills (inside a call) or at exit.
static void quiet(int on) {
  static int saved[2] = {-1, -1};
  fflush(stdout), fflush(stderr);
  for (int f = 1; f <= 2; f++)
    if (on) {
      int null = open("/dev/null", O_WRONLY);
      saved[f - 1] = dup(f);
      dup2(null, f);
      close(null);
    } else if (saved[f - 1] >= 0) {
      dup2(saved[f - 1], f);
      close(saved[f - 1]);
      saved[f - 1] = -1;
    }
}

// ---- Checking one case --------------------------------------------------------

static double gmax(double v) {
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return v;
}

// max |entries| of local array a of m in window (i0, j0, rows x cols),
// 0-based, over the ranks; the whole array when rows < 0.
static double wmax(const fz_mat_t *m, const void *a, int i0, int j0, int rows, int cols) {
  double most = 0;
  const pd_tmatrix_t *x = &m->x;
  for (int lj = 0; m->inside && lj < x->locc; lj++)
    for (int li = 0; li < x->locr; li++) {
      int gi, gj;
      pd_tmatrix_global(x, li, lj, &gi, &gj);
      if (rows >= 0 && (gi < i0 || gj < j0 || gi >= i0 + rows || gj >= j0 + cols))
        continue;
      double v = cabs(te_get(x->t, a, li + (long)lj * x->lld));
      most = isnan(v) ? INFINITY : fmax(most, v);
    }
  return gmax(most);
}

// max |R - S| in the window; entries outside it (padding included) that
// differ from the input bitwise, summed over the ranks (*outside).
static double wdiff(const fz_mat_t *m, const fz_win_t *w, long *outside) {
  const pd_tmatrix_t *x = &m->x;
  size_t es = te_size(x->t);
  double most = 0;
  long bad = 0;
  for (int lj = 0; m->inside && lj < (x->locc > 1 ? x->locc : 1); lj++)
    for (int li = 0; li < x->lld; li++) {
      long e = li + (long)lj * x->lld;
      int gi = -1, gj = -1;
      if (li < x->locr && lj < x->locc)
        pd_tmatrix_global(x, li, lj, &gi, &gj);
      gi -= w->ia - 1, gj -= w->ja - 1;
      if (gi >= 0 && gj >= 0 && gi < w->rows && gj < w->cols && li < x->locr && lj < x->locc) {
        double v = cabs(te_get(x->t, x->data, e) - te_get(x->t, m->s, e));
        most = isnan(v) ? INFINITY : fmax(most, v);
      } else
        bad += memcmp((char *)x->data + es * (size_t)e, (char *)m->in + es * (size_t)e, es) != 0;
    }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  *outside = bad;
  return gmax(most);
}

// 1 on every rank when every array of the case is bitwise its input and
// every guard intact (written: the matrix whose window may change, -1 none).
static int untouched(const fz_case_t *c, fz_mat_t *m, int written, char *what, size_t len) {
  int bad = 0;
  for (int i = 0; i < nmat[c->r]; i++) {
    size_t es = te_size(c->t);
    if (!guards_ok(m[i].x.data, es, m[i].x.len) || !guards_ok(m[i].s, es, m[i].x.len))
      bad |= 1 << (2 * i);
    if (i != written && memcmp(m[i].x.data, m[i].in, es * (size_t)m[i].x.len) != 0)
      bad |= 2 << (2 * i);
  }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
  int at = 0;
  what[0] = '\0';
  for (int i = 0; i < 3; i++) {
    if (bad & 1 << (2 * i))
      at += snprintf(what + at, len - (size_t)at, " guards of %c overwritten;", "ABC"[i]);
    if (bad & 2 << (2 * i))
      at += snprintf(what + at, len - (size_t)at, " %c changed;", "ABC"[i]);
  }
  return bad == 0;
}

// The matrix the routine writes.
static int written(int r) {
  return r == R_GEMM ? 2
         : r == R_GETRS || r == R_POTRS || r == R_TRSM || r == R_TRMM || r == R_SYRK || r == R_HERK
             ? 1
             : 0;
}

// The identity pivots of the local rows (global row numbers, 1-based).
static int *pivots(const fz_case_t *c, const fz_mat_t *a) {
  int n = a->x.locr + c->w[0].MB + 1;
  int *ipiv = calloc((size_t)n, sizeof(int));
  const fz_grid_t *g = &grids[c->grid];
  int myrow = 0, mycol, nprow, npcol;
  if (g->inside)
    Cblacs_gridinfo(g->ictxt, &nprow, &npcol, &myrow, &mycol);
  for (int li = 0; li < a->x.locr; li++)
    ipiv[li] = rt_global(li, c->w[0].MB, myrow, c->w[0].rs, g->nprow) + 1;
  return ipiv;
}

static void run_case(const fz_case_t *c, uint64_t seed) {
  fz_mat_t m[3];
  int n = nmat[c->r], wr = written(c->r);
  char what[1400], why[200];
  describe(c, seed, what, sizeof what);
  if (trace && me == 0) // a crash or a hang: the last line is the case
    fprintf(stderr, "test_fuzz: %s\n", what), fflush(stderr);
  uint64_t ms = mix(seed ^ (uint64_t)c->index);
  for (int i = 0; i < n; i++)
    make(&m[i], c, i, ms % 100000 + 10 * (uint64_t)i);
  // Inputs made well conditioned where the routine solves or factors.
  const fz_win_t *w = c->w;
  int z = c->zero_at;
  double zv = c->r == R_POTRF ? -1.0 : 0.0;
  char uplo_unit = c->ch[3] == 'U' || c->ch[3] == 'u' ? 'U' : 'D';
  char diag = c->ch[1] == 'U' || c->ch[1] == 'u' ? 'U' : 'D';
  switch (c->r) {
  case R_GETRF:
    condition(&m[0], w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols, 'D', z, zv);
    break;
  case R_GETRS:
    condition(&m[0], w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols, 'L', z, zv);
    break;
  case R_POTRF:
  case R_POTRS:
  case R_POTRI:
    condition(&m[0], w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols, 'H', z, zv);
    break;
  case R_TRSM:
    condition(&m[0], w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols, uplo_unit, z, zv);
    break;
  case R_TRTRI:
    condition(&m[0], w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols, diag, z, zv);
    break;
  }
  for (int i = 0; i < n; i++)
    finish(&m[i], c, i);
  int *ipiv = pivots(c, &m[0]), *spiv = pivots(c, &m[0]);
  nrun[c->r]++;
  const fz_grid_t *g = &grids[c->grid];
  // The calls print their refusals (PXERBLA, rmala's message): quiet.
  int want = 0, info = 0, illegal = c->kind != K_NONE && !lld_relaxed(c);
  quiet(1);
  if (!g->inside) {
    noutside++;
    const fz_win_t *cw = &c->w[0];
    want = c->kind == K_DTYPE && c->which == 0 ? -(100 * cw->dpos + 1) : -(100 * cw->dpos + 2);
  } else if (illegal) {
    want = expected_code(c);
    // ScaLAPACK's INFO (not P?POTRI's, nor for a distribution it never takes).
    if (!pblas[c->r] && c->r != R_POTRI && c->kind != K_UNSERVED &&
        !(c->r == R_POTRS && c->kind == K_CTXT))
      want = call(c, m, spiv, 1);
  } else if (!(c->r == R_POTRI && FZ_ASAN)) {
    info = call(c, m, spiv, 1);
  }
  int rc = call(c, m, ipiv, 0);
  quiet(0);
  // Every rank's code against its own expectation; INFO < 0 of a legal
  // case: ScaLAPACK refused a layout rmala serves (guards checked only).
  int beyond = !illegal && g->inside && info < 0 && rc == 0;
  if (!illegal && g->inside && info != 0 && !beyond)
    want = info;
  int bad = rc != want && !beyond, any;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &beyond, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any) {
    int pair[2] = {rc, want}, *all = malloc(sizeof(int) * 2 * (size_t)np);
    MPI_Allgather(pair, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    char got[300];
    int at = 0;
    for (int r = 0; r < np && at < 260; r++)
      at += snprintf(got + at, sizeof got - (size_t)at, " %d(want %d)", all[2 * r], all[2 * r + 1]);
    rt_fail_same("%s: code per rank:%s", what, got);
    free(all);
  }
  // The case's class, the same on every rank: refused (illegal, or a legal
  // layout ScaLAPACK and rmala both refuse), INFO > 0 (ScaLAPACK's), beyond
  // ScaLAPACK, or compared.
  int refused = illegal || (g->inside && want < 0), positive = g->inside && want > 0, legal_run;
  MPI_Allreduce(MPI_IN_PLACE, &refused, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &positive, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  legal_run = !refused && !positive && (!g->inside || rc == 0);
  MPI_Allreduce(MPI_IN_PLACE, &legal_run, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (refused)
    nillegal++;
  else if (positive)
    npositive++;
  else if (beyond)
    nbeyond++;
  else
    nlegal++;
  // Nothing outside the output window (nothing at all when refused).
  int writes = (legal_run || (positive && !refused)) && g->inside;
  if (!untouched(c, m, writes ? wr : -1, why, sizeof why))
    rt_fail_same("%s:%s", what, why);
  if (positive && !refused) { // INFO > 0: the window's content is the routine's own
    long outside;
    wdiff(&m[wr], &c->w[wr], &outside);
    if (outside)
      rt_fail_same("%s: %ld entries outside the output window changed", what, outside);
  }
  if (legal_run) {
    const fz_win_t *o = &c->w[wr];
    long outside;
    double d = wdiff(&m[wr], o, &outside);
    if (outside)
      rt_fail_same("%s: %ld entries outside the output window changed", what, outside);
    if (!beyond && !(c->r == R_POTRI && FZ_ASAN)) {
      double eps = te_eps(c->t), scale = 0,
             S = wmax(&m[wr], m[wr].s, o->ia - 1, o->ja - 1, o->rows, o->cols);
      double a0 = wmax(&m[0], m[0].in, w[0].ia - 1, w[0].ja - 1, w[0].rows, w[0].cols);
      double b0 = n > 1 ? wmax(&m[1], m[1].in, w[1].ia - 1, w[1].ja - 1, w[1].rows, w[1].cols) : 0;
      double c0 = n > 2 ? wmax(&m[2], m[2].in, w[2].ia - 1, w[2].ja - 1, w[2].rows, w[2].cols) : 0;
      double al = cabs(c->alpha), be = cabs(c->beta);
      int k = c->sz[nsz[c->r] - 1], nn = c->sz[0];
      switch (c->r) {
      case R_GEMM:
        scale = al * k * a0 * b0 + be * c0;
        break;
      case R_SYRK:
      case R_HERK:
        scale = al * k * a0 * a0 + be * b0;
        break;
      case R_TRMM:
        scale = al * w[0].rows * a0 * b0;
        break;
      case R_TRSM:
        scale = w[0].rows * (S + al * b0);
        break;
      case R_TRTRI:
        scale = nn * a0 * S * S;
        break;
      case R_POTRI:
        scale = nn * a0 * a0 * S * S;
        break;
      case R_GETRF:
        scale = (nn > k ? nn : k) * fmax(S, a0);
        break;
      default: // potrf, getrs, potrs
        scale = nn * S;
      }
      double ratio = d == 0 ? 0 : d / (eps * scale);
      if (!rt_ratio(&ratios[c->r], ratio))
        rt_fail_same("%s: ratio %.3g", what, ratio);
      if (c->r == R_GETRF) { // the pivots of the window's rows
        int diffs = 0, mn = w[0].rows < w[0].cols ? w[0].rows : w[0].cols;
        for (int li = 0; g->inside && li < m[0].x.locr; li++) {
          int gi, gj;
          pd_tmatrix_global(&m[0].x, li, 0, &gi, &gj);
          gi -= w[0].ia - 1;
          diffs += gi >= 0 && gi < mn && ipiv[li] != spiv[li];
        }
        if (rt_any(diffs))
          rt_fail_same("%s: pivots differ from ScaLAPACK's", what);
      }
    }
  }
  free(ipiv), free(spiv);
  for (int i = 0; i < n; i++)
    release(&m[i]);
}

// ---- Grids and main -----------------------------------------------------------

// A context over ranks (nprow x npcol, column-major), or over every rank
// in order.
static int context(const int *ranks, int nprow, int npcol, const char *order) {
  int ictxt;
  Cblacs_get(-1, 0, &ictxt);
  if (ranks) {
    int map[8];
    for (int i = 0; i < nprow * npcol; i++)
      map[i] = ranks[i];
    Cblacs_gridmap(&ictxt, map, nprow, nprow, npcol);
  } else {
    Cblacs_gridinit(&ictxt, order, nprow, npcol);
  }
  return ictxt;
}

static void add_grid(const int *ranks, int nprow, int npcol, const char *order, const char *what) {
  fz_grid_t *g = &grids[ngrids++];
  g->ictxt = context(ranks, nprow, npcol, order);
  g->twin = context(ranks, nprow, npcol, order);
  g->nprow = nprow, g->npcol = npcol;
  int r, q, mr, mc;
  Cblacs_gridinfo(g->ictxt, &r, &q, &mr, &mc);
  g->inside = r >= 1 && mr >= 0;
  snprintf(g->what, sizeof g->what, "%dx%d %s", nprow, npcol, what);
}

static long env_long(const char *name, long dflt) {
  const char *v = getenv(name);
  return v && *v ? strtol(v, NULL, 10) : dflt;
}

int main(int argc, char **argv) {
  // Open MPI polls without yielding when np <= the cores (np 2 here): on 2
  // shared cores under load (average 10) 800 cases took 39 s, 1.9 s with
  // waits that yield. The caller's setting wins.
  setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  for (int p = 1; p <= np; p++)
    if (np % p == 0) {
      add_grid(NULL, p, np / p, "Row", "row-major");
      if (p > 1 && np / p > 1)
        add_grid(NULL, p, np / p, "Col", "column-major");
    }
  if (np >= 2) {
    int rest[8], two[2] = {np - 1, 0};
    for (int i = 0; i < np - 1; i++)
      rest[i] = i + 1;
    add_grid(rest, 1, np - 1, NULL, "ranks 1..P-1");
    if (np >= 3)
      add_grid(two, 2, 1, NULL, "ranks P-1, 0");
  }
  // The seed and the cases: the same on every rank (rank 0's).
  const char *sv = getenv("RMALA_FUZZ_SEED");
  unsigned long long seed = sv && strcmp(sv, "time") == 0
                                ? (unsigned long long)time(NULL)
                                : (unsigned long long)env_long("RMALA_FUZZ_SEED", 24);
  // 20,000 cases for np 1-4 together: 70 s on 2 cores shared with a load average of 10.
  static const long per_np[5] = {0, 10000, 4000, 3000, 3000};
  long cases = env_long("RMALA_FUZZ_CASES", np <= 4 ? per_np[np] : 1000);
  if (FZ_ASAN && !getenv("RMALA_FUZZ_CASES"))
    cases /= 16;
  long first = env_long("RMALA_FUZZ_FIRST", 0);
  trace = env_long("RMALA_FUZZ_TRACE", 0) != 0;
  long head[3] = {(long)seed, cases, first};
  MPI_Bcast(head, 3, MPI_LONG, 0, MPI_COMM_WORLD);
  seed = (unsigned long long)head[0], cases = head[1], first = head[2];
  if (me == 0)
    printf("test_fuzz: np %d, seed %llu (RMALA_FUZZ_SEED), cases %ld from %ld "
           "(RMALA_FUZZ_CASES, RMALA_FUZZ_FIRST), %d contexts\n",
           np, seed, cases, first, ngrids);
  double t0 = MPI_Wtime();
  for (long i = first; i < first + cases; i++) {
    fz_case_t c;
    draw(&c, seed, i);
    run_case(&c, seed);
  }
  double t1 = MPI_Wtime();
  if (me == 0) {
    printf("test_fuzz: %ld cases in %.1f s: %ld legal compared with ScaLAPACK, %ld legal with "
           "ScaLAPACK's INFO > 0, %ld legal beyond ScaLAPACK (guards only), %ld illegal; %ld on "
           "ranks outside their context\n",
           cases, t1 - t0, nlegal, npositive, nbeyond, nillegal, noutside);
    printf("test_fuzz: calls per routine:");
    for (int r = 0; r < NR; r++)
      printf(" %s %ld", rname[r], nrun[r]);
    printf("\n");
  }
  int status = rt_finish("test_fuzz", ratios, NR);
  quiet(1); // what gfortran still buffers of PXERBLA's messages, flushed at exit
  for (int i = 0; i < ngrids; i++)
    if (grids[i].inside)
      Cblacs_gridexit(grids[i].ictxt), Cblacs_gridexit(grids[i].twin);
  rma_finalize();
  MPI_Finalize();
  return status;
}
