#!/usr/bin/env bash
# ScaLAPACK's own testers, unmodified, with rmala serving the calls (scalapack_testers).
#
# The testers are Debian's scalapack-mpi-test binaries (Reference ScaLAPACK's PBLAS/TESTING and
# TESTING/LIN programs, built and linked against plain ScaLAPACK, no rmala at link time) with
# their input files from scalapack-test-common. A GA-free shared build of rmala (BUILD_SHARED_LIBS,
# configured here in a scratch directory from this source tree) gives librmala_scalapack.so, put in
# front of ScaLAPACK with LD_PRELOAD; RMALA_VERBOSE=1 makes it say, per call, who served it.
#   bash tests/scalapack_testers/run.sh <source dir> [work dir]
# Checks, for each tester and type:
#   - the PBLAS level-3 testers ?pb3tst (s, d, c, z; np 4; PBLAS3TST.dat: 4 grids x 4 problems,
#     N and T, alpha and beta of the file, error exits on; for c and z also the same file with
#     conjugate transposes): exit status 0, "End of Tests.",
#     the summary row P?GEMM with TOTAL = PASSED > 0 and FAILED 0, no other row failing, and rmala
#     serving exactly TOTAL P?GEMM calls (its illegal-argument calls go to ScaLAPACK, which reports
#     them as the tester expects); the same for the P?TRSM row (rmala serving exactly its TOTAL
#     calls); a d run (dsides) and the c and z conjugate-transpose runs take the file with SIDE 'L' 'R' 'R' 'L' 'L' 'R' 'R' 'L' and DIAG 'N' 'U' 'N' 'U' 'U' 'N' 'U'
#     'N', so P?TRSM meets every SIDE / UPLO / TRANSA / DIAG;
#     The rows P?SYRK (and P?HERK for c, z) and P?TRMM: none failing, PASSED > 0 and PASSED +
#     SKIPPED = TOTAL (the tester skips TRANS a routine does not take: 'C' for P?SYRK, 'T' for
#     P?HERK), rmala serving at least PASSED calls (the tester's own checks call P?TRMM too);
#   - the inverse testers x?inv (d, z; np 4; INV.dat: 320 inversions of general, triangular and
#     positive definite matrices on 4 grids): exit status 0, every residual check passed, rmala
#     serving P?TRTRI and P?POTRI;
#   - the LU testers x?lu (s, d, c, z; np 4; LU.dat: 240 factorizations and solves on 4 grids,
#     residual checks): exit status 0, "0 tests completed and failed residual checks", every test
#     passed, rmala serving P?GETRF and P?GETRS (the tester's own P?GEMM calls too);
#   - the Cholesky testers x?llt (s, d, c, z; np 4; LLT.dat once with UPLO 'U' as shipped and once
#     with 'L': 432 factorizations and solves each on 4 grids, residual checks): exit status 0,
#     "0 tests completed and failed residual checks", every test passed, rmala serving P?POTRF
#     and P?POTRS. LLT.dat's last line is set to F (no condition estimate and iterative
#     refinement): with T, plain ScaLAPACK's x?llt without rmala hangs on the 2 x 2 grid here
#     now and then (P?PORFS -> P?LACON, processes in different collectives at N 13, NB 4).
#   - the testers of d and z again with RMALA_SCALAPACK_MIN_DIM larger than every problem: they
#     pass with ScaLAPACK serving (the steering passes every call on, rmala serves none).
# Every other run sets RMALA_SCALAPACK_MIN_DIM=0, so that rmala serves every size.
# Environment: RMALA_CMAKE (cmake), RMALA_MPIEXEC (mpiexec.openmpi), RMALA_MPIEXEC_FLAGS
# (';'-separated), RMALA_TESTERS_DIR (Debian's openmpi-tests directory), RMALA_TESTERS_DATA
# (/usr/share/scalapack), RMALA_RUN_TIMEOUT (s, default 300).
set -euo pipefail

src=$(cd "${1:?usage: run.sh <source dir> [work dir]}" && pwd)
work=${2:-$(mktemp -d /tmp/rmala-testers.XXXXXX)}
cmake_bin=${RMALA_CMAKE:-cmake}
mpiexec_bin=${RMALA_MPIEXEC:-mpiexec.openmpi}
testers=${RMALA_TESTERS_DIR:-/usr/lib/x86_64-linux-gnu/scalapack/openmpi-tests}
data=${RMALA_TESTERS_DATA:-/usr/share/scalapack}
run_timeout=${RMALA_RUN_TIMEOUT:-300}
IFS=';' read -r -a mpiexec_flags <<< "${RMALA_MPIEXEC_FLAGS-}"
export OPENBLAS_NUM_THREADS=1

