#!/bin/bash
# rmala-bench on an InfiniBand cluster with Open MPI's mpirun: a weak-scaling
# sweep over node counts, with the transport settings multi-node MPI-3 RMA
# needs.
#
#   HOSTFILE=hosts NODE_COUNTS="1 2 4 8" CORES_PER_NODE=32 benchmarks/jobs/ib-cluster-mpirun.sh
#
# ---- Why transport settings are needed --------------------------------------
# Debian's Open MPI 4.1 ships /etc/openmpi/openmpi-mca-params.conf with
#     mtl = ^ofi                 (no libfabric MTL)
#     btl = ^uct,openib,ofi      (no UCX/verbs/libfabric byte-transfer layers)
#     pml = ^ucx                 (no UCX point-to-point)
#     osc = ^ucx,pt2pt           (no UCX one-sided, no pt2pt emulation)
# On one node that leaves osc rdma over shared memory (vader), which is what
# rmala uses here. Across nodes it leaves point-to-point over TCP and NO
# one-sided component: osc rdma only drives the btls in osc_rdma_btls
# (openib,ugni,uct,ucp — all disabled or absent) and pt2pt is excluded, so
# MPI_Win_create fails (or GA/ARMCI-MPI aborts) as soon as a window spans nodes.
#
# Settings given on the mpirun command line (or as OMPI_MCA_* variables, or in
# ~/.openmpi/mca-params.conf) override the system file. Pick one TRANSPORT:
#   ucx    (default; IB/RoCE with UCX): --mca pml ucx --mca osc ucx
#          RDMA offloaded by the HCA; the recommended setting.
#   openib (verbs without UCX):  --mca pml ob1 --mca btl openib,vader,self
#          --mca btl_openib_allow_ib 1 --mca osc rdma --mca osc_rdma_btls openib
#   tcp    (Ethernet, correctness only; no offload, slow one-sided):
#          --mca pml ob1 --mca btl tcp,vader,self --mca osc pt2pt
# Check what a setting selects with:  mpirun ... --mca osc_base_verbose 10 ...
#
# Environment knobs (defaults in brackets):
#   HOSTFILE        Open MPI hostfile (one line per node, "slots=N")     [required for >1 node]
#   CORES_PER_NODE  ranks per node                                       [nproc]
#   NODE_COUNTS     node counts to sweep                                 [1 2 4 ... node lines]
#   N_PER_PROC      weak-scaling size: n = N_PER_PROC*sqrt(np)           [1024]
#   TRANSPORT       ucx | openib | tcp                                   [ucx]
#   RMALA_BENCH     path of rmala-bench (same path on every node)        [rmala-bench on PATH]
#   BENCH_ARGS      extra driver options               [--op dgemm,lu --impl rma,scalapack,ga]
#   OUT             result directory                                     [results]
set -euo pipefail

bench=${RMALA_BENCH:-rmala-bench}
cores=${CORES_PER_NODE:-$(nproc)}
n_per_proc=${N_PER_PROC:-1024}
out=${OUT:-results}
args=${BENCH_ARGS:---op dgemm,lu --impl rma,scalapack,ga}

case ${TRANSPORT:-ucx} in
  ucx) mca="--mca pml ucx --mca osc ucx" ;;
  openib) mca="--mca pml ob1 --mca btl openib,vader,self --mca btl_openib_allow_ib 1 --mca osc rdma --mca osc_rdma_btls openib" ;;
  tcp) mca="--mca pml ob1 --mca btl tcp,vader,self --mca osc pt2pt" ;;
  *) echo "TRANSPORT must be ucx, openib or tcp" >&2; exit 2 ;;
esac

hosts=()
nodes_max=1
if [ -n "${HOSTFILE:-}" ]; then
  hosts=(--hostfile "$HOSTFILE")
  nodes_max=$(grep -cv '^\s*\(#\|$\)' "$HOSTFILE")
fi
if [ -z "${NODE_COUNTS:-}" ]; then
  NODE_COUNTS=""
  n=1
  while [ "$n" -le "$nodes_max" ]; do NODE_COUNTS="$NODE_COUNTS $n"; n=$((n * 2)); done
fi

mkdir -p "$out"
for nodes in $NODE_COUNTS; do
  np=$((nodes * cores))
  echo "== weak scaling: $nodes node(s), $np ranks, transport ${TRANSPORT:-ucx}"
  # One rank per core, bound; BLAS threads = 1 per rank, exported to every node.
  # shellcheck disable=SC2086
  mpirun -np "$np" "${hosts[@]}" --map-by "ppr:${cores}:node" --bind-to core $mca \
         -x OPENBLAS_NUM_THREADS=1 -x OMP_NUM_THREADS=1 \
         "$bench" --weak "$n_per_proc" $args --repeat 3 \
         --csv "$out/weak.csv" --json "$out/weak.jsonl" --no-plot ||
    echo "== step with $nodes node(s) exited with $? (FAILED rows or an error); continuing"
done

plot=${RMALA_PLOT:-$(dirname "$(command -v "$bench")")/../share/rmala/plot.sh}
[ -f "$plot" ] || plot=$(dirname "$0")/../plot.sh
if command -v gnuplot >/dev/null && [ -f "$plot" ]; then
  sh "$plot" "$out/weak.csv" "$out/weak-plots"
fi
