#!/usr/bin/env bash
# The ctest sim_huge_pages: scripts/simulate.sh's shared malloc in huge pages changes the host's
# work only. The same runs (cluster-small, shared malloc, host code free: kernels + network decide;
# dgemm at 4 and 16 ranks, LU and potrf at 16, rmala and the comparator MODEL) with
# --huge-pages off (64 MiB blocks of 4 KiB pages) and --huge-pages auto. Prints PASS when
#   - the auto runs said they used huge pages, or, where this machine cannot give them (not root
#     and no hugetlbfs, or no permission to mount one), that they fell back to 64 MiB blocks and
#     why (then both sets of runs are in 4 KiB pages, and the check below is of the fallback);
#   - every row of both is status skipped (shared malloc: no numerical check) and the same rows
#     ran in both;
#   - each row's simulated time is the same in both: |t_huge / t_off - 1| <= 1e-6 (the simulation
#     is deterministic with host code free: the same 9 digits are expected);
# else FAIL and why. Prints the worst ratio.
#   bash sim/check_huge_pages.sh <rmala-sim>
# shellcheck source=check_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/check_common.sh"
exe=$1
for mode in off auto; do
  for spec in dgemm:4,16 lu:16 potrf:16; do
    RMALA_SIM_EXE=$exe bash "$root/scripts/simulate.sh" --platform cluster-small \
      --ranks "${spec#*:}" --op "${spec%%:*}" --n 512 --nb 64 --data shared --host-code free \
      --huge-pages "$mode" --out "$out/$mode" 2> "$out/$mode.err" ||
      fail "simulate.sh --huge-pages $mode --op ${spec%%:*} exited $?: $(cat "$out/$mode.err")"
  done
done
grep -q 'shared malloc in 64 MiB blocks of 4 KiB pages: --huge-pages off' "$out/off.err" ||
  fail "--huge-pages off did not say so: $(cat "$out/off.err")"
if ! grep -q 'shared malloc in [0-9]* KiB huge pages' "$out/auto.err"; then
  # No huge pages here: what is checked then is auto's fallback (it says why, the runs agree).
  grep -q 'shared malloc in 64 MiB blocks of 4 KiB pages: ' "$out/auto.err" ||
    fail "--huge-pages auto used neither huge pages nor the fallback: $(cat "$out/auto.err")"
  echo "no huge pages here, auto fell back: $(grep 'shared malloc' "$out/auto.err" | head -1)"
fi
# Rows keyed by op, impl, ranks: simulated_s (column 7) and status (13).
awk -F, 'FNR == 1 { f++; next }
  { key = $2 "," $3 "," $4; t[f, key] = $7; st[f, key] = $13; keys[key] }
  END {
    worst = 1
    for (k in keys) {
      if (st[1, k] != "skipped" || st[2, k] != "skipped") { print "FAIL: " k " statuses " st[1, k] ", " st[2, k]; exit 1 }
      if (!(t[1, k] > 0 && t[2, k] > 0)) { print "FAIL: " k " times " t[1, k] ", " t[2, k]; exit 1 }
      r = t[2, k] / t[1, k]; printf "%s: off %s s, huge pages %s s, ratio %.9f\n", k, t[1, k], t[2, k], r
      if (r < 1) r = 1 / r
      if (r > worst) worst = r
      n++
    }
    if (n != 8) { print "FAIL: " n " rows, expected 8 (dgemm 2 x 2, lu 2, potrf 2)"; exit 1 }
    printf "worst ratio %.9f (limit 1 + 1e-6)\n", worst
    if (worst > 1 + 1e-6) { print "FAIL"; exit 1 }
    print "PASS"
  }' "$out/off/simulate.csv" "$out/auto/simulate.csv"
