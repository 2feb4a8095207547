/*
 * rmala — dense linear algebra on Global Arrays with one-sided MPI-3 RMA.
 *
 * The one public header. Programs include it after <mpi.h> and <ga.h>, call
 * GA_Initialize() and then rma_init(), and pass GA handles to the operations.
 *
 * Return codes follow LAPACK: 0 is success; -i means argument i is illegal
 * (the same value on every rank, one message printed once, nothing
 * modified); positive values are defined by each operation; the RMA_ERR_*
 * codes below (all <= -10000) report conditions that are not an argument
 * (clear of ScaLAPACK's -(100*i + j) descriptor codes).
 */
#ifndef RMALA_H
#define RMALA_H

#include <mpi.h>
#include <stddef.h>

#include "rmala_config.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RMALA_VERSION_MAJOR 0
#define RMALA_VERSION_MINOR 1
#define RMALA_VERSION_PATCH 0

/* Library error codes (never collide with -i or -(100*i + j) argument codes). */
#define RMA_ERR_NOT_INITIALIZED (-10001) /* rma_init() not called, or GA not up */
#define RMA_ERR_NOT_IMPLEMENTED (-10002) /* a case rmala does not serve (documented per routine) */
#define RMA_ERR_NO_GRID (-10003)         /* no process grid gives every process a tile */
#define RMA_ERR_MPI (-10004)             /* an MPI call failed */
#define RMA_ERR_NO_MEMORY (-10005)       /* allocation failed */
#define RMA_ERR_LAYOUT (-10006)          /* a GA layout did not match the tile directory */
#define RMA_ERR_GA (-10007)              /* Global Arrays refused the request */

/* Protocol switches and tuning knobs (see rma_set_option). */
typedef enum {
  RMA_OPT_ZERO_COPY,   /* 1: tiles land straight in the dgemm panels; 0: through a staging buffer */
  RMA_OPT_NONBLOCKING, /* 1: gets issued ahead of use; 0: each get waited for at once */
  RMA_OPT_LOCALITY,    /* 1: local, then same-node, then remote k chunks; 0: natural order */
  RMA_OPT_CONTENTION,  /* 1: each rank starts its sweep at a different owner; 0: all at k = 0 */
  RMA_OPT_PREFETCH,    /* dgemm steps fetched ahead when tiles travel by RMA (1..16), default 2 */
  RMA_OPT_VERBOSE,     /* 1: per-call phase times per rank on stderr; 2: also per-step timelines */
  RMA_OPT_SHARED_MEMORY, /* 1: node neighbours' data read in place through shared memory; 0: by RMA */
  RMA_OPT_STORE_KEEP,    /* 1: the tile store and LU mailbox are kept between calls; 0: freed after each */
  RMA_OPT_LU_PANEL,      /* rma_lu's panel with several process rows: 1 (default) factored by its
                            process column where that pays (long panels, >= 4 process rows with
                            pivoting), 2 always, 0 never (gathered on the diagonal tile's owner) */
  RMA_OPT_JACOBI_SLOW_US,  /* rma_jacobi: the slowed process sleeps this many microseconds after
                              each of its sweeps (0..10^7, default 0: none); tests, benchmarks */
  RMA_OPT_JACOBI_SLOW_RANK /* rma_jacobi: which process is slowed (-1, the default: the last) */
} rma_option_t;

/*
 * rma_finalize — Collective over every process that used rmala (before
 * GA_Terminate() in GA programs). Frees what rmala made on its own: the GA
 * front-end's context and tile store (rma_init), the grids and stores it
 * made for BLACS contexts (ScaLAPACK entry points). Grids from
 * rma_grid_create stay valid until rma_grid_free. A program that never
 * calls it is cleaned up the same way at MPI_Finalize. Calling it with
 * nothing to free is a no-op returning 0.
 */
int rma_finalize(void);

