#!/bin/bash
# Weak-scaling sweep of rmala-bench on a Cray (Slurm, srun), one rank per
# core, over node counts 1, 2, 4, ... up to the allocation.
#
#   sbatch --nodes=64 benchmarks/jobs/cray-slurm.sh        # or edit the #SBATCH lines
#
# Every step appends to one CSV (results/weak.csv); the plot script then draws
# time and efficiency vs np. Environment knobs (defaults in brackets):
#   RMALA_BENCH       path of rmala-bench                  [rmala-bench on PATH]
#   N_PER_PROC        n per sqrt(rank): n = N_PER_PROC*sqrt(np)   [1024, as the paper]
#   CORES_PER_NODE    ranks per node (physical cores)      [SLURM_CPUS_ON_NODE]
#   NODE_COUNTS       node counts to sweep                 [1 2 4 ... SLURM_NNODES]
#   BENCH_ARGS        extra driver options                 [--op dgemm,lu --impl rma,scalapack,ga]
#   OUT               result directory                     [results]
#
#SBATCH --job-name=rmala-weak
#SBATCH --nodes=16
#SBATCH --exclusive
#SBATCH --time=01:00:00
#SBATCH --output=rmala-weak-%j.out
set -euo pipefail

bench=${RMALA_BENCH:-rmala-bench}
n_per_proc=${N_PER_PROC:-1024}
out=${OUT:-results}
nodes_max=${SLURM_NNODES:-1}
# Set CORES_PER_NODE to the physical cores when Slurm counts hyperthreads.
cores=${CORES_PER_NODE:-${SLURM_CPUS_ON_NODE:-1}}
[ "$cores" -ge 1 ] || cores=1
if [ -z "${NODE_COUNTS:-}" ]; then
  NODE_COUNTS=""
  n=1
  while [ "$n" -le "$nodes_max" ]; do NODE_COUNTS="$NODE_COUNTS $n"; n=$((n * 2)); done
fi
# The limit impl (one process with all of one node's cores) is not a scaling
# series and needs the whole matrix on rank 0: it is left out of the sweep.
args=${BENCH_ARGS:---op dgemm,lu --impl rma,scalapack,ga}

# One BLAS thread per rank (the driver also forces it); no OpenMP.
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# Cray MPICH: on XC (Aries) MPI-3 RMA is offloaded only with DMAPP:
#   export MPICH_RMA_OVER_DMAPP=1     (and link with -ldmapp)
# On EX (Slingshot) RMA goes through libfabric (cxi) with no extra setting.
# ARMCI-MPI (GA's runtime) uses MPI_Win_allocate'd memory by default.

mkdir -p "$out"
for nodes in $NODE_COUNTS; do
  np=$((nodes * cores))
  echo "== weak scaling: $nodes node(s), $np ranks, N_PER_PROC=$n_per_proc"
  # shellcheck disable=SC2086
  srun --nodes="$nodes" --ntasks="$np" --ntasks-per-node="$cores" --cpu-bind=cores \
       --hint=nomultithread \
       "$bench" --weak "$n_per_proc" $args --repeat 3 \
       --csv "$out/weak.csv" --json "$out/weak.jsonl" --no-plot ||
    echo "== step with $nodes node(s) exited with $? (FAILED rows or an error); continuing"
done

# Plots (on the batch node; needs gnuplot).
plot=${RMALA_PLOT:-$(dirname "$(command -v "$bench")")/../share/rmala/plot.sh}
[ -f "$plot" ] || plot=$(dirname "$0")/../plot.sh
if command -v gnuplot >/dev/null && [ -f "$plot" ]; then
  sh "$plot" "$out/weak.csv" "$out/weak-plots"
else
  echo "== no gnuplot here: run  sh plot.sh $out/weak.csv $out/weak-plots  elsewhere"
fi
