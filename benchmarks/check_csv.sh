#!/bin/sh
# check_csv.sh CSV NP — ctest check of a `rmala-bench --quick` CSV: the exact
# header, every expected row present (the 63 rows --quick makes), every row
# run at np = NP, and every status OK — or NOT_IMPLEMENTED, the report of an
# rmala operation that is not built yet (expected and reported, not a failure).
set -eu
csv=$1
np=$2
[ -f "$csv" ] || { echo "check_csv: $csv missing"; exit 1; }
header='op,impl,layout,m,n,k,nb,p,q,np,nodes,trans,time_s,gflops,gflops_per_rank,ratio_to_scalapack,ratio_to_limit,residual,status,peak_rss_mb'
first=$(head -n 1 "$csv")
[ "$first" = "$header" ] || { echo "check_csv: bad header: $first"; exit 1; }
awk -F, -v np="$np" '
NR == 1 { next }
{
  rows++
  if ($10 != np) { printf "row %d: np=%s, expected %s\n", NR, $10, np; bad++ }
  if ($19 != "OK" && $19 != "NOT_IMPLEMENTED") { printf "row %d not OK: %s\n", NR, $0; bad++ }
  impl = $2; sub(/:.*/, "", impl)
  seen[$1 "," impl "," $12]++
}
END {
  ntr = split("NN NT TN TT", tr, " ")
  nim = split("limit scalapack ga rma rma-ablate", im, " ")
  for (t = 1; t <= ntr; t++)
    for (i = 1; i <= nim; i++)
      if (!seen["dgemm," im[i] "," tr[t]]) { printf "missing: dgemm %s %s\n", im[i], tr[t]; bad++ }
  split("limit,pivot scalapack,pivot rma,pivot rma,nopiv", lu, " ")
  for (i = 1; i <= 4; i++)
    if (!seen["lu," lu[i]]) { printf "missing: lu %s\n", lu[i]; bad++ }
  if (rows != 63) { printf "expected 63 rows, found %d\n", rows; bad++ }
  if (bad) exit 1
  printf "check_csv: %d rows, all expected, all OK or NOT_IMPLEMENTED\n", rows
}' "$csv"
