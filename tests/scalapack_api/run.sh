#!/usr/bin/env bash
# Drop-in test (scalapack_dropin): install a configured+built rmala tree into a scratch prefix,
# build the unmodified ScaLAPACK program drop_in.f90 against the installed rmala-scalapack
# package twice (mpif90 + pkg-config, and CMake with rmala::scalapack_api), run the first at
# np 2 and np 4 and the second at np 2 with RMALA_VERBOSE=1, and check
#   (a) the program's own PASS line (residual ratios < 16) and exit status,
#   (b) rmala's log (RMALA_VERBOSE=1): PDGEMM served twice and passed to ScaLAPACK once (DTYPE 2
#       descriptors with IMB /= MB), PDGETRF served once and passed once (IA = 0, which
#       ScaLAPACK reports), PDGETRS served twice; PDGESV's inner calls never reach rmala;
#   (c) the steering (RMALA_SCALAPACK_ROUTINES, RMALA_SCALAPACK_MIN_DIM, illegal values): see
#       steer_case below;
#   (d) the other Fortran names (pdgemm, PDGEMM, PDGEMM_, PDGETRF_) from a C program, manglings.c.
#   bash tests/scalapack_api/run.sh <rmala build dir> [work dir]
# Environment (set by CTest; defaults for manual use): RMALA_CMAKE, RMALA_MPIF90, RMALA_MPIEXEC,
# RMALA_MPIEXEC_FLAGS (';'-separated, e.g. --oversubscribe;--bind-to;none), RMALA_SCALAPACK_LIB
# (the link flag of ScaLAPACK, default -lscalapack-openmpi), RMALA_RUN_TIMEOUT (s, default 120),
# RMALA_MPICC (the C wrapper for manglings.c; without it that part is skipped).
set -euo pipefail

build_dir=$(cd "${1:?usage: run.sh <build dir> [work dir]}" && pwd)
work_dir=${2:-$(mktemp -d /tmp/rmala-dropin-test.XXXXXX)}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmake_bin=${RMALA_CMAKE:-cmake}
mpif90_bin=${RMALA_MPIF90:-mpif90.openmpi}
mpiexec_bin=${RMALA_MPIEXEC:-mpiexec.openmpi}
scalapack_lib=${RMALA_SCALAPACK_LIB:--lscalapack-openmpi}
run_timeout=${RMALA_RUN_TIMEOUT:-120}
IFS=';' read -r -a mpiexec_flags <<< "${RMALA_MPIEXEC_FLAGS-}"
# shellcheck source=tests/common/scratch_install.sh
source "$here/../common/scratch_install.sh"
scratch_install "$build_dir" "$work_dir" "$cmake_bin"
compgen -G "$prefix/lib*/librmala_scalapack.*" > /dev/null ||
  { echo "FAILED: no librmala_scalapack installed in $prefix" >&2; exit 1; }
# A shared build: the programs find librmala_scalapack.so and librmala.so in the installed libdir.
export LD_LIBRARY_PATH=$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

echo "== drop_in with mpif90 + pkg-config rmala-scalapack"
# A shared build's Libs name rmala's libraries only; --static adds ScaLAPACK, LAPACKE and BLAS,
# which the program itself uses (dgemm_).
static=
[ "$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=library_kind rmala)" = shared ] && static=--static
libs=$(PKG_CONFIG_PATH="$pcdir" pkg-config --libs $static rmala-scalapack)
echo "$mpif90_bin drop_in.f90 $libs $scalapack_lib"
# The drop-in library must come before ScaLAPACK on the link line (a static build's Libs list
# ScaLAPACK after -lrmala; a shared build's leave it to the program, after them).
kind=$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=library_kind rmala)
pattern='*-lrmala_scalapack*-lrmala\ *scalapack*'
[ "$kind" = shared ] && pattern='*-lrmala_scalapack*-lrmala*'
# shellcheck disable=SC2053  # a glob pattern on purpose
if [[ "$libs" != $pattern ]]; then
  echo "FAILED: pkg-config --libs rmala-scalapack ($kind) does not list -lrmala_scalapack," \
    "-lrmala (and ScaLAPACK) in that order" >&2
  exit 1
fi
# shellcheck disable=SC2086  # pkg-config output is a list of flags
"$mpif90_bin" -O2 -o "$work_dir/drop_in_pc" "$here/drop_in.f90" $libs $scalapack_lib

