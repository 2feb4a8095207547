/*
 * check.c — the result checks every benchmark run goes through.
 *
 * gemm: a sample of entries of C is compared, on rank 0, with a reference
 * computed in long double (complex for c and z) straight from the generator
 * (O(k) per entry), with the unit roundoff of the element type.
 * LU (and potrf): the factorization solves A x = b with b = A x0, and the HPL
 * residual of x is computed over all ranks, each generating a stripe of rows of A.
 * trsm: whole columns of X are checked entry by entry against A X = alpha B.
 */
#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "bench.h"
#include "ga_testutil.h"

/* ---- gemm -------------------------------------------------------------- */

// Sampled positions of an m x n C, the same on every rank: the four corners
// (the edge blocks when nb does not divide m or n) and then seeded random
// positions.
void bench_samples_make(int m, int n, int count, bench_samples_t *s) {
  s->m = m;
  s->n = n;
  s->count = count;
  s->i = malloc(sizeof(int) * (size_t)count);
  s->j = malloc(sizeof(int) * (size_t)count);
  const int ci[4] = {0, m - 1, 0, m - 1}, cj[4] = {0, n - 1, n - 1, 0};
  for (int t = 0; t < count; t++) {
    if (t < 4) {
      s->i[t] = ci[t];
      s->j[t] = cj[t];
      continue;
    }
    int i = (int)((rt_entry(BENCH_SEED_SAMPLE, t, 0) + 0.5) * m);
    int j = (int)((rt_entry(BENCH_SEED_SAMPLE, t, 1) + 0.5) * n);
    s->i[t] = i < m ? i : m - 1;
    s->j[t] = j < n ? j : n - 1;
  }
}

void bench_samples_free(bench_samples_t *s) {
  free(s->i);
  free(s->j);
  s->i = s->j = NULL;
}

// op(A)(i,l) and op(B)(l,j) in the case's type; 'C' conjugates (only
// complex cases have it).
static double complex gen_a(const bench_case_t *c, long i, long l) {
  double complex v = c->ta == 'N' ? bench_entry(c->dt, BENCH_SEED_A, i, l)
                                  : bench_entry(c->dt, BENCH_SEED_A, l, i);
  return c->ta == 'C' ? conj(v) : v;
}

static double complex gen_b(const bench_case_t *c, long l, long j) {
  double complex v = c->tb == 'N' ? bench_entry(c->dt, BENCH_SEED_B, l, j)
                                  : bench_entry(c->dt, BENCH_SEED_B, j, l);
  return c->tb == 'C' ? conj(v) : v;
}

/*
 * ==== gemm check (PBLAS-style entry ratio) ====
 *   c_ref = alpha * sum_l op(A)(i,l) op(B)(l,j) + beta * c0(i,j)   (long double, complex for c, z)
 *   ratio = |c - c_ref| / (eps * (|alpha| * sum_l |op(A)(i,l)| |op(B)(l,j)| + |beta| |c0(i,j)|))
 *   pass when the worst ratio over the sample is <= 16; eps = the type's unit
 *   roundoff: 2^-53 for d and z, 2^-24 (FLT_EPSILON / 2) for s and c. The
 *   inputs are the type-rounded values every impl was given.
 */
// cvals (on rank 0) holds the computed C at the sampled positions. Returns
// the worst ratio (NaN when an entry is NaN) on every rank.
// Collective.
double bench_check_gemm(const bench_env_t *env, const bench_case_t *c, const bench_samples_t *s,
                        const double complex *cvals) {
  double worst = 0.0;
  const long double eps = bench_dtype_eps(c->dt);
  const int cplx = bench_dtype_complex(c->dt);
  if (env->rank == 0) {
    for (int t = 0; t < s->count; t++) {
      long i = s->i[t], j = s->j[t];
      long double mag = 0.0L, err;
      double c0abs;
      if (!cplx) {
        long double acc = 0.0L;
        for (long l = 0; l < c->k; l++) {
          long double p = (long double)creal(gen_a(c, i, l)) * creal(gen_b(c, l, j));
          acc += p;
          mag += fabsl(p);
        }
        double c0 = creal(bench_entry(c->dt, BENCH_SEED_C, i, j));
        long double ref = (long double)BENCH_ALPHA * acc + (long double)BENCH_BETA * c0;
        err = fabsl((long double)creal(cvals[t]) - ref);
        c0abs = fabs(c0);
      } else {
        long double complex acc = 0.0L;
        for (long l = 0; l < c->k; l++) {
          long double complex a = gen_a(c, i, l), b = gen_b(c, l, j);
          acc += a * b;
          mag += cabsl(a) * cabsl(b);
        }
        double complex c0 = bench_entry(c->dt, BENCH_SEED_C, i, j);
        long double complex ref =
            (long double)BENCH_ALPHA * acc + (long double)BENCH_BETA * (long double complex)c0;
        err = cabsl((long double complex)cvals[t] - ref);
        c0abs = cabs(c0);
      }
      long double den = eps * (fabsl((long double)BENCH_ALPHA) * mag + fabs(BENCH_BETA) * c0abs);
      double ratio = (double)(err / (den > 0 ? den : 1.0L));
      if (isnan(ratio)) { // a NaN entry fails the whole check
        worst = NAN;
        break;
      }
      if (ratio > worst)
        worst = ratio;
    }
  }
  MPI_Bcast(&worst, 1, MPI_DOUBLE, 0, env->comm);
  return worst;
}

