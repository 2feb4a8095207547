/*
 * rmala-sim — one rmala operation on the native front-end, timed, for the
 * simulation build (smpicc, run by smpirun on a SimGrid platform; it also
 * runs under a real MPI).
 *
 *   rmala-sim [--op dgemm|lu|potrf] [--n N] [--nb NB] [--impl rma|model] [--warmup W]
 *             [--order R|B]
 *
 * --impl rma (default) times rmala (rma_dmatrix_gemm / rma_dmatrix_getrf /
 * rma_dmatrix_potrf 'L'); --impl model times the MODEL of ScaLAPACK 2.x's
 * pdgemm / pdgetrf / pdpotrf (sim/model, rma_model_gemm / _getrf / _potrf:
 * not ScaLAPACK, a plain-MPI copy of its algorithms, validated against it
 * by sim/model/validate.c) on
 * the same matrices; its row and column communicators are made before the
 * timed call, like a BLACS context. The checks are the same for both (the
 * model's LU and Cholesky factors are solved by rmala's getrs / potrs, which
 * read ScaLAPACK's factors and pivots).
 * --warmup W: W untimed calls first (dgemm only; the first call creates the
 * library's segments and windows, which later calls reuse); the set-up share
 * is then the first call's simulated time minus the timed one's.
 *
 * Grid: the most square nprow x npcol of all ranks (nprow <= npcol), rank
 * order 'R', or with --order B rma_grid_create's node blocks (each
 * simulated node holds a block of the grid; rank 0 then prints every rank's
 * position, "GRID,<rank>,<row>,<col>"); the model runs on the same grid. Matrices from
 * rma_dmatrix_alloc, values rt_entry at the global index.
 *  - dgemm: C = A B (N x N, beta = 0); each rank checks a few of its own C
 *    entries against the dot product of the generator's values:
 *    ratio = |C - ref| / (eps N + tiny) <= 16.
 *  - lu: getrf, then getrs of b = A0 * ones; rank 0 checks the HPL-style
 *    ratio max|A0 x - b| / (max|A0| max|x| N eps) < 16 on the gathered x.
 *  - potrf: A0 symmetric, A0(i, j) = rt_entry at (max(i, j), min(i, j)) plus
 *    N on the diagonal (positive definite: diagonally dominant); potrf 'L',
 *    then potrs of b = A0 * ones and the same HPL-style check.
 * In the simulation's shared-malloc mode (RMALA_SIMULATE build with
 * RMALA_SIM_SHARED=1, see src/core/sim.h) every rank's matrices share one
 * set of pages and the kernels skip their arithmetic: nothing is filled and
 * no check can hold, so none is made ("check skipped (shared malloc)",
 * status "skipped", ratio nan). The same without shared memory when
 * RMALA_SIM_COMPUTE=0 ("check skipped (no arithmetic)"). Rank 0 first prints how kernel time is
 * charged ("kernels: MODEL ..."; an unreadable model file is an error).
 * Rank 0 prints one line
 *   RESULT,<op>,<ranks>,<n>,<nb>,<simulated s>,<wall s>,<ratio>,<ok|FAIL|skipped>,<impl>,<rate>
 * where the simulated time is MPI_Wtime around the call (SMPI's simulated
 * clock; the real one under a real MPI) and the wall time is the host's
 * CLOCK_MONOTONIC around the same call; rate is the reference kernel rate of
 * one rank in Gflop/s (the efficiency's denominator): the kernel MODEL's rate,
 * as charged to this rank (threads, scale: kernel/sim_charge.h), for the
 * local product m x m x 256, m = n / sqrt(ranks) (256: rmala's k chunk); 0
 * when no model is in use. Exits 1 on a failed check.
 */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/sim.h"
#include "kernel/sim_charge.h"
#include "pblas_model.h"
#include "rmala.h"
#include "testutil.h"

