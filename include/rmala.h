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
 *
 * Collective routines check at entry, in the one agreement they make on
 * their argument verdict, that every rank passed the same arguments where
 * they must agree (sizes, block sizes, TRANS / UPLO / SIDE / DIAG, scalars
 * alpha and beta, GA handles, matrices' global shape, blocking, source
 * process and offsets; never local ones such as LLD or pointers): when
 * every argument is legal but they differ, every rank returns
 * RMA_ERR_ARGS_DIFFER, nothing modified, and one message names the first
 * argument that differs (an argument illegal on any rank gives -i, as
 * above). A rank that does not call the routine at all cannot be told from
 * a slow one: the others wait for it.
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
#define RMA_ERR_ARGS_DIFFER (-10008)     /* ranks passed different values of an argument */

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
  RMA_OPT_JACOBI_SLOW_RANK, /* rma_jacobi: which process is slowed (-1, the default: the last) */
  RMA_OPT_LU_PIVOT          /* rma_lu's pivoting when its process column factors the panel: 0
                               (default) partial pivoting, LAPACK's pivots, one reduction per
                               column; 1 tournament pivoting (CALU), one reduction per panel,
                               other pivots, |L| may exceed 1 */
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
 * RMA_OPT_LU_PANEL outside 0..2, RMA_OPT_LU_PIVOT outside 0..1; the switches store value != 0, a negative
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

/*
 * rma_potrf — Collective. Cholesky factorization of the n x n Hermitian
 * (symmetric for real types) positive definite GA in place; a GA of
 * C_FLOAT, C_DBL, C_SCPL or C_DCPL (the type is taken from the handle), any
 * distribution rmala accepts. uplo (any case) names the triangle as GA's C
 * API indexes the array (row i, column j): 'L' A = L L^H with L in the
 * lower triangle, 'U' A = U^H U with U in the upper one. Only that triangle
 * is read and written. Returns 0; -1 (uplo) or -2 (g_a not a square 2-D GA
 * of those types), the same on every process, nothing modified; or j > 0
 * when the leading minor of order j is not positive definite (the first
 * j - 1 columns of L, rows of U, are then factored; no NaN is made).
 * GA's own routines: GA_Llt_solve(g_a, g_b) is this factorization followed
 * by the triangular solves, GA_Spd_invert(g_a) by the inverse from the
 * factor; both return the same INFO. They speak of the lower triangle in
 * GA's Fortran indexing, the transpose of the C view: rma_potrf('U', g_a)
 * on the C view factors the triangle they factor.
 */
int rma_potrf(char uplo, int g_a);

/*
 * rma_trsm — Collective. Triangular solve with many right-hand sides on
 * GAs: B := alpha op(A)^-1 B (side 'L', A m x m) or alpha B op(A)^-1 (side
 * 'R', A n x n), B the whole m x n GA g_b, A the uplo ('L' / 'U') triangle
 * of g_a (the other triangle never read), diag 'U' a unit diagonal (not
 * read) or 'N', transa 'N', 'T' or 'C' (the conjugate transpose for
 * complex GAs); alpha points to one element of g_a's type (alpha = 0: B :=
 * 0, A not read). Any GA types C_FLOAT, C_DBL, C_SCPL, C_DCPL and
 * distributions (tiled, ScaLAPACK block-cyclic, regular). GA has no
 * routine of its own for this (PDTRSM). Returns 0 or -i for the first
 * illegal argument: 1 side, 2 uplo, 3 transa, 4 diag, 5 alpha (NULL), 6 g_a
 * (not square, not a 2-D GA of those types), 7 g_b (not matching A's
 * order, g_a itself, or of another type than g_a's); nothing is modified
 * then.
 */
int rma_trsm(char side, char uplo, char transa, char diag, const void *alpha, int g_a, int g_b);

/*
 * rma_potrs — Collective. Solves A X = B with the Cholesky factor in g_a
 * (uplo 'L': A = L L^H, L its lower triangle; 'U': A = U^H U; the other
 * triangle is never read); B (the whole GA g_b, n x nrhs, of g_a's type)
 * is overwritten by X. GA_Llt_solve factors and solves in one call; this
 * is its solve half (after rma_potrf). Returns 0 or -i: 1 uplo, 2 g_a (not
 * square or not a 2-D GA of C_FLOAT, C_DBL, C_SCPL, C_DCPL), 3 g_b (not n
 * rows, g_a itself, or another type); nothing is modified then.
 */