/* ---- trsm -------------------------------------------------------------- */

void bench_trsm_samples_make(int m, int n, bench_samples_t *s) {
  int cols[4] = {0, n - 1, 0, 0};
  for (int c = 2; c < 4; c++) {
    int j = (int)((rt_entry(BENCH_SEED_SAMPLE, c, 2) + 0.5) * n);
    cols[c] = j < n ? j : n - 1;
  }
  int nc = n > 1 ? 4 : 1;
  s->m = m;
  s->n = n;
  s->count = nc * m;
  s->i = malloc(sizeof(int) * (size_t)(s->count > 0 ? s->count : 1));
  s->j = malloc(sizeof(int) * (size_t)(s->count > 0 ? s->count : 1));
  for (int c = 0; c < nc; c++)
    for (int i = 0; i < m; i++)
      s->i[c * m + i] = i, s->j[c * m + i] = cols[c];
}

double complex bench_trsm_a(const bench_case_t *c, long i, long k) {
  return k <= i ? bench_lu_tentry(c->dt, c->m, 1, i, k) : 0.0;
}

/*
 * ==== trsm check (entry ratio on whole columns of X) ====
 *   for each sampled column j and every row i:
 *   ratio = |sum_k A(i,k) X(k,j) - alpha B(i,j)| / (eps * (sum_k |A(i,k)| |X(k,j)| + |alpha B(i,j)|))
 *   (long double, complex for c and z; A and B the type-rounded values every
 *   impl was given); pass when the worst is <= 16. A triangular solve is
 *   backward stable componentwise (|dA| <= gamma_m |A|): the ratio stays
 *   far below the bound for a right answer.
 */
double bench_check_trsm(const bench_env_t *env, const bench_case_t *c, const bench_samples_t *s,
                        const double complex *xvals) {
  double worst = 0.0;
  const long double eps = bench_dtype_eps(c->dt);
  int m = s->m;
  if (env->rank == 0)
    for (int t0 = 0; t0 < s->count && !isnan(worst); t0 += m) {
      const double complex *x = xvals + t0; // column s->j[t0], rows 0 .. m-1
      for (long i = 0; i < m; i++) {
        long double complex acc = 0.0L;
        long double mag = 0.0L;
        for (long k = 0; k <= i; k++) {
          long double complex p = (long double complex)bench_trsm_a(c, i, k) * x[k];
          acc += p;
          mag += cabsl(p);
        }
        long double complex b = BENCH_ALPHA * bench_entry(c->dt, BENCH_SEED_B, i, s->j[t0]);
        long double den = eps * (mag + cabsl(b));
        double ratio = (double)(cabsl(acc - b) / (den > 0 ? den : 1.0L));
        if (isnan(ratio)) {
          worst = NAN;
          break;
        }
        worst = ratio > worst ? ratio : worst;
      }
    }
  MPI_Bcast(&worst, 1, MPI_DOUBLE, 0, env->comm);
  return worst;
}

/* ---- LU ---------------------------------------------------------------- */

// Entry (i,j) of an LU test matrix. dd = 0: random, uniform in [-0.5, 0.5),
// so partial pivoting really interchanges rows (the pivoting runs). dd = 1:
// the same plus n on the diagonal, diagonally dominant, so factoring without
// pivoting is stable (the no-pivot runs; there every interchange of a
// pivoting peer is a no-op). Every impl of a group factors the same matrix.
// dd = 2 / 3 (potrf 'L' / 'U'): the Hermitian (symmetric) matrix whose lower
// / upper triangle is the dd = 1 matrix's, the other triangle its mirror
// (conjugated for c and z) and the diagonal real, positive definite by
// diagonal dominance: what p?potrf and rmala read from an array holding
// the dd = 1 matrix (a Cholesky reads one triangle and the diagonal's real
// part), so every impl may fill that one.
static int mirrored(int dd, long i, long j) { return (dd == 2 && i < j) || (dd == 3 && i > j); }

