/*
 * The simulation build's switches (RMALA_SIMULATE; SimGrid SMPI). In a real
 * build these functions exist and report "off", so callers need no #ifdef.
 *  - RMALA_SIM_SHARED=1: bulk memory (matrices, store segments, mailbox data
 *    areas) comes from SMPI's shared malloc: every simulated rank maps the
 *    same physical pages, so n = 65536 at P = 4096 fits in memory; the
 *    values are then meaningless (no numerical check can hold) and the
 *    kernels skip their arithmetic (they still charge their modelled time).
 *  - RMALA_SIM_MODEL=<file>|none: the kernel time MODEL (src/kernel/
 *    time_model.h) whose predictions the kernels charge as simulated time;
 *    default the model committed in sim/models/default.txt; "none" runs the
 *    real BLAS and lets SMPI time it on this machine.
 *  - RMALA_SIM_KERNEL_SCALE=F: every modelled kernel time times F (F = 6
 *    emulates a core 6x slower than the model's, e.g. a 2.1 GHz Opteron).
 *  - RMALA_SIM_THREADS=C: each rank stands for C cores of a node (one rank
 *    per node or per C cores, threaded BLAS): kernels are charged the
 *    threaded-kernel MODEL's time for C threads (kernel/time_model.h:
 *    rma_kmodel_thread_factor), from the 1- and 2-thread fits named by
 *    RMALA_SIM_THREAD_FITS=<file>:<file> (default sim/models/threads-1.txt
 *    and threads-2.txt).
 *  - RMALA_SIM_COMPUTE=0|1: whether the kernels also do the arithmetic
 *    (default 1, 0 when shared; 1 with shared memory is refused: 0 is used).
 */
#ifndef RMA_CORE_SIM_H
#define RMA_CORE_SIM_H

#include <stddef.h>

/* 1 in the simulation build with RMALA_SIM_SHARED=1, else 0. */
int rma_sim_shared(void);

/* 1 when the kernels do their arithmetic: always in a real build; in the
 * simulation build unless rma_sim_shared() or RMALA_SIM_COMPUTE=0. */
int rma_sim_compute(void);

/* Local. bytes of bulk memory whose first head bytes (rounded up to a page)
 * stay private to this rank (counters, flags, headers) and whose rest is
 * shared between simulated ranks when rma_sim_shared(); plain malloc
 * otherwise. Contents undefined. NULL when out of memory. */
void *rma_sim_bulk_alloc(size_t bytes, size_t head);

/* Local. As rma_sim_bulk_alloc, for memory whose private head receives
 * transfers at any offset (the mailbox: counters, step headers): the shared
 * part is folded by rmala (one memory file mapped again and again), unknown
 * to SMPI, because SMPI 3.32 skips the private bytes of a transfer that
 * starts inside a private block of its own partially shared allocations. */
void *rma_sim_folded_alloc(size_t bytes, size_t head);
/* Local. Free what rma_sim_bulk_alloc or rma_sim_folded_alloc returned
 * (NULL: nothing). */
void rma_sim_bulk_free(void *p);

/* Local. 1 when [p, p + len) lies inside the shared part of one live
 * rma_sim_bulk_alloc allocation of this rank (shared-malloc mode): bytes
 * whose values are meaningless and that SMPI never writes when they are a
 * transfer's destination. Always 0 in a real build. */
int rma_sim_meaningless(const void *p, size_t len);

#endif