// The host's clock. smpicc's helpers turn clock_gettime(x, y) into the
// simulated clock; the parenthesised name reaches the C library's.
static double wall_now(void) {
  struct timespec ts;
  (clock_gettime)(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Generators of the test matrices at global (i, j) of an n x n problem.
typedef double (*entry_fn)(int n, int i, int j);
static double gen_a(int n, int i, int j) { return (void)n, rt_entry(1, i, j); }
static double gen_b(int n, int i, int j) { return (void)n, rt_entry(2, i, j); }
// Symmetric positive definite: |off-diagonal| < 1, n on the diagonal.
static double gen_spd(int n, int i, int j) {
  return rt_entry(1, i > j ? i : j, i > j ? j : i) + (i == j ? (double)n : 0.0);
}

// A new n-row x ncols matrix on g, entry (i, j) = gen(n, i, j) (gen NULL:
// zeros). Returns 0 or the rma_dmatrix_alloc code.
static int make(rma_grid_t g, int n, int ncols, int nb, entry_fn gen, rma_dmatrix_t *x) {
  *x = (rma_dmatrix_t){g, n, ncols, nb, nb, 0, 0, NULL, 0};
  int rc = rma_dmatrix_alloc(x);
  if (rc != 0 || !gen)
    return rc;
  int npr, npc, pr, pc, lr, lc;
  rma_grid_info(g, &npr, &npc, &pr, &pc);
  rma_dmatrix_local_size(x, &lr, &lc);
  for (int lj = 0; lj < lc; lj++)
    for (int li = 0; li < lr; li++)
      x->data[li + (long)lj * x->lld] =
          gen(n, rt_global(li, nb, pr, 0, npr), rt_global(lj, nb, pc, 0, npc));
  return 0;
}

// Worst ratio over a few of this rank's C entries (the first, the last and
// some between), against sum_l A(i,l) B(l,j) from the generator.
static double check_gemm(const rma_dmatrix_t *c, int n, unsigned sa, unsigned sb) {
  int npr, npc, pr, pc, lr, lc;
  rma_grid_info(c->grid, &npr, &npc, &pr, &pc);
  rma_dmatrix_local_size(c, &lr, &lc);
  double worst = 0.0;
  if (lr == 0 || lc == 0)
    return worst;
  const int samples = 6;
  for (int s = 0; s < samples; s++) {
    int li = (int)((long)(lr - 1) * s / (samples - 1));
    int lj = (int)((long)(lc - 1) * (samples - 1 - s) / (samples - 1));
    int i = rt_global(li, c->mb, pr, 0, npr), j = rt_global(lj, c->nb, pc, 0, npc);
    double ref = 0.0;
    for (int l = 0; l < n; l++)
      ref += rt_entry(sa, i, l) * rt_entry(sb, l, j);
    // |C - ref| / (eps n + tiny): |a|, |b| < 1, so |ref| and its rounding error are <= n.
    double r = fabs(c->data[li + (long)lj * c->lld] - ref) / (DBL_EPSILON * n + DBL_MIN);
    worst = r > worst ? r : worst;
  }
  return worst;
}

// HPL-style ratio of the solution x (n x 1 on its grid) of A0 x = A0 * ones,
// A0(i, j) = gen(n, i, j), computed on rank 0 of comm (returned there; 0
// elsewhere).
static double check_solve(const rma_dmatrix_t *x, int n, entry_fn gen, MPI_Comm comm) {
  int npr, npc, pr, pc, lr, lc, me;
  MPI_Comm_rank(comm, &me);
  rma_grid_info(x->grid, &npr, &npc, &pr, &pc);
  rma_dmatrix_local_size(x, &lr, &lc);
  double *v = calloc((size_t)n, sizeof(double));
  // x gathered: each entry from the one grid column that holds it.
  for (int li = 0; li < lr && lc > 0; li++)
    v[rt_global(li, x->mb, pr, 0, npr)] = x->data[li];
  MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, comm);
  double ratio = 0.0;
  if (me == 0) {
    double res = 0.0, amax = 0.0, xmax = 0.0;
    for (int i = 0; i < n; i++) {
      double ax = 0.0, b = 0.0;
      for (int j = 0; j < n; j++) {
        double a = gen(n, i, j);
        ax += a * v[j], b += a;
        amax = fabs(a) > amax ? fabs(a) : amax;
      }
      res = fabs(ax - b) > res ? fabs(ax - b) : res;
      xmax = fabs(v[i]) > xmax ? fabs(v[i]) : xmax;
    }
    // ======== ratio = max|A0 x - b| / (max|A0| max|x| n eps) ========
    ratio = res / (amax * xmax * n * DBL_EPSILON + DBL_MIN);
  }
  free(v);
  return ratio;
}

// The reference kernel rate of one rank, Gflop/s: the MODEL's rate for the
// local m x m x 256 dgemm, m = n / sqrt(np) (0 without a model).
static double rank_rate(int n, int np) {
  int m = (int)(n / sqrt((double)np)), k = 256;
  double t = rma_kernel_sim_time(RMA_KMODEL_GEMM, m, m, k);
  return t > 0.0 ? 2.0 * m * m * k / t * 1e-9 : 0.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  const char *op = "dgemm", *impl = "rma";
  int n = 512, nb = 64, warmup = 0, bad_args = 0;
  char order = 'R';
  for (int i = 1; i < argc; i++) {
    if (i + 1 < argc && strcmp(argv[i], "--op") == 0)
      op = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--n") == 0)
      n = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--nb") == 0)
      nb = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--impl") == 0)
      impl = argv[++i];
    else if (i + 1 < argc && strcmp(argv[i], "--warmup") == 0)
      warmup = atoi(argv[++i]);
    else if (i + 1 < argc && strcmp(argv[i], "--order") == 0)
      order = argv[++i][0];
    else
      bad_args = 1;
  }
  int is_lu = strcmp(op, "lu") == 0, is_potrf = strcmp(op, "potrf") == 0;
  int is_model = strcmp(impl, "model") == 0, is_fact = is_lu || is_potrf;
  if (bad_args || n < 1 || nb < 1 || (!is_fact && strcmp(op, "dgemm") != 0) ||
      (!is_model && strcmp(impl, "rma") != 0) || (order != 'R' && order != 'B')) {
    if (me == 0)
      fprintf(stderr, "usage: rmala-sim [--op dgemm|lu|potrf] [--n N] [--nb NB] "
                      "[--impl rma|model] [--warmup W] [--order R|B]\n");
    MPI_Finalize();
    return 2;
  }

  char kernels[700];
  int shared = rma_sim_shared() || !rma_sim_compute();
  int rc = rma_kernel_sim_describe(kernels, sizeof kernels);
  if (me == 0)
    printf("rmala-sim: kernels: %s%s\n", kernels,
           rma_sim_shared() ? "; matrices in shared malloc" : "");
  if (rc != 0) {
    MPI_Finalize();
    return 2;
  }
  int nprow, npcol;
  rt_grid_shape(np, &nprow, &npcol);
  rma_grid_t g = NULL;
  rc = rma_grid_create(MPI_COMM_WORLD, nprow, npcol, order, &g);
  if (rc == 0 && order == 'B') {
    int pos[2], *all = malloc(sizeof(int) * 2 * (size_t)np);
    rma_grid_info(g, NULL, NULL, &pos[0], &pos[1]);
    MPI_Gather(pos, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 0; me == 0 && r < np; r++)
      printf("GRID,%d,%d,%d\n", r, all[2 * r], all[2 * r + 1]);
    free(all);
  }
  rma_dmatrix_t a, b, c;
  int *ipiv = NULL;
  entry_fn gen = is_potrf ? gen_spd : gen_a;
  if (rc == 0)
    rc = make(g, n, n, nb, shared ? NULL : gen, &a);
  if (rc == 0)
    rc = make(g, n, is_fact ? 1 : n, nb, is_fact || shared ? NULL : gen_b, &b);
  if (rc == 0 && !is_fact)
    rc = make(g, n, n, nb, NULL, &c);
  if (rc == 0 && is_fact && !shared) {
    // b = A0 * ones: the row sums, on the grid column holding b.
    int pr, pc, lr, lc;
    rma_grid_info(g, NULL, NULL, &pr, &pc);
    rma_dmatrix_local_size(&b, &lr, &lc);
    for (int li = 0; li < lr && lc > 0; li++) {
      int i = rt_global(li, nb, pr, 0, nprow);
      double s = 0.0;
      for (int j = 0; j < n; j++)
        s += gen(n, i, j);
      b.data[li] = s;
    }
  }
  if (rc == 0 && is_lu) {
    int lr;
    rma_dmatrix_local_size(&a, &lr, NULL);
    ipiv = calloc((size_t)(lr + nb), sizeof(int));
  }
  rma_model_grid_t mg;
  if (rc == 0 && is_model)
    rc = rma_model_grid_open(MPI_COMM_WORLD, g, &mg);
  if (rc != 0) {
    if (me == 0)
      fprintf(stderr, "rmala-sim: set-up failed (%d)\n", rc);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  // Untimed calls first (dgemm: C is overwritten, beta = 0), then the timed
  // call, between barriers.
  double first = -1.0;
  for (int w = 0; w < warmup && !is_fact && rc == 0; w++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    rc = is_model ? rma_model_gemm(&mg, 1.0, &a, &b, 0.0, &c)
                  : rma_dmatrix_gemm('N', 'N', n, n, n, 1.0, &a, 0, 0, &b, 0, 0, 0.0, &c, 0, 0);
    MPI_Barrier(MPI_COMM_WORLD);
    first = first < 0 ? MPI_Wtime() - t : first;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), w0 = wall_now();
  if (is_lu)
    rc = is_model ? rma_model_getrf(&mg, &a, ipiv) : rma_dmatrix_getrf(n, n, &a, 0, 0, ipiv);
  else if (is_potrf)
    rc = is_model ? rma_model_potrf(&mg, &a) : rma_dmatrix_potrf('L', n, &a, 0, 0);
  else if (is_model)
    rc = rma_model_gemm(&mg, 1.0, &a, &b, 0.0, &c);
  else
    rc = rma_dmatrix_gemm('N', 'N', n, n, n, 1.0, &a, 0, 0, &b, 0, 0, 0.0, &c, 0, 0);
  MPI_Barrier(MPI_COMM_WORLD);
  double sim = MPI_Wtime() - t0, wall = wall_now() - w0;

  double ratio = 0.0;
  if (shared) {
    ratio = NAN; // values meaningless: no check
  } else if (rc == 0 && is_lu) {
    rc = rma_dmatrix_getrs('N', n, 1, &a, 0, 0, ipiv, &b, 0, 0);
    if (rc == 0)
      ratio = check_solve(&b, n, gen, MPI_COMM_WORLD);
  } else if (rc == 0 && is_potrf) {
    rc = rma_dmatrix_potrs('L', n, 1, &a, 0, 0, &b, 0, 0);
    if (rc == 0)
      ratio = check_solve(&b, n, gen, MPI_COMM_WORLD);
  } else if (rc == 0) {
    ratio = check_gemm(&c, n, 1, 2);
    MPI_Allreduce(MPI_IN_PLACE, &ratio, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  // Meaningless values (shared malloc, or arithmetic skipped) may hold exact
  // zero pivots: an LU then returns info > 0 after factoring to the end, as
  // LAPACK does (the MODEL's pivot search reads the values; rmala's panel
  // kernel skips its arithmetic and reports none), so that is no failure.
  int ok = (rc == 0 || (shared && is_lu && rc > 0)) && (shared || ratio < 16.0);
  if (me == 0 && first >= 0)
    printf("rmala-sim: first (untimed) call simulated %.6f s\n", first);
  if (me == 0) {
    if (rc != 0)
      printf("rmala-sim: %s returned %d%s\n", op, rc,
             ok ? " (a zero pivot in meaningless values: factored to the end)" : "");
    printf("rmala-sim: %s (%s) n=%d nb=%d on %d ranks (%dx%d): simulated %.6f s, wall %.3f s, "
           "%s%.3g\n",
           op, is_model ? "MODEL of ScaLAPACK" : "rmala", n, nb, np, nprow, npcol, sim, wall,
           !shared            ? "ratio "
           : rma_sim_shared() ? "check skipped (shared malloc), ratio "
                              : "check skipped (no arithmetic), ratio ",
           ratio);
    printf("RESULT,%s,%d,%d,%d,%.9g,%.6g,%.3g,%s,%s,%.6g\n", op, np, n, nb, sim, wall, ratio,
           !ok      ? "FAIL"
           : shared ? "skipped"
                    : "ok",
           impl, rank_rate(n, np));
  }

  free(ipiv);
  if (is_model)
    rma_model_grid_close(&mg);
  rma_dmatrix_free(&a);
  rma_dmatrix_free(&b);
  if (!is_fact)
    rma_dmatrix_free(&c);
  rma_grid_free(&g);
  MPI_Finalize();
  return ok ? 0 : 1;
}