int rma_potrs(char uplo, int g_a, int g_b);
/*
 * rma_syrk — Collective. The rank-k update of one triangle on GAs of
 * C_FLOAT, C_DBL, C_SCPL or C_DCPL (the type from g_a; g_c of the same):
 * C := alpha op(A) op(A)^T + beta C on the lower (uplo 'L') or upper ('U')
 * triangle of the leading n x n part of g_c, the rest of g_c untouched;
 * op(A) the leading n x k part of g_a (trans 'N') or its transpose (trans
 * 'T', the leading k x n part; 'C' too for real GAs); complex GAs get the
 * complex symmetric update. alpha and beta point to values of the GAs' type
 * (as GA_Add takes them). Returns 0 or -i for argument i (1 uplo, 2 trans,
 * 3 n, 4 k, 6 g_a, 8 g_c: too small, of another type, or g_a itself),
 * nothing modified then.
 * rma_herk — the same with op(A)^H on C_SCPL / C_DCPL GAs: trans 'N' or
 * 'C', alpha and beta real; the imaginary parts of C's diagonal set to zero.
 */
int rma_syrk(char uplo, char trans, int n, int k, const void *alpha, int g_a, const void *beta,
             int g_c);
int rma_herk(char uplo, char trans, int n, int k, double alpha, int g_a, double beta, int g_c);

/*
 * rma_trmm — Collective. B := alpha op(T) B (side 'L', T the leading m x m
 * part of g_a) or alpha B op(T) ('R', n x n), B the leading m x n part of
 * g_b (a GA of g_a's type); T the lower ('L') or upper ('U') triangle (the
 * other not read), transa 'N', 'T' or 'C', diag 'U' (unit, not read) or
 * 'N'; alpha points to a value of the GAs' type. Returns 0 or -i for
 * argument i (1 side, 2 uplo, 3 transa, 4 diag, 5 m, 6 n, 8 g_a, 9 g_b).
 */
int rma_trmm(char side, char uplo, char transa, char diag, int m, int n, const void *alpha,
             int g_a, int g_b);

/*
 * rma_trtri — Collective. Inverse in place of the lower ('L') or upper
 * ('U') triangle of the square GA g_a (any of the four types; diag 'U':
 * unit, not read or written); the other triangle untouched. Returns 0, -i
 * for argument i (1 uplo, 2 diag, 3 g_a), or j > 0 when diagonal entry j is
 * exactly zero (nothing written).
 * rma_potri — Collective. The inverse of a symmetric (Hermitian) positive
 * definite matrix from its Cholesky factor in the uplo triangle of g_a
 * (A = L L^H or U^H U), overwritten by that triangle of inv(A) (ScaLAPACK's
 * PDPOTRI; GA_Spd_invert is the Cholesky followed by this). Returns 0, -1
 * (uplo), -2 (g_a), or j > 0 when the factor's diagonal entry j is zero.
 */
int rma_trtri(char uplo, char diag, int g_a);
int rma_potri(char uplo, int g_a);


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
 * r % nprow, column r / nprow; 'B'/'b': each node (the processes sharing
 * memory) holds a br x bc block of the grid, br x bc its processes, br
 * dividing nprow and bc npcol, the most square such shape; blocks in row
 * order over the nodes (ordered by their first rank in comm), a node's
 * processes in row order within its block by rank; row order 'R' when the
 * nodes differ in size or no shape fits. A process row or column then
 * spans several nodes, and its messages share more node links: the LU at
 * P 256 simulated on an FDR tree ran 2.2x faster than with whole process
 * rows per node, the dgemm 1.7x slower (it reads a node's process row in
 * place through shared memory); doc/scaling.md. rma_grid_info gives the
 * caller's position.
 * The grid holds rmala's working memory for
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

