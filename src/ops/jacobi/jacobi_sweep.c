/*
 * The Jacobi solver's local sweep, shared by every mode: the residual of this
 * rank's band, Jacobi's update of it, the column maxima of x and the scaled
 * residual.
 *
 * Layer contract: rma_jacobi_sweep -> kernel (gemv, or gemm for several
 * right-hand sides). No communication: the modes (ops/jacobi/jacobi.c,
 * ops/jacobi/jacobi_async.c) move the bands.
 */
#define _POSIX_C_SOURCE 200809L
#include "ops/jacobi/jacobi_sweep.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "kernel/tile_blas.h"

void rma_jacobi_xmax(rma_jacobi_t *J) {
  for (int c = 0; c < J->nrhs; c++)
    J->xmax[c] = 0.0;
  for (long i = 0; i < J->n; i++)
    for (int c = 0; c < J->nrhs; c++)
      J->xmax[c] = rma_jacobi_max_nan(J->xmax[c], fabs(J->x[i * J->nrhs + c]));
}

double rma_jacobi_ratio(const rma_jacobi_t *J, const double *rmax) {
  double worst = 0.0;
  for (int c = 0; c < J->nrhs; c++) {
    double den = J->anorm * J->xmax[c] + J->bnorm[c];
    double q = rmax[c] == 0.0 ? 0.0 : rmax[c] / den;
    worst = rma_jacobi_max_nan(worst, q);
  }
  return worst;
}

void rma_jacobi_residual(rma_jacobi_t *J) {
  int rows = J->rows, nrhs = J->nrhs;
  if (rows > 0) {
    memcpy(J->r, J->b, sizeof(double) * (size_t)rows * nrhs);
    if (nrhs == 1)
      rma_kernel_gemv(rows, J->n, -1.0, J->a, J->n, J->x, 1, J->r, 1);
    else
      rma_kernel_gemm(0, 0, rows, nrhs, J->n, -1.0, J->a, J->n, J->x, nrhs, J->r, nrhs);
  }
  for (int c = 0; c < nrhs; c++)
    J->rmax[c] = 0.0;
  for (long i = 0; i < rows; i++)
    for (int c = 0; c < nrhs; c++)
      J->rmax[c] = rma_jacobi_max_nan(J->rmax[c], fabs(J->r[i * nrhs + c]));
}

int rma_jacobi_next_gen(const rma_jacobi_t *J) {
  int low = -1;
  for (int p = 0; p < J->np; p++)
    if (rma_jacobi_band_rows(J, p) > 0 && (low < 0 || J->gen_of[p] < low))
      low = J->gen_of[p];
  return low + 1;
}

void rma_jacobi_sweep(rma_jacobi_t *J) {
  int gen = rma_jacobi_next_gen(J);
  rma_jacobi_residual(J);
  // x_i += (b_i - sum_j a_ij x_j) / a_ii: Jacobi's update of the band.
  double *own = J->x + (long)J->lo * J->nrhs;
  for (long i = 0; i < J->rows; i++)
    for (int c = 0; c < J->nrhs; c++)
      own[i * J->nrhs + c] += J->r[i * J->nrhs + c] / J->d[i];
  J->sweeps++;
  J->gen_of[J->me] = gen;
  if (J->slow_us > 0) {
    struct timespec ts = {J->slow_us / 1000000, (long)(J->slow_us % 1000000) * 1000};
    nanosleep(&ts, NULL);
  }
}
