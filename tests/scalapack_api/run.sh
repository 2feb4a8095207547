#!/usr/bin/env bash
# Drop-in test (scalapack_dropin): install a configured+built rmala tree into a scratch prefix,
# build the unmodified ScaLAPACK program drop_in.f90 against the installed rmala-scalapack
# package twice (mpif90 + pkg-config, and CMake with rmala::scalapack_api), run the first at
# np 2 and np 4 and the second at np 2 with RMALA_VERBOSE=1, and check
#   (a) the program's own PASS line (residual ratios < 16) and exit status,
#   (b) rmala's log (RMALA_VERBOSE=1): PDGEMM served twice and passed to ScaLAPACK once (DTYPE 2
#       descriptors with IMB /= MB), PDGETRF served once and passed once (IA = 0, which
#       ScaLAPACK reports), PDGETRS served twice; PDGESV's inner calls never reach rmala.
#   bash tests/scalapack_api/run.sh <rmala build dir> [work dir]
# Environment (set by CTest; defaults for manual use): RMALA_CMAKE, RMALA_MPIF90, RMALA_MPIEXEC,
# RMALA_MPIEXEC_FLAGS (';'-separated, e.g. --oversubscribe;--bind-to;none), RMALA_SCALAPACK_LIB
# (the link flag of ScaLAPACK, default -lscalapack-openmpi), RMALA_RUN_TIMEOUT (s, default 120).
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
ls "$prefix"/lib*/librmala_scalapack.a > /dev/null

echo "== drop_in with mpif90 + pkg-config rmala-scalapack"
libs=$(PKG_CONFIG_PATH="$pcdir" pkg-config --libs rmala-scalapack)
echo "$mpif90_bin drop_in.f90 $libs $scalapack_lib"
# The drop-in library must come before ScaLAPACK on the link line.
case "$libs" in
  *-lrmala_scalapack*-lrmala\ *scalapack*) ;;
  *) echo "FAILED: pkg-config --libs rmala-scalapack does not list -lrmala_scalapack, -lrmala," \
          "ScaLAPACK in that order" >&2; exit 1 ;;
esac
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
  RMALA_VERBOSE=1 timeout "$run_timeout" "$mpiexec_bin" -n "$np" "${mpiexec_flags[@]}" \
    "$work_dir/$exe" > "$log.out" 2> "$log.err" || rc=$?
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
[ "$status" = 0 ] && echo "OK drop-in"
exit $status