/*
 * rma_dmatrix_potrf — Collective over the grid. Cholesky factorization of
 * the n x n symmetric positive definite window sub(A) = A(ia:, ja:) in
 * place, as LAPACK's dpotrf: uplo 'L' (any case) sub(A) = L L^T, L in the
 * lower triangle; 'U' sub(A) = U^T U, U in the upper triangle. Only that
 * triangle of sub(A) is read and written; the other stays bitwise
 * unchanged. Any mb, nb and offsets; n = 0 does nothing. Returns 0; -i for
 * illegal argument i (1 uplo, 2 n, 3 a, 4 the window at (ia, ja)), the same
 * on every process, nothing modified; or j > 0 when the leading minor of
 * order j of sub(A) is not positive definite (the same on every process):
 * the first j - 1 columns of L (rows of U) are then factored, nothing of
 * the rest is updated past the failing block, no NaN is made.
 * rma_smatrix_potrf, rma_cmatrix_potrf and rma_zmatrix_potrf are the same
 * on float, float _Complex and double _Complex matrices (complex:
 * Hermitian, L L^H and U^H U).
 */
int rma_dmatrix_potrf(char uplo, int n, const rma_dmatrix_t *a, int ia, int ja);
int rma_smatrix_potrf(char uplo, int n, const rma_smatrix_t *a, int ia, int ja);
#ifndef __cplusplus
int rma_cmatrix_potrf(char uplo, int n, const rma_cmatrix_t *a, int ia, int ja);
int rma_zmatrix_potrf(char uplo, int n, const rma_zmatrix_t *a, int ia, int ja);
#endif

/*
 * rma_dmatrix_trsm — Collective over the grid. Triangular solve with many
 * right-hand sides, PDTRSM's semantics: sub(B) = B(ib:, jb:) (m x n) :=
 * alpha op(sub(A))^-1 sub(B) (side 'L', sub(A) = A(ia:, ja:) m x m) or
 * alpha sub(B) op(sub(A))^-1 (side 'R', n x n). sub(A) is triangular: uplo
 * 'L' or 'U' names the triangle read (the other is never read), diag 'U' a
 * unit diagonal (not read) or 'N'; transa 'N', 'T' or 'C' (the conjugate
 * transpose for complex matrices). alpha = 0 sets sub(B) to zero without
 * reading sub(A). Any mb, nb and offsets; only sub(B) is written. Returns 0
 * or -i for the first illegal argument (1 side, 2 uplo, 3 transa, 4 diag,
 * 5 m, 6 n, 8 a, 9 ia/ja (window outside A), 11 b, 12 ib/jb), the same on
 * every process, nothing written. rma_smatrix_trsm, rma_cmatrix_trsm and
 * rma_zmatrix_trsm are the same on float, float _Complex and double
 * _Complex matrices.
 */
int rma_dmatrix_trsm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
                     const rma_dmatrix_t *a, int ia, int ja, const rma_dmatrix_t *b, int ib,
                     int jb);
int rma_smatrix_trsm(char side, char uplo, char transa, char diag, int m, int n, float alpha,
                     const rma_smatrix_t *a, int ia, int ja, const rma_smatrix_t *b, int ib,
                     int jb);

/*
 * rma_dmatrix_potrs — Collective over the grid. Solves sub(A) X = sub(B)
 * with the Cholesky factor in sub(A) = A(ia:, ja:) (n x n): uplo 'L', A =
 * L L^H with L its lower triangle; 'U', A = U^H U (the other triangle is
 * never read). sub(B) = B(ib:, jb:) (n x nrhs) is overwritten by X. Returns
 * 0 or -i for the first illegal argument (1 uplo, 2 n, 3 nrhs, 4 a, 5
 * ia/ja, 7 b, 8 ib/jb), the same on every process, nothing written.
 * rma_smatrix_potrs, rma_cmatrix_potrs and rma_zmatrix_potrs are the same
 * on their types.
 */
int rma_dmatrix_potrs(char uplo, int n, int nrhs, const rma_dmatrix_t *a, int ia, int ja,
                      const rma_dmatrix_t *b, int ib, int jb);
int rma_smatrix_potrs(char uplo, int n, int nrhs, const rma_smatrix_t *a, int ia, int ja,
                      const rma_smatrix_t *b, int ib, int jb);
#ifndef __cplusplus
int rma_cmatrix_trsm(char side, char uplo, char transa, char diag, int m, int n,
                     float _Complex alpha, const rma_cmatrix_t *a, int ia, int ja,
                     const rma_cmatrix_t *b, int ib, int jb);