echo "== drop_in with CMake and rmala::scalapack_api"
"$cmake_bin" -S "$here" -B "$work_dir/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_Fortran_COMPILER="$mpif90_bin" \
  > "$work_dir/cmake-configure.log" 2>&1 || { cat "$work_dir/cmake-configure.log"; exit 1; }
"$cmake_bin" --build "$work_dir/cmake-build" > "$work_dir/cmake-build.log" 2>&1 \
  || { cat "$work_dir/cmake-build.log"; exit 1; }

# count <regex> <file>: lines of rmala's log matching.
count() { grep -c -- "$1" "$2" || true; }

status=0
for run in "drop_in_pc 2" "drop_in_pc 4" "cmake-build/drop_in 2"; do
  read -r exe np <<< "$run"
  log=$work_dir/$(basename "$exe")_np$np
  fail() { echo "FAILED ($exe np $np): $*" >&2; status=1; }
  echo "== run $exe at np $np"
  rc=0
  RMALA_VERBOSE=1 RMALA_SCALAPACK_MIN_DIM=0 timeout "$run_timeout" "$mpiexec_bin" -n "$np" \
    "${mpiexec_flags[@]}" "$work_dir/$exe" > "$log.out" 2> "$log.err" || rc=$?
  cat "$log.out"
  grep '^rmala: [A-Z]* \(served\|passed\|failed\|not computed\)' "$log.err" || true
  [ "$rc" = 0 ] || { fail "exit status $rc"; tail -n 20 "$log.err" >&2; }
  grep -q '^PASS' "$log.out" || fail "no PASS line"
  [ "$(count '^rmala: PDGEMM served by rmala$' "$log.err")" = 2 ] || fail "PDGEMM not served twice"
  [ "$(count '^rmala: PDGEMM passed to ScaLAPACK (rmala: a case rmala does not serve' \
       "$log.err")" = 1 ] || fail "the DTYPE 2 PDGEMM was not passed to ScaLAPACK (not implemented)"
  [ "$(count '^rmala: PDGETRF served by rmala$' "$log.err")" = 1 ] || fail "PDGETRF not served once"
  [ "$(count '^rmala: PDGETRS served by rmala$' "$log.err")" = 2 ] || fail "PDGETRS not served twice"
  # The illegal IA = 0 goes to ScaLAPACK, which reports it (PXERBLA).
  [ "$(count '^rmala: PDGETRF passed to ScaLAPACK (rmala: argument 4 illegal)$' "$log.err")" = 1 ] \
    || fail "PDGETRF with IA = 0 was not passed to ScaLAPACK"
  # (grep reads the files itself: "cat | grep -q" fails under pipefail once grep stops early
  # and cat gets SIGPIPE, as with the long leak reports of a sanitized build.)
  grep -q 'On entry to PDGETRF parameter number *4 had an illegal' "$log.out" "$log.err" \
    || fail "no PXERBLA message from ScaLAPACK's PDGETRF"
  # PDGETRF and PDGETRF IA = 0 only: PDGESV's inner PDGETRF must not reach rmala.
  [ "$(count '^rmala: rma_pdgetrf ' "$log.err")" = 2 ] || fail "rma_pdgetrf not called exactly twice"
  [ "$(count '^rmala: [A-Z]* \(failed\|not computed\)' "$log.err")" = 0 ] || fail "rmala failures"
done
# The other Fortran names (manglings.c, a C ScaLAPACK program linked like drop_in): PDGEMM called
# as pdgemm_, pdgemm, PDGEMM, PDGEMM_ and PDGETRF as pdgetrf_, PDGETRF_ give the same results;
# rmala serves all six calls, and with RMALA_SCALAPACK_MIN_DIM large ScaLAPACK's pdgemm_ /
# pdgetrf_ does (the fall-through from every name).
if [ -n "${RMALA_MPICC:-}" ]; then
  echo "== manglings.c with mpicc + pkg-config rmala-scalapack"
  # shellcheck disable=SC2086  # pkg-config output is a list of flags
  "$RMALA_MPICC" -std=c11 -O2 -o "$work_dir/manglings" "$here/manglings.c" $libs $scalapack_lib -lm
  for md in 0 100000; do
    log=$work_dir/manglings_md$md rc=0
    RMALA_VERBOSE=1 RMALA_SCALAPACK_MIN_DIM=$md timeout "$run_timeout" "$mpiexec_bin" -n 2 \
      "${mpiexec_flags[@]}" "$work_dir/manglings" > "$log.out" 2> "$log.err" || rc=$?
    cat "$log.out"
    fail() { echo "FAILED (manglings, MIN_DIM $md): $*" >&2; status=1; }
    [ "$rc" = 0 ] || fail "exit status $rc"
    grep -q '^PASS manglings' "$log.out" || fail "no PASS line"
    if [ "$md" = 0 ]; then
      [ "$(count '^rmala: PDGEMM served by rmala$' "$log.err")" = 4 ] || fail "PDGEMM not served 4 times"
      [ "$(count '^rmala: PDGETRF served by rmala$' "$log.err")" = 2 ] || fail "PDGETRF not served twice"
    else
      [ "$(count '^rmala: PDGEMM passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM' "$log.err")" = 4 ] ||
        fail "PDGEMM not passed to ScaLAPACK 4 times"
      [ "$(count '^rmala: PDGETRF passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM' "$log.err")" = 2 ] ||
        fail "PDGETRF not passed to ScaLAPACK twice"
    fi
  done
