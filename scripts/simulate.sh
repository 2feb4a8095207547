#!/usr/bin/env bash
# Simulate rmala at scale with SimGrid's SMPI: installs SimGrid and gnuplot (scripts/deps.sh
# simgrid), configures and builds the simulation build (-DRMALA_SIMULATE=ON, its own build dir),
# runs sim/rmala-sim under smpirun for each rank count and implementation, writes CSV + JSON rows
# and a PNG of the weak-scaling curves.
#   bash scripts/simulate.sh [--platform NAME] [--ranks LIST | --cores LIST] [--cores-per-rank C]
#                            [--n-per-rank N | --n N] [--nb NB] [--op dgemm|lu|potrf] [--impl LIST]
#                            [--placement rows|blocks|blocks:RxC]
#                            [--data shared|real] [--huge-pages auto|off] [--out DIR]
#   --platform    torus (torus-xt4: Cray XT4-like 3-D torus, 4 cores/node), fattree-fdr (InfiniBand
#                 FDR, 16 cores/node), fattree-edr (EDR, 32 cores/node), this-machine (1 node,
#                 2 cores), cluster-small (4 x 4 smoke platform), or any sim/platforms/NAME.xml
#                 holding one <cluster> (default fattree-fdr)
#   --ranks       comma-separated rank counts (default 16,64,256)
#   --cores-per-rank C  every simulated rank stands for C cores of one node (MPI + threaded
#                 kernels): nodes hold (cores per node) / C ranks each (C must divide it; C =
#                 cores per node: one rank per node), and every kernel is charged the
#                 threaded-kernel MODEL's time for C threads (RMALA_SIM_THREADS=C; the MODEL:
#                 src/kernel/time_model.h rma_kmodel_thread_factor, fits sim/models/threads-1.txt
#                 and threads-2.txt, doc/scaling.md) (default 1: one rank per core, as before)
#   --cores       comma-separated total core counts instead of --ranks: ranks = cores / C (each
#                 must be a multiple of C)
#   --n-per-rank  weak scaling: n = N * sqrt(cores), cores = ranks x C, rounded to a multiple of
#                 nb (default 1024, the core paper's, per core); --n N fixes n at every P instead
#   --nb          block size, or auto: n / sqrt(ranks), i.e. one block per process and dimension
#                 on a square grid (the core paper's regular distribution; few, large transfers,
#                 which is also what keeps P = 4096 affordable to simulate) for dgemm, 128 for
#                 LU and potrf (default auto)
#   --model-nb    block size of the PBLAS comparator MODEL (default: as --nb; its pdgemm steps
#                 through k 32 columns at a time whatever nb >= 32, as PBLAS does)
#   --op          dgemm, lu or potrf (Cholesky, UPLO L; model: the pdpotrf MODEL) (default dgemm)
#   --impl        comma-separated: rma (rmala's own code) and/or model (the PBLAS comparator
#                 MODEL, rmala-sim --impl model; rows say no-model while rmala-sim lacks it)
#                 (default rma,model)
#   --data        shared: matrices and bulk buffers in SMPI shared malloc, kernels charge their
#                 MODEL time without computing, no numerical check (what makes P = 4096 fit);
#                 private: per-rank memory, arithmetic skipped, no check; real: real values and
#                 rmala-sim's checks (small P only) (default shared)
#   --kernel-scale F  kernel MODEL times x F (RMALA_SIM_KERNEL_SCALE): F = 6 emulates cores 6x
#                 slower than this machine's (a Cray XT4's 2.1 GHz Opteron: ~8 vs ~50 Gflop/s
#                 dgemm); efficiency is then against the scaled rate (default 1)
#   --host-code   timed: SMPI times rmala's host code between kernels (copies, packing, loops) on
#                 this machine and charges it 1:1 — realistic, but the timing is wall-clock and
#                 inflates when this machine is loaded; free: host code costs nothing (kernels +
#                 network only: deterministic) (default timed)
#   --placement   rows: ranks fill the nodes in order, so a node holds whole process rows of the
#                 row-order grid; blocks: a node holds a near-square block of the grid (as Cray's
#                 grid_order or a rank file places them); blocks:RxC: an R x C block (R x C =
#                 ranks per node); the platform label gets /blocks or /blocksRxC (default rows)
#   --huge-pages  auto: SMPI's shared malloc in huge pages when this machine allows it (as root:
#                 mounts a hugetlbfs, reserves a huge page, raises vm.max_map_count; the host's
#                 work only, simulated times are unchanged: scripts/sim_huge_pages.sh); off: 64 MiB
#                 blocks of 4 KiB pages (default auto)
#   --plot-only   redraw <out>/simulate.png from <out>/simulate.csv, run nothing
#   --out         directory for simulate.csv, simulate.json, simulate.png, hostfiles and one log
#                 per run (default sim-results/)
# Rows (CSV and JSON, appended): platform, op, impl, ranks, n, nb, simulated_s, gflops (2 n^3 for
# dgemm, 2/3 n^3 for LU, 1/3 n^3 for potrf, over the simulated seconds), efficiency (gflops /
# (ranks x one rank's rate of the kernel MODEL, C threads, for the local dgemm m x m x 256,
# m = n/sqrt(ranks); rmala-sim computes it: the RESULT line's last field)), wall_s and peak_rss_kb of
# the simulation process (/usr/bin/time; shared-malloc pages count once per mapping: an upper
# bound), check ratio, status (ok, skipped = shared malloc, FAIL, no-model), peak_pss_kb (the
# memory the simulation really held: its process tree's PSS, sampled each second, after a
# minute every 5 s), cores_per_rank (C), cores (ranks x C), kernel_model (MODEL: the one-core
# kernel MODEL's file; "MODEL <C>-thread" when C > 1). Simulated time is rmala's real code on the
# SimGrid platform with kernel times from the MODEL in sim/models/default.txt (RMALA_SIM_MODEL
# overrides), times the threaded-kernel MODEL's factor when C > 1.
# Environment: RMALA_SIM_BUILD_DIR (default build-sim/), RMALA_BUILD_TYPE, RMALA_JOBS,
# RMALA_SIM_TIMEOUT (seconds per run, default 1800), RMALA_SIM_MODEL, RMALA_SIM_THREAD_FITS,
# RMALA_SIM_EXE (a built rmala-sim: no installation, no build; what the ctest sim_cores_per_rank
# uses).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
source "$here/common.sh"