int rma_zmatrix_trsm(char side, char uplo, char transa, char diag, int m, int n,
                     double _Complex alpha, const rma_zmatrix_t *a, int ia, int ja,
                     const rma_zmatrix_t *b, int ib, int jb);
int rma_cmatrix_potrs(char uplo, int n, int nrhs, const rma_cmatrix_t *a, int ia, int ja,
                      const rma_cmatrix_t *b, int ib, int jb);
int rma_zmatrix_potrs(char uplo, int n, int nrhs, const rma_zmatrix_t *a, int ia, int ja,
                      const rma_zmatrix_t *b, int ib, int jb);
#endif

/*
 * rma_dmatrix_syrk — Collective over the grid. The rank-k update of one
 * triangle: sub(C) := alpha op(sub(A)) op(sub(A))^T + beta sub(C) on its
 * lower (uplo 'L') or upper ('U') triangle, sub(C) = C(ic:, jc:) n x n, the
 * other triangle neither read nor written; trans 'N': op(sub(A)) =
 * A(ia:, ja:) n x k, 'T' or 'C': its transpose (A(ia:, ja:) k x n). beta = 0
 * never reads C; alpha = 0 or k = 0 leaves A unread; alpha = 0 (or k = 0)
 * with beta = 1 returns at once. C must not share memory with A.
 * rma_smatrix_syrk is the same on floats; rma_cmatrix_syrk and
 * rma_zmatrix_syrk are the complex symmetric update (op^T, trans 'N' or 'T').
 * Returns 0 or -i for argument i, the same on every process.
 */
int rma_dmatrix_syrk(char uplo, char trans, int n, int k, double alpha, const rma_dmatrix_t *a,
                     int ia, int ja, double beta, const rma_dmatrix_t *c, int ic, int jc);
int rma_smatrix_syrk(char uplo, char trans, int n, int k, float alpha, const rma_smatrix_t *a,
                     int ia, int ja, float beta, const rma_smatrix_t *c, int ic, int jc);

/*
 * rma_dmatrix_trmm — Collective over the grid. The triangular product in
 * place: sub(B) := alpha op(T) sub(B) (side 'L', T = A(ia:, ja:) m x m) or
 * alpha sub(B) op(T) (side 'R', T n x n), sub(B) = B(ib:, jb:) m x n; T the
 * lower ('L') or upper ('U') triangle of its window (the other triangle not
 * read), transa 'N', 'T' or 'C', diag 'U': unit diagonal (not read) or 'N'.
 * alpha = 0 zeros sub(B) without reading A. A and B must not overlap.
 * rma_smatrix_trmm, rma_cmatrix_trmm and rma_zmatrix_trmm are the same on
 * their types ('C': conjugate transpose). Returns 0 or -i for argument i.
 */
int rma_dmatrix_trmm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
                     const rma_dmatrix_t *a, int ia, int ja, const rma_dmatrix_t *b, int ib,
                     int jb);
int rma_smatrix_trmm(char side, char uplo, char transa, char diag, int m, int n, float alpha,
                     const rma_smatrix_t *a, int ia, int ja, const rma_smatrix_t *b, int ib,
                     int jb);

/*
 * rma_dmatrix_trtri — Collective over the grid. Inverse in place of the
 * lower ('L') or upper ('U') triangle of the n x n window A(ia:, ja:), diag
 * 'U' (unit, not read or written) or 'N'; the other triangle untouched.
 * Returns 0, -i for argument i, or j > 0 when the window's diagonal entry j
 * is exactly zero (nothing written; the same j on every process).
 * rma_smatrix_trtri, rma_cmatrix_trtri and rma_zmatrix_trtri are the same
 * on their types.
 */
int rma_dmatrix_trtri(char uplo, char diag, int n, const rma_dmatrix_t *a, int ia, int ja);
int rma_smatrix_trtri(char uplo, char diag, int n, const rma_smatrix_t *a, int ia, int ja);

/*
 * rma_dmatrix_potri — Collective over the grid. The inverse of a symmetric
 * (Hermitian for c, z) positive definite matrix from its Cholesky factor in
 * the n x n window A(ia:, ja:) (L with A = L L^H for uplo 'L', U with
 * A = U^H U for 'U', as rma_?matrix_potrf or P?POTRF leave it): that
 * triangle is overwritten by the same triangle of inv(A), the other left
 * untouched. Returns 0, -i for argument i, or j > 0 when the factor's
 * diagonal entry j is exactly zero (nothing written), as P?POTRI.
 * rma_smatrix_potri, rma_cmatrix_potri and rma_zmatrix_potri are the same
 * on their types.
 */