for f in "$testers"/PBLAS/{s,d,c,z}pb3tst "$testers"/x{s,d,c,z}lu "$testers"/x{s,d,c,z}llt \
  "$testers"/x{d,z}inv "$data/PBLAS/PDBLAS3TST.dat" "$data/LU.dat" "$data/LLT.dat" "$data/INV.dat"; do
  if [ ! -e "$f" ]; then
    echo "FAILED: $f missing (apt-get install scalapack-mpi-test scalapack-test-common)" >&2
    exit 1
  fi
done

echo "== GA-free shared build of rmala in $work/build"
mkdir -p "$work"
"$cmake_bin" -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DRMALA_WITH_GA=OFF \
  -DBUILD_SHARED_LIBS=ON -DRMALA_WITH_TESTS=OFF -DRMALA_WITH_BENCHMARKS=OFF \
  -DRMALA_MPI_FLAVOR=openmpi > "$work/configure.log"
"$cmake_bin" --build "$work/build" -j 2 --target rmala_scalapack > "$work/build.log"
preload=$work/build/librmala_scalapack.so
[ -f "$preload" ] || { echo "FAILED: $preload not built" >&2; exit 1; }

status=0
fail() { echo "FAILED: $*" >&2; status=1; }

# run_tester <name> <binary> <data file...>: in its own directory, np 4, rmala preloaded, with
# RMALA_SCALAPACK_MIN_DIM=$min_dim (0: rmala serves every size).
min_dim=0
run_tester() {
  local name=$1 bin=$2
  shift 2
  local dir=$work/$name
  mkdir -p "$dir"
  cp "$@" "$dir/"
  echo "== $name: $bin (np 4, LD_PRELOAD=$preload)"
  local rc=0
  (cd "$dir" && RMALA_VERBOSE=1 RMALA_SCALAPACK_MIN_DIM=$min_dim timeout "$run_timeout" \
    "$mpiexec_bin" -n 4 "${mpiexec_flags[@]}" -x LD_PRELOAD="$preload" -x RMALA_VERBOSE \
    -x RMALA_SCALAPACK_MIN_DIM -x OPENBLAS_NUM_THREADS "$bin" > out.txt 2> err.txt) || rc=$?
  [ "$rc" = 0 ] || fail "$name exited with status $rc (log: $dir)"
}

# The shipped input files transpose with 'N' and 'T' only; for c and z a second run takes the
# same file with the problems' TRANSA / TRANSB set to (C,N) (C,C) (N,C) (C,T) (T,C) (N,N) (C,C)
# (T,T): the conjugate transposes.
conj_dat() {
  sed -e "s/^'N' 'N' 'N' 'N' 'T' 'T' 'T' 'T'\(.*values of TRANSA\)/'C' 'C' 'N' 'C' 'T' 'N' 'C' 'T'\1/" \
    -e "s/^'N' 'N' 'T' 'T' 'N' 'N' 'T' 'T'\(.*values of TRANSB\)/'N' 'C' 'C' 'T' 'C' 'N' 'C' 'T'\1/" \
    "$1" > "$2"
  grep -q "^'C' 'C' 'N' 'C'.*values of TRANSA" "$2" && grep -q "^'N' 'C' 'C' 'T'.*values of TRANSB" "$2"
}
# The shipped files solve from the left with a non-unit diagonal only; the ?sides files vary SIDE
# and DIAG across the problems (P?TRSM, P?TRMM, P?SYMM read them).
sides_dat() {
  sed -e "s/^'N' 'N' 'N' 'N' 'N' 'N' 'N' 'N'\(.*values of DIAG\)/'N' 'U' 'N' 'U' 'U' 'N' 'U' 'N'\1/" \
    -e "s/^'L' 'L' 'L' 'L' 'L' 'L' 'L' 'L'\(.*values of SIDE\)/'L' 'R' 'R' 'L' 'L' 'R' 'R' 'L'\1/" \
    "$1" > "$2"
  grep -q "^'N' 'U' 'N' 'U'.*values of DIAG" "$2" && grep -q "^'L' 'R' 'R' 'L'.*values of SIDE" "$2"
}
mkdir -p "$work/conj" "$work/sides"
for t in s d c z; do
  T=$(echo "$t" | tr sdcz SDCZ)
  sides_dat "$data/PBLAS/P${T}BLAS3TST.dat" "$work/sides/P${T}BLAS3TST.dat" ||
    fail "could not make the SIDE / DIAG input file from P${T}BLAS3TST.dat"
done
for t in c z; do
  T=$(echo "$t" | tr cz CZ)
  conj_dat "$work/sides/P${T}BLAS3TST.dat" "$work/conj/P${T}BLAS3TST.dat" ||
    fail "could not make the conjugate-transpose input file from P${T}BLAS3TST.dat"
done

