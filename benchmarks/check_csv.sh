#!/bin/sh
# check_csv.sh CSV NP [grid] — ctest check of a `rmala-bench --quick` CSV (or,
# with "grid", of a `rmala-bench --grid-check --quick` CSV): the exact header,
# every expected row present (102 for --quick, 69 for the grid check), every
# row run at np = NP, lib_MB a number on rma rows and empty on the peers', and
# every status OK — or NOT_IMPLEMENTED, the report of an rmala operation that
# is not built yet (expected and reported, not a failure).
set -eu
csv=$1
np=$2
mode=${3:-quick}
[ -f "$csv" ] || { echo "check_csv: $csv missing"; exit 1; }
header='op,impl,layout,m,n,k,nb,p,q,np,nodes,trans,time_s,gflops,gflops_per_rank,ratio_to_scalapack,ratio_to_limit,residual,status,peak_rss_mb,lib_MB'
first=$(head -n 1 "$csv")
[ "$first" = "$header" ] || { echo "check_csv: bad header: $first"; exit 1; }
awk -F, -v np="$np" -v mode="$mode" '
NR == 1 { next }
{
  rows++
  if (NF != 21) { printf "row %d: %d fields, expected 21\n", NR, NF; bad++ }
  if ($10 != np) { printf "row %d: np=%s, expected %s\n", NR, $10, np; bad++ }
  if ($19 != "OK" && $19 != "NOT_IMPLEMENTED") { printf "row %d not OK: %s\n", NR, $0; bad++ }
  impl = $2; sub(/:.*/, "", impl)
  if (impl ~ /^rma/ && $19 == "OK" && $21 !~ /^[0-9]+(\.[0-9]+)?$/) { printf "row %d: rma without lib_MB: %s\n", NR, $0; bad++ }
  if (impl !~ /^rma/ && $21 != "") { printf "row %d: lib_MB on a peer: %s\n", NR, $0; bad++ }
  shape = ($4 == $5 && ($6 == $5 || $6 == "")) ? "square" : ($5 == $6 && $4 > $5) ? "tall-skinny" : ($4 == $5 && $6 < $5) ? "k-small" : "other"
  seen[$1 "," impl "," $12 "," shape]++
  if ($2 ~ /^rma-ablate:/) abl[$2]++
  if (mode == "grid") gseen[$1 "," $5 "," impl "," $12]++
}
function need(key, count) {
  if (seen[key] < count) { printf "missing: %s (%d of %d)\n", key, seen[key], count; bad++ }
}
function gneed(key, count) {
  if (gseen[key] != count) { printf "grid: %s has %d rows, expected %d\n", key, gseen[key], count; bad++ }
}
END {
  if (mode == "grid") {
    # n = 120: 4 transposes x (limit + 3 pdgemm + 2 layouts x 3 nb); LU with pivoting
    # (limit + 3 pdgetrf + 6 rma first-call cells); no pivoting (limit + 6 rma);
    # small n = 40 and 100, NN and NT: pdgemm + 2 rma layouts.
    ntr = split("NN NT TN TT", tr, " ")
    for (t = 1; t <= ntr; t++) {
      gneed("dgemm,120,limit," tr[t], 1); gneed("dgemm,120,scalapack," tr[t], 3); gneed("dgemm,120,rma," tr[t], 6)
    }
    gneed("lu,120,limit,pivot", 1); gneed("lu,120,scalapack,pivot", 3); gneed("lu,120,rma,pivot", 6)
    gneed("lu,120,limit,pivot-dd", 1); gneed("lu,120,rma,nopiv", 6)
    split("40 100", sn, " ")
    for (i = 1; i <= 2; i++)
      for (t = 1; t <= 2; t++) { gneed("dgemm," sn[i] ",scalapack," tr[t], 1); gneed("dgemm," sn[i] ",rma," tr[t], 2) }
    expect = 69
  } else {
    ntr = split("NN NT TN TT", tr, " ")
    nim = split("limit scalapack ga rma rma-ablate rma-pd", im, " ")
    for (t = 1; t <= ntr; t++)
      for (i = 1; i <= nim; i++)
        need("dgemm," im[i] "," tr[t] ",square", 1)
    for (t = 1; t <= ntr; t++)
      need("dgemm,rma-ablate," tr[t] ",square", 6)
    split("limit scalapack ga rma rma-pd", im, " ")
    for (i = 1; i <= 5; i++) { need("dgemm," im[i] ",NT,tall-skinny", 1); need("dgemm," im[i] ",TN,k-small", 1) }
    split("limit,pivot scalapack,pivot rma,pivot limit,pivot-dd scalapack,pivot-dd rma,nopiv rma-pd,pivot rma-pd,pivot-dd", lu, " ")
    for (i = 1; i <= 8; i++)
      need("lu," lu[i] ",square", 1)
    if (!abl["rma-ablate:no-shared-memory"]) { print "missing: ablation no-shared-memory"; bad++ }
    expect = 102
  }
  if (rows != expect) { printf "expected %d rows, found %d\n", expect, rows; bad++ }
  if (bad) exit 1
  printf "check_csv: %d rows, all expected, all OK or NOT_IMPLEMENTED\n", rows
}' "$csv"
