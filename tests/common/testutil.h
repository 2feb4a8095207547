/*
 * The helpers every test uses, written once (MPI and rmala's native API
 * only: no GA, no BLACS, so the GA-free build compiles them; the GA helpers
 * are in ga_testutil.h, the ScaLAPACK ones in tests/scalapack/pd_testutil.h):
 *  - the seeded generator at the global index (every library, process count
 *    and run sees the same matrix) and a small deterministic generator for
 *    drawing sweep cases;
 *  - ScaLAPACK's block-cyclic index arithmetic and native matrices filled by
 *    the generator, of doubles (rt_dmatrix_*) or of any element type
 *    (rt_tmatrix_*, the types of typed_elem.h);
 *  - failure reporting: a "FAIL rank r: reason" line and a count;
 *  - all ranks agreeing: a return code the same on every rank, a flag on any;
 *  - worst-ratio reporting: each numerical check names its formula and
 *    threshold and records every ratio it computes;
 *  - the verdict: rt_finish combines failures and worst ratios over the
 *    ranks, prints them, and gives the exit status every rank returns.
 * Unit tests (no MPI_Init) use the same calls; the collective ones then act
 * on the one process.
 */
#ifndef RMA_TEST_TESTUTIL_H
#define RMA_TEST_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "rmala.h"

/* 2^-53, the unit roundoff every residual check divides by. */
#define RT_EPS 1.1102230246251565e-16

/* ---- Generators -------------------------------------------------------- */

/* Local. Entry (i, j) (global, 0-based) of the matrix named by seed: uniform
 * in [-0.5, 0.5), the same on every machine (splitmix64 of seed and the
 * index). */
double rt_entry(uint64_t seed, long i, long j);

/* Local. The next value in [0, bound) of a small deterministic generator
 * (0 when bound <= 0). */
int rt_rand(unsigned *state, int bound);

/* ---- Block-cyclic index arithmetic ------------------------------------- */

/* Local. Global 0-based index of local index l (ScaLAPACK's INDXL2G) on
 * grid coordinate myp of np, blocks of nb, first block on src. */
int rt_global(int l, int nb, int myp, int src, int np);

/* Local. The most square process grid nprow x npcol = p, nprow <= npcol. */
void rt_grid_shape(int p, int *nprow, int *npcol);

/* ---- Native matrices (rma_dmatrix_t) filled by the generator ----------- */

/* Collective over the grid. *x = an m x n matrix on grid g in mb x nb
 * blocks from grid position (rs, cs), entry (i, j) = rt_entry(seed, i, j).
 * pad > 0: a local array of the caller's own with lld = max(1, local rows)
 * + pad, the padding (and a local array without columns) holding -7.0;
 * pad == 0: rma_dmatrix_alloc's. Returns 0, or -1 (illegal fields, no
 * memory). Free with rt_dmatrix_free(x, pad). */
int rt_dmatrix_make(rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, int pad,
                    uint64_t seed, rma_dmatrix_t *x);

/* Local. Frees what rt_dmatrix_make(..., pad, ...) allocated. */
void rt_dmatrix_free(rma_dmatrix_t *x, int pad);

/* Local. Length of x's local array, padding included (lld x local columns,
 * at least one column). */
long rt_dmatrix_len(const rma_dmatrix_t *x);

/* Local. Global (0-based) indices of the entry at local (li, lj). */
void rt_dmatrix_global(const rma_dmatrix_t *x, int li, int lj, int *gi, int *gj);

/* Collective over MPI_COMM_WORLD (the grid's processes). The window
 * x(i0 : i0+rows-1, j0 : j0+cols-1) on every rank, column-major with
 * leading dimension rows (malloc'ed; free it). */
double *rt_dmatrix_gather(const rma_dmatrix_t *x, int i0, int j0, int rows, int cols);

/* ---- Native matrices of any element type -------------------------------- */

/* Local. Entry (i, j) of the matrix named by seed in type t (typed_elem.h's
 * TE_S .. TE_Z), rounded to the type as the library sees it: rt_entry(seed,
 * i, j), plus I rt_entry(seed + 1000, i, j) for c and z. */
double _Complex rt_tvalue(int t, uint64_t seed, long i, long j);

/* A native matrix of type t. The typed structs rma_?matrix_t share one
 * layout, so the shape is kept in an rma_dmatrix_t (d.data unused) and the
 * local array as bytes; RT_TMATRIX gives the typed struct. */
typedef struct {
  rma_dmatrix_t d; /* grid, extents, blocks, sources, lld */
  void *data;      /* the local array, column-major, lld d.lld */
  int t, lr, lc;   /* element type, local rows and columns */
} rt_tmatrix_t;

/* The typed struct rma_<p>matrix_t of x (p: s, d, c or z, x's type). */
#define RT_TMATRIX(p, x)                                                                           \
  ((rma_##p##matrix_t){(x)->d.grid, (x)->d.m, (x)->d.n, (x)->d.mb, (x)->d.nb, (x)->d.rsrc,         \
                       (x)->d.csrc, (x)->data, (x)->d.lld})