int rma_dmatrix_potri(char uplo, int n, const rma_dmatrix_t *a, int ia, int ja);
int rma_smatrix_potri(char uplo, int n, const rma_smatrix_t *a, int ia, int ja);
#ifndef __cplusplus
int rma_cmatrix_syrk(char uplo, char trans, int n, int k, float _Complex alpha,
                     const rma_cmatrix_t *a, int ia, int ja, float _Complex beta,
                     const rma_cmatrix_t *c, int ic, int jc);
int rma_zmatrix_syrk(char uplo, char trans, int n, int k, double _Complex alpha,
                     const rma_zmatrix_t *a, int ia, int ja, double _Complex beta,
                     const rma_zmatrix_t *c, int ic, int jc);
/* rma_zmatrix_herk — Collective over the grid. rma_dmatrix_syrk's update
 * with the conjugate transpose: sub(C) := alpha op(sub(A)) op(sub(A))^H +
 * beta sub(C), trans 'N' or 'C', alpha and beta real; the imaginary parts of
 * sub(C)'s diagonal are set to zero (as ZHERK; not when alpha = 0 or k = 0
 * and beta = 1, which return at once). rma_cmatrix_herk on float _Complex. */
int rma_cmatrix_herk(char uplo, char trans, int n, int k, float alpha, const rma_cmatrix_t *a,
                     int ia, int ja, float beta, const rma_cmatrix_t *c, int ic, int jc);
int rma_zmatrix_herk(char uplo, char trans, int n, int k, double alpha, const rma_zmatrix_t *a,
                     int ia, int ja, double beta, const rma_zmatrix_t *c, int ic, int jc);
int rma_cmatrix_trmm(char side, char uplo, char transa, char diag, int m, int n,
                     float _Complex alpha, const rma_cmatrix_t *a, int ia, int ja,
                     const rma_cmatrix_t *b, int ib, int jb);
int rma_zmatrix_trmm(char side, char uplo, char transa, char diag, int m, int n,
                     double _Complex alpha, const rma_zmatrix_t *a, int ia, int ja,
                     const rma_zmatrix_t *b, int ib, int jb);
int rma_cmatrix_trtri(char uplo, char diag, int n, const rma_cmatrix_t *a, int ia, int ja);
int rma_zmatrix_trtri(char uplo, char diag, int n, const rma_zmatrix_t *a, int ia, int ja);
int rma_cmatrix_potri(char uplo, int n, const rma_cmatrix_t *a, int ia, int ja);
int rma_zmatrix_potri(char uplo, int n, const rma_zmatrix_t *a, int ia, int ja);
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
 * library librmala_scalapack (p?gemm_, p?getrf_, p?getrs_, p?potrf_, p?potrs_,
 * p?potri_, p?trtri_, p?trsm_, p?trmm_, p?syrk_, p?herk_ and their other
 * Fortran names), linked before ScaLAPACK or preloaded (LD_PRELOAD) into an
 * already linked program; RMALA_SCALAPACK_ROUTINES and
 * RMALA_SCALAPACK_MIN_DIM steer its calls back to ScaLAPACK (README.md,
 * "Use without relinking").
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

/* rma_pdpotrf — PDPOTRF: Cholesky factorization of the n x n symmetric
 * positive definite sub(A) = A(ia:ia+n-1, ja:ja+n-1) in place, uplo 'L'
 * (sub(A) = L L^T) or 'U' (U^T U), any case; only that triangle is read and
 * written. Argument codes in PDPOTRF's order (the descriptor and window
 * first, then uplo: -1). Returns j > 0 when the leading minor of order j of
 * sub(A) is not positive definite, the same on every process; the first
 * j - 1 columns of L (rows of U) are then factored and no NaN is made.
 * Beyond ScaLAPACK: MB != NB and ia, ja off block boundaries are accepted.
 * rma_pspotrf, rma_pcpotrf and rma_pzpotrf are PSPOTRF, PCPOTRF and
 * PZPOTRF (complex: Hermitian, L L^H and U^H U). */
