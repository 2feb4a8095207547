#!/usr/bin/env bash
# Debian package test (install_deb): make the package of a configured+built shared rmala tree
# with CPack, unpack it into a throwaway root (dpkg -x: nothing installed on the machine), and
#   - check its control data: Depends names the MPI, ScaLAPACK (when built), LAPACKE and BLAS
#     packages, every one installed here; the files: librmala.so.<major> with its SONAME links,
#     rmala.h, rmala.pc, the CMake package, librmala_scalapack.so (when built);
#   - build tests/install/main.c with mpicc + pkg-config (no --static) from the unpacked root and
#     run it at np 2 with the root's libdir on LD_LIBRARY_PATH (it must need librmala.so);
#   - with ScaLAPACK: build tests/scalapack_api/drop_in.f90 against plain ScaLAPACK (no rmala at
#     link time) and run it at np 2 with only LD_PRELOAD=<root>/usr/lib/librmala_scalapack.so
#     (librmala.so found next to it): PASS, PDGEMM served twice by rmala, PDGETRF once.
#   bash tests/install/deb.sh <rmala build dir> [work dir]
# Environment (set by CTest): RMALA_CPACK, RMALA_MPICC, RMALA_MPIF90, RMALA_MPIEXEC,
# RMALA_MPIEXEC_FLAGS (';'-separated), RMALA_SCALAPACK_LIB (-lscalapack-openmpi).
set -euo pipefail

build_dir=$(cd "${1:?usage: deb.sh <build dir> [work dir]}" && pwd)
work=${2:-$(mktemp -d /tmp/rmala-deb-test.XXXXXX)}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cpack_bin=${RMALA_CPACK:-cpack}
mpicc_bin=${RMALA_MPICC:-mpicc}
mpif90_bin=${RMALA_MPIF90:-}
mpiexec_bin=${RMALA_MPIEXEC:-mpiexec}
scalapack_lib=${RMALA_SCALAPACK_LIB:--lscalapack-openmpi}
IFS=';' read -r -a mpiexec_flags <<< "${RMALA_MPIEXEC_FLAGS-}"
export OPENBLAS_NUM_THREADS=1
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
rm -rf "$work"
mkdir -p "$work"
status=0
fail() { echo "FAILED: $*" >&2; status=1; }

echo "== cpack -G DEB ($build_dir)"
"$cpack_bin" -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/pkg" > "$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log"; exit 1; }
deb=$(find "$work/pkg" -maxdepth 1 -name 'rmala_*.deb' | head -n 1)
[ -n "$deb" ] || { echo "FAILED: no rmala_*.deb in $work/pkg" >&2; exit 1; }
echo "== $(basename "$deb")"
depends=$(dpkg-deb -f "$deb" Depends)
echo "   Depends: $depends"
echo "   Recommends: $(dpkg-deb -f "$deb" Recommends)"
contents=$(dpkg-deb -c "$deb")
with_scalapack=no
grep -q 'librmala_scalapack\.so ->' <<< "$contents" && with_scalapack=yes
for want in 'libopenmpi|libmpich' liblapacke 'libopenblas|libblas'; do
  grep -qE "$want" <<< "$depends" || fail "Depends lacks $want"
done
[ "$with_scalapack" = no ] || grep -q libscalapack <<< "$depends" || fail "Depends lacks ScaLAPACK"
for p in ${depends//,/ }; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "install ok installed" ||
    fail "declared dependency $p is not an installed package here"
done
for f in 'usr/lib/librmala\.so\.[0-9]+ ->' 'usr/lib/librmala\.so ->' 'usr/include/rmala\.h$' \
  'usr/lib/pkgconfig/rmala\.pc$' 'usr/lib/cmake/rmala/rmalaConfig\.cmake$'; do
  grep -qE "$f" <<< "$contents" || fail "the package lacks $f"
done

root=$work/root
dpkg -x "$deb" "$root"
libdir=$root/usr/lib
echo "== consumer with mpicc + pkg-config rmala from $root"
flags=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs rmala)
echo "$mpicc_bin main.c $flags"
# shellcheck disable=SC2086  # pkg-config output is a list of flags
"$mpicc_bin" -std=c11 -o "$work/consumer" "$here/main.c" $flags
readelf -d "$work/consumer" | grep -q 'NEEDED.*\[librmala\.so\.[0-9]*\]' ||
  fail "the consumer is not linked to librmala.so"
out=$(LD_LIBRARY_PATH=$libdir timeout 120 "$mpiexec_bin" -n 2 "${mpiexec_flags[@]}" \
  -x LD_LIBRARY_PATH "$work/consumer" 2>&1) || true
echo "$out"
grep -q '^OK' <<< "$out" || fail "the consumer did not print OK"

if [ "$with_scalapack" = yes ] && [ -n "$mpif90_bin" ]; then
  echo "== drop_in.f90 against plain ScaLAPACK, LD_PRELOAD=$libdir/librmala_scalapack.so"
  "$mpif90_bin" -O2 -o "$work/drop_in_plain" "$here/../scalapack_api/drop_in.f90" $scalapack_lib \
    -lopenblas
  if readelf -d "$work/drop_in_plain" | grep -q 'NEEDED.*rmala'; then
    fail "drop_in_plain is linked to rmala"
  fi
  rc=0
  RMALA_VERBOSE=1 RMALA_SCALAPACK_MIN_DIM=0 timeout 120 "$mpiexec_bin" -n 2 "${mpiexec_flags[@]}" \
    -x LD_PRELOAD="$libdir/librmala_scalapack.so" -x RMALA_VERBOSE -x RMALA_SCALAPACK_MIN_DIM \
    "$work/drop_in_plain" > "$work/preload.out" 2> "$work/preload.err" || rc=$?
  cat "$work/preload.out"
  grep '^rmala: [A-Z]* \(served\|passed\)' "$work/preload.err" | sort | uniq -c || true
  [ "$rc" = 0 ] || fail "drop_in_plain under LD_PRELOAD: exit status $rc"
  grep -q '^PASS' "$work/preload.out" || fail "drop_in_plain under LD_PRELOAD: no PASS line"
  [ "$(grep -c '^rmala: PDGEMM served by rmala$' "$work/preload.err")" = 2 ] ||
    fail "PDGEMM not served twice by the preloaded rmala"
  [ "$(grep -c '^rmala: PDGETRF served by rmala$' "$work/preload.err")" = 1 ] ||
    fail "PDGETRF not served once by the preloaded rmala"
fi
[ "$status" = 0 ] && echo "PASSED: the Debian package"
exit "$status"