/*
 * rma_set_option / rma_get_option — Local, but every rank must set the same
 * value before the next collective call. Returns 0, -1 for an unknown option,
 * -2 for an out-of-range value (RMA_OPT_PREFETCH outside 1..16,
 * RMA_OPT_LU_PANEL outside 0..2; the switches store value != 0, a negative
 * RMA_OPT_VERBOSE is 0, RMA_OPT_JACOBI_SLOW_US is clamped into 0..10^7 and
 * RMA_OPT_JACOBI_SLOW_RANK into -1..2^24) or a NULL value. Each option starts from its RMALA_*
 * environment variable (README); rma_init() reads them again.
 */
int rma_set_option(rma_option_t option, int value);
int rma_get_option(rma_option_t option, int *value);

/* ---------------------------------------------------------------------------
 * Global Arrays front-end (built when RMALA_WITH_GA): GA handles.
 * ------------------------------------------------------------------------- */
#if RMALA_WITH_GA

/* How rma_matrix_create lays out the tiles. */
typedef enum {
  RMA_LAYOUT_TILED,    /* GA_Set_tiled_proc_grid: each tile contiguous */
  RMA_LAYOUT_SCALAPACK /* GA_Set_block_cyclic_proc_grid: ScaLAPACK local array */
} rma_layout_t;

/*
 * rma_init — Collective over GA's world, after GA_Initialize(). Idempotent.
 * Reads the environment (RMALA_ZERO_COPY, RMALA_NONBLOCKING, RMALA_LOCALITY,
 * RMALA_CONTENTION, RMALA_PREFETCH, RMALA_VERBOSE, RMALA_SHARED_MEMORY,
 * RMALA_STORE_KEEP, RMALA_LU_PANEL) into the options, undoing earlier
 * rma_set_option calls. RMALA_STORE_MB=<MB> pre-creates the tile store
 * (both operand segments and the LU mailbox, that many MB per rank each), so
 * the first operation pays no allocation.
 * Returns 0, RMA_ERR_NOT_INITIALIZED when GA is not initialised, or
 * RMA_ERR_MPI / RMA_ERR_NO_MEMORY when the pre-creation failed.
 */
int rma_init(void);

/*
 * rma_matrix_create — Collective. Creates a GA of doubles, m rows x n
 * columns, in mb x nb blocks on a prow x pcol process grid with the given
 * layout. prow = pcol = 0 lets rmala choose a near-square grid on which every
 * process owns at least one tile (GA 5.8.2 fails on block-cyclic arrays where
 * a process owns nothing); when no grid allows that, returns RMA_ERR_NO_GRID.
 * An explicit grid must multiply to the number of processes and give every
 * process a tile. name may be NULL. On success *g_a holds the handle; the
 * array is zero-filled. Returns 0 or -i (argument i illegal; *g_a untouched).
 */
int rma_matrix_create(int m, int n, int mb, int nb, int prow, int pcol, rma_layout_t layout,
                      const char *name, int *g_a);

/* rma_matrix_create_type — Collective. rma_matrix_create for a GA of type
 * C_FLOAT, C_DBL, C_SCPL or C_DCPL (GA's constants; argument 1, the others
 * numbered one later). */
int rma_matrix_create_type(int type, int m, int n, int mb, int nb, int prow, int pcol,
                           rma_layout_t layout, const char *name, int *g_a);

/*
 * rma_dgemm — Collective. C = alpha*op(A)*op(B) + beta*C with GA_Dgemm's
 * meaning: X[i][j] is the element at GA subscript {i,j}; op(X) = X for 'N'
 * or 'n', X^T for 'T', 't', 'C', 'c'. op(A) is m x k, op(B) k x n, and the
 * top-left m x n block of C is updated (arrays may be larger). A and B are
 * never modified. Returns 0 or -i for the first illegal argument (a handle
 * of another element type included).
 * rma_sgemm, rma_cgemm and rma_zgemm are the same with GA_Sgemm / GA_Cgemm /
 * GA_Zgemm's arguments on GAs of C_FLOAT, C_SCPL and C_DCPL, scalars by
 * value; for complex arrays 'C' is the conjugate transpose.
 */
