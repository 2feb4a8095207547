#!/usr/bin/env bash
# ctest sim_shared_vs_real: rmala-sim's dgemm twice on the same simulated platform, once with real
# data (kernels compute and charge their MODEL time; the product is checked) and once in the
# shared-malloc mode (RMALA_SIM_SHARED=1: one set of pages for all ranks, arithmetic skipped,
# "check skipped (shared malloc)"). Both runs charge the same kernel MODEL times and move the same
# tiles, so their simulated times must agree:
#   check: max(t_shared, t_real) / min(t_shared, t_real) <= 1.02 (the ctest runs with host code
#   untimed, smpi/simulate-computation:no, so kernels + network decide: equal times expected), the
#   real run's status ok, the shared run's skipped.
# Usage: check_shared.sh SMPIRUN PLATFORM HOSTFILE RMALA_SIM NP N NB [SMPI options...]
set -uo pipefail
smpirun=$1 platform=$2 hosts=$3 exe=$4 np=$5 n=$6 nb=$7
shift 7
run() {
  "$smpirun" -np "$np" -platform "$platform" -hostfile "$hosts" "$@" "$exe" --op dgemm --n "$n" \
    --nb "$nb" --warmup 1 2>&1 | grep -v '^\['
}
real=$(run "$@") || { echo "$real"; echo "FAIL: real-data run"; exit 1; }
shared=$(RMALA_SIM_SHARED=1 run "$@") || { echo "$shared"; echo "FAIL: shared run"; exit 1; }
echo "$real"
echo "$shared"
echo "$shared" | grep -q "MODEL kernel times" || { echo "FAIL: no MODEL in use"; exit 1; }
echo "$shared" | grep -q "check skipped (shared malloc)" || { echo "FAIL: no skip notice"; exit 1; }
tr=$(echo "$real" | grep '^RESULT,' | cut -d, -f6,9)
ts=$(echo "$shared" | grep '^RESULT,' | cut -d, -f6,9)
awk -v r="$tr" -v s="$ts" 'BEGIN {
  split(r, a, ","); split(s, b, ",")
  if (a[2] != "ok" || b[2] != "skipped") { print "FAIL: statuses " a[2] ", " b[2]; exit 1 }
  ratio = a[1] > b[1] ? a[1] / b[1] : b[1] / a[1]
  printf "simulated: real data %.6f s, shared malloc %.6f s, worst ratio %.3f (limit 1.02)\n", a[1], b[1], ratio
  if (!(ratio <= 1.02)) { print "FAIL"; exit 1 }
  print "PASS"
}'
