/*
 * rmala — dense linear algebra on Global Arrays with one-sided MPI-3 RMA.
 *
 * The one public header. Programs include it after <mpi.h> and <ga.h>, call
 * GA_Initialize() and then rma_init(), and pass GA handles to the operations.
 *
 * Return codes follow LAPACK: 0 is success; -i means argument i is illegal
 * (the same value on every rank, one message printed once, nothing
 * modified); positive values are defined by each operation; the RMA_ERR_*
 * codes below (all <= -1000) report conditions that are not an argument.
 */
#ifndef RMALA_H
#define RMALA_H

#ifdef __cplusplus
extern "C" {
#endif

#define RMALA_VERSION_MAJOR 0
#define RMALA_VERSION_MINOR 1
#define RMALA_VERSION_PATCH 0

/* Library error codes (never collide with -i argument codes). */
#define RMA_ERR_NOT_INITIALIZED (-1001) /* rma_init() not called, or GA not up */
#define RMA_ERR_NOT_IMPLEMENTED (-1002) /* operation not built yet */
#define RMA_ERR_NO_GRID (-1003)         /* no process grid gives every process a tile */
#define RMA_ERR_MPI (-1004)             /* an MPI call failed */
#define RMA_ERR_NO_MEMORY (-1005)       /* allocation failed */
#define RMA_ERR_LAYOUT (-1006)          /* a GA layout did not match the tile directory */
#define RMA_ERR_GA (-1007)              /* Global Arrays refused the request */

/* How rma_matrix_create lays out the tiles. */
typedef enum {
  RMA_LAYOUT_TILED,    /* GA_Set_tiled_proc_grid: each tile contiguous */
  RMA_LAYOUT_SCALAPACK /* GA_Set_block_cyclic_proc_grid: ScaLAPACK local array */
} rma_layout_t;

/* Protocol switches and tuning knobs (see rma_set_option). */
typedef enum {
  RMA_OPT_ZERO_COPY,   /* 1: tiles land straight in the dgemm panels; 0: through a staging buffer */
  RMA_OPT_NONBLOCKING, /* 1: gets issued ahead of use; 0: each get waited for at once */
  RMA_OPT_LOCALITY,    /* 1: local, then same-node, then remote k chunks; 0: natural order */
  RMA_OPT_CONTENTION,  /* 1: each rank starts its sweep at a different owner; 0: all at k = 0 */
  RMA_OPT_PREFETCH,    /* dgemm steps fetched ahead when tiles travel by RMA (>= 1), default 2 */
  RMA_OPT_VERBOSE,     /* 1: per-call phase times per rank on stderr; 2: also per-step timelines */
  RMA_OPT_SHARED_MEMORY, /* 1: node neighbours' data read in place through shared memory; 0: by RMA */
  RMA_OPT_STORE_KEEP     /* 1: the tile store and LU mailbox are kept between calls; 0: freed after each */
} rma_option_t;

/*
 * rma_init — Collective over GA's world, after GA_Initialize(). Idempotent.
 * Reads the environment (RMALA_ZERO_COPY, RMALA_NONBLOCKING, RMALA_LOCALITY,
 * RMALA_CONTENTION, RMALA_PREFETCH, RMALA_VERBOSE, RMALA_SHARED_MEMORY,
 * RMALA_STORE_KEEP) into the options. RMALA_STORE_MB=<MB> pre-creates the
 * tile store (both operand segments and the LU mailbox, that many MB per rank
 * each), so the first operation pays no allocation.
 * Returns 0, RMA_ERR_NOT_INITIALIZED when GA is not initialised, or
 * RMA_ERR_MPI / RMA_ERR_NO_MEMORY when the pre-creation failed.
 */
int rma_init(void);

/*
 * rma_finalize — Collective, before GA_Terminate(). Frees everything rmala
 * made. Calling it without rma_init() is a no-op returning 0.
 */
int rma_finalize(void);

/*
 * rma_set_option / rma_get_option — Local, but every rank must set the same
 * value before the next collective call. Returns 0, -1 for an unknown option,
 * -2 for an out-of-range value.
 */
int rma_set_option(rma_option_t option, int value);
int rma_get_option(rma_option_t option, int *value);

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

/*
 * rma_dgemm — Collective. C = alpha*op(A)*op(B) + beta*C with GA_Dgemm's
 * meaning: X[i][j] is the element at GA subscript {i,j}; op(X) = X for 'N'
 * or 'n', X^T for 'T', 't', 'C', 'c'. op(A) is m x k, op(B) k x n, and the
 * top-left m x n block of C is updated (arrays may be larger). A and B are
 * never modified. Returns 0 or -i for the first illegal argument.
 */
int rma_dgemm(char transa, char transb, int m, int n, int k, double alpha, int g_a, int g_b,
              double beta, int g_c);

/*
 * rma_lu — Collective. Factors the m x n GA in place as P*A = L*U.
 * ipiv == NULL: no pivoting; otherwise ipiv holds min(m,n) 1-based pivot
 * indices, identical on every rank. Returns 0, -i, or i > 0 when U(i,i) is
 * exactly zero.
 */
int rma_lu(int g_a, int *ipiv);

/*
 * rma_lu_solve — Collective. Solves A*X = B ('N') or A^T*X = B ('T') with the
 * factors from rma_lu; B (n x nrhs) is overwritten by X.
 */
int rma_lu_solve(char trans, int g_a, const int *ipiv, int g_b);

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