int rma_dgemm(char transa, char transb, int m, int n, int k, double alpha, int g_a, int g_b,
              double beta, int g_c);
int rma_sgemm(char transa, char transb, int m, int n, int k, float alpha, int g_a, int g_b,
              float beta, int g_c);
#ifndef __cplusplus
int rma_cgemm(char transa, char transb, int m, int n, int k, float _Complex alpha, int g_a,
              int g_b, float _Complex beta, int g_c);
int rma_zgemm(char transa, char transb, int m, int n, int k, double _Complex alpha, int g_a,
              int g_b, double _Complex beta, int g_c);
#endif

/*
 * rma_lu — Collective. Factors the m x n GA in place as P*A = L*U; a GA of
 * C_FLOAT, C_DBL, C_SCPL or C_DCPL (the type is taken from the handle).
 * ipiv == NULL: no pivoting; otherwise ipiv holds min(m,n) 1-based pivot
 * indices, identical on every rank. Returns 0, -1 (g_a not a 2-D GA of one
 * of those types), or i > 0 when U(i,i) is exactly zero.
 */
int rma_lu(int g_a, int *ipiv);

/*
 * rma_lu_solve — Collective. Solves A*X = B ('N'), A^T*X = B ('T') or
 * A^H*X = B ('C': the conjugate transpose for complex GAs, the transpose
 * for real ones; any case) with the factors and pivots (NULL: none) from
 * rma_lu; B (n x nrhs, a GA of g_a's type) is overwritten by X. Returns 0
 * or -i for the first illegal argument: 1 trans, 2 g_a (not square, or not
 * a 2-D GA of C_FLOAT, C_DBL, C_SCPL or C_DCPL), 3 ipiv (an entry outside
 * [i + 1, n]), 4 g_b (not n rows, g_a itself, or a GA of another type than
 * g_a's); nothing is modified then.
 */
int rma_lu_solve(char trans, int g_a, const int *ipiv, int g_b);

/* How rma_jacobi's processes exchange the iterate (paper 003). */
typedef enum {
  RMA_JACOBI_SYNC,  /* each sweep waits for every piece of x of the previous sweep */
  RMA_JACOBI_ASYNC, /* each sweep uses the newest complete piece of x that has arrived
                       (one-sided puts into double-buffered copies, no waiting) */
  RMA_JACOBI_RACY   /* each sweep reads x where it lands while it may be being written */
} rma_jacobi_mode_t;

/*
 * rma_jacobi — Collective. Solves A x = b by Jacobi iteration, A an n x n GA
 * (any layout rmala accepts: tiled, ScaLAPACK block-cyclic, regular), b and
 * x n x nrhs GAs; x holds the initial guess and receives the solution. Stops
 * when every column's scaled residual
 *     ||b - A x||_inf / (||A||_inf ||x||_inf + ||b||_inf)
 * is <= tol, or after maxit generations. Modes (paper 003): SYNC exchanges
 * the iterate after every sweep; ASYNC and RACY never wait for another
 * process while sweeping and detect convergence by asynchronous rounds
 * through process 0; the last iterate is then checked exactly (and the
 * sweeps resume if the check fails while generations are left).
 * What maxit counts, in every mode: generations of the iterate. Each
 * process updates its band of rows of x; x0 is generation 0, and a sweep
 * completes generation g + 1 when every band it read (its own included)
 * was of generation >= g. In SYNC every sweep is one generation (maxit
 * counts sweeps). In ASYNC and RACY a process's sweeps over bands no newer
 * than those of its previous sweep complete no generation, so a process
 * running while others are slow, descheduled or not yet there does not spend
 * the budget; a process with nothing new to read sleeps rather than spin.
 * For A strictly diagonally dominant by rows (||D^-1 (A - D)||_inf = q < 1),
 * a band of generation g differs from the solution by at most
 * q^g ||x0 - x*||_inf in every mode, however the processes progress. The
 * guarantee tested (tests/ops/jacobi/
 * test_jacobi_imbalance.c, systems of that kind): whenever SYNC converges
 * within maxit / 10 sweeps, ASYNC and RACY converge within maxit
 * generations, with up to 3 processes per core, one process slowed 100x
 * (RMA_OPT_JACOBI_SLOW_US) or processes entering seconds apart. Converges
 * for strictly diagonally dominant A (in every mode); otherwise returns 1
 * after maxit.
 * Returns 0 (converged), 1 (not converged in maxit generations; x holds the
 * last iterate), -i (argument i illegal: 1 g_a (not square, or a zero
 * diagonal entry), 2 g_b, 3 g_x (not n x nrhs), 4 tol (< 0 or NaN), 5
 * maxit (< 0), 6 mode), or RMA_ERR_*; the same on every rank. A and b are
 * never modified; on an illegal argument nothing is. *iters gets the
 * largest generation any process completed and *resid the final scaled
 * residual, the largest over the columns (both identical on every rank;
 * either may be NULL). RMA_OPT_JACOBI_SLOW_US / RMA_OPT_JACOBI_SLOW_RANK
 * (RMALA_JACOBI_SLOW_US / _RANK) slow one process down (timing only).
 */
