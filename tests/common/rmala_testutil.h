/*
 * Test and benchmark utilities shared by tests/ and benchmarks/ (not part of
 * the installed library): a seeded, portable generator of matrix entries from
 * the global index, and GA fill / gather helpers built on it, so every run,
 * every process count and every library sees the same matrix.
 */
#ifndef RMALA_TESTUTIL_H
#define RMALA_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

/* Entry (i,j) of the matrix named by seed: uniform in [-0.5, 0.5), the same
 * on every machine (splitmix64 of seed and the global index). Local. */
double rt_entry(uint64_t seed, long i, long j);

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

/* Collective over MPI_COMM_WORLD. 1 when every rank's rc equals want;
 * otherwise 0, and why (len bytes) says "label: expected W on every rank,
 * got r0 r1 ...". */
int rt_all_ranks_equal(int rc, int want, const char *label, char *why, size_t len);

/* 2^-53, the unit roundoff used by every residual check. */
#define RT_EPS 1.1102230246251565e-16

/* ---- Element types (GA's C_FLOAT, C_DBL, C_SCPL, C_DCPL) ------------------
 * The typed helpers below leave the double ones above as they are. */

/* Seed of the imaginary parts of the complex matrix named by seed. */
#define RT_IMAG_SEED(seed) ((uint64_t)(seed) + 0x100000000ULL)

/* Bytes of one element of GA type type; 0 for a type other than the four. Local. */
size_t rt_type_size(int type);

#ifndef __cplusplus
/* Entry (i,j) of the matrix named by seed as an array of GA type type holds
 * it: real part rt_entry(seed, i, j), imaginary part (complex types)
 * rt_entry(RT_IMAG_SEED(seed), i, j), each rounded to the type's precision.
 * Local. */
double _Complex rt_entry_type(int type, uint64_t seed, long i, long j);
#endif

/* Fill the top-left m x n block of g_a (of GA type type) with
 * rt_entry_type(type, seed, i, j). Collective; a stripe of rows per rank
 * with NGA_Put, as rt_fill (C_DBL: rt_fill itself, diag 0). */
void rt_fill_type(int g_a, int type, uint64_t seed, int m, int n);

/* rt_gather for g_a of GA type type: buf gets m x n elements of the type
 * (row-major, ld = n) on every rank. Collective. */
void rt_gather_type(int g_a, int type, int m, int n, void *buf);

/* Create a regular (GA default distribution) m x n GA of type type, zero-filled. Collective. */
int rt_create_regular_type(int type, int m, int n, const char *name);

#endif