double bench_lu_entry(int n, int dd, long i, long j) {
  if (mirrored(dd, i, j))
    return bench_lu_entry(n, dd, j, i);
  return rt_entry(BENCH_SEED_LU, i, j) + (dd && i == j ? (double)n : 0.0);
}

int bench_case_matrix(const bench_case_t *c) {
  if (c->op == OP_POTRF)
    return c->uplo == 'U' ? 3 : 2;
  return !c->pivot;
}

static void my_rows(const bench_env_t *env, int n, int *r0, int *r1) {
  *r0 = (int)((long)n * env->rank / env->np);
  *r1 = (int)((long)n * (env->rank + 1) / env->np);
}

// b = A x0 with x0(i) = rt_entry(SEED_X, i, 0), full on every rank, and the
// norms the residual needs. Collective.
void bench_lu_problem_make(const bench_env_t *env, int n, int dd, bench_lu_problem_t *pr) {
  int r0, r1;
  my_rows(env, n, &r0, &r1);
  double *x0 = malloc(sizeof(double) * (size_t)n);
  for (int j = 0; j < n; j++)
    x0[j] = rt_entry(BENCH_SEED_X, j, 0);
  pr->n = n;
  pr->dd = dd;
  pr->b = malloc(sizeof(double) * (size_t)n);
  double anorm = 0.0;
  for (int i = r0; i < r1; i++) {
    long double acc = 0.0L;
    double rowsum = 0.0;
    for (int j = 0; j < n; j++) {
      double a = bench_lu_entry(n, dd, i, j);
      acc += (long double)a * x0[j];
      rowsum += fabs(a);
    }
    pr->b[i] = (double)acc;
    if (rowsum > anorm)
      anorm = rowsum;
  }
  int *counts = malloc(sizeof(int) * (size_t)env->np),
      *displs = malloc(sizeof(int) * (size_t)env->np);
  for (int r = 0; r < env->np; r++) {
    displs[r] = (int)((long)n * r / env->np);
    counts[r] = (int)((long)n * (r + 1) / env->np) - displs[r];
  }
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, pr->b, counts, displs, MPI_DOUBLE, env->comm);
  MPI_Allreduce(&anorm, &pr->anorm, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  pr->bnorm = 0.0;
  for (int i = 0; i < n; i++)
    if (fabs(pr->b[i]) > pr->bnorm)
      pr->bnorm = fabs(pr->b[i]);
  free(counts);
  free(displs);
  free(x0);
}

void bench_lu_problem_free(bench_lu_problem_t *pr) {
  free(pr->b);
  free(pr->bt);
  pr->b = NULL;
  pr->bt = NULL;
  pr->n = 0;
}

/* ---- LU in s, c, z ----------------------------------------------------- */

double complex bench_lu_tentry(bench_dtype_t dt, int n, int dd, long i, long j) {
  if (dt == DT_D)
    return bench_lu_entry(n, dd, i, j);
  if (mirrored(dd, i, j))
    return conj(bench_lu_tentry(dt, n, dd, j, i));
  double complex v = bench_entry(dt, BENCH_SEED_LU, i, j);
  if (dd && i == j) { // as rt_tfill: the diagonal added, then rounded to the type
    double complex r;
    bench_value_store(dt, &r, 0, v + (double)n);
    v = bench_value_load(dt, &r, 0);
  }
  return dd >= 2 && i == j ? creal(v) : v;
}