int rma_jacobi(int g_a, int g_b, int g_x, double tol, int maxit, rma_jacobi_mode_t mode,
               int *iters, double *resid);

#endif /* RMALA_WITH_GA */

/* ---------------------------------------------------------------------------
 * Native block-cyclic matrices: no GA, no BLACS.
 *
 * A process grid over an MPI communicator, and matrices described the way
 * ScaLAPACK lays them out (each process holds a column-major local array of
 * the mb x nb blocks dealt to it cyclically, starting at grid position
 * (rsrc, csrc)). The caller owns the local arrays (or lets rmala allocate
 * them). Operations take 0-based submatrix offsets (ia, ja): the window
 * A(ia : ia+m-1, ja : ja+n-1), any offsets, not only block-aligned ones.
 * Return codes: 0, -i for illegal argument i (the same on every process of
 * the grid, one message, nothing modified), RMA_ERR_* codes.
 * ------------------------------------------------------------------------- */

typedef struct rma_grid_s *rma_grid_t;

/*
 * rma_grid_create — Collective over comm. An nprow x npcol grid of all
 * processes of comm (nprow * npcol = its size). order 'R'/'r': the process
 * of comm rank r sits at grid row r / npcol, column r % npcol; 'C'/'c': row
 * r % nprow, column r / nprow. The grid holds rmala's working memory for
 * its operations (a duplicate of comm, the tile store); rma_grid_free
 * releases it. Returns 0, -2 / -3 (nprow, npcol not >= 1 or
 * product not the size), -4 (order), -5 (grid NULL), RMA_ERR_MPI,
 * RMA_ERR_NO_MEMORY.
 */
int rma_grid_create(MPI_Comm comm, int nprow, int npcol, char order, rma_grid_t *grid);

/* rma_grid_free — Collective over the grid. Frees it; *grid = NULL. NULL or
 * *grid == NULL is a no-op returning 0. */
int rma_grid_free(rma_grid_t *grid);

/* rma_grid_info — Local. The grid's shape and the caller's position (any
 * pointer may be NULL). Returns 0, or -1 for a NULL grid. */
int rma_grid_info(rma_grid_t grid, int *nprow, int *npcol, int *myrow, int *mycol);

/* A block-cyclic matrix (ScaLAPACK's layout) of doubles; every field the
 * same on every process of the grid except data and lld. rma_smatrix_t,
 * rma_cmatrix_t and rma_zmatrix_t are the same for float, float _Complex
 * and double _Complex elements, and every rma_dmatrix_* function below has
 * its rma_smatrix_* / rma_cmatrix_* / rma_zmatrix_* twin (LAPACK's s, d,
 * c, z), scalars of the matrix's type, unless it says otherwise. */