for case in s d c z dsides cconj zconj; do
  t=${case:0:1} T=$(echo "${case:0:1}" | tr sdcz SDCZ)
  dat=$data/PBLAS/P${T}BLAS3TST.dat
  [ "${case:1}" = "conj" ] && dat=$work/conj/P${T}BLAS3TST.dat
  [ "${case:1}" = "sides" ] && dat=$work/sides/P${T}BLAS3TST.dat
  run_tester "${case}pb3tst" "$testers/PBLAS/${t}pb3tst" "$dat"
  out=$work/${case}pb3tst/out.txt err=$work/${case}pb3tst/err.txt
  grep -q "End of Tests." "$out" || fail "${case}pb3tst did not reach the end"
  # Summary rows: "|  NAME TOTAL PASSED FAILED SKIPPED".
  row=$(awk -v r="P${T}GEMM" '$1 == "|" && $2 == r && NF == 6 { print $3, $4, $5 }' "$out" | tail -1)
  read -r total passed failed <<< "${row:-0 0 1}"
  served=$(grep -c "P${T}GEMM served by rmala" "$err" || true)
  echo "   P${T}GEMM ($case): $total tests, $passed passed, $failed failed; rmala served $served calls"
  [ "$total" -gt 0 ] && [ "$total" = "$passed" ] && [ "$failed" = 0 ] || fail "P${T}GEMM row: $row"
  [ "$served" = "$total" ] || fail "rmala served $served P${T}GEMM calls, the tester made $total"
  row=$(awk -v r="P${T}TRSM" '$1 == "|" && $2 == r && NF == 6 { print $3, $4, $5 }' "$out" | tail -1)
  read -r total passed failed <<< "${row:-0 0 1}"
  served=$(grep -c "P${T}TRSM served by rmala" "$err" || true)
  echo "   P${T}TRSM ($case): $total tests, $passed passed, $failed failed; rmala served $served calls"
  [ "$total" -gt 0 ] && [ "$total" = "$passed" ] && [ "$failed" = 0 ] || fail "P${T}TRSM row: $row"
  [ "$served" = "$total" ] || fail "rmala served $served P${T}TRSM calls, the tester made $total"
  bad=$(awk '$1 == "|" && NF == 6 && $2 ~ /^P[SDCZ]/ && $5 != "0" { print $2 }' "$out" | tr '\n' ' ')
  [ -z "$bad" ] || fail "${case}pb3tst rows failing: $bad"
  # The triangle routines rmala serves: their rows pass, every tested call served.
  routines="P${T}SYRK P${T}TRMM"
  case $t in c | z) routines="$routines P${T}HERK" ;; esac
  for r in $routines; do
    # Problems whose TRANS the routine does not take (P?SYRK 'C', P?HERK 'T') are skipped.
    row=$(awk -v r="$r" '$1 == "|" && $2 == r && NF == 6 { print $3, $4, $5, $6 }' "$out" | tail -1)
    read -r total passed failed skipped <<< "${row:-0 0 1 0}"
    served=$(grep -c "$r served by rmala" "$err" || true)
    echo "   $r ($case): $total tests, $passed passed, $failed failed, $skipped skipped;" \
      "rmala served $served calls"
    [ "$passed" -gt 0 ] && [ "$((passed + skipped))" = "$total" ] && [ "$failed" = 0 ] ||
      fail "$r row: $row"
    [ "$served" -ge "$passed" ] || fail "rmala served $served $r calls, the tester ran $passed"
  done
  if grep -q "failed in rmala" "$err"; then fail "${case}pb3tst: a call failed inside rmala"; fi
done

# One run of a TESTING/LIN tester: name (its work directory), binary, input file, then the
# routines rmala must have served (at least one call each). Checks the end of the run, no failed
# residual check, every test passed, nothing failed inside rmala.
lin_tester() {
  local name=$1 bin=$2 dat=$3 r counts="" missing=""
  shift 3
  run_tester "$name" "$bin" "$dat"
  local out=$work/$name/out.txt err=$work/$name/err.txt
  grep -q "END OF TESTS" "$out" || fail "$name did not reach the end"
  grep -q " 0 tests completed and failed residual checks" "$out" ||
    fail "$name: residual checks failed"
  local passed finished n
  passed=$(awk '/tests completed and passed residual checks/ { print $1 }' "$out")
  finished=$(awk '/^Finished/ { print $2 }' "$out")
  for r in "$@"; do
    n=$(grep -c "$r served by rmala" "$err" || true)
    counts="$counts $r $n,"
    [ "$n" -gt 0 ] || missing="$missing $r"
  done
  echo "   $name: $finished tests, $passed passed residual checks; rmala served${counts%,} calls"
  [ -n "$passed" ] && [ "$passed" = "$finished" ] || fail "$name: $passed of $finished passed"
  [ -z "$missing" ] || fail "$name: rmala served no call of$missing"
  if grep -q "failed in rmala" "$err"; then fail "$name: a call failed inside rmala"; fi
}

