#!/usr/bin/env bash
# Simulate rmala at scale with SimGrid's SMPI: installs SimGrid (scripts/deps.sh simgrid),
# configures and builds the simulation build (-DRMALA_SIMULATE=ON, its own build dir), runs
# sim/rmala-sim under smpirun for each rank count and writes one CSV row per run.
#   bash scripts/simulate.sh [--platform NAME] [--ranks LIST] [--op dgemm|lu] [--n N] [--nb NB]
#                            [--impl rma|model] [--out DIR]
#   --platform  sim/platforms/NAME.xml with its hostfile NAME.hosts (default cluster-small)
#   --ranks     comma-separated rank counts (default 4,16; at most the hostfile's lines)
#   --op        dgemm or lu (default dgemm)
#   --n, --nb   matrix order (default 512, the same at every P for now) and block size (64)
#   --impl      rma (default: rmala) or model (the MODEL of ScaLAPACK's pdgemm/pdgetrf, sim/model)
#   --out       directory for simulate.csv and one log per run (default sim-results/)
# CSV: platform,op,impl,ranks,n,nb,simulated_s,wall_s,peak_rss_kb,ratio,status (wall time and peak
# memory of the whole simulation process, from /usr/bin/time when present).
# First version: the tile kernels are the real BLAS, timed on this machine and counted 1:1 as
# simulated time at the platform's 10 Gf per core; no weak scaling yet.
# Environment: RMALA_SIM_BUILD_DIR (default build-sim/), RMALA_BUILD_TYPE, RMALA_JOBS,
# RMALA_SIM_TIMEOUT (seconds per run, default 1800).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=common.sh
source "$here/common.sh"

platform=cluster-small ranks=4,16 op=dgemm n=512 nb=64 impl=rma out=sim-results
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platform=$2 ;;
    --ranks) ranks=$2 ;;
    --op) op=$2 ;;
    --n) n=$2 ;;
    --nb) nb=$2 ;;
    --impl) impl=$2 ;;
    --out) out=$2 ;;
    -h | --help)
      sed -n '2,19p' "$0"
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
case "$op" in
  dgemm | lu) ;;
  *)
    echo "simulate: --op must be dgemm or lu (got '$op')" >&2
    exit 2
    ;;
esac
case "$impl" in
  rma | model) ;;
  *)
    echo "simulate: --impl must be rma or model (got '$impl')" >&2
    exit 2
    ;;
esac
xml=$RMALA_ROOT/sim/platforms/$platform.xml hosts=$RMALA_ROOT/sim/platforms/$platform.hosts
if [ ! -f "$xml" ] || [ ! -f "$hosts" ]; then
  echo "simulate: no platform '$platform' ($xml and $hosts)" >&2
  exit 2
fi

bash "$here/deps.sh" simgrid
build=${RMALA_SIM_BUILD_DIR:-$RMALA_ROOT/build-sim}
rmala_configure_build "$build" -DRMALA_SIMULATE=ON
exe=$build/sim/rmala-sim

mkdir -p "$out"
out=$(cd "$out" && pwd)
csv=$out/simulate.csv
[ -f "$csv" ] || echo "platform,op,impl,ranks,n,nb,simulated_s,wall_s,peak_rss_kb,ratio,status" > "$csv"
timer=()
if [ -x /usr/bin/time ]; then
  timer=(/usr/bin/time -f "TIME,%e,%M")
fi
nhosts=$(grep -c . "$hosts")
status=0
for p in ${ranks//,/ }; do
  if [ "$p" -gt "$nhosts" ]; then
    echo "simulate: $p ranks, but $platform.hosts has $nhosts lines" >&2
    status=1
    continue
  fi
  log=$out/$platform-$op-$impl-np$p-n$n.log
  echo "== $platform $op $impl np=$p n=$n (log $log)"
  # The settings of the sim ctests (sim/CMakeLists.txt says why).
  rc=0
  (cd "$out" && timeout "${RMALA_SIM_TIMEOUT:-1800}" "${timer[@]}" smpirun -np "$p" \
    -platform "$xml" -hostfile "$hosts" --cfg=smpi/host-speed:10Gf --cfg=smpi/iprobe:0 \
    --log=root.thres:warning --log=smpi_mpi.thres:error \
    "$exe" --op "$op" --n "$n" --nb "$nb" --impl "$impl") > "$log" 2>&1 || rc=$?
  row=$(grep '^RESULT,' "$log" | tail -1 || true)
  tm=$(grep '^TIME,' "$log" | tail -1 || true)
  # RESULT,op,ranks,n,nb,sim,wall_in_program,ratio,status,impl; TIME,wall,maxrss
  IFS=, read -r _ r_op r_p r_n r_nb r_sim _ r_ratio r_status _ <<< "${row:-RESULT,$op,$p,$n,$nb,,,,,}"
  IFS=, read -r _ t_wall t_rss <<< "${tm:-TIME,,}"
  [ -n "$r_status" ] && [ "$rc" = 0 ] || r_status=FAIL status=1
  echo "$platform,$r_op,$impl,$r_p,$r_n,$r_nb,$r_sim,$t_wall,$t_rss,$r_ratio,$r_status" | tee -a "$csv"
done
echo "simulate: rows in $csv"
exit $status