typedef struct {
  rma_grid_t grid;
  int m, n;       /* global extent (>= 0) */
  int mb, nb;     /* block extent (>= 1) */
  int rsrc, csrc; /* grid row / column holding the first block */
  double *data;   /* this process's local array, column-major */
  int lld;        /* its leading dimension, >= max(1, local rows) */
} rma_dmatrix_t;

typedef struct {
  rma_grid_t grid;
  int m, n, mb, nb, rsrc, csrc;
  float *data;
  int lld;
} rma_smatrix_t;

#ifndef __cplusplus /* C's complex types; C++ callers use the real types */
typedef struct {
  rma_grid_t grid;
  int m, n, mb, nb, rsrc, csrc;
  float _Complex *data;
  int lld;
} rma_cmatrix_t;

typedef struct {
  rma_grid_t grid;
  int m, n, mb, nb, rsrc, csrc;
  double _Complex *data;
  int lld;
} rma_zmatrix_t;
#endif

/* rma_dmatrix_local_size — Local. Rows and columns of the calling process's
 * local array (ScaLAPACK's NUMROC). Returns 0 or -1 when a field is illegal. */
int rma_dmatrix_local_size(const rma_dmatrix_t *a, int *lrows, int *lcols);
int rma_smatrix_local_size(const rma_smatrix_t *a, int *lrows, int *lcols);

/* rma_dmatrix_alloc — Collective over the grid. Allocates a->data for the
 * fields already set (lld = max(1, local rows); zero-filled). Returns 0,
 * -1 for an illegal field, RMA_ERR_NO_MEMORY (on every process). */
int rma_dmatrix_alloc(rma_dmatrix_t *a);
int rma_smatrix_alloc(rma_smatrix_t *a);

/* rma_dmatrix_free — Local. Frees data from rma_dmatrix_alloc; data = NULL. */
void rma_dmatrix_free(rma_dmatrix_t *a);
void rma_smatrix_free(rma_smatrix_t *a);

/*
 * rma_dmatrix_gemm — Collective over the grid. sub(C) = alpha op(sub(A))
 * op(sub(B)) + beta sub(C), sub(C) = C(ic:, jc:) m x n, op(sub(A)) m x k,
 * op(sub(B)) k x n, trans 'N' / 'T' / 'C' (any case; 'C' is the conjugate
 * transpose for complex matrices, the transpose for real ones). alpha = 0
 * or k = 0 only scales sub(C) (A and B unread); beta = 0 never reads C. All
 * three on one grid; C must not share memory with A or B.
 */
int rma_dmatrix_gemm(char transa, char transb, int m, int n, int k, double alpha,
                     const rma_dmatrix_t *a, int ia, int ja, const rma_dmatrix_t *b, int ib,
                     int jb, double beta, const rma_dmatrix_t *c, int ic, int jc);
int rma_smatrix_gemm(char transa, char transb, int m, int n, int k, float alpha,
                     const rma_smatrix_t *a, int ia, int ja, const rma_smatrix_t *b, int ib,
                     int jb, float beta, const rma_smatrix_t *c, int ic, int jc);

#ifndef __cplusplus
int rma_cmatrix_local_size(const rma_cmatrix_t *a, int *lrows, int *lcols);
int rma_zmatrix_local_size(const rma_zmatrix_t *a, int *lrows, int *lcols);
int rma_cmatrix_alloc(rma_cmatrix_t *a);
int rma_zmatrix_alloc(rma_zmatrix_t *a);
void rma_cmatrix_free(rma_cmatrix_t *a);
void rma_zmatrix_free(rma_zmatrix_t *a);
int rma_cmatrix_gemm(char transa, char transb, int m, int n, int k, float _Complex alpha,
                     const rma_cmatrix_t *a, int ia, int ja, const rma_cmatrix_t *b, int ib,
                     int jb, float _Complex beta, const rma_cmatrix_t *c, int ic, int jc);
int rma_zmatrix_gemm(char transa, char transb, int m, int n, int k, double _Complex alpha,
                     const rma_zmatrix_t *a, int ia, int ja, const rma_zmatrix_t *b, int ib,
                     int jb, double _Complex beta, const rma_zmatrix_t *c, int ic, int jc);
