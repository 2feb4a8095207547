/*
 * The GA piece of the test helpers, shared by the GA tests and benchmarks/
 * (not part of the installed library; built only with RMALA_WITH_GA): GA
 * fill / gather helpers on the seeded generator of testutil.h, so every run,
 * every process count and every library sees the same matrix.
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
void rt_touch_local(int g_a);

/* Fill the top-left m x n block of g_a with the constant value. Collective. */
void rt_fill_const(int g_a, int m, int n, double value);

/* Copy the top-left m x n block of g_a into buf (row-major, ld = n) on every
 * rank. Collective (NGA_Get by every rank, then GA_Sync). */
void rt_gather(int g_a, int m, int n, double *buf);

/* Create a regular (GA default distribution) m x n double GA. Collective. */
int rt_create_regular(int m, int n, const char *name);

/* MPI_Init, GA_Initialize and rma_init (the job is aborted when rma_init
 * fails); *me and *np get the rank and the number of processes. */
void rt_init(int *argc, char ***argv, int *me, int *np);

/* rma_finalize, GA_Terminate, MPI_Finalize. */
void rt_finalize(void);

#endif
