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
// development machine (np 2, 1 x 2 grid, nb 64, one BLAS thread; README,
// "Use without relinking"): rmala's P?GETRF is slower than ScaLAPACK's from
// n 96 to about 224 and at least as fast from 256 on; its P?GEMM is faster
// from 96 on. Below 96 both take microseconds either way.
#define RMA_STEER_MIN_DIM_DEFAULT 256

/*
 * rma_steer_takes (local): 1 when rmala is to serve a call of d whose size
 * (min(m, n, k), min(m, n), or the order) is size; 0 when it goes to
 * ScaLAPACK, with the reason written into why (n bytes). Reads the
 * environment at its first call; an illegal value gets one message on
 * stderr (rank 0 of MPI_COMM_WORLD) and the default.
 */
int rma_steer_takes(rma_dropin_t *d, int size, char *why, size_t n);

#endif
