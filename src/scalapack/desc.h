/*
 * ScaLAPACK array descriptors: reading the 9-entry DTYPE 1 and the
 * 11-entry DTYPE 2 forms, checking them the way ScaLAPACK's CHK1MAT does
 * (PXERBLA's numbering), and the native matrix they describe.
 *
 * Error keys: 100 * i for scalar argument i, 100 * i + j for entry j of
 * descriptor argument i (entries numbered in the caller's descriptor, so a
 * DTYPE 2 descriptor's RSRC is entry 9); the smallest key wins.
 */
#ifndef RMA_SCALAPACK_DESC_H
#define RMA_SCALAPACK_DESC_H

#include "native/grid.h"
#include "rmala.h"

typedef struct {
  int dtype, ctxt, m, n, mb, nb, rsrc, csrc, lld;
  int imb, inb;                                    /* first block (DTYPE 2; = mb, nb for DTYPE 1) */
  int e_m, e_n, e_mb, e_nb, e_rsrc, e_csrc, e_lld; /* entry numbers (1-based) */
} rma_desc_t;

/* The grid of the calling process, as BLACS_GRIDINFO reports it. */
typedef struct {
  int nprow, npcol, myrow, mycol;
} rma_desc_grid_t;

/* The smallest error key seen so far and its reason. */
typedef struct {
  int key;
  char why[160];
} rma_desc_err_t;

/* Local. Keep (key, why) in e when key is non-zero and smaller. */
void rma_desc_err(rma_desc_err_t *e, int key, const char *why);

/* Local. Read desc (argument dpos) into d: 0, or the key of an illegal
 * DTYPE (NULL desc included). */
int rma_desc_read(const int *desc, int dpos, rma_desc_t *d);

/* Local. Append to the argument fingerprint s, as one value named name,
 * what every process must pass alike about descriptor d (read unless
 * unread != 0) and the 1-based (ia, ja): DTYPE, M, N, MB, NB, IMB, INB,
 * RSRC, CSRC and the offsets (not CTXT or LLD, which are the process's own). */
void rma_desc_same(rma_same_t *s, const char *name, const rma_desc_t *d, int unread, int ia,
                   int ja);

/*
 * Local. CHK1MAT's checks of sub(A) = A(ia:ia+ma-1, ja:ja+na-1) (1-based ia,
 * ja at positions dpos-2 and dpos-1; ma, na at mpos, npos) on grid g:
 * its smallest key goes into e.
 */
void rma_desc_check(const rma_desc_t *d, int ma, int mpos, int na, int npos, int ia, int ja,
                    int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e);

/* Local. rma_desc_check as PBLAS's PB_Cchkmat numbers it: the same, but a
 * window past M or N blames ia or ja (positions dpos-2, dpos-1), not the
 * sub-matrix's extent (checked against PDTRSM itself), and an empty window
 * takes any LLD >= 1 (LLD below the local rows is legal there). */
void rma_desc_check_pblas(const rma_desc_t *d, int ma, int mpos, int na, int npos, int ia, int ja,
                          int dpos, const rma_desc_grid_t *g, rma_desc_err_t *e);

/* Local. The code of a first descriptor that cannot be read (key from
 * rma_desc_read): no context to agree in, so world rank 0 prints the one
 * message. Returns -key. */
int rma_desc_unreadable(const char *routine, int key);

/* Local. 1 when rmala serves the descriptor's distribution (DTYPE 2 only
 * with first blocks of full size). */
int rma_desc_served(const rma_desc_t *d);

/* Local. The native matrix of type dt (whole array, not the window) over
 * the local array data on grid. */
rma_bcm_t rma_desc_matrix(const rma_desc_t *d, rma_grid_t grid, rma_dtype_t dt, const void *data);

#endif