platform=fattree-fdr ranks=16,64,256 op=dgemm npr=1024 n="" nb=auto mnb="" impls=rma,model data=""
out=sim-results plot_only=0 kscale=1 hostcode=timed cpr=1 corelist= placement=rows
while [ $# -gt 0 ]; do
  case "$1" in
    --plot-only)
      plot_only=1
      shift
      continue
      ;;
    --platform) platform=$2 ;;
    --ranks) ranks=$2 ;;
    --cores-per-rank) cpr=$2 ;;
    --cores) corelist=$2 ;;
    --n-per-rank) npr=$2 n="" ;;
    --n) n=$2 ;;
    --nb) nb=$2 ;;
    --model-nb) mnb=$2 ;;
    --op) op=$2 ;;
    --impl) impls=$2 ;;
    --data) data=$2 ;;
    --out) out=$2 ;;
    --kernel-scale) kscale=$2 ;;
    --host-code) hostcode=$2 ;;
    --placement) placement=$2 ;;
    --huge-pages) huge=$2 ;;
    -h | --help)
      awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" # the comment block above
      exit 0
      ;;
    *)
      echo "simulate: unknown argument '$1' (see --help)" >&2
      exit 2
      ;;
  esac
  shift 2 || {
    echo "simulate: $1 needs a value" >&2
    exit 2
  }
