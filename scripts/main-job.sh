#!/usr/bin/env bash
# Install dependencies, configure, build, then run the benchmark main job on every core:
#   mpiexec -np <ncores> build/benchmarks/rmala-bench --main
# (the benchmark driver defines what --main runs; it writes results/).
# Environment: RMALA_BUILD_DIR, RMALA_BUILD_TYPE, RMALA_JOBS, RMALA_CMAKE_ARGS, RMALA_NCORES.
set -euo pipefail
start=$(date +%s)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bash "$here/deps.sh"
# shellcheck source=scripts/common.sh
source "$here/common.sh"

rmala_configure_build "$RMALA_BUILD_DIR"

bench=$RMALA_BUILD_DIR/benchmarks/rmala-bench
if [ ! -x "$bench" ]; then
  echo "main-job: $bench does not exist: the benchmark driver was not built" >&2
  echo "main-job: (is benchmarks/CMakeLists.txt present and RMALA_WITH_BENCHMARKS=ON?)" >&2
  exit 1
fi

cd "$RMALA_ROOT"
echo "== mpiexec -np $RMALA_NCORES $bench --main"
mpiexec -np "$RMALA_NCORES" "$bench" --main
end=$(date +%s)
echo "== total time: $((end - start)) s"
