/*
 * Test helpers without any library behind them: a seeded value at each
 * global index (every library sees the same matrix), a small deterministic
 * generator, and ScaLAPACK's block-cyclic index arithmetic.
 */
#ifndef RMA_TEST_BLOCKCYCLIC_H
#define RMA_TEST_BLOCKCYCLIC_H

/* Local. Deterministic value in [-1, 1) at global (0-based) (i, j). */
double bc_value(unsigned seed, int i, int j);

/* Local. The next value in [0, bound) of a small deterministic generator. */
int bc_rand(unsigned *state, int bound);

/* Local. Global 0-based index of local index l (INDXL2G) on grid
 * coordinate myp of np, blocks of nb, first block on src. */
int bc_global(int l, int nb, int myp, int src, int np);

/* Local. The most square process grid nprow x npcol = p with nprow <= npcol. */
void bc_grid_shape(int p, int *nprow, int *npcol);

#endif
