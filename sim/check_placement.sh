#!/usr/bin/env bash
# The ctest sim_placement: a node holding a block of the process grid, both ways, on cluster-small
# (4 nodes x 4 cores), 16 ranks (the 4 x 4 grid), real data, LU:
#  1. scripts/simulate.sh --placement blocks (the launcher places the ranks), rmala and the
#     ScaLAPACK comparator MODEL;
#  2. rmala-sim --order B on the plain hostfile (ranks fill the nodes in order): the library's
#     grid order 'B' (rma_grid_create) places the grid.
# Prints PASS when every check holds, else FAIL and why:
#   - the hostfile puts grid position (p, q) (rank 4 p + q) on node 2 (p / 2) + q / 2: each node
#     holds a 2 x 2 block of the grid, not a process row as the default placement does;
#   - both rows say platform cluster-small/nohost/blocks, status ok, check ratio < 16 (rmala-sim's
#     numerical check of the solve);
#   - with --order B, rank r (node r / 4, rank r % 4 there) sits at grid position (2 (node / 2) +
#     (r % 4) / 2, 2 (node % 2) + r % 2) (rmala-sim's GRID lines), and the LU's RESULT is ok.
#   bash sim/check_placement.sh <rmala-sim> <smpirun> <platform.xml> <hostfile> <smpirun options...>
# shellcheck source=check_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_common.sh"
exe=$1 smpirun=$2 xml=$3 plain=$4
shift 4
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
log=$out/order-b.log
"$smpirun" -np 16 -platform "$xml" -hostfile "$plain" "$@" "$exe" --op lu --n 512 --nb 64 \
  --order B > "$log" 2>&1 || fail "rmala-sim --order B exited $? ($(tail -3 "$log"))"
want=$(for r in $(seq 0 15); do
  node=$((r / 4)) l=$((r % 4))
  echo "GRID,$r,$((node / 2 * 2 + l / 2)),$((node % 2 * 2 + l % 2))"
done)
[ "$(grep '^GRID,' "$log")" = "$want" ] || fail "--order B positions: $(grep '^GRID,' "$log" | tr '\n' ' ')"
grep -q '^RESULT,lu,16,512,64,[^,]*,[^,]*,[^,]*,ok' "$log" || fail "--order B: $(grep RESULT "$log")"
echo "--order B: every node holds a 2 x 2 block; $(grep RESULT "$log")"
echo PASS
