#!/usr/bin/env bash
# Install dependencies, configure, build and run every test.
#   bash scripts/test.sh [extra ctest arguments, e.g. -L unit or -R dgemm]
# Environment: RMALA_BUILD_DIR (default build/), RMALA_BUILD_TYPE (Release), RMALA_JOBS (2),
# RMALA_CMAKE_ARGS (extra -D options).
# ctest runs serially: the machine has 2 cores and the MPI tests already oversubscribe them
# (np up to 6); running tests in parallel would only make timings and timeouts noisy.
set -euo pipefail
start=$(date +%s)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bash "$here/deps.sh"
# shellcheck source=scripts/common.sh
source "$here/common.sh"

rmala_configure_build

echo "== ctest"
status=0
(cd "$RMALA_BUILD_DIR" && ctest --output-on-failure "$@") || status=$?

end=$(date +%s)
echo "== total time: $((end - start)) s (ctest exit status $status)"
exit $status
