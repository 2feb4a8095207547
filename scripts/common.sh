#!/usr/bin/env bash
# Shared by test.sh and main-job.sh (sourced): repo root, build dir, run-time environment,
# configure + build.
RMALA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RMALA_BUILD_DIR=${RMALA_BUILD_DIR:-$RMALA_ROOT/build}
RMALA_BUILD_TYPE=${RMALA_BUILD_TYPE:-Release}
RMALA_JOBS=${RMALA_JOBS:-2}
RMALA_NCORES=${RMALA_NCORES:-$(nproc 2> /dev/null || echo 2)}

# One BLAS thread per MPI rank; Open MPI refuses root without these.
export OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-1}
if [ "$(id -u)" = 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# Configure (out of tree) and build. Extra CMake arguments: RMALA_CMAKE_ARGS (word-split), then
# the function's own arguments after the build directory:
#   rmala_configure_build [build dir (default RMALA_BUILD_DIR) [-D... ...]]
rmala_configure_build() {
  local dir=${1:-$RMALA_BUILD_DIR}
  if [ $# -gt 0 ]; then shift; fi
  echo "== configure $dir ($RMALA_BUILD_TYPE${*:+; $*})"
  # shellcheck disable=SC2086  # RMALA_CMAKE_ARGS is a list of -D flags
  cmake -S "$RMALA_ROOT" -B "$dir" -DCMAKE_BUILD_TYPE="$RMALA_BUILD_TYPE" \
    ${RMALA_CMAKE_ARGS:-} "$@" || return
  echo "== build $dir (-j$RMALA_JOBS)"
  cmake --build "$dir" -j "$RMALA_JOBS"
}