// b = A x0 in long double (complex), rounded to the type, x0(i) =
// rt_tvalue(SEED_X, i, 0); the type's entries of A.
void bench_lu_problem_make_t(const bench_env_t *env, bench_dtype_t dt, int n, int dd,
                             bench_lu_problem_t *pr) {
  if (dt == DT_D) { // b on doubles, and its values in bt for the typed paths
    bench_lu_problem_make(env, n, dd, pr);
    pr->dt = DT_D;
    pr->bt = malloc(sizeof(double complex) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++)
      pr->bt[i] = pr->b[i];
    return;
  }
  int r0, r1;
  my_rows(env, n, &r0, &r1);
  double complex *x0 = malloc(sizeof(double complex) * (size_t)n);
  for (int j = 0; j < n; j++)
    x0[j] = bench_entry(dt, BENCH_SEED_X, j, 0);
  pr->n = n;
  pr->dd = dd;
  pr->dt = dt;
  pr->b = NULL;
  pr->bt = calloc((size_t)n, sizeof(double complex));
  double anorm = 0.0;
  for (int i = r0; i < r1; i++) {
    long double complex acc = 0.0L;
    double rowsum = 0.0;
    for (int j = 0; j < n; j++) {
      double complex a = bench_lu_tentry(dt, n, dd, i, j);
      acc += (long double complex)a * x0[j];
      rowsum += cabs(a);
    }
    double complex r;
    bench_value_store(dt, &r, 0, (double complex)acc);
    pr->bt[i] = bench_value_load(dt, &r, 0);
    if (rowsum > anorm)
      anorm = rowsum;
  }
  // Each rank's rows, the others zero: a sum gathers them.
  MPI_Allreduce(MPI_IN_PLACE, pr->bt, 2 * n, MPI_DOUBLE, MPI_SUM, env->comm);
  MPI_Allreduce(&anorm, &pr->anorm, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  pr->bnorm = 0.0;
  for (int i = 0; i < n; i++)
    if (cabs(pr->bt[i]) > pr->bnorm)
      pr->bnorm = cabs(pr->bt[i]);
  free(x0);
}

/*
 * ==== LU and potrf check in any type (HPL scaled residual, typed) ====
 *   res = ||A x - b||_inf / (eps * (||A||_inf * ||x||_inf + ||b||_inf) * n)
 *   with |.| the modulus, eps the type's unit roundoff (2^-24 for s and c,
 *   2^-53 for d and z), A x - b in long double (complex); pass when res < 16.
 *   (The d LU rows keep bench_record_lu on doubles.)
 */
void bench_record_lu_t(const bench_env_t *env, const bench_lu_problem_t *pr,
                       const double complex *x, bench_result_t *r) {
  int n = pr->n, r0, r1;
  my_rows(env, n, &r0, &r1);
  double rnorm = 0.0, xnorm = 0.0;
  int bad = 0;
  for (int j = 0; j < n; j++) {
    bad |= !isfinite(creal(x[j])) || !isfinite(cimag(x[j]));
    if (cabs(x[j]) > xnorm)
      xnorm = cabs(x[j]);
  }
  for (int i = r0; i < r1 && !bad; i++) {
    long double complex acc = -(long double complex)pr->bt[i];
    for (int j = 0; j < n; j++)
      acc += (long double complex)bench_lu_tentry(pr->dt, n, pr->dd, i, j) * x[j];
    double v = (double)cabsl(acc);
    bad |= !isfinite(v);
    if (v > rnorm)
      rnorm = v;
  }
  MPI_Allreduce(MPI_IN_PLACE, &rnorm, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_LOR, env->comm);
  r->residual = bad ? NAN : rnorm / (bench_dtype_eps(pr->dt) * (pr->anorm * xnorm + pr->bnorm) * n);
  r->status = bench_status_of(OP_LU, r->residual);
}

/*
 * ==== LU check (HPL scaled residual) ====
 *   res = ||A x - b||_inf / (eps * (||A||_inf * ||x||_inf + ||b||_inf) * n)
 *   pass when res < 16, eps = 2^-53; A x - b accumulated in long double.
 */
// x: the computed solution, full on every rank. Returns res on every rank
// (NaN when x is not finite). Collective.
double bench_check_lu(const bench_env_t *env, const bench_lu_problem_t *pr, const double *x) {
  int n = pr->n, r0, r1;
  my_rows(env, n, &r0, &r1);
  double rnorm = 0.0, xnorm = 0.0;
  int bad = 0; // a non-finite x or residual fails the check
  for (int j = 0; j < n; j++) {
    bad |= !isfinite(x[j]);
    if (fabs(x[j]) > xnorm)
      xnorm = fabs(x[j]);
  }
  for (int i = r0; i < r1 && !bad; i++) {
    long double acc = -(long double)pr->b[i];
    for (int j = 0; j < n; j++)
      acc += (long double)bench_lu_entry(n, pr->dd, i, j) * x[j];
    double r = (double)fabsl(acc);
    bad |= !isfinite(r);
    if (r > rnorm)
      rnorm = r;
  }
  MPI_Allreduce(MPI_IN_PLACE, &rnorm, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_LOR, env->comm);
  if (bad)
    return NAN;
  double den = RT_EPS * (pr->anorm * xnorm + pr->bnorm) * n;
  return rnorm / den;
}

// OK when the residual is a number within the threshold: <= 16 for the
// gemm and trsm entry ratios, < 16 for the HPL residual (NaN fails both).
bench_status_t bench_status_of(bench_op_t op, double residual) {
  int ok = !bench_op_factor(op) ? residual >= 0.0 && residual <= BENCH_RESIDUAL_MAX
                         : residual >= 0.0 && residual < BENCH_RESIDUAL_MAX;
  return ok ? ST_OK : ST_FAILED;
}

void bench_record_lu(const bench_env_t *env, const bench_lu_problem_t *pr, const double *x,
                     bench_result_t *r) {
  r->residual = bench_check_lu(env, pr, x);
  r->status = bench_status_of(OP_LU, r->residual);
}