/* Local. *x = an m x n matrix of type t on grid g in mb x nb blocks from
 * grid position (rs, cs), entry (i, j) = rt_tvalue(t, seed, i, j), in a
 * local array of the caller's own with lld = max(1, local rows) + pad
 * (pad >= 0); the padding (and a local array without columns) holds -7 - 3i
 * (-7 for s and d). Returns 0, or -1 (illegal fields, no memory). Free with
 * rt_tmatrix_free. */
int rt_tmatrix_make(int t, rma_grid_t g, int m, int n, int mb, int nb, int rs, int cs, int pad,
                    uint64_t seed, rt_tmatrix_t *x);

/* Local. Frees x's local array. */
void rt_tmatrix_free(rt_tmatrix_t *x);

/* Local. Elements of x's local array, padding included (lld x local
 * columns, at least one column). */
long rt_tmatrix_len(const rt_tmatrix_t *x);

/* Collective over MPI_COMM_WORLD (the grid's processes). The window
 * x(i0 : i0+rows-1, j0 : j0+cols-1) on every rank as double complex,
 * column-major with leading dimension rows (malloc'ed; free it). */
double _Complex *rt_tmatrix_gather(const rt_tmatrix_t *x, int i0, int j0, int rows, int cols);

/* ---- Failure reporting -------------------------------------------------- */

/* Local. A failure this rank saw: counted, and printed as "FAIL rank r:
 * reason" (the first 20 of each rank). */
void rt_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Local. A failure every rank saw alike (computed from data every rank
 * holds, e.g. after a gather): counted once for the job, printed by rank 0
 * only. */
void rt_fail_same(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Local. rt_fail with the source position in front (for RT_CHECK). */
void rt_fail_at(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Local. Failures counted on this rank so far (rt_fail and rt_fail_same). */
long rt_failures(void);

/* In a void function: when cond is false, count and print a failure with
 * the source position and return. */
#define RT_CHECK(cond, ...)                                                                        \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      rt_fail_at(__FILE__, __LINE__, __VA_ARGS__);                                                 \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

/* ---- Grids ------------------------------------------------------------- */

/* Collective over MPI_COMM_WORLD. Run fn on every grid of its P processes:
 * every nprow x npcol = P, rank orders 'R' and 'C' when both dimensions
 * exceed 1; the i-th grid gets seed0 + step * i. A grid that cannot be made
 * is a failure (rt_expect_all) and is skipped. Returns the grids run. */
int rt_each_grid(void (*fn)(rma_grid_t g, unsigned seed), unsigned seed0, unsigned step);

/* ---- All ranks agreeing ------------------------------------------------- */

/* Collective over MPI_COMM_WORLD. 1 on every rank when every rank's rc is
 * want; otherwise 0 on every rank, and one failure (rank 0 prints the label
 * and every rank's value). */
int rt_expect_all(int rc, int want, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Collective over MPI_COMM_WORLD. 1 on every rank when flag is nonzero on
 * some rank. */
int rt_any(int flag);

/* Collective over MPI_COMM_WORLD. 1 on every rank when the bytes at v
 * (at most 64) are bitwise the same on every rank. */
int rt_same_everywhere(const void *v, size_t bytes);

/* ---- Worst ratios ------------------------------------------------------- */

/* One numerical check: ratio = formula, passing when ratio <= limit (or
 * < limit with strict). Initialise with RT_RATIO and record every ratio
 * with rt_ratio; rt_finish reports the worst over the ranks. */
typedef struct {
  const char *name;    /* what is checked, e.g. "gemm" */
  const char *formula; /* the ratio, e.g. "|C - C_ref| / (eps ...)" */
  double limit;
  int strict;   /* 1: pass when ratio < limit; 0: when ratio <= limit */
  double worst; /* largest ratio seen on this rank (NaN counts as +inf) */
  long count;   /* ratios recorded on this rank */
} rt_ratio_t;

#define RT_RATIO(name, formula, limit)                                                             \
  { (name), (formula), (limit), 0, 0.0, 0 }
#define RT_RATIO_BELOW(name, formula, limit)                                                       \
  { (name), (formula), (limit), 1, 0.0, 0 }

/* Local. Records one ratio (NaN as +inf); 1 when it passes the limit. */
int rt_ratio(rt_ratio_t *r, double value);

/* ---- The verdict -------------------------------------------------------- */

/* Collective over MPI_COMM_WORLD (local without MPI). The failures of every
 * rank (rt_fail summed over the ranks, rt_fail_same counted once) and each
 * check's worst ratio (the largest over the ranks); rank 0 prints one line
 * per check, "<test>: worst <name> ratio <w> (<= <limit>) over <count>:
 * <formula>", and "<test>: np <P>, <F> failures: PASS" or "... FAIL" (no
 * "np" without MPI).
 * Returns the exit status for main, the same on every rank: 0 or 1. */
int rt_finish(const char *test, rt_ratio_t *ratios, int nratios);

#endif
