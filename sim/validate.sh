#!/usr/bin/env bash
# Validation of the simulation against this machine (doc/scaling.md): rmala-sim built normally,
# run by Open MPI (measured), and built for SMPI, run on sim/platforms/this-machine.xml with the
# kernel MODEL (predicted), same op, n, nb and np; prints one row per point with the ratio
# predicted / measured. Measured: the minimum over REPEATS runs (the machine is shared).
#   bash sim/validate.sh [BUILD] [SIM_BUILD] [NPS] [N] [NB] [REPEATS] [OPS] [IMPLS]
# Defaults: build/ build-sim/ "1 2 4" 2048 128 3 "dgemm lu potrf" rma. IMPLS "rma model" also
# predicts the PBLAS comparator MODEL (rmala-sim --impl model) against its own measured runs.
# Real runs: OPENBLAS_NUM_THREADS=1,
# --oversubscribe --bind-to none (np 4 on 2 cores: SimGrid shares the host's 2 cores likewise).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build} simb=${2:-$root/build-sim} nps=${3:-"1 2 4"} n=${4:-2048} nb=${5:-128}
reps=${6:-3} ops=${7:-"dgemm lu potrf"} impls=${8:-rma}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OPENBLAS_NUM_THREADS=1
hosts=$(mktemp)
echo "op,impl,np,n,nb,measured_s,predicted_s,ratio"
for op in $ops; do
  for impl in $impls; do for np in $nps; do
    best=""
    for ((r = 0; r < reps; r++)); do
      t=$(mpiexec --oversubscribe --bind-to none -np "$np" "$build/sim/rmala-sim" --op "$op" \
        --n "$n" --nb "$nb" --impl "$impl" --warmup $([ "$op" = dgemm ] && echo 1 || echo 0) \
        2>&1 | grep '^RESULT,' | cut -d, -f6,9)
      [ "${t#*,}" = ok ] || { echo "$op,$impl,$np,$n,$nb,FAIL,," && continue 2; }
      t=${t%,*}
      best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    for ((i = 0; i < np; i++)); do echo here0; done > "$hosts"
    p=$(smpirun -np "$np" -platform "$root/sim/platforms/this-machine.xml" -hostfile "$hosts" \
      --cfg=smpi/host-speed:1Gf --cfg=smpi/iprobe:0 --cfg=smpi/coll-selector:mpich \
      --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thres:warning \
      --log=smpi_mpi.thres:error "$simb/sim/rmala-sim" --op "$op" --n "$n" --nb "$nb" \
      --impl "$impl" --warmup $([ "$op" = dgemm ] && echo 1 || echo 0) 2>&1 |
      grep '^RESULT,' | cut -d, -f6)
    awk -v op="$op" -v impl="$impl" -v np="$np" -v n="$n" -v nb="$nb" -v m="$best" -v p="$p" \
      'BEGIN { printf "%s,%s,%d,%d,%d,%.6f,%.6f,%.3f\n", op, impl, np, n, nb, m, p, (m > 0 ? p / m : 0) }'
  done; done
done
rm -f "$hosts"
