#!/bin/sh
# plot.sh CSV OUTDIR — turns rmala-bench CSV rows into PNGs with gnuplot.
#
#   strong_<op>.png      GFLOP/s vs n (best nb per impl/layout) at one np
#                        (op: sgemm, dgemm, cgemm, zgemm, lu, sgetrf, cgetrf,
#                        zgetrf — those in the CSV; lu is dgetrf);
#                        bars per impl when the CSV holds one n
#   weak_time_<op>.png   time vs np          } when the CSV holds more than
#   weak_eff_<op>.png    efficiency vs np    } one np (a --weak sweep)
#   ratio_<op>.png       ratio to the best ScaLAPACK nb, bars, largest n
#   ablation.png         rma_?gemm with each protocol off (Table I), bars
#                        (dgemm's rows, or those of the first gemm type present)
#
# Only rows with status OK are plotted (a failed run is never drawn). When
# a CSV holds several runs of the same configuration, the best is kept.
# gemm plots use the NN rows (or the first transpose present). The CSV may
# have the current header (ending in dtype) or the one before the dtype
# column; the columns they share are in the same places.
set -eu
if [ $# -ne 2 ]; then
  echo "usage: plot.sh CSV OUTDIR" >&2
  exit 2
fi
csv=$1
out=$2
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }
[ -f "$csv" ] || { echo "plot.sh: $csv not found" >&2; exit 1; }
old='op,impl,layout,m,n,k,nb,p,q,np,nodes,trans,time_s,gflops,gflops_per_rank,ratio_to_scalapack,ratio_to_limit,residual,status,peak_rss_mb,lib_MB'
case $(head -n 1 "$csv") in
"$old" | "$old,dtype") ;;
*) echo "plot.sh: $csv does not have an rmala-bench header" >&2; exit 1 ;;
esac
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1; then
  term='pngcairo size 900,560 font "sans,10"'
else
  term='png size 900,560'
fi

# Columns: 1 op 2 impl 3 layout 4 m 5 n 6 k 7 nb 8 p 9 q 10 np 11 nodes 12 trans
# 13 time_s 14 gflops 15 gflops_per_rank 16 ratio_to_scalapack 17 ratio_to_limit
# 18 residual 19 status 20 peak_rss_mb 21 lib_MB [22 dtype: s, d, c, z]

# Series name of a row: impl, the layout for rma, the pivoting for LU.
series='function sname(   s) {
  s = $2
  if ($2 == "rma") s = s "-" $3
  if (($1 == "lu" || $1 ~ /getrf$/) && $2 == "rma") s = s "-" $12
  return s
}
function sorder(s) {  # bars in a fixed order: peers first, then rma
  if (s == "limit") return 1
  if (s == "scalapack") return 2
  if (s == "ga") return 3
  if (s ~ /^rma-tiled/) return 4
  return 5
}'

