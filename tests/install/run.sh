#!/usr/bin/env bash
# Install test: install a configured+built rmala tree into a scratch prefix, then build
# tests/install/main.c against it twice (CMake find_package, and mpicc + pkg-config) and run
# both at np=1. A shared build (pkg-config's library_kind=shared): the pkg-config consumer is
# linked dynamically (no --static) and must need librmala.so.<major> (readelf), and both run
# with nothing but the installed libdir on LD_LIBRARY_PATH.
#   bash tests/install/run.sh <rmala build dir> [work dir]
# Environment (set by CTest; defaults for manual use): RMALA_CMAKE, RMALA_CC, RMALA_MPICC,
# RMALA_MPIEXEC.
set -euo pipefail

build_dir=$(cd "${1:?usage: run.sh <build dir> [work dir]}" && pwd)
work_dir=${2:-$(mktemp -d /tmp/rmala-install-test.XXXXXX)}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmake_bin=${RMALA_CMAKE:-cmake}
mpicc_bin=${RMALA_MPICC:-mpicc}
mpiexec_bin=${RMALA_MPIEXEC:-mpiexec}
# shellcheck source=tests/common/scratch_install.sh
source "$here/../common/scratch_install.sh"
scratch_install "$build_dir" "$work_dir" "$cmake_bin"
ls "$prefix"/lib*/librmala.* > /dev/null
kind=$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=library_kind rmala)
with_ga=$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=with_ga rmala)
echo "== installed: $kind library, GA front-end: $with_ga"

echo "== consumer with find_package(rmala)"
cc_args=()
if [ -n "${RMALA_CC:-}" ]; then cc_args=(-DCMAKE_C_COMPILER="$RMALA_CC"); fi
"$cmake_bin" -S "$here" -B "$work_dir/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release "${cc_args[@]}" > "$work_dir/cmake-configure.log" \
  || { cat "$work_dir/cmake-configure.log"; exit 1; }
"$cmake_bin" --build "$work_dir/cmake-build" > "$work_dir/cmake-build.log" 2>&1 \
  || { cat "$work_dir/cmake-build.log"; exit 1; }

echo "== consumer with mpicc + pkg-config rmala"
pc_flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs rmala)
echo "$mpicc_bin $here/main.c $pc_flags"
# shellcheck disable=SC2086  # pkg-config output is a list of flags
"$mpicc_bin" -std=c11 -o "$work_dir/rmala_consumer_pc" "$here/main.c" $pc_flags

status=0
if [ "$kind" = shared ]; then
  needed=$(readelf -d "$work_dir/rmala_consumer_pc" | sed -n 's/.*NEEDED.*\[\(librmala[^]]*\)\]/\1/p')
  echo "== pkg-config consumer needs: ${needed:-nothing of rmala}"
  case " $(echo $needed) " in
    *" librmala.so.$(PKG_CONFIG_PATH="$pcdir" pkg-config --modversion rmala | cut -d. -f1) "*) ;;
    *) echo "FAILED: the pkg-config consumer is not linked to librmala.so.<major>" >&2; status=1 ;;
  esac
  export LD_LIBRARY_PATH=$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
for exe in "$work_dir/cmake-build/rmala_consumer" "$work_dir/rmala_consumer_pc"; do
  echo "== run $exe"
  out=$("$mpiexec_bin" -n 1 "$exe" 2>&1) || true
  echo "$out"
  if ! grep -q '^OK' <<< "$out"; then
    echo "FAILED: $exe did not print OK" >&2
    status=1
  fi
done
exit $status
