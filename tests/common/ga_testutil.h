/*
 * The GA piece of the test helpers, shared by the GA tests and benchmarks/
 * (not part of the installed library; built only with RMALA_WITH_GA): GA
 * fill / gather helpers on the seeded generator of testutil.h, so every run,
 * every process count and every library sees the same matrix: GAs of doubles
 * (rt_fill, rt_gather, ...) and of any element type (rt_tcreate, rt_tfill,
 * rt_tgather).
 */
#ifndef RMA_TEST_GA_TESTUTIL_H
#define RMA_TEST_GA_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "testutil.h"

/* Fill the top-left m x n block of GA g_a with rt_entry(seed, i, j) + (i == j
 * ? diag : 0). Collective; each rank writes a stripe of rows with NGA_Put. */
void rt_fill(int g_a, uint64_t seed, int m, int n, double diag);

/* Each rank rewrites one element per page of its own part of g_a in place
 * (values unchanged), as a program that initialised its local data has
 * touched it: after rt_fill, half of a rank's pages may have been written by
 * neighbours only, and on a machine with nested paging a process's first
 * access to a page costs ~6.5 us (doc/benchmarks.md). Collective. */
void rt_touch_local(int g_a); /* any of GA's four element types */

/* Fill the top-left m x n block of g_a with the constant value. Collective. */
void rt_fill_const(int g_a, int m, int n, double value);

/* Copy the top-left m x n block of g_a into buf (row-major, ld = n) on every
 * rank. Collective (NGA_Get by every rank, then GA_Sync). */
void rt_gather(int g_a, int m, int n, double *buf);

/* Create a regular (GA default distribution) m x n double GA. Collective. */
int rt_create_regular(int m, int n, const char *name);

/* A rows x cols GA of element type t (typed_elem.h's TE_S .. TE_Z: C_FLOAT,
 * C_DBL, C_SCPL, C_DCPL): layout 0 tiled and 1 ScaLAPACK in mb x nb blocks
 * (rma_matrix_create_type, rmala's grid), 2 GA's regular distribution.
 * Returns the handle, or 0 when it could not be made (GA's handles are
 * negative). Collective. */
int rt_tcreate(int t, int layout, int rows, int cols, int mb, int nb);

/* Fill the rows x cols GA g of type t with rt_tvalue(t, seed, i, j) (plus
 * diag on the diagonal); full (rows x cols elements of type t, row-major,
 * may be NULL) gets the same matrix on every rank. Collective; each rank
 * puts a stripe of rows. */
void rt_tfill(int t, int g, int rows, int cols, uint64_t seed, double diag, void *full);

/* Copy the top-left rows x cols block of the GA g of type t into buf
 * (row-major, elements of type t) on every rank. Collective. */
void rt_tgather(int t, int g, int rows, int cols, void *buf);

/* MPI_Init, GA_Initialize and rma_init (the job is aborted when rma_init
 * fails); *me and *np get the rank and the number of processes. */
void rt_init(int *argc, char ***argv, int *me, int *np);

/* Before rt_init, in tests of GAs of floats: under MPICH, GA 5.8.2 /
 * ARMCI-MPI 0.3.1 loses elements of C_FLOAT arrays in its own NGA_Put /
 * NGA_Get round trip when its windows come from MPI_Win_allocate
 * (doc/architecture.md); ARMCI_USE_WIN_ALLOCATE=0 (MPI_Win_create) makes GA
 * consistent. Does nothing under other MPIs. */
void rt_ga_float_safe(void);

/* rma_finalize, GA_Terminate, MPI_Finalize. */
void rt_finalize(void);

#endif