int rma_pdpotrf(char uplo, int n, double *a, int ia, int ja, const int *desca);
int rma_pspotrf(char uplo, int n, float *a, int ia, int ja, const int *desca);
#ifndef __cplusplus
int rma_pcpotrf(char uplo, int n, float _Complex *a, int ia, int ja, const int *desca);
int rma_pzpotrf(char uplo, int n, double _Complex *a, int ia, int ja, const int *desca);
#endif

/* rma_pdtrsm — PDTRSM: sub(B) := alpha op(sub(A))^-1 sub(B) (side 'L') or
 * alpha sub(B) op(sub(A))^-1 ('R'), sub(A) triangular (uplo 'L' / 'U', the
 * other triangle never read; diag 'U': unit, not read), transa 'N', 'T',
 * 'C'. Returns 0 or PBLAS's code for an illegal argument (-1 .. -4 the
 * characters, -(100 i + j) descriptor entries, DESCA argument 11, DESCB 15),
 * nothing written. Beyond PBLAS: MB != NB and any offsets. rma_pstrsm,
 * rma_pctrsm and rma_pztrsm are PSTRSM, PCTRSM and PZTRSM ('C': conjugate
 * transpose). */
int rma_pdtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
               const double *a, int ia, int ja, const int *desca, double *b, int ib, int jb,
               const int *descb);
int rma_pstrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha,
               const float *a, int ia, int ja, const int *desca, float *b, int ib, int jb,
               const int *descb);

/* rma_pdpotrs — PDPOTRS: solves sub(A) X = sub(B) with the Cholesky factor
 * of PDPOTRF or rma_pdpotrf in sub(A) (uplo 'L': L L^T, 'U': U^T U); sub(B)
 * is overwritten by X. Returns 0 or ScaLAPACK's code for an illegal
 * argument (-1 uplo, -(100 i + j) descriptor entries, DESCA 7, DESCB 11),
 * nothing written. Beyond ScaLAPACK: MB != NB and offsets off block
 * boundaries. rma_pspotrs, rma_pcpotrs and rma_pzpotrs are PSPOTRS, PCPOTRS
 * and PZPOTRS (L L^H, U^H U). */
int rma_pdpotrs(char uplo, int n, int nrhs, const double *a, int ia, int ja, const int *desca,
                double *b, int ib, int jb, const int *descb);
int rma_pspotrs(char uplo, int n, int nrhs, const float *a, int ia, int ja, const int *desca,
                float *b, int ib, int jb, const int *descb);
#ifndef __cplusplus
int rma_pctrsm(char side, char uplo, char transa, char diag, int m, int n, float _Complex alpha,
               const float _Complex *a, int ia, int ja, const int *desca, float _Complex *b, int ib,
               int jb, const int *descb);
int rma_pztrsm(char side, char uplo, char transa, char diag, int m, int n, double _Complex alpha,
               const double _Complex *a, int ia, int ja, const int *desca, double _Complex *b,
               int ib, int jb, const int *descb);
int rma_pcpotrs(char uplo, int n, int nrhs, const float _Complex *a, int ia, int ja,
                const int *desca, float _Complex *b, int ib, int jb, const int *descb);
int rma_pzpotrs(char uplo, int n, int nrhs, const double _Complex *a, int ia, int ja,
                const int *desca, double _Complex *b, int ib, int jb, const int *descb);
#endif

/* rma_pdsyrk — PDSYRK: sub(C) := alpha op(sub(A)) op(sub(A))^T + beta
 * sub(C) on the triangle UPLO of sub(C) (the other neither read nor
 * written), TRANS 'N' (sub(A) n x k) or 'T' / 'C' (k x n); beta = 0 never
 * reads C. rma_pssyrk is PSSYRK; rma_pcsyrk and rma_pzsyrk PCSYRK and PZSYRK
 * (complex symmetric, TRANS 'N' or 'T'). */
int rma_pdsyrk(char uplo, char trans, int n, int k, double alpha, const double *a, int ia, int ja,
               const int *desca, double beta, double *c, int ic, int jc, const int *descc);
int rma_pssyrk(char uplo, char trans, int n, int k, float alpha, const float *a, int ia, int ja,
               const int *desca, float beta, float *c, int ic, int jc, const int *descc);