done
case "$op" in dgemm | lu | potrf) ;; *)
  echo "simulate: --op must be dgemm, lu or potrf (got '$op')" >&2
  exit 2
  ;;
esac
[ -n "$data" ] || data=shared
case "$hostcode" in timed) simcomp=yes ;; free) simcomp=no ;; *)
  echo "simulate: --host-code must be timed or free (got '$hostcode')" >&2
  exit 2
  ;;
esac
case "${huge:=auto}" in auto | off) ;; *)
  echo "simulate: --huge-pages must be auto or off (got '$huge')" >&2
  exit 2
  ;;
esac
# R and C whole numbers from 1 (a glob would also take blocks:2x8z)
if ! [[ $placement =~ ^(rows|blocks|blocks:[1-9][0-9]*x[1-9][0-9]*)$ ]]; then
  echo "simulate: --placement must be rows, blocks or blocks:RxC (got '$placement')" >&2
  exit 2
fi
case "$data" in shared | private | real) ;; *)
  echo "simulate: --data must be shared, private or real (got '$data')" >&2
  exit 2
  ;;
esac
if ! [[ "$cpr" =~ ^[1-9][0-9]*$ ]]; then
  echo "simulate: --cores-per-rank must be a positive integer (got '$cpr')" >&2
  exit 2
fi
if [ -n "$corelist" ]; then # total cores -> ranks
  ranks=""
  for c in ${corelist//,/ }; do
    if ! [[ "$c" =~ ^[1-9][0-9]*$ ]] || [ $((c % cpr)) != 0 ]; then
      echo "simulate: --cores $c is not a multiple of --cores-per-rank $cpr" >&2
      exit 2
    fi
    ranks="$ranks${ranks:+,}$((c / cpr))"
  done
fi
case "$platform" in
  torus) pfile=torus-xt4 ;;
  *) pfile=$platform ;;
esac
xml=$RMALA_ROOT/sim/platforms/$pfile.xml
if [ ! -f "$xml" ]; then
  echo "simulate: no platform '$platform' ($xml)" >&2
  exit 2
fi

build=${RMALA_SIM_BUILD_DIR:-$RMALA_ROOT/build-sim}
exe=${RMALA_SIM_EXE:-$build/sim/rmala-sim}
[ ! -e "$exe" ] || exe=$(realpath "$exe") # the runs start in --out
if [ "$plot_only" = 1 ]; then
  ranks="" # nothing to run: straight to the plot
elif [ -z "${RMALA_SIM_EXE:-}" ]; then
  bash "$here/deps.sh" simgrid
  rmala_configure_build "$build" -DRMALA_SIMULATE=ON
fi
model=${RMALA_SIM_MODEL:-$RMALA_ROOT/sim/models/default.txt}

mkdir -p "$out"
out=$(cd "$out" && pwd)
csv=$out/simulate.csv json=$out/simulate.json
header="platform,op,impl,ranks,n,nb,simulated_s,gflops,efficiency,wall_s,peak_rss_kb,ratio,status,peak_pss_kb,cores_per_rank,cores,kernel_model"
[ -f "$csv" ] || echo "$header" > "$csv"
# (the plot reads columns 1-13 and, when there, 15-16: older CSVs still plot)
if [ "$plot_only" = 0 ] && [ "$(head -1 "$csv")" != "$header" ]; then
  echo "simulate: $csv has other columns (an older simulate.sh?): use another --out" >&2
  exit 2
fi

# The memory a simulation really holds, over its process tree: PSS counts each physical page
# once. Shared-malloc pages are mapped again at every simulated rank's allocations, and RSS
# (time's %M, peak_rss_kb) counts them once per mapping: 5x too much at P 16 (LU n 8192: RSS
# 1.29 GB, PSS 0.27 GB), 17 GB "at P 256" while MemAvailable fell by ~7 GB.
pss_tree_kb() {
  local all=$1 kids=$1 p
  while [ -n "$kids" ]; do
    kids=$(for p in $kids; do pgrep -P "$p" || true; done)
    all="$all $kids"
  done
  for p in $all; do awk '/^Pss:/ { print $2 }' "/proc/$p/smaps_rollup" 2> /dev/null || true; done |
    awk '{ s += $1 } END { print s + 0 }'
}