fi

# The steering (read once per process; drop_in_pc at np 2, RMALA_VERBOSE=1). Each case: its
# environment, then what rmala's log must hold: "<count> <regex>" pairs. The program's own PASS
# line is required in every case (whoever serves, the results are right).
#   ROUTINES pdgetrf,PDGETRS_  PDGEMM's three calls go to ScaLAPACK, the LU stays with rmala
#   MIN_DIM 290                PDGEMM (min(m, n, k) = 257) to ScaLAPACK, PDGETRF (301) to rmala
#   MIN_DIM 100000, ROUTINES none   nothing reaches rmala
#   illegal values             one message each (from rank 0 only), the defaults kept
steer_case() {
  local name=$1 envs=$2
  shift 2
  local log=$work_dir/steer_$name rc=0
  echo "== steering: $envs"
  # shellcheck disable=SC2086  # envs is a list of VAR=value words
  env RMALA_VERBOSE=1 $envs timeout "$run_timeout" "$mpiexec_bin" -n 2 "${mpiexec_flags[@]}" \
    "$work_dir/drop_in_pc" > "$log.out" 2> "$log.err" || rc=$?
  grep '^rmala: [A-Z]* \(served\|passed\)\|^rmala: RMALA_' "$log.err" | sort | uniq -c || true
  [ "$rc" = 0 ] || { echo "FAILED (steering $name): exit status $rc" >&2; status=1; }
  grep -q '^PASS' "$log.out" || { echo "FAILED (steering $name): no PASS line" >&2; status=1; }
  while [ $# -gt 0 ]; do
    local want=$1 re=$2 got
    shift 2
    got=$(count "$re" "$log.err")
    [ "$got" = "$want" ] || { echo "FAILED (steering $name): $got lines '$re', want $want" >&2; status=1; }
  done
}
steer_case routines "RMALA_SCALAPACK_ROUTINES=pdgetrf,PDGETRS_" \
  3 '^rmala: PDGEMM passed to ScaLAPACK (RMALA_SCALAPACK_ROUTINES)$' \
  0 '^rmala: PDGEMM served' 1 '^rmala: PDGETRF served by rmala$' 2 '^rmala: PDGETRS served by rmala$'
steer_case min_dim "RMALA_SCALAPACK_MIN_DIM=290" \
  3 '^rmala: PDGEMM passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM=290: size 257)$' \
  1 '^rmala: PDGETRF served by rmala$' 2 '^rmala: PDGETRS served by rmala$'
steer_case none "RMALA_SCALAPACK_MIN_DIM=100000" 0 'served by rmala' \
  2 '^rmala: PDGETRF passed to ScaLAPACK (RMALA_SCALAPACK_MIN_DIM=100000: size 301)$'
steer_case none2 "RMALA_SCALAPACK_ROUTINES=none" 0 'served by rmala' \
  2 '^rmala: PDGETRS passed to ScaLAPACK (RMALA_SCALAPACK_ROUTINES)$'
steer_case illegal "RMALA_SCALAPACK_ROUTINES=pdgemm,pdgem RMALA_SCALAPACK_MIN_DIM=12x" \
  1 "^rmala: RMALA_SCALAPACK_ROUTINES='pdgemm,pdgem' ignored: 'pdgem' is not a routine" \
  1 "^rmala: RMALA_SCALAPACK_MIN_DIM='12x' ignored: not an integer >= 0" \
  2 '^rmala: PDGEMM served by rmala$' 1 '^rmala: PDGETRF served by rmala$'

[ "$status" = 0 ] && echo "OK drop-in"
exit $status