made=0
# The ops present, in a fixed order (the op column names gemm's type).
ops=$(awk -F, 'NR > 1 { print $1 }' "$csv" | sort -u | awk '
  { o[$1] = 1 } END { n = split("sgemm dgemm cgemm zgemm lu sgetrf cgetrf zgetrf", k, " "); for (i = 1; i <= n; i++) if (k[i] in o) print k[i] }')
for op in $ops; do
  tr=""
  # Rows of this op that are OK and not ablation runs; gemm: square shapes
  # (m = n = k) and one transpose; LU: not the peers' runs on the no-pivot
  # matrix (trans pivot-dd), so each series has one matrix.
  awk -F, -v op="$op" 'NR > 1 && $1 == op && $19 == "OK" && $2 !~ /^rma-ablate/ &&
    (op !~ /gemm$/ || ($4 == $5 && $6 == $5)) && $12 != "pivot-dd"' "$csv" > "$work/rows"
  [ -s "$work/rows" ] || { echo "plot.sh: no OK $op rows"; continue; }
  case $op in lu | *getrf) ;; *)
    tr=$(awk -F, '$12 == "NN" { print "NN"; exit }' "$work/rows")
    [ -n "$tr" ] || tr=$(awk -F, 'NR == 1 { print $12 }' "$work/rows")
    awk -F, -v t="$tr" '$12 == t' "$work/rows" > "$work/r2" && mv "$work/r2" "$work/rows"
    ;;
  esac
  # The most frequent np for the strong plot; the largest n for the bars.
  np=$(awk -F, '{ c[$10]++ } END { for (k in c) if (c[k] > b) { b = c[k]; v = k }; print v }' "$work/rows")
  nmax=$(awk -F, -v np="$np" '$10 == np && $5 > m { m = $5 } END { print m }' "$work/rows")
  nps=$(awk -F, '{ print $10 }' "$work/rows" | sort -un | wc -l)

  # Strong: GFLOP/s vs n, best over nb, one file per series.
  rm -f "$work"/s_*.dat
  awk -F, -v np="$np" -v dir="$work" "$series"'
    $10 == np { k = sname() SUBSEP $5; if ($14 > best[k]) best[k] = $14 }
    END { for (k in best) { split(k, a, SUBSEP); print a[2], best[k] > (dir "/s_" a[1] ".dat") } }' "$work/rows"
  list=""
  for f in "$work"/s_*.dat; do sort -n "$f" -o "$f"; list="$list $f"; done
  nn=$(awk -F, -v np="$np" '$10 == np { print $5 }' "$work/rows" | sort -u | wc -l)
  if [ "$nn" -gt 1 ]; then
    gnuplot <<EOF
set terminal $term
set output "$out/strong_$op.png"
set title "$op${tr:+ $tr}: GFLOP/s vs n (np = $np, best nb per impl)" noenhanced
set xlabel "n"; set ylabel "GFLOP/s"; set key outside right noenhanced; set grid
set logscale x 2; set yrange [0:*]; set offsets graph 0.05, graph 0.05, 0, 0
files = "$list"
plot for [f in files] f using 1:2 with linespoints lw 2 pt 7 title system("basename " . f . " .dat | cut -c3-")
EOF
  else
    # One size: GFLOP/s bars per impl instead of lines.
    for f in $list; do
      s=$(basename "$f" .dat | cut -c3-)
      awk -v s="$s" "$series"'{ print sorder(s), s, $2 }' "$f"
    done | sort -k1,1n -k2,2 | cut -d" " -f2- > "$work/strong.dat"
    gnuplot <<EOF
set terminal $term
set output "$out/strong_$op.png"
set title "$op${tr:+ $tr} n=$nmax np=$np: GFLOP/s (best nb per impl)" noenhanced
set style data histograms; set style fill solid 0.8 border -1; set boxwidth 0.7
set ylabel "GFLOP/s"; set yrange [0:*]; set offsets 0, 0, graph 0.12, 0
set grid ytics; set key off; set xtics rotate by 30 right
plot "$work/strong.dat" using 2:xtic(1) lc rgb "#7a5aa5", \\
     "" using 0:2:(sprintf("%.1f", \$2)) with labels offset 0,0.8
EOF
  fi
  made=$((made + 1))

  # Weak: time and efficiency vs np (per series, best nb at each np).
  if [ "$nps" -gt 1 ]; then
    rm -f "$work"/w_*.dat
    awk -F, -v dir="$work" "$series"'
      $2 == "limit" { next }  # one node only: not a scaling series
      { k = sname() SUBSEP $10; if (!(k in t) || $13 < t[k]) { t[k] = $13; g[k] = $15; n[k] = $5 } }
      END { for (k in t) { split(k, a, SUBSEP); print a[2], t[k], g[k], n[k] > (dir "/w_" a[1] ".dat") } }' "$work/rows"
    list=""
    for f in "$work"/w_*.dat; do
      sort -n "$f" -o "$f"
      # efficiency = GFLOP/s per rank / that of the smallest np
      awk 'NR == 1 { g0 = $3 } { print $1, $2, ($3 / g0), $4 }' "$f" > "$f.e" && mv "$f.e" "$f"
      list="$list $f"
    done
    gnuplot <<EOF