# The platform's one cluster: host names prefix<i>suffix for i in the radical, ncore cores per
# node, ncore / C ranks per node (each rank stands for C of the node's cores); the hostfile
# fills node after node. Its speed is SMPI's host speed too, so a second of host code counts as
# a simulated second.
attr() { grep -o " $1=\"[^\"]*\"" "$xml" | head -1 | sed 's/.*="\(.*\)"/\1/'; }
prefix=$(attr prefix) suffix=$(attr suffix) radical=$(attr radical) ncore=$(attr core)
speed=$(attr speed)
nodes=$((${radical#*-} - ${radical%-*} + 1))
ncore=${ncore:-1}
if [ $((ncore % cpr)) != 0 ]; then
  echo "simulate: --cores-per-rank $cpr does not divide $platform's $ncore cores per node" >&2
  exit 2
fi
per_node=$((ncore / cpr))
hosts=$out/$pfile.hosts
[ "$cpr" = 1 ] || hosts=$out/$pfile-c$cpr.hosts
if [ ! -f "$hosts" ] || [ "$(grep -c . "$hosts")" -ne $((nodes * per_node)) ]; then
  for ((i = ${radical%-*}; i <= ${radical#*-}; i++)); do
    for ((c = 0; c < per_node; c++)); do echo "$prefix$i$suffix"; done
  done > "$hosts"
fi
nhosts=$((nodes * per_node))
kmodel="MODEL $(basename "$model")"
[ "$cpr" = 1 ] || kmodel="MODEL $cpr-thread ($(basename "$model") x threaded-kernel factor)"

timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f "TIME,%e,%M")
has_impl=0
grep -q -- "--impl" "$exe" 2> /dev/null && has_impl=1
# dgemm with host code timed: one untimed call first (it creates the library's segments, and
# SMPI's shared-malloc mappings made there cost host time no real machine pays). With host code
# free the first call's simulated time is the second's (P 256: 0.675144 vs 0.675066 s), so
# none is made: it would double the wall time. The comparator MODEL creates no library segments:
# no untimed call (FDR, C 16, n 16384 / 32768: its first call 1.8938 / 4.2393 s simulated, the
# second 1.8685 / 4.2370 s; the warm-up was ~45% of the MODEL's wall time).
warm=0
[ "$op" = dgemm ] && [ "$hostcode" = timed ] && warm=1
# SMPI copies every RMA payload into a fresh malloc'ed buffer (its RMA sends are detached);
# glibc would mmap and unmap each >= 128 KiB one, and the page faults of refilling it were
# half of the simulation's wall time at P 256. Keep freed buffers in the heap instead.
shared_env=(env RMALA_SIM_KERNEL_SCALE="$kscale" RMALA_SIM_THREADS="$cpr"
  GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=68719476736)
[ "$data" = shared ] && shared_env+=(RMALA_SIM_SHARED=1)
[ "$data" = private ] && shared_env+=(RMALA_SIM_COMPUTE=0)
# shellcheck source=sim_huge_pages.sh
source "$here/sim_huge_pages.sh"
trap sim_huge_pages_release EXIT
sim_huge_pages "$huge" "$out/.shared-malloc.args"
mapfile -t blocks < "$out/.shared-malloc.args"
rm -f "$out/.shared-malloc.args"
status=0
for p in ${ranks//,/ }; do
  if [ "$p" -gt "$nhosts" ]; then
    echo "simulate: $p ranks of $cpr cores, but $platform has room for $nhosts" >&2
    status=1
    continue
  fi
  # Rank placement. rows: ranks fill node after node, so with the row-order grid (rmala-sim's
  # and the MODEL's, nprow x npcol as rt_grid_shape) a node holds whole process rows. blocks: a
  # node holds a br x bc block of the grid (br the largest divisor of the ranks per node up to
  # its square root, bc along the wider npcol), as Cray's grid_order / MPICH_RANK_REORDER_METHOD
  # 3 or a rank file would place them: a process row's or column's ranks spread over nodes.
  # blocks:RxC: br = R, bc = C.
  phosts=$hosts
  if [ "$placement" != rows ]; then
    shape=${placement#blocks}
    shape=${shape#:}
    if [ -n "$shape" ] && [ $((${shape%x*} * ${shape#*x})) != "$per_node" ]; then
      echo "simulate: --placement $placement: a node holds $per_node ranks, not ${shape%x*} x ${shape#*x}" >&2
      status=1
      continue
    fi
    phosts=$out/$pfile-c$cpr-blocks$shape-np$p.hosts
    if ! awk -v p="$p" -v per="$per_node" -v nodes="$nodes" -v first="${radical%-*}" \
      -v pre="$prefix" -v suf="$suffix" -v shape="$shape" 'BEGIN {
        r = int(sqrt(p)); while (r > 1 && p % r) r--; c = p / r
        br = int(sqrt(per)); while (br > 1 && per % br) br--; bc = per / br
        if (shape != "") { split(shape, s, "x"); br = s[1] + 0; bc = s[2] + 0 }
        nbc = int((c + bc - 1) / bc)
        for (k = 0; k < p; k++) {
          node = int(int(k / c) / br) * nbc + int((k % c) / bc)
          if (node >= nodes) exit 1
          print pre (first + node) suf
        } }' > "$phosts"; then
      echo "simulate: --placement blocks: $p ranks need more than $platform's $nodes nodes" >&2
      status=1
      continue
    fi
  fi
  # Block size: auto = n-per-rank x sqrt(C) (weak scaling) or n / ceil(sqrt(P)) (fixed n): one
  # block per rank and dimension.
  bp=$nb
  if [ "$bp" = auto ] && [ "$op" != dgemm ]; then
    bp=128 # the factorizations' panels are on the critical path: ScaLAPACK-size blocks
  elif [ "$bp" = auto ]; then
    bp=$(awk -v a="$npr" -v c="$cpr" 'BEGIN { printf "%d", a * sqrt(c) + 0.5 }')
    [ -z "$n" ] || bp=$(awk -v n="$n" -v p="$p" 'BEGIN { q = int(sqrt(p)); if (q * q < p) q++; b = int((n + q - 1) / q); print (b < 1 ? 1 : b) }')
  fi
  nn=$n
  if [ -z "$nn" ]; then # n = n-per-rank x sqrt(cores)
    nn=$(awk -v a="$npr" -v p="$((p * cpr))" -v b="$bp" 'BEGIN { x = int(a * sqrt(p) / b + 0.5) * b; print (x < b ? b : x) }')
  fi
  for impl in ${impls//,/ }; do
    b=$bp
    [ "$impl" = rma ] || b=${mnb:-$bp}
    log=$out/$pfile-$op-$impl-np$p-n$nn-nb$b.log
    [ "$cpr" = 1 ] || log=$out/$pfile-$op-$impl-np$p-c$cpr-n$nn-nb$b.log
    if [ "$impl" != rma ] && [ "$has_impl" = 0 ]; then
      row="$platform,$op,$impl,$p,$nn,$b,,,,,,,no-model,,$cpr,$((p * cpr)),$kmodel"
      echo "$row" | tee -a "$csv"
      printf '{"platform":"%s","op":"%s","impl":"%s","ranks":%d,"n":%d,"nb":%d,"status":"no-model","cores_per_rank":%d,"cores":%d}\n' \
        "$platform" "$op" "$impl" "$p" "$nn" "$b" "$cpr" $((p * cpr)) >> "$json"
      continue
    fi
    impl_arg=()
    [ "$has_impl" = 1 ] && impl_arg=(--impl "$impl")
    echo "== $platform $op $impl np=$p x $cpr cores n=$nn nb=$b data=$data (log $log)"
    # SMPI settings: host speed = the platform's (host code 1:1); MPI_Iprobe injects no time
    # (rmala's waits probe without finding messages); the platform's bandwidths and latencies
    # as given (SMPI's default bw/lat factors are fitted to another cluster); shared malloc in
    # huge pages or 64 MiB blocks (sim_huge_pages); MPICH's
    # collective algorithms (SMPI's default allgather is a linear all-to-all whose P^2 requests
    # SimGrid 3.32 finishes in O(P) each: rmala's set-up allgather took minutes at P = 256).
    (cd "$out" && "${shared_env[@]}" timeout "${RMALA_SIM_TIMEOUT:-1800}" "${timer[@]}" smpirun \
      -np "$p" -platform "$xml" -hostfile "$phosts" --cfg=smpi/host-speed:"$speed" \
      --cfg=smpi/iprobe:0 --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
      --cfg=smpi/shared-malloc:global "${blocks[@]}" \
      --cfg=smpi/coll-selector:mpich --cfg=smpi/simulate-computation:"$simcomp" \
      --log=root.thres:warning --log=smpi_mpi.thres:error \
      "$exe" --op "$op" --n "$nn" --nb "$b" --warmup "$([ "$impl" = rma ] && echo "$warm" || echo 0)" \
      "${impl_arg[@]}") > "$log" 2>&1 &
    bg=$! pss=0 tick=0
    # Each second for a minute, then every 5 s, and never more often than 10x a sample's own
    # time: a sample walks the page tables of every mapping (P 1024 potrf: 13,500 mappings,
    # 0.37 s of system time; top showed the sampler at 30-60% of a core beside a 320-rank
    # dgemm whose ranks map 5793^2-double blocks).
    while kill -0 "$bg" 2> /dev/null; do
      t0=$(date +%s%N)
      x=$(pss_tree_kb "$bg")
      [ "$x" -le "$pss" ] || pss=$x
      tick=$((tick + 1))
      cost=$((($(date +%s%N) - t0) / 100000000)) # 10x the sample, in seconds
      pause=$((tick < 60 ? 1 : 5))
      sleep $((cost > pause ? cost : pause))
    done
    rc=0
    wait "$bg" || rc=$?
    res=$(grep '^RESULT,' "$log" | tail -1 || true)
    tm=$(grep '^TIME,' "$log" | tail -1 || true)
    # RESULT,op,ranks,n,nb,sim,wall_in_program,ratio,status,impl,rank_rate; TIME,wall,maxrss
    IFS=, read -r _ _ _ _ _ r_sim _ r_ratio r_status _ rate _ <<< "${res:-RESULT,,,,,,,,,,}"
    IFS=, read -r _ t_wall t_rss <<< "${tm:-TIME,,}"
    if [ -z "$r_status" ] || [ "$rc" != 0 ]; then
      r_status=FAIL status=1
      [ "$rc" = 124 ] && r_status=timeout
    fi
    gf=$(awk -v n="$nn" -v t="$r_sim" -v op="$op" 'BEGIN { if (t > 0) printf "%.6g", (op == "lu" ? 2.0 / 3 : op == "potrf" ? 1.0 / 3 : 2) * n * n * n / t * 1e-9 }')
    eff=$(awk -v g="$gf" -v r="$rate" -v p="$p" 'BEGIN { if (g > 0 && r > 0) printf "%.4f", g / (p * r) }')
    label=$platform
    [ "$kscale" = 1 ] || label="$label/x$kscale"
    [ "$hostcode" = timed ] || label="$label/nohost"
    [ "$placement" = rows ] || label="$label/blocks${shape:-}"
    echo "$label,$op,$impl,$p,$nn,$b,$r_sim,$gf,$eff,$t_wall,$t_rss,$r_ratio,$r_status,$pss,$cpr,$((p * cpr)),$kmodel" | tee -a "$csv"
    # one rank's reference rate, and per core (the rank's / C: the JSON's field before issue 25)
    crate=$(awk -v r="$rate" -v c="$cpr" 'BEGIN { if (r > 0) printf "%.6g", r / c; else print "null" }')
    printf '{"platform":"%s","op":"%s","impl":"%s","ranks":%d,"n":%d,"nb":%d,"simulated_s":%s,"gflops":%s,"efficiency":%s,"rank_rate_gflops":%s,"core_rate_gflops":%s,"wall_s":%s,"peak_rss_kb":%s,"ratio":"%s","status":"%s","peak_pss_kb":%s,"cores_per_rank":%d,"cores":%d,"kernel_model":"%s"}\n' \
      "$label" "$op" "$impl" "$p" "$nn" "$b" "${r_sim:-null}" "${gf:-null}" "${eff:-null}" \
      "${rate:-null}" "$crate" "${t_wall:-null}" "${t_rss:-null}" "$r_ratio" "$r_status" "$pss" \
      "$cpr" $((p * cpr)) "$kmodel" >> "$json"
  done
done
echo "simulate: rows in $csv and $json"

# The plot: aggregate TFLOP/s and efficiency against P, one curve per platform/op/impl in the
# CSV, with the core paper's Cray XT4 figures marked (paper 004: weak-scaling dgemm, n = 1024
# sqrt(P), 10,000 processes: RMA dgemm 55-60 TFLOP/s, ScaLAPACK pdgemm 42).
if command -v gnuplot > /dev/null; then
  dat=$out/simulate.dat
  # x = cores (ranks x C; older CSVs without the column: ranks); C > 1 curves are labelled with
  # their threaded-kernel MODEL.
  awk -F, 'NR > 1 && $7 != "" && ($13 == "ok" || $13 == "skipped") {
      c = $15 > 1 ? $15 : 1; key = $1 "-" $2 "-" $3 (c > 1 ? "-" c "thr-MODEL" : "")
      print key, ($16 != "" ? $16 : $4), $8 / 1000, $9 }' "$csv" | sort -k1,1 -k2,2n > "$dat"
  keys=$(awk '{ print $1 }' "$dat" | sort -u)
  plots1="" plots2=""
  for k in $keys; do
    plots1+="'< grep \"^$k \" $dat' using 2:3 with linespoints title '$k (simulated)', "
    plots2+="'< grep \"^$k \" $dat' using 2:(100*\$4) with linespoints title '$k', "
  done
  if [ -n "$plots1" ]; then
    gnuplot << EOF || echo "simulate: gnuplot failed (no plot)" >&2
set terminal pngcairo size 1400,560 noenhanced
set output '$out/simulate.png'
set multiplot layout 1,2 title 'rmala weak scaling in SimGrid SMPI (kernel times: MODEL $(basename "$model"); Nthr-MODEL: one rank per N cores, threaded-kernel MODEL)'
set logscale xy
set xrange [8:16384]
set yrange [0.1:200]
set xlabel 'cores (ranks x cores per rank)'
set ylabel 'TFLOP/s (aggregate)'
set key bottom right font ',9'
set grid
set label 1 'paper 004, XT4: RMA dgemm 55' at 10000,55 point pt 7 ps 1.5 offset -19,1
set label 2 'paper 004, XT4: pdgemm 42' at 10000,42 point pt 5 ps 1.5 offset -17,-1
plot $plots1 NaN notitle
unset label 1
unset label 2
unset logscale y
set ylabel 'efficiency vs ranks x one rank''s kernel MODEL rate (%)'
set key bottom left font ',9'
set yrange [0:110]
plot $plots2 NaN notitle
unset multiplot
EOF
    [ -f "$out/simulate.png" ] && echo "simulate: plot $out/simulate.png"
  fi
fi
exit $status
