#!/bin/sh
# check_csv.sh CSV NP [grid|types] — ctest check of a `rmala-bench --quick` CSV
# (or, with "grid", of a `rmala-bench --grid-check --quick` CSV; with "types",
# of a `rmala-bench --quick --op gemm --dtype s,c,z --trans NN,NT,NC,CT` CSV):
# the exact header — the current one, ending in dtype, or the one before the
# dtype column (21 columns, every row double) — every expected row present
# (129 for --quick, 179 for the grid check, 220 for the types; an old CSV
# without the dtype column: 102 and 69), every row run
# at np = NP, lib_MB a number on rma rows and empty on the peers', and every
# status OK — or NOT_IMPLEMENTED, the report of an rmala operation that is not
# built yet (expected and reported, not a failure).
set -eu
csv=$1
np=$2
mode=${3:-quick}
[ -f "$csv" ] || { echo "check_csv: $csv missing"; exit 1; }
old='op,impl,layout,m,n,k,nb,p,q,np,nodes,trans,time_s,gflops,gflops_per_rank,ratio_to_scalapack,ratio_to_limit,residual,status,peak_rss_mb,lib_MB'
header="$old,dtype"
first=$(head -n 1 "$csv")
case $first in
"$header") nf=22 ;;
"$old") nf=21 ;;
*) echo "check_csv: bad header: $first"; exit 1 ;;
esac
awk -F, -v np="$np" -v mode="$mode" -v nf="$nf" '
NR == 1 { next }
{
  rows++
  if (NF != nf) { printf "row %d: %d fields, expected %d\n", NR, NF, nf; bad++ }
  dt = nf == 22 ? $22 : "d"
  if ($1 ~ /gemm$/ && $1 != dt "gemm") { printf "row %d: op %s with dtype %s\n", NR, $1, dt; bad++ }
  if ($1 == "lu" && dt != "d") { printf "row %d: lu with dtype %s\n", NR, dt; bad++ }
  if ($1 ~ /getrf$/ && $1 != dt "getrf") { printf "row %d: op %s with dtype %s\n", NR, $1, dt; bad++ }
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
    # small n = 40 and 100, NN and NT: pdgemm + 2 rma layouts; the type cells:
    # sgemm n = 120 NN and NT, cgemm and zgemm n = 60 NN and NC, each limit +
    # 2 p?gemm (nb 16, 32) + 2 layouts x 2 nb, and the zgetrf cells (in an old CSV: none).
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
    if (nf == 22) {
      split("sgemm,120,NN sgemm,120,NT cgemm,60,NN cgemm,60,NC zgemm,60,NN zgemm,60,NC", ty, " ")
      for (i = 1; i <= 6; i++) {
        split(ty[i], f, ",")
        gneed(f[1] "," f[2] ",limit," f[3], 1); gneed(f[1] "," f[2] ",scalapack," f[3], 2); gneed(f[1] "," f[2] ",rma," f[3], 4)
      }
      expect += 42
      # zgetrf n = 60, first call: 2 pzgetrf (nb 16, 32) + 2 layouts x 2 nb.
      gneed("zgetrf,60,scalapack,pivot", 2); gneed("zgetrf,60,rma,pivot", 4)
      expect += 6
      # dpotrf n = 120 and zpotrf n = 60, UPLO L and U, first call: limit + 3
      # p?potrf + 2 layouts x 3 nb + 3 rma-pd each; dtrsm n = 120: limit + 3
      # pdtrsm + 6 rma.
      split("dpotrf,120 zpotrf,60", po, " ")
      for (i = 1; i <= 2; i++)
        for (u = 1; u <= 2; u++) {
          split(po[i], f, ",")
          ul = u == 1 ? "L" : "U"
          gneed(f[1] "," f[2] ",limit," ul, 1); gneed(f[1] "," f[2] ",scalapack," ul, 3); gneed(f[1] "," f[2] ",rma," ul, 6)
          gneed(f[1] "," f[2] ",rma-pd," ul, 3)
        }
      gneed("dtrsm,120,limit,LLNN", 1); gneed("dtrsm,120,scalapack,LLNN", 3); gneed("dtrsm,120,rma,LLNN", 6)
      expect += 62
    }
  } else if (mode == "types") {
    # sgemm NN, NT (NC and CT are for complex types); cgemm, zgemm NN, NT, NC,
    # CT: per transpose every impl and the 6 ablation variants; the tall-skinny
    # NT and k-small TN shapes with every impl.
    nim = split("limit scalapack ga rma rma-pd", im, " ")
    ntr = split("sgemm,NN sgemm,NT cgemm,NN cgemm,NT cgemm,NC cgemm,CT zgemm,NN zgemm,NT zgemm,NC zgemm,CT", tr, " ")
    for (t = 1; t <= ntr; t++) {
      split(tr[t], f, ",")
      for (i = 1; i <= nim; i++)
        need(f[1] "," im[i] "," f[2] ",square", 1)
      need(f[1] ",rma-ablate," f[2] ",square", 6)
    }
    split("sgemm cgemm zgemm", ops, " ")
    for (o = 1; o <= 3; o++)
      for (i = 1; i <= nim; i++) { need(ops[o] "," im[i] ",NT,tall-skinny", 1); need(ops[o] "," im[i] ",TN,k-small", 1) }
    expect = 220
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
    if (nf == 22) { # potrf L and U, trsm: each limit + 2 p?xxx + 2 rma-pd + 2 layouts x 2 nb
      split("limit scalapack rma rma-pd", im, " ")
      for (i = 1; i <= 4; i++) {
        n = im[i] == "limit" ? 1 : im[i] == "rma" ? 4 : 2
        need("dpotrf," im[i] ",L,square", n); need("dpotrf," im[i] ",U,square", n)
        need("dtrsm," im[i] ",LLNN,square", n)
      }
      expect += 27
    }
  }
  if (rows != expect) { printf "expected %d rows, found %d\n", expect, rows; bad++ }
  if (bad) exit 1
  printf "check_csv: %d rows, all expected, all OK or NOT_IMPLEMENTED\n", rows
}' "$csv"