set terminal $term
set xlabel "processes (np)"; set key outside right; set grid; set logscale x 2
files = "$list"
set output "$out/weak_time_$op.png"
set title "$op weak scaling: time vs np (constant work per rank)"
set ylabel "time (s)"; set yrange [0:*]; set key noenhanced
plot for [f in files] f using 1:2 with linespoints lw 2 pt 7 title system("basename " . f . " .dat | cut -c3-")
set output "$out/weak_eff_$op.png"
set title "$op weak scaling: efficiency (GFLOP/s per rank / smallest np)"
set ylabel "efficiency"; set yrange [0:1.2]
plot for [f in files] f using 1:3 with linespoints lw 2 pt 7 title system("basename " . f . " .dat | cut -c3-")
EOF
    made=$((made + 2))
  fi

  # Ratio to the best ScaLAPACK nb, bars, at the largest n.
  awk -F, -v np="$np" -v n="$nmax" "$series"'
    $10 == np && $5 == n && $16 != "" { k = sname(); if ($14 > g[k]) { g[k] = $14; r[k] = $16 } }
    END { for (k in r) print sorder(k), k, r[k] }' "$work/rows" | sort -k1,1n -k2,2 | cut -d" " -f2- > "$work/ratio.dat"
  if [ -s "$work/ratio.dat" ]; then
    gnuplot <<EOF
set terminal $term
set output "$out/ratio_$op.png"
set title "$op${tr:+ $tr} n=$nmax np=$np: GFLOP/s relative to the best ScaLAPACK nb" noenhanced
set style data histograms; set style fill solid 0.8 border -1; set boxwidth 0.7
set ylabel "ratio to ScaLAPACK"; set yrange [0:*]; set offsets 0, 0, graph 0.12, 0
set grid ytics; set key off; set xtics rotate by 30 right
plot "$work/ratio.dat" using 2:xtic(1) lc rgb "#3a6ea5", \
     "" using 0:2:(sprintf("%.2f", \$2)) with labels offset 0,0.8, \
     1 with lines lc rgb "red" dt 2
EOF
    made=$((made + 1))
  fi
done

# Ablation bars: rma_?gemm with protocols switched off, largest n; dgemm's
# rows, else those of the first gemm type present.
awk -F, 'NR > 1 && $2 ~ /^rma-ablate/ && $19 == "OK"' "$csv" > "$work/abl"
aop=$(awk -F, '$1 == "dgemm" { print "dgemm"; exit }' "$work/abl")
[ -n "$aop" ] || aop=$(awk -F, 'NR == 1 { print $1 }' "$work/abl")
awk -F, -v op="$aop" '$1 == op' "$work/abl" > "$work/abl2" && mv "$work/abl2" "$work/abl"
if [ -s "$work/abl" ]; then
  n=$(awk -F, '$5 > m { m = $5 } END { print m }' "$work/abl")
  awk -F, -v n="$n" '$5 == n { k = $2; sub(/^rma-ablate:/, "", k); if ($14 > g[k]) g[k] = $14 }
    END { no = split("all-on no-contention no-nonblocking no-zero-copy no-zero-copy-no-nonblocking no-shared-memory", o, " ")
          for (i = 1; i <= no; i++) if (o[i] in g) print o[i], g[o[i]] }' "$work/abl" > "$work/abl.dat"
  gnuplot <<EOF
set terminal $term
set output "$out/ablation.png"
set title "rma_$aop protocol ablation (Table I), n=$n: GFLOP/s" noenhanced
set style data histograms; set style fill solid 0.8 border -1; set boxwidth 0.7
set ylabel "GFLOP/s"; set yrange [0:*]; set offsets 0, 0, graph 0.12, 0
set grid ytics; set key off; set xtics rotate by 30 right
plot "$work/abl.dat" using 2:xtic(1) lc rgb "#5a9a4a", \
     "" using 0:2:(sprintf("%.1f", \$2)) with labels offset 0,0.8
EOF
  made=$((made + 1))
else
  echo "plot.sh: no OK ablation rows (run with --ablate), no ablation.png"
fi
echo "plot.sh: $made PNG(s) in $out"
