#!/usr/bin/env bash
# The ctest sim_cores_per_rank: scripts/simulate.sh --cores-per-rank 2 on cluster-small (4 nodes x
# 4 cores), real data, at 8 and 16 cores (4 and 8 ranks, two per node), dgemm and LU, rmala and
# the ScaLAPACK comparator MODEL. Prints PASS when every row holds, else FAIL and why:
#   - columns 15-17 are cores_per_rank, cores, kernel_model; every row has cores_per_rank 2,
#     cores = ranks x 2, a "MODEL 2-thread" kernel model, status ok, check ratio < 16 (rmala-sim's
#     numerical check of the product or of the solve), an efficiency in (0, 1.05];
#   - the hostfile places two ranks per node (each of the 4 hosts listed twice);
#   - every run's log says its kernels were charged the threaded-kernel MODEL for 2 threads.
#   bash sim/check_cores.sh <rmala-sim>
# shellcheck source=check_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_common.sh"
exe=$1
for op in dgemm lu; do
  RMALA_SIM_EXE=$exe bash "$root/scripts/simulate.sh" --platform cluster-small --cores-per-rank 2 \
    --cores 8,16 --op "$op" --n 512 --nb 64 --data real --host-code free --out "$out" ||
    fail "simulate.sh --op $op exited $?"
done
csv=$out/simulate.csv
head -1 "$csv" | grep -q ',cores_per_rank,cores,kernel_model$' || fail "header: $(head -1 "$csv")"
rows=$(awk -F, 'NR > 1' "$csv" | wc -l)
[ "$rows" = 8 ] || fail "$rows rows, expected 8 (2 ops x 2 core counts x 2 impls)"
bad=$(awk -F, 'NR > 1 && !($15 == 2 && $16 == 2 * $4 && $17 ~ /^MODEL 2-thread/ && $13 == "ok" &&
  $12 + 0 < 16 && $9 > 0 && $9 <= 1.05)' "$csv")
[ -z "$bad" ] || fail "rows not as expected: $bad"
hosts=$out/cluster-small-c2.hosts
if [ "$(sort "$hosts" | uniq -c | awk '$1 == 2' | wc -l)" != 4 ] || [ "$(wc -l < "$hosts")" != 8 ]; then
  fail "hostfile $hosts does not list each of the 4 nodes twice"
fi
for log in "$out"/*.log; do
  grep -q 'threaded-kernel MODEL for 2 threads' "$log" || fail "$log: no threaded-kernel MODEL"
done
cat "$csv"
echo PASS
