/*
 * The drop-in's steering (librmala_scalapack): which routines rmala serves
 * (RMALA_SCALAPACK_ROUTINES) and the smallest problem it takes
 * (RMALA_SCALAPACK_MIN_DIM), read from the environment once, at the first
 * drop-in call of the process.
 */
#ifndef RMALA_STEER_H
#define RMALA_STEER_H

#include <stddef.h>

#include "scalapack_api/dropin.h"

// RMALA_SCALAPACK_MIN_DIM's default: the crossover measured on the
// development machine (README, "Use without relinking").
#define RMA_STEER_MIN_DIM_DEFAULT 0

/*
 * rma_steer_takes (local): 1 when rmala is to serve a call of d whose size
 * (min(m, n, k), min(m, n), or the order) is size; 0 when it goes to
 * ScaLAPACK, with the reason written into why (n bytes). Reads the
 * environment at its first call; an illegal value gets one message on
 * stderr (rank 0 of MPI_COMM_WORLD) and the default.
 */
int rma_steer_takes(rma_dropin_t *d, int size, char *why, size_t n);

#endif
