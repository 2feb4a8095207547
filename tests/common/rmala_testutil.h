/*
 * Test and benchmark utilities shared by tests/ and benchmarks/ (not part of
 * the installed library): a seeded, portable generator of matrix entries from
 * the global index, and GA fill / gather helpers built on it, so every run,
 * every process count and every library sees the same matrix.
 */
#ifndef RMALA_TESTUTIL_H
#define RMALA_TESTUTIL_H

#include <stdint.h>

/* Entry (i,j) of the matrix named by seed: uniform in [-0.5, 0.5), the same
 * on every machine (splitmix64 of seed and the global index). Local. */
double rt_entry(uint64_t seed, long i, long j);

/* Fill the top-left m x n block of GA g_a with rt_entry(seed, i, j) + (i == j
 * ? diag : 0). Collective; each rank writes a stripe of rows with NGA_Put. */
void rt_fill(int g_a, uint64_t seed, int m, int n, double diag);

/* Fill the top-left m x n block of g_a with the constant value. Collective. */
void rt_fill_const(int g_a, int m, int n, double value);

/* Copy the top-left m x n block of g_a into buf (row-major, ld = n) on every
 * rank. Collective (NGA_Get by every rank, then GA_Sync). */
void rt_gather(int g_a, int m, int n, double *buf);

/* Create a regular (GA default distribution) m x n double GA. Collective. */
int rt_create_regular(int m, int n, const char *name);

/* 2^-53, the unit roundoff used by every residual check. */
#define RT_EPS 1.1102230246251565e-16

#endif