for t in s d c z; do
  T=$(echo "$t" | tr sdcz SDCZ)
  lin_tester "x${t}lu" "$testers/x${t}lu" "$data/LU.dat" "P${T}GETRF" "P${T}GETRS"
done

# LLT.dat with UPLO u (U or L) and without the condition estimate (see the top).
llt_dat() {
  sed -e "s/^'U'\( *define Lower or Upper\)/'$1'\1/" -e "s/^T\( *(T or F)\)/F\1/" "$data/LLT.dat" > "$2"
  grep -q "^'$1' *define Lower or Upper" "$2" && grep -q "^F *(T or F)" "$2"
}
for t in s d c z; do
  for u in U L; do
    T=$(echo "$t" | tr sdcz SDCZ)
    mkdir -p "$work/llt_$u"
    llt_dat "$u" "$work/llt_$u/LLT.dat" || { fail "could not make LLT.dat with UPLO $u"; continue; }
    lin_tester "x${t}llt_$u" "$testers/x${t}llt" "$work/llt_$u/LLT.dat" "P${T}POTRF" "P${T}POTRS"
  done
done

for t in d z; do
  T=$(echo "$t" | tr dz DZ)
  lin_tester "x${t}inv" "$testers/x${t}inv" "$data/INV.dat" "P${T}TRTRI" "P${T}POTRI"
done


# The same testers steered back to ScaLAPACK: RMALA_SCALAPACK_MIN_DIM larger than every problem,
# d and z (a real and a complex type): they pass, rmala serves nothing, every P?GEMM, P?GETRF
# and P?GETRS call is passed to ScaLAPACK by the steering.
min_dim=1000000
for t in d z; do
  T=$(echo "$t" | tr dz DZ)
  run_tester "${t}pb3tst_scalapack" "$testers/PBLAS/${t}pb3tst" "$data/PBLAS/P${T}BLAS3TST.dat"
  out=$work/${t}pb3tst_scalapack/out.txt err=$work/${t}pb3tst_scalapack/err.txt
  grep -q "End of Tests." "$out" || fail "${t}pb3tst (MIN_DIM $min_dim) did not reach the end"
  row=$(awk -v r="P${T}GEMM" '$1 == "|" && $2 == r && NF == 6 { print $3, $4, $5 }' "$out" | tail -1)
  read -r total passed failed <<< "${row:-0 0 1}"
  [ "$total" -gt 0 ] && [ "$total" = "$passed" ] && [ "$failed" = 0 ] ||
    fail "P${T}GEMM row (MIN_DIM $min_dim): $row"
  steered=$(grep -c "P${T}GEMM passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM=$min_dim" "$err" || true)
  served=$(grep -c "served by rmala" "$err" || true)
  echo "   P${T}GEMM (MIN_DIM $min_dim): $total tests, $passed passed; $steered calls steered to" \
    "ScaLAPACK, $served served by rmala"
  [ "$served" = 0 ] && [ "$steered" -ge "$total" ] || fail "${t}pb3tst: rmala served calls"

  run_tester "x${t}lu_scalapack" "$testers/x${t}lu" "$data/LU.dat"
  out=$work/x${t}lu_scalapack/out.txt err=$work/x${t}lu_scalapack/err.txt
  grep -q " 0 tests completed and failed residual checks" "$out" ||
    fail "x${t}lu (MIN_DIM $min_dim): residual checks failed"
  passed=$(awk '/tests completed and passed residual checks/ { print $1 }' "$out")
  finished=$(awk '/^Finished/ { print $2 }' "$out")
  steered=$(grep -c "P${T}GETRF passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM=$min_dim" "$err" || true)
  served=$(grep -c "served by rmala" "$err" || true)
  echo "   x${t}lu (MIN_DIM $min_dim): $finished tests, $passed passed; P${T}GETRF steered to" \
    "ScaLAPACK $steered times, $served calls served by rmala"
  [ -n "$passed" ] && [ "$passed" = "$finished" ] || fail "x${t}lu: $passed of $finished passed"
  [ "$served" = 0 ] && [ "$steered" -gt 0 ] || fail "x${t}lu: rmala served calls"
done

[ "$status" = 0 ] && echo "PASSED: ScaLAPACK's testers with rmala serving P?GEMM, P?TRSM, P?SYRK," \
  "P?HERK, P?TRMM, P?GETRF, P?GETRS, P?POTRF, P?POTRS, P?TRTRI, P?POTRI, and with" \
  "RMALA_SCALAPACK_MIN_DIM=$min_dim ScaLAPACK serving them"
exit "$status"
