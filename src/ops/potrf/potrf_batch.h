/*
 * The Cholesky's batched trailing update: copies of the last g steps'
 * panels, so that a tile column [row] is updated with several steps at once
 * (one gemm of k = steps x nb instead of one per step). A rank-nb update
 * runs OpenBLAS's kernel at its small-k rate (nb 64: ~20% below its large-k
 * rate on this machine's Zen cores, measured 2026-11-27); ScaLAPACK's
 * left-looking pdpotrf multiplies with k = all previous columns.
 *
 * Two areas, each a ring of g steps written twice (step i at places i % g
 * and i % g + g), so that any run of at most g consecutive steps is one
 * matrix with one ld:
 *  - "line": this rank's local rows [columns] of the panel line (lower:
 *    rows x steps, row-major, ld 2 g nb; upper: steps x columns, ld long);
 *  - "single": the panel tiles of this rank's local tile columns [rows]
 *    (lower: local columns x steps, ld 2 g nb; upper: steps x local rows,
 *    ld long).
 * "Long" is the local extent the area covers (lrmax or lcmax). The module
 * knows nothing of the pipeline: potrf_run.c copies each step in after it
 * arrives and asks for the operands of a run of steps.
 *
 * rma_potrf_run -> here; kernel-free (memcpy).
 */
#ifndef RMA_OPS_POTRF_BATCH_H
#define RMA_OPS_POTRF_BATCH_H

#include <stddef.h>

typedef struct {
  int g;        /* steps kept (>= 2 when in use) */
  int lower;    /* 1: long along rows (lower); 0: along columns (upper) */
  int nb;       /* columns [rows] of one step */
  size_t es;    /* element size */
  long lline;   /* long extent of the line area */
  long lsingle; /* long extent of the single area */
  char *line, *single;
} rma_potrf_batch_t;

/*
 * Local. Areas for g steps of nb columns [rows] of es-byte elements, over
 * lline local rows [columns] of the line and lsingle of the singles.
 * Returns 0, or -1 when out of memory (then b holds nothing to free).
 */
int rma_potrf_batch_open(rma_potrf_batch_t *b, int g, int lower, int nb, size_t es, long lline,
                         long lsingle);

/* Local. Frees b's areas (b zeroed: open it again to reuse it). */
void rma_potrf_batch_close(rma_potrf_batch_t *b);

/*
 * Local. Keeps step k's piece of the line (single == 0) or of a single
 * tile (single != 0): count long-extent entries starting at local offset
 * at, each nb wide, from src (lower: count rows of nb, ld; upper: nb rows
 * of count, ld).
 */
void rma_potrf_batch_keep(rma_potrf_batch_t *b, int single, int k, long at, long count,
                          const void *src, int ld);

/*
 * Local. The operand of the run of steps from first (at most g steps, all
 * kept) at local offset at of the line (single == 0) or the singles: lower
 * a (long x steps nb) matrix, upper a (steps nb x long) one; *ld its ld.
 */
const void *rma_potrf_batch_operand(const rma_potrf_batch_t *b, int single, int first, long at,
                                    int *ld);

#endif
