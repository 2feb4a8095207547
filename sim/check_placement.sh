#!/usr/bin/env bash
# The ctest sim_placement: scripts/simulate.sh --placement blocks on cluster-small (4 nodes x 4
# cores), 16 ranks (the 4 x 4 grid), real data, LU, rmala and the ScaLAPACK comparator MODEL.
# Prints PASS when every check holds, else FAIL and why:
#   - the hostfile puts grid position (p, q) (rank 4 p + q) on node 2 (p / 2) + q / 2: each node
#     holds a 2 x 2 block of the grid, not a process row as the default placement does;
#   - both rows say platform cluster-small/nohost/blocks, status ok, check ratio < 16 (rmala-sim's
#     numerical check of the solve).
#   bash sim/check_placement.sh <rmala-sim>
set -euo pipefail
exe=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}
RMALA_SIM_EXE=$exe bash "$root/scripts/simulate.sh" --platform cluster-small --ranks 16 --op lu \
  --n 512 --nb 64 --data real --host-code free --placement blocks --out "$out" ||
  fail "simulate.sh exited $?"
hosts=$out/cluster-small-c1-blocks-np16.hosts
[ -f "$hosts" ] || fail "no hostfile $hosts"
want=$(for r in $(seq 0 15); do echo "$(((r / 4) / 2 * 2 + (r % 4) / 2))"; done)
got=$(sed 's/[^0-9]*\([0-9]*\).*/\1/' "$hosts")
first=$(echo "$got" | sort -n | head -1)
got=$(echo "$got" | awk -v f="$first" '{ print $1 - f }')
[ "$got" = "$want" ] || fail "hostfile nodes $(echo "$got" | tr '\n' ' ') (want $(echo "$want" | tr '\n' ' '))"
csv=$out/simulate.csv
rows=$(awk -F, 'NR > 1' "$csv" | wc -l)
[ "$rows" = 2 ] || fail "$rows rows, expected 2 (rma and model)"
bad=$(awk -F, 'NR > 1 && !($1 == "cluster-small/nohost/blocks" && $13 == "ok" && $12 + 0 < 16)' "$csv")
[ -z "$bad" ] || fail "rows not as expected: $bad"
cat "$csv"
echo PASS
