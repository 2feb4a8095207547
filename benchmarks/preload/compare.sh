#!/usr/bin/env bash
# LD_PRELOAD against the link-time drop-in, in one job: the ScaLAPACK program pcall_time.c run
# round after round as
#   scalapack  rmala-pcall-time (plain ScaLAPACK)
#   preload    rmala-pcall-time with LD_PRELOAD=<librmala_scalapack.so> (rmala serves)
#   linked     rmala-pcall-time-linked (the drop-in linked before ScaLAPACK; rmala serves)
# and prints each round's GFLOP/s of PDGEMM and PDGETRF with the ratios preload/linked and
# preload/scalapack (the machine is shared: compare within a round; preload and linked take turns
# going first), then the median of each ratio over the rounds.
#   bash benchmarks/preload/compare.sh <build dir> <librmala_scalapack.so> [n [nb [repeat [rounds [np]]]]]
# (build dir: an RMALA_WITH_BENCHMARKS build, whose benchmarks/preload/ holds both programs;
# the .so: from a shared build, e.g. -DBUILD_SHARED_LIBS=ON -DRMALA_WITH_GA=OFF.)
set -euo pipefail
dir=${1:?usage: compare.sh <build dir> <librmala_scalapack.so> [n [nb [repeat [rounds [np]]]]]}
so=$(realpath "${2:?usage: compare.sh <build dir> <librmala_scalapack.so> ...}")
n=${3:-4096} nb=${4:-64} repeat=${5:-3} rounds=${6:-3} np=${7:-2}
mpiexec_bin=${RMALA_MPIEXEC:-mpiexec.openmpi}
export OPENBLAS_NUM_THREADS=1 RMALA_SCALAPACK_MIN_DIM=0
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
plain=$dir/benchmarks/preload/rmala-pcall-time
linked=$dir/benchmarks/preload/rmala-pcall-time-linked
[ -x "$plain" ] && [ -x "$linked" ] && [ -f "$so" ] || { echo "compare: missing programs or $so" >&2; exit 1; }

# gflops <op> <output>: the op's GFLOP/s.
gflops() { awk -v op="$1" '$1 == op { print $NF }' <<< "$2"; }
echo "round op       scalapack  preload  linked  preload/linked  preload/scalapack   (GFLOP/s, n $n nb $nb np $np)"
rows=""
for r in $(seq 1 "$rounds"); do
  s=$("$mpiexec_bin" -n "$np" --bind-to none "$plain" "$n" "$nb" "$repeat")
  # preload and linked in turn first (odd rounds preload first, even rounds linked first), so a
  # drift of the machine's load does not favour one.
  for which in $( [ $((r % 2)) = 1 ] && echo "p l" || echo "l p"); do
    if [ "$which" = p ]; then
      p=$("$mpiexec_bin" -n "$np" --bind-to none -x LD_PRELOAD="$so" -x RMALA_SCALAPACK_MIN_DIM \
        "$plain" "$n" "$nb" "$repeat")
    else
      l=$("$mpiexec_bin" -n "$np" --bind-to none -x RMALA_SCALAPACK_MIN_DIM "$linked" "$n" "$nb" \
        "$repeat")
    fi
  done
  for op in pdgemm pdgetrf; do
    gs=$(gflops $op "$s") gp=$(gflops $op "$p") gl=$(gflops $op "$l")
    row=$(awk -v r="$r" -v op="$op" -v s="$gs" -v p="$gp" -v l="$gl" \
      'BEGIN { printf "%5d %-8s %9.2f %8.2f %7.2f %15.3f %18.3f", r, op, s, p, l, p / l, p / s }')
    echo "$row"
    rows+="$row"$'\n'
  done
done
# The median of each ratio over the rounds.
printf '%s' "$rows" | awk '
  { pl[$2] = pl[$2] " " $6; ps[$2] = ps[$2] " " $7 }
  function median(list,   a, n, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END { for (op in pl) printf "median %-8s preload/linked %.3f  preload/scalapack %.3f\n", op, median(pl[op]), median(ps[op]) }'
