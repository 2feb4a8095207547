/*
 * The simulation build's kernel accounting (RMALA_SIMULATE only; see
 * core/sim.h for the switches). Each tile kernel brackets its arithmetic
 * with rma_kernel_sim_begin / rma_kernel_sim_end: begin stops SMPI's
 * timing of host code, charges the MODEL's predicted time for the call as
 * simulated computation on the calling rank's host, and says whether the
 * arithmetic is to be done at all; end resumes SMPI's timing. With no model
 * (RMALA_SIM_MODEL=none) both do nothing and SMPI times the real BLAS.
 * The model is fitted on double kernels; a call of another type is charged
 * that time times rma_kmodel_dtype_factor (a MODEL assumption). With
 * RMALA_SIM_THREADS = C > 1 each rank stands for C cores and every kernel is
 * charged the threaded-kernel MODEL's time for C threads
 * (rma_kmodel_thread_factor on the fits RMALA_SIM_THREAD_FITS names).
 * Brackets nest: a bracket opened inside another (a charged kernel calling
 * another, e.g. the LU panel's row swaps, ?swap, inside getrf) charges
 * nothing and computes whenever the outer one does: the outer charge
 * covers the whole call. A model file without the later, optional kinds
 * (vector, ger: time_model.h; older fits) leaves their calls to SMPI as
 * host code, as before they were charged (timed by the wall clock, or free
 * with smpi/simulate-computation:no), and describe says so.
 * No MPI call (SMPI's benchmarking hooks only).
 */
#ifndef RMA_KERNEL_SIM_CHARGE_H
#define RMA_KERNEL_SIM_CHARGE_H

#include "kernel/time_model.h"

#ifdef RMALA_SIMULATE
/* Local. Charges the MODEL's time of a kernel of element type t, kind and
 * shape (nothing when inside another bracket). Returns 1 when the caller
 * skips its arithmetic (shared-malloc mode), 0 when it computes; in both
 * cases rma_kernel_sim_end follows. */
int rma_kernel_sim_begin(rma_dtype_t t, rma_kmodel_kind_t kind, int m, int n, int k);
/* Local. Ends the bracket rma_kernel_sim_begin opened; returns 0. */
int rma_kernel_sim_end(void);
#endif

/* A kernel's bracket in one place: RMA_SIM_CHARGE(t, kind, m, n, k) at the
 * top of the kernel (a declaration), RMA_SIM_COMPUTE in front of its
 * arithmetic (skipped when the simulation says so), RMA_SIM_END after it.
 * Outside the simulation build they are nothing. */
#ifdef RMALA_SIMULATE
#define RMA_SIM_CHARGE(t, kind, m, n, k) int rma_sim_skip_ = rma_kernel_sim_begin(t, kind, m, n, k)
#define RMA_SIM_COMPUTE if (!rma_sim_skip_)
#define RMA_SIM_END rma_kernel_sim_end()
#else
#define RMA_SIM_CHARGE(t, kind, m, n, k) (void)0
#define RMA_SIM_COMPUTE
#define RMA_SIM_END (void)0
#endif

/* Local. The seconds the simulation charges one double kernel of this kind
 * and shape on this rank: the MODEL's one-core time, times the
 * threaded-kernel MODEL's factor when RMALA_SIM_THREADS = C > 1 (core/sim.h),
 * times RMALA_SIM_KERNEL_SCALE. 0 when no model is in use (real build,
 * RMALA_SIM_MODEL=none, unreadable files). */
double rma_kernel_sim_time(rma_kmodel_kind_t kind, int m, int n, int k);

/* Local. The cores one simulated rank stands for: RMALA_SIM_THREADS = C
 * when a MODEL is in use, else 1. */
int rma_kernel_sim_threads(void);

/* Local. A one-line description of the kernel timing in use ("MODEL <path>
 * (<machine>)", "real BLAS timed by SMPI", or "real (not simulated)");
 * returns 0, or -1 when a model was asked for and could not be read (the
 * text then says why). */
int rma_kernel_sim_describe(char *text, int len);

#endif
