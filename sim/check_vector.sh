#!/usr/bin/env bash
# ctest sim_vector_charged: the LU panel's BLAS-1/2 calls (kernel/vector_blas.c) are charged their
# kernel time MODEL (kinds vector and ger), once. rmala-sim's LU, the pdgetrf MODEL (--impl model,
# whose PDGETF2 panel and PDLASWP are those calls) and rmala's own (rma, whose only such calls are
# the row swaps inside its charged getrf kernel), each run with the committed model file and with
# a copy of it without the vector and ger lines (an older file: those calls left to SMPI as host
# code, untimed here: smpi/simulate-computation:no, so kernels + network decide the times).
#   check: model: t(with) / t(without) >= 1.01 (the panel is charged: measured 1.93 at n 512, nb 64,
#          np 4); rma: max / min of the two <= 1.0001 (rmala's swaps inside getrf are not charged a
#          second time); every run's status ok; the older file's run says "timed by SMPI".
# Usage: check_vector.sh SMPIRUN PLATFORM HOSTFILE RMALA_SIM MODEL_FILE NP N NB [SMPI options...]
set -uo pipefail
smpirun=$1 platform=$2 hosts=$3 exe=$4 model=$5 np=$6 n=$7 nb=$8
shift 8
old=$(mktemp)
trap 'rm -f "$old"' EXIT
grep -v '^vector \|^ger ' "$model" > "$old"
run() { # file impl [SMPI options]
  local file=$1 impl=$2
  shift 2
  RMALA_SIM_MODEL=$file "$smpirun" -np "$np" -platform "$platform" -hostfile "$hosts" "$@" "$exe" \
    --op lu --n "$n" --nb "$nb" --impl "$impl" 2>&1 | grep -v '^\['
}
declare -A t
for impl in model rma; do
  for file in "$model" "$old"; do
    out=$(run "$file" "$impl" "$@")
    echo "$out"
    [ "$file" = "$old" ] && ! echo "$out" | grep -q "timed by SMPI as host code" &&
      { echo "FAIL: no notice of the missing kinds"; exit 1; }
    r=$(echo "$out" | grep '^RESULT,' | cut -d, -f6,9)
    [ "${r#*,}" = ok ] || { echo "FAIL: $impl with $file: status '${r#*,}'"; exit 1; }
    t[$impl,$([ "$file" = "$old" ] && echo old || echo new)]=${r%,*}
  done
done
awk -v mn="${t[model,new]}" -v mo="${t[model,old]}" -v rn="${t[rma,new]}" -v ro="${t[rma,old]}" 'BEGIN {
  gain = mn / mo; same = rn > ro ? rn / ro : ro / rn
  printf "pdgetrf MODEL: %.6f s with the panel charged, %.6f s without: ratio %.4f (limit >= 1.01)\n", mn, mo, gain
  printf "rma: %.6f s and %.6f s: ratio %.6f (limit <= 1.0001)\n", rn, ro, same
  if (!(gain >= 1.01) || !(same <= 1.0001)) { print "FAIL"; exit 1 }
  print "PASS"
}'
