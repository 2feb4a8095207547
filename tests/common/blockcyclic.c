#include "blockcyclic.h"

#include <math.h>

double bc_value(unsigned seed, int i, int j) {
  unsigned h = seed * 2654435761u ^ (unsigned)i * 40503u ^ (unsigned)j * 2246822519u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  h *= 3266489917u;
  h ^= h >> 16;
  return (double)(h % 2000000u) / 1000000.0 - 1.0;
}

int bc_rand(unsigned *state, int bound) {
  *state = *state * 1103515245u + 12345u;
  return bound > 0 ? (int)((*state >> 8) % (unsigned)bound) : 0;
}

int bc_global(int l, int nb, int myp, int src, int np) {
  int rel = (myp - src + np) % np;
  return (l / nb) * nb * np + rel * nb + l % nb;
}

void bc_grid_shape(int p, int *nprow, int *npcol) {
  int r = (int)sqrt((double)p);
  while (r > 1 && p % r != 0)
    r--;
  *nprow = r, *npcol = p / r;
}