#endif

/*
 * rma_dmatrix_getrf — Collective over the grid. LU with partial pivoting of
 * the m x n window A(ia:, ja:) in place: P sub(A) = L U. ipiv follows
 * ScaLAPACK: a local array of at least local rows + mb entries; for each
 * window row i < min(m, n) held by the caller's grid row, ipiv[local index
 * of row ia + i] = the 1-based global row (of the whole matrix) it was
 * swapped with; the same on every grid column. Any mb, nb and offsets.
 * Returns 0, -i, or i > 0 when U(i,i) of the window is exactly zero (the
 * factorization completed). rma_smatrix_getrf, rma_cmatrix_getrf and
 * rma_zmatrix_getrf are the same on float, float _Complex and double
 * _Complex matrices.
 */
int rma_dmatrix_getrf(int m, int n, const rma_dmatrix_t *a, int ia, int ja, int *ipiv);
int rma_smatrix_getrf(int m, int n, const rma_smatrix_t *a, int ia, int ja, int *ipiv);

/*
 * rma_dmatrix_getrs — Collective over the grid. Solves op(sub(A)) X =
 * sub(B) with the factors and pivots of rma_dmatrix_getrf (or ScaLAPACK's
 * pdgetrf): sub(A) = A(ia:, ja:) n x n, sub(B) = B(ib:, jb:) n x nrhs,
 * overwritten by X; trans 'N', 'T' or 'C' (any case; 'C' is the conjugate
 * transpose for complex matrices, the transpose for real ones).
 * rma_smatrix_getrs, rma_cmatrix_getrs and rma_zmatrix_getrs are the same
 * with the factors of rma_?matrix_getrf (or P?GETRF) of their type.
 */
int rma_dmatrix_getrs(char trans, int n, int nrhs, const rma_dmatrix_t *a, int ia, int ja,
                      const int *ipiv, const rma_dmatrix_t *b, int ib, int jb);
int rma_smatrix_getrs(char trans, int n, int nrhs, const rma_smatrix_t *a, int ia, int ja,
                      const int *ipiv, const rma_smatrix_t *b, int ib, int jb);
#ifndef __cplusplus
int rma_cmatrix_getrf(int m, int n, const rma_cmatrix_t *a, int ia, int ja, int *ipiv);
int rma_zmatrix_getrf(int m, int n, const rma_zmatrix_t *a, int ia, int ja, int *ipiv);
int rma_cmatrix_getrs(char trans, int n, int nrhs, const rma_cmatrix_t *a, int ia, int ja,
                      const int *ipiv, const rma_cmatrix_t *b, int ib, int jb);
int rma_zmatrix_getrs(char trans, int n, int nrhs, const rma_zmatrix_t *a, int ia, int ja,
                      const int *ipiv, const rma_zmatrix_t *b, int ib, int jb);
#endif

#if RMALA_WITH_SCALAPACK
/* ---------------------------------------------------------------------------
 * ScaLAPACK entry points (built when RMALA_WITH_SCALAPACK): ScaLAPACK's semantics on ScaLAPACK's own arrays.
 *
 * 1-based ia/ja/..., descriptors of DTYPE 1 (9 entries, DESCINIT's) or
 * DTYPE 2 (11 entries, DTYPE CTXT M N IMB INB MB NB RSRC CSRC LLD, served
 * when IMB = MB and INB = NB), column-major local arrays with LLD, any
 * MB/NB/RSRC/CSRC, row- or column-major BLACS grids. Collective over the
 * processes of the descriptors' BLACS context only; no rma_init needed
 * (what they need is made on first use of a context and released by
 * rma_finalize or at MPI_Finalize). The return value is INFO: 0; -i for
 * argument i; -(100*i + j) for entry j of descriptor argument i (PXERBLA's
 * numbering, entries counted in the caller's descriptor), the smallest when
 * several are wrong, the same on every process of the context (a process
 * outside the context gets -(100*i + 2) for the first descriptor), one
 * message, nothing modified; RMA_ERR_NOT_IMPLEMENTED for DTYPE 2 with IMB
 * != MB or INB != NB. RMALA_VERBOSE=1 prints one line per call.
 * Unmodified Fortran or C ScaLAPACK programs reach them through the drop-in
 * library librmala_scalapack (p?gemm_, p?getrf_, p?getrs_; README.md).
 * ------------------------------------------------------------------------- */

