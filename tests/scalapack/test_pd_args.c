/*
 * Illegal arguments of rma_pdgemm / rma_pdgetrf / rma_pdgetrs, numbered the
 * way PXERBLA numbers them (ScaLAPACK's CHK1MAT: -i for argument i,
 * -(100 i + j) for entry j of descriptor argument i, the smallest when
 * several are wrong).
 *
 * For every case: the code is the expected one and the same on every
 * process; the arrays are bitwise unchanged; the next legal call works.
 * rma_pdgetrf / rma_pdgetrs cases are also run through ScaLAPACK's own
 * pdgetrf / pdgetrs, whose INFO must be the same (ScaLAPACK prints its
 * PXERBLA message for them). pdgemm has no INFO, so its expected codes are
 * written out. Also: DTYPE 2 (11-entry) descriptors with IMB = MB give
 * pdgemm's result; with IMB != MB rmala returns RMA_ERR_NOT_IMPLEMENTED and
 * touches nothing. rma_pdtrmm / rma_pdsyrk number as PBLAS does (the
 * context DESCA's, a window past the array blaming its IA / JA), and a
 * pdgetrs DESCB of another context gets ScaLAPACK's INFO (its entries are
 * checked on its own grid first): cases the fuzzer (tests/scalapack/fuzz)
 * found. Arguments that must agree (m, n, UPLO, JA, descriptor entries
 * NB_A, M_C, RSRC_A or CSRC_A), legal but different on the last process:
 * RMA_ERR_ARGS_DIFFER on every process, nothing changed, the next call
 * works. Exits 1 on any failure.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_testutil.h"
#include "rmala.h"

// Every process got want; prints and counts otherwise.
static void expect(const char *what, int got, int want) { rt_expect_all(got, want, "%s", what); }

static void unchanged(const char *what, const pd_matrix_t *x, const double *copy) {
  if (rt_any(memcmp(x->data, copy, sizeof(double) * (size_t)x->len) != 0))
    rt_fail_same("%s: an array changed", what);
}

// One pdgemm case: descriptors da, db, dc (copies the caller may spoil).
static void gemm_case(const char *what, int want, char ta, char tb, int m, int n, int k, int ia,
                      const int *da, const int *db, const int *dc, const pd_matrix_t *A,
                      const pd_matrix_t *B, pd_matrix_t *C) {
  double *copy = malloc(sizeof(double) * (size_t)C->len);
  memcpy(copy, C->data, sizeof(double) * (size_t)C->len);
  int rc = rma_pdgemm(ta, tb, m, n, k, 1.0, A->data, ia, 1, da, B->data, 1, 1, db, 0.5, C->data, 1,
                      1, dc);
  expect(what, rc, want);
  if (want != 0)
    unchanged(what, C, copy);
  free(copy);
}

static void gemm_cases(int ictxt, int other) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  pd_matrix_t A, B, C;
  pd_matrix_make(&A, ictxt, 9, 9, 2, 3, 0, 0, 0, 1, 0.0);
  pd_matrix_make(&B, ictxt, 9, 9, 3, 2, 0, 0, 0, 2, 0.0);
  pd_matrix_make(&C, ictxt, 9, 9, 4, 4, 0, 0, 0, 3, 0.0);
  int d[9];
#define SPOIL(desc, entry, value) (memcpy(d, (desc), sizeof d), d[(entry)-1] = (value), d)
  gemm_case("transa", -1, 'X', 'N', 5, 5, 5, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("transb", -2, 'N', 'Y', 5, 5, 5, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("m < 0", -3, 'N', 'N', -1, 5, 5, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("n < 0", -4, 'N', 'N', 5, -1, 5, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("k < 0", -5, 'N', 'N', 5, 5, -1, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("ia = 0", -8, 'N', 'N', 5, 5, 5, 0, A.desc, B.desc, C.desc, &A, &B, &C);
  gemm_case("ia + m - 1 > M_A (blames ia, as PB_Cchkmat)", -8, 'N', 'N', 5, 5, 5, 6, A.desc, B.desc,
            C.desc, &A, &B, &C);
  gemm_case("ia + k - 1 > M_A for A^T (blames ia)", -8, 'T', 'N', 5, 5, 5, 6, A.desc, B.desc,
            C.desc, &A, &B, &C);
  gemm_case("DTYPE_A", -1001, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 1, 7), B.desc, C.desc, &A, &B,
            &C);
  gemm_case("MB_A", -1005, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 5, 0), B.desc, C.desc, &A, &B, &C);
  gemm_case("NB_A", -1006, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 6, -1), B.desc, C.desc, &A, &B, &C);
  gemm_case("RSRC_A", -1007, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 7, nprow), B.desc, C.desc, &A, &B,
            &C);
  gemm_case("CSRC_A", -1008, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 8, -1), B.desc, C.desc, &A, &B,
            &C);
  gemm_case("LLD_A = 0", -1009, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 9, 0), B.desc, C.desc, &A, &B,
            &C);
  gemm_case("M_A = 0 with m > 0", -1003, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 3, 0), B.desc, C.desc,
            &A, &B, &C);
  gemm_case("CTXT_B another grid", -1402, 'N', 'N', 5, 5, 5, 1, A.desc, SPOIL(B.desc, 2, other),
            C.desc, &A, &B, &C);
  gemm_case("NB_B", -1406, 'N', 'N', 5, 5, 5, 1, A.desc, SPOIL(B.desc, 6, 0), C.desc, &A, &B, &C);
  gemm_case("LLD_C", -1909, 'N', 'N', 5, 5, 5, 1, A.desc, B.desc, SPOIL(C.desc, 9, 0), &A, &B, &C);
  gemm_case("two errors: the smaller wins", -1006, 'N', 'N', 5, 5, 5, 1, SPOIL(A.desc, 6, 0),
            B.desc, SPOIL(C.desc, 9, 0), &A, &B, &C);
  gemm_case("k = 0, LLD_A = 1 below its local rows (empty sub(A)): legal, as PB_Cchkmat", 0, 'N',
            'N', 5, 5, 0, 1, SPOIL(A.desc, 9, 1), B.desc, C.desc, &A, &B, &C);
  gemm_case("k = 0, alpha*AB vanishes: legal", 0, 'N', 'N', 5, 5, 0, 1, A.desc, B.desc, C.desc, &A,
            &B, &C);
  // That last one scaled sub(C) by 0.5: put C back for what follows.
  pd_matrix_free(&C);
  pd_matrix_make(&C, ictxt, 9, 9, 4, 4, 0, 0, 0, 3, 0.0);
  // DTYPE 2 (11 entries: DTYPE CTXT M N IMB INB MB NB RSRC CSRC LLD).
  int a2[11] = {2, ictxt, 9, 9, 2, 3, 2, 3, 0, 0, A.desc[8]};
  int b2[11] = {2, ictxt, 9, 9, 3, 2, 3, 2, 0, 0, B.desc[8]};
  int c2[11] = {2, ictxt, 9, 9, 4, 4, 4, 4, 0, 0, C.desc[8]};
  pd_matrix_t R;
  pd_matrix_make(&R, ictxt, 9, 9, 4, 4, 0, 0, 0, 3, 0.0);
  int one = 1, mm = 7;
  double alpha = 1.0, beta = 0.5;
  pdgemm_("N", "T", &mm, &mm, &mm, &alpha, A.data, &one, &one, a2, B.data, &one, &one, b2, &beta,
          R.data, &one, &one, c2);
  int rc =
      rma_pdgemm('N', 'T', 7, 7, 7, 1.0, A.data, 1, 1, a2, B.data, 1, 1, b2, 0.5, C.data, 1, 1, c2);
  expect("DTYPE 2, IMB = MB", rc, 0);
  double diff = 0.0;
  for (long e = 0; e < C.len; e++)
    diff = fabs(C.data[e] - R.data[e]) > diff ? fabs(C.data[e] - R.data[e]) : diff;
  MPI_Allreduce(MPI_IN_PLACE, &diff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (!(diff < 1e-13))
    rt_fail_same("DTYPE 2 result differs from pdgemm's by %g", diff);
  int a2x[11];
  memcpy(a2x, a2, sizeof a2x);
  a2x[4] = 1; // IMB != MB
  double *copy = malloc(sizeof(double) * (size_t)C.len);
  memcpy(copy, C.data, sizeof(double) * (size_t)C.len);
  rc = rma_pdgemm('N', 'N', 7, 7, 7, 1.0, A.data, 1, 1, a2x, B.data, 1, 1, b2, 0.5, C.data, 1, 1,
                  c2);
  expect("DTYPE 2, IMB != MB", rc, RMA_ERR_NOT_IMPLEMENTED);
  unchanged("DTYPE 2, IMB != MB", &C, copy);
  free(copy);
  // The next legal call works.
  rc = rma_pdgemm('N', 'N', 9, 9, 9, 1.0, A.data, 1, 1, A.desc, B.data, 1, 1, B.desc, 0.0, C.data,
                  1, 1, C.desc);
  expect("legal call after the illegal ones", rc, 0);
  pd_matrix_free(&A), pd_matrix_free(&B), pd_matrix_free(&C), pd_matrix_free(&R);
#undef SPOIL
}

// pdgetrf / pdgetrs cases, each also given to ScaLAPACK (same INFO wanted).
static void lu_cases(int ictxt, int other) {
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  pd_matrix_t A, B;
  pd_matrix_make(&A, ictxt, 8, 8, 2, 2, 0, 0, 0, 4, 0.0);
  pd_matrix_make(&B, ictxt, 8, 2, 2, 2, 0, 0, 0, 5, 0.0);
  int *ipiv = calloc((size_t)A.locr + 8, sizeof(int));
  struct {
    const char *what;
    int m, n, ia, entry, value;
  } f[] = {
      {"m < 0", -1, 8, 1, 0, 0},        {"n < 0", 8, -1, 1, 0, 0}, {"ia = 0", 8, 8, 0, 0, 0},
      {"M_A too small", 8, 8, 1, 3, 6}, {"MB_A", 8, 8, 1, 5, 0},   {"RSRC_A", 8, 8, 1, 7, -1},
      {"CSRC_A", 8, 8, 1, 8, npcol},    {"LLD_A", 8, 8, 1, 9, 0},  {"DTYPE_A", 8, 8, 1, 1, 5},
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
    int d[9], info = 0, ia = f[i].ia, ja = 1;
    memcpy(d, A.desc, sizeof d);
    if (f[i].entry)
      d[f[i].entry - 1] = f[i].value;
    double *copy = malloc(sizeof(double) * (size_t)A.len);
    memcpy(copy, A.data, sizeof(double) * (size_t)A.len);
    int rc = rma_pdgetrf(f[i].m, f[i].n, A.data, ia, ja, d, ipiv);
    unchanged(f[i].what, &A, copy);
    pdgetrf_(&f[i].m, &f[i].n, A.data, &ia, &ja, d, ipiv, &info);
    char what[96];
    snprintf(what, sizeof what, "pdgetrf %s (ScaLAPACK says %d)", f[i].what, info);
    expect(what, rc, info);
    memcpy(A.data, copy, sizeof(double) * (size_t)A.len);
    free(copy);
  }
  // A legal factorization, then pdgetrs cases.
  expect("legal rma_pdgetrf", rma_pdgetrf(8, 8, A.data, 1, 1, A.desc, ipiv), 0);
  struct {
    const char *what;
    char trans;
    int n, nrhs, which, entry, value; // which: 0 desca, 1 descb
  } s[] = {
      {"trans", 'Q', 8, 2, 0, 0, 0},     {"n < 0", 'N', -1, 2, 0, 0, 0},
      {"nrhs < 0", 'N', 8, -1, 0, 0, 0}, {"NB_A", 'N', 8, 2, 0, 6, 0},
      {"LLD_B", 'N', 8, 2, 1, 9, 0},     {"M_B too small", 'N', 8, 2, 1, 3, 5},
      {"DTYPE_B", 'N', 8, 2, 1, 1, 9},
  };
  for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
    int da[9], db[9], info = 0, one = 1;
    memcpy(da, A.desc, sizeof da), memcpy(db, B.desc, sizeof db);
    if (s[i].entry)
      (s[i].which ? db : da)[s[i].entry - 1] = s[i].value;
    double *copy = malloc(sizeof(double) * (size_t)B.len);
    memcpy(copy, B.data, sizeof(double) * (size_t)B.len);
    int rc = rma_pdgetrs(s[i].trans, s[i].n, s[i].nrhs, A.data, 1, 1, da, ipiv, B.data, 1, 1, db);
    unchanged(s[i].what, &B, copy);
    pdgetrs_(&s[i].trans, &s[i].n, &s[i].nrhs, A.data, &one, &one, da, ipiv, B.data, &one, &one, db,
             &info, 1);
    char what[96];
    snprintf(what, sizeof what, "pdgetrs %s (ScaLAPACK says %d)", s[i].what, info);
    expect(what, rc, info);
    memcpy(B.data, copy, sizeof(double) * (size_t)B.len);
    free(copy);
  }
  // DESCB of another context (found by tests/scalapack/fuzz): PDGETRS checks
  // its entries on that context's grid first (CSRC past it at np 3 and 6),
  // and blames its CTXT (-1202) only when they pass.
  {
    int db[9], info = 0, one = 1, n = 8, nrhs = 2;
    memcpy(db, B.desc, sizeof db);
    db[1] = other, db[7] = npcol - 1;
    int rc = rma_pdgetrs('N', 8, 2, A.data, 1, 1, A.desc, ipiv, B.data, 1, 1, db);
    pdgetrs_("N", &n, &nrhs, A.data, &one, &one, A.desc, ipiv, B.data, &one, &one, db, &info, 1);
    char what[96];
    snprintf(what, sizeof what, "pdgetrs DESCB of another grid (ScaLAPACK says %d)", info);
    expect(what, rc, info);
  }
  expect("legal rma_pdgetrs",
         rma_pdgetrs('N', 8, 2, A.data, 1, 1, A.desc, ipiv, B.data, 1, 1, B.desc), 0);
  free(ipiv);
  pd_matrix_free(&A), pd_matrix_free(&B);
}

// Arguments every process must pass alike, differing on the last process only (all of them
// legal): RMA_ERR_ARGS_DIFFER on every process, the arrays unchanged, the next call works.
static void differ_cases(int ictxt) {
  int me, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np == 1)
    return; // no other process to differ from
  int odd = me == np - 1, d[9];
  pd_matrix_t A, B, C;
  // A: square blocks (P?POTRF's rule), lld padded so that RSRC_A + 1 keeps it legal.
  pd_matrix_make(&A, ictxt, 9, 9, 2, 2, 0, 0, 2, 1, 0.0);
  pd_matrix_make(&B, ictxt, 9, 9, 3, 2, 0, 0, 0, 2, 0.0);
  pd_matrix_make(&C, ictxt, 9, 9, 4, 4, 0, 0, 0, 3, 0.0);
#define ODD(desc, entry, value) (memcpy(d, (desc), sizeof d), d[(entry)-1] += odd * (value), d)
  gemm_case("pdgemm, m differs", RMA_ERR_ARGS_DIFFER, 'N', 'N', 5 + odd, 5, 5, 1, A.desc, B.desc,
            C.desc, &A, &B, &C);
  gemm_case("pdgemm, NB_A differs", RMA_ERR_ARGS_DIFFER, 'N', 'N', 5, 5, 5, 1, ODD(A.desc, 6, 1),
            B.desc, C.desc, &A, &B, &C);
  gemm_case("pdgemm, M_C differs", RMA_ERR_ARGS_DIFFER, 'N', 'N', 5, 5, 5, 1, A.desc, B.desc,
            ODD(C.desc, 3, -1), &A, &B, &C);
  gemm_case("pdgemm after them", 0, 'N', 'N', 5, 5, 5, 1, A.desc, B.desc, C.desc, &A, &B, &C);
  // pdgetrf and pdpotrf on A.
  int *ipiv = calloc((size_t)A.locr + 9, sizeof(int));
  double *copy = malloc(sizeof(double) * (size_t)A.len);
  memcpy(copy, A.data, sizeof(double) * (size_t)A.len);
  expect("pdgetrf, n differs", rma_pdgetrf(9, 9 - odd, A.data, 1, 1, A.desc, ipiv),
         RMA_ERR_ARGS_DIFFER);
  unchanged("pdgetrf, n differs", &A, copy);
  int nprow, npcol, myrow, mycol;
  Cblacs_gridinfo(ictxt, &nprow, &npcol, &myrow, &mycol);
  expect("pdgetrf, RSRC_A or CSRC_A differs",
         rma_pdgetrf(9, 9, A.data, 1, 1, ODD(A.desc, nprow > 1 ? 7 : 8, 1), ipiv),
         RMA_ERR_ARGS_DIFFER);
  unchanged("pdgetrf, RSRC_A or CSRC_A differs", &A, copy);
  expect("pdpotrf, uplo differs", rma_pdpotrf(odd ? 'U' : 'L', 9, A.data, 1, 1, A.desc),
         RMA_ERR_ARGS_DIFFER);
  unchanged("pdpotrf, uplo differs", &A, copy);
  expect("pdpotrf, ja differs", rma_pdpotrf('L', 8, A.data, 1, 1 + odd, A.desc),
         RMA_ERR_ARGS_DIFFER);
  unchanged("pdpotrf, ja differs", &A, copy);
  // The next call: ScaLAPACK's INFO on the same A (it need not be positive definite).
  int info = 0, n = 9, one = 1;
  pdpotrf_("L", &n, copy, &one, &one, A.desc, &info, 1);
  expect("pdpotrf after them (ScaLAPACK's INFO)", rma_pdpotrf('L', 9, A.data, 1, 1, A.desc), info);
  free(copy), free(ipiv);
  pd_matrix_free(&A), pd_matrix_free(&B), pd_matrix_free(&C);
#undef ODD
}

// P?TRMM and P?SYRK number as PBLAS does (found by tests/scalapack/fuzz):
// the context is DESCA's, a window past M or N blames IB / IC (PB_Cchkmat).
static void pblas_cases(int ictxt, int other) {
  pd_matrix_t A, B;
  pd_matrix_make(&A, ictxt, 9, 9, 3, 3, 0, 0, 0, 6, 0.0);
  pd_matrix_make(&B, ictxt, 9, 9, 2, 3, 0, 0, 0, 7, 0.0);
  int db[9];
  memcpy(db, B.desc, sizeof db);
  db[1] = other;
  expect("pdtrmm DESCB of another grid",
         rma_pdtrmm('L', 'L', 'N', 'N', 5, 5, 1.0, A.data, 1, 1, A.desc, B.data, 1, 1, db), -1502);
  expect("pdtrmm sub(B) past M_B (blames ib)",
         rma_pdtrmm('L', 'L', 'N', 'N', 5, 5, 1.0, A.data, 1, 1, A.desc, B.data, 6, 1, B.desc),
         -13);
  expect("pdsyrk DESCC of another grid",
         rma_pdsyrk('L', 'N', 5, 5, 1.0, A.data, 1, 1, A.desc, 1.0, B.data, 1, 1, db), -1402);
  expect("pdsyrk sub(C) past N_C (blames jc)",
         rma_pdsyrk('U', 'N', 5, 5, 1.0, A.data, 1, 1, A.desc, 1.0, B.data, 1, 6, B.desc), -13);
  pd_matrix_free(&A), pd_matrix_free(&B);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np, ictxt, other;
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int p = np % 2 == 0 ? 2 : 1;
  Cblacs_get(-1, 0, &ictxt);
  Cblacs_gridinit(&ictxt, "Row", p, np / p);
  Cblacs_get(-1, 0, &other);
  Cblacs_gridinit(&other, "Col", np / p, p);
  gemm_cases(ictxt, other);
  lu_cases(ictxt, other);
  pblas_cases(ictxt, other);
  differ_cases(ictxt);
  Cblacs_gridexit(other);
  Cblacs_gridexit(ictxt);
  int status = rt_finish("test_pd_args", NULL, 0);
  rma_finalize();
  MPI_Finalize();
  return status;
}
