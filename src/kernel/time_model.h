/*
 * Kernel time MODEL: the time a tile kernel takes on one core, predicted
 * from its shape by a linear model fitted to timings (sim/calibrate.c
 * measures them on a real machine and writes the model file; the
 * simulation build charges the predicted time instead of the measured one).
 * Pure arithmetic and file reading: no BLAS, no MPI.
 *
 * Form, per kernel, t = c0 + c1 x1 + c2 x2 + c3 x3 seconds, with terms
 *   gemm   (m x n x k):      x = (m n k,              m n, m k + k n)
 *   trsm   (m x m, n rhs):   x = (m m n,              m n, m m)
 *   getrf  (m x n panel):    x = (m n^2 - n^3 / 3,    m n, n)  partial pivoting
 *   getrf_nopiv:             the same terms as getrf
 *   scale  (m x n):          x = (m n,                0,   0)
 *   vector (BLAS-1 on m entries, weight n, k strided operands):
 *                            x = (m n,                m k, m k [m k > 2048])
 *   ger    (m x n rank-1 update, row-major, m rows of n): x = (m n, m, n)
 * (the leading term counts multiply-adds; the others memory traffic and
 * per-call / per-column overheads). vector is the BLAS-1 calls of
 * kernel/vector_blas.h, the memory-bound panel arithmetic of a
 * column-by-column LU, with n its memory streams per entry, reads + writes:
 * ?scal 2, ?axpy 3, ?swap 4, and i?amax 3 (one read, but its compare per
 * entry ran at axpy's time: measured per entry, unit stride, 3000 entries,
 * relative to scal: axpy 1.44, iamax 1.59, swap 2.19); k counts the
 * operands whose stride is not 1 (0, 1 or 2: one cache line, at large
 * strides one page, per entry each; measured, the strided time per entry
 * goes with the strided vectors, not the streams: iamax's and scal's are
 * equal, axpy's and swap's twice theirs). The third term is a second
 * slope for strided calls touching more than RMA_KMODEL_TLB_REACH = 2048
 * entries (at strides of 512 doubles or more, pages): measured per strided
 * entry, stride 2000, ~4e-10 s at 700 entries and ~3.5e-9 s at 3000 (the
 * pages no longer fit the TLB: 2048 entries on this machine's AMD EPYC).
 * The fit is of the double (d) kernels; the other types are charged that
 * time times rma_kmodel_dtype_factor.
 *
 * File format (text, '#' starts a comment line):
 *   machine <free text up to the end of the line>
 *   <kernel> c0 c1 c2 c3        one line per kernel above
 * vector and ger were added later: a file without them (older fits) still
 * reads, with have[] = 0 for them, and such a kernel's time is 0 (the
 * simulation then leaves those calls to SMPI's timing of host code, as
 * before they had a MODEL, and says so: kernel/sim_charge.h).
 */
#ifndef RMA_KERNEL_TIME_MODEL_H
#define RMA_KERNEL_TIME_MODEL_H

#include "core/dtype.h"

typedef enum {
  RMA_KMODEL_GEMM,
  RMA_KMODEL_TRSM,
  RMA_KMODEL_GETRF,
  RMA_KMODEL_GETRF_NOPIV,
  RMA_KMODEL_SCALE,
  RMA_KMODEL_VECTOR,
  RMA_KMODEL_GER,
  RMA_KMODEL_COUNT
} rma_kmodel_kind_t;

#define RMA_KMODEL_TERMS 4

/* The strided entries beyond which kind vector's third term applies. */
#define RMA_KMODEL_TLB_REACH 2048.0

typedef struct {
  char machine[160];
  double c[RMA_KMODEL_COUNT][RMA_KMODEL_TERMS];
  int have[RMA_KMODEL_COUNT];
} rma_kmodel_t;

/* The kernel's name in model files ("gemm", ...), or NULL. */
const char *rma_kmodel_name(rma_kmodel_kind_t kind);

/* The model's terms x[0..3] (x[0] = 1) for a call of the given shape (k is
 * ignored except by gemm and vector). Returns 0, or -1 for an unknown kind. */
int rma_kmodel_terms(rma_kmodel_kind_t kind, int m, int n, int k, double x[RMA_KMODEL_TERMS]);

/* The kinds every model file must have (the first ones; later kinds are
 * optional, see the file format above). */
#define RMA_KMODEL_REQUIRED (RMA_KMODEL_SCALE + 1)

/* Predicted seconds (never negative; 0 for empty shapes and for a kind the
 * model does not have). */
double rma_kmodel_time(const rma_kmodel_t *model, rma_kmodel_kind_t kind, int m, int n, int k);

/* The threaded-kernel MODEL's factor on a one-core time: how much faster a
 * kernel of this kind and shape runs on `threads` cores (one simulated rank
 * standing for `threads` cores of a node, threaded BLAS). one and two are
 * fits of the same kernels on the same machine in the same session with 1
 * and 2 BLAS threads (rmala-calibrate under OPENBLAS_NUM_THREADS=1 and =2).
 * MODEL assumption (measured at 2 threads only, extended beyond): every
 * doubling of the threads multiplies the time by the ratio r measured from
 * 1 to 2 threads at this shape, r = t_two / t_one clamped to [1/2, 1] (no
 * speed-up above linear; a shape that is slower on two threads stays on
 * one, as threaded BLAS keeps small calls on one thread), so the factor is
 * r^log2(threads) and the parallel efficiency at C threads is
 * (1 / (2 r))^log2(C). Returns 1 for threads <= 1 or an empty shape. */
double rma_kmodel_thread_factor(const rma_kmodel_t *one, const rma_kmodel_t *two,
                                rma_kmodel_kind_t kind, int m, int n, int k, double threads);

/* The factor on the double model's time for a kernel of type t: the flop
 * ratio to d (4 for c and z, 1 for s and d). MODEL assumption, not measured:
 * a complex multiply-add is 4 real ones at double's time per flop, and
 * single precision runs at double's time per flop. */
double rma_kmodel_dtype_factor(rma_dtype_t t);

/* Read a model file. Returns 0, -1 when it cannot be opened, -2 when a
 * kernel line is malformed or one of the RMA_KMODEL_REQUIRED kernels is
 * missing (the optional ones may be: model->have says which were read). */
int rma_kmodel_read(const char *path, rma_kmodel_t *model);

/* Write model to path (with a comment line header), the kinds it has.
 * Returns 0 or -1. */
int rma_kmodel_write(const char *path, const rma_kmodel_t *model, const char *header);

#endif