/* rma_pdgemm — PDGEMM: sub(C) = alpha op(sub(A)) op(sub(B)) + beta sub(C),
 * trans 'N', 'T', 'C'; any ia/ja/ib/jb/ic/jc inside the arrays; beta = 0
 * never reads C; alpha = 0 or k = 0 leaves A and B unread. rma_psgemm,
 * rma_pcgemm and rma_pzgemm are PSGEMM, PCGEMM and PZGEMM ('C': conjugate
 * transpose), scalars by value. */
int rma_pdgemm(char transa, char transb, int m, int n, int k, double alpha, const double *a,
               int ia, int ja, const int *desca, const double *b, int ib, int jb,
               const int *descb, double beta, double *c, int ic, int jc, const int *descc);
int rma_psgemm(char transa, char transb, int m, int n, int k, float alpha, const float *a, int ia,
               int ja, const int *desca, const float *b, int ib, int jb, const int *descb,
               float beta, float *c, int ic, int jc, const int *descc);
#ifndef __cplusplus
int rma_pcgemm(char transa, char transb, int m, int n, int k, float _Complex alpha,
               const float _Complex *a, int ia, int ja, const int *desca,
               const float _Complex *b, int ib, int jb, const int *descb, float _Complex beta,
               float _Complex *c, int ic, int jc, const int *descc);
int rma_pzgemm(char transa, char transb, int m, int n, int k, double _Complex alpha,
               const double _Complex *a, int ia, int ja, const int *desca,
               const double _Complex *b, int ib, int jb, const int *descb,
               double _Complex beta, double _Complex *c, int ic, int jc, const int *descc);
#endif

/* rma_pdgetrf — PDGETRF: P sub(A) = L U with partial pivoting; ipiv as
 * ScaLAPACK's (LOCr(M_A) + MB_A local entries, global row numbers, the same
 * on every process column). Returns i > 0 when U(i,i) is exactly zero (the
 * factorization completed). Beyond ScaLAPACK: MB != NB and offsets off
 * block boundaries are accepted. rma_psgetrf, rma_pcgetrf and rma_pzgetrf
 * are PSGETRF, PCGETRF and PZGETRF. */
int rma_pdgetrf(int m, int n, double *a, int ia, int ja, const int *desca, int *ipiv);
int rma_psgetrf(int m, int n, float *a, int ia, int ja, const int *desca, int *ipiv);

/* rma_pdgetrs — PDGETRS: solves op(sub(A)) X = sub(B) with the factors and
 * pivots of rma_pdgetrf or ScaLAPACK's PDGETRF (and PDGETRS solves with
 * rma_pdgetrf's); trans 'N', 'T', 'C'. rma_psgetrs, rma_pcgetrs and
 * rma_pzgetrs are PSGETRS, PCGETRS and PZGETRS ('C': conjugate transpose),
 * with the factors of rma_p?getrf or P?GETRF of their type. */
int rma_pdgetrs(char trans, int n, int nrhs, const double *a, int ia, int ja, const int *desca,
                const int *ipiv, double *b, int ib, int jb, const int *descb);
int rma_psgetrs(char trans, int n, int nrhs, const float *a, int ia, int ja, const int *desca,
                const int *ipiv, float *b, int ib, int jb, const int *descb);
#ifndef __cplusplus
int rma_pcgetrf(int m, int n, float _Complex *a, int ia, int ja, const int *desca, int *ipiv);
int rma_pzgetrf(int m, int n, double _Complex *a, int ia, int ja, const int *desca, int *ipiv);
int rma_pcgetrs(char trans, int n, int nrhs, const float _Complex *a, int ia, int ja,
                const int *desca, const int *ipiv, float _Complex *b, int ib, int jb,
                const int *descb);