/* rma_pdtrmm — PDTRMM: sub(B) := alpha op(T) sub(B) (SIDE 'L') or alpha
 * sub(B) op(T) ('R'), T the UPLO triangle of sub(A) (the other not read),
 * TRANSA 'N' / 'T' / 'C', DIAG 'U' (unit, not read) or 'N'. rma_pstrmm,
 * rma_pctrmm and rma_pztrmm are PSTRMM, PCTRMM and PZTRMM. */
int rma_pdtrmm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
               const double *a, int ia, int ja, const int *desca, double *b, int ib, int jb,
               const int *descb);
int rma_pstrmm(char side, char uplo, char transa, char diag, int m, int n, float alpha,
               const float *a, int ia, int ja, const int *desca, float *b, int ib, int jb,
               const int *descb);

/* rma_pdtrtri — PDTRTRI: the inverse of the UPLO triangle of sub(A) in
 * place (DIAG 'U': unit, not read); returns INFO: j > 0 when sub(A)'s
 * diagonal entry j is exactly zero (nothing written, the same j on every
 * process). Beyond ScaLAPACK: MB != NB and IA, JA at different offsets in
 * their blocks are accepted. rma_pstrtri, rma_pctrtri, rma_pztrtri alike. */
int rma_pdtrtri(char uplo, char diag, int n, double *a, int ia, int ja, const int *desca);
int rma_pstrtri(char uplo, char diag, int n, float *a, int ia, int ja, const int *desca);

/* rma_pdpotri — PDPOTRI: the inverse of a symmetric (Hermitian) positive
 * definite sub(A) from its Cholesky factor (PDPOTRF's) in the UPLO triangle,
 * overwritten by that triangle of the inverse; INFO j > 0 when the factor's
 * diagonal entry j is zero (nothing written). rma_pspotri, rma_pcpotri,
 * rma_pzpotri alike. */
int rma_pdpotri(char uplo, int n, double *a, int ia, int ja, const int *desca);
int rma_pspotri(char uplo, int n, float *a, int ia, int ja, const int *desca);
#ifndef __cplusplus
int rma_pcsyrk(char uplo, char trans, int n, int k, float _Complex alpha,
               const float _Complex *a, int ia, int ja, const int *desca, float _Complex beta,
               float _Complex *c, int ic, int jc, const int *descc);
int rma_pzsyrk(char uplo, char trans, int n, int k, double _Complex alpha,
               const double _Complex *a, int ia, int ja, const int *desca, double _Complex beta,
               double _Complex *c, int ic, int jc, const int *descc);
/* rma_pzherk — PZHERK: sub(C) := alpha op(sub(A)) op(sub(A))^H + beta sub(C)
 * on the UPLO triangle, TRANS 'N' or 'C', alpha and beta real; the
 * imaginary parts of sub(C)'s diagonal set to zero. rma_pcherk is PCHERK. */
int rma_pcherk(char uplo, char trans, int n, int k, float alpha, const float _Complex *a, int ia,
               int ja, const int *desca, float beta, float _Complex *c, int ic, int jc,
               const int *descc);
int rma_pzherk(char uplo, char trans, int n, int k, double alpha, const double _Complex *a,
               int ia, int ja, const int *desca, double beta, double _Complex *c, int ic, int jc,
               const int *descc);
int rma_pctrmm(char side, char uplo, char transa, char diag, int m, int n, float _Complex alpha,
               const float _Complex *a, int ia, int ja, const int *desca, float _Complex *b,
               int ib, int jb, const int *descb);
int rma_pztrmm(char side, char uplo, char transa, char diag, int m, int n, double _Complex alpha,
               const double _Complex *a, int ia, int ja, const int *desca, double _Complex *b,
               int ib, int jb, const int *descb);
int rma_pctrtri(char uplo, char diag, int n, float _Complex *a, int ia, int ja, const int *desca);
int rma_pztrtri(char uplo, char diag, int n, double _Complex *a, int ia, int ja, const int *desca);
int rma_pcpotri(char uplo, int n, float _Complex *a, int ia, int ja, const int *desca);
int rma_pzpotri(char uplo, int n, double _Complex *a, int ia, int ja, const int *desca);
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
