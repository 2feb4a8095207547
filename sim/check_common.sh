# Sourced by the sim ctests' check scripts (check_cores.sh, check_placement.sh): strict mode, the
# source root, a scratch directory removed at exit, and fail (prints FAIL and the reason, exits 1).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}