int rma_pzgetrs(char trans, int n, int nrhs, const double _Complex *a, int ia, int ja,
                const int *desca, const int *ipiv, double _Complex *b, int ib, int jb,
                const int *descb);
#endif
#endif /* RMALA_WITH_SCALAPACK */

/* ---------------------------------------------------------------------------
 * RMA collectives (MPI only): allgather, broadcast and barrier by put +
 * notify, node neighbours served in place through shared memory
 * (RMA_OPT_SHARED_MEMORY at rma_coll_create time picks the domains).
 * A context is made once and reused for any number of calls: calls on one
 * context must be made by every rank of its communicator in the same order
 * (like MPI collectives); no barrier is needed between them. Return codes:
 * 0, -i for illegal argument i (the same on every rank, one message, no
 * buffer written; a NULL context is answered locally), RMA_ERR_* codes.
 * ------------------------------------------------------------------------- */

typedef struct rma_coll_s *rma_coll_t;

/*
 * rma_coll_create — Collective over comm. A reusable context for messages of
 * up to max_bytes per process (the same on every rank): a duplicate of comm
 * and two receive areas of size(comm) x max_bytes (rounded up to 8) per rank.
 * Returns 0, -1 (comm is MPI_COMM_NULL; local), -2 (max_bytes differs between
 * ranks, or size x max_bytes reaches 2^31), -3 (coll NULL), RMA_ERR_MPI,
 * RMA_ERR_NO_MEMORY.
 */
int rma_coll_create(MPI_Comm comm, size_t max_bytes, rma_coll_t *coll);

/* rma_coll_free — Collective over the context. Frees it; *coll = NULL. NULL
 * or *coll == NULL is a no-op returning 0. */
int rma_coll_free(rma_coll_t *coll);

/*
 * rma_allgather — Collective over the context. Each process contributes
 * bytes bytes of sendbuf (bytes the same on all, <= max_bytes); recvbuf gets
 * size x bytes, process 0's first (rank order). Recursive doubling.
 * NULL buffers are allowed with bytes = 0. Returns 0, -1 (coll NULL, local),
 * -2 (sendbuf NULL), -3 (bytes > max_bytes), -4 (recvbuf NULL).
 */
int rma_allgather(rma_coll_t coll, const void *sendbuf, size_t bytes, void *recvbuf);

/*
 * rma_bcast — Collective over the context. bytes bytes of root's buf
 * (bytes and root the same on all) land in every process's buf. Returns 0,
 * -1 (coll NULL, local), -2 (buf NULL with bytes > 0), -3 (bytes >
 * max_bytes), -4 (root not a rank of the context).
 */
int rma_bcast(rma_coll_t coll, void *buf, size_t bytes, int root);

/*
 * rma_barrier — Collective over the context. Returns once every process of
 * the context has entered it. Returns 0, -1 (coll NULL, local), RMA_ERR_MPI.
 */
int rma_barrier(rma_coll_t coll);

/* What rmala holds in memory on the calling rank, in bytes. */
typedef struct {
  long long store_a; /* tile store: copy of the first operand (dgemm A; LU source; solve factors) */
  long long store_b; /* tile store: copy of the second operand (dgemm B; solve right-hand side) */
  long long work;    /* tile store: the LU's working copy for non-square-tiled arrays */
  long long mailbox; /* LU put + notify receive areas */
  long long scratch; /* dgemm panels (op(A) rows and op(B) columns of one k chunk) and C block */
  long long total;   /* the sum */
} rma_memory_t;

/*
 * rma_memory — Local. What the library holds between calls on this rank
 * (segments are kept for reuse; set RMA_OPT_STORE_KEEP to 0 to free them after
 * every call). Returns 0, or -1 when m is NULL.
 */
int rma_memory(rma_memory_t *m);

/* rma_strerror — Local. A readable text for any code the library returns. */
const char *rma_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif /* RMALA_H */
