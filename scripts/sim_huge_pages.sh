# Sourced by simulate.sh: SMPI's shared malloc backed by huge pages when this machine allows it.
#
# Why: in shared-malloc mode every rank's big allocations are mappings of one small file, folded
# block after block. With 4 KiB pages each mapping is filled page by page, as page faults through
# the file system that holds SimGrid's file (/tmp): a 16-rank dgemm of 128 MiB tiles (FDR, C 16,
# n 16384) spent 6.8 of its 12.5 s of wall in the kernel, and a 320-rank dgemm of 268 MiB tiles
# (EDR, C 32) had used 2 min of CPU, mostly in the kernel, after 17 min of wall. Backed by a
# hugetlbfs file (SimGrid's smpi/shared-malloc-hugepage; the block is then one 2 MiB huge page)
# the same 16-rank run took 1.1 s, with the same simulated time to the last digit. Only the
# host's work changes: the simulated platform, the MODEL and the messages are the same.
#
# sim_huge_pages MODE OUT: MODE auto or off. Writes to file OUT the smpirun --cfg arguments for
# the shared-malloc blocks, one per line: the huge-page ones when MODE is auto and a hugetlbfs of
# the default huge page size is mounted (as root: mounted at /dev/hugepages if none is), a huge
# page is free for this run (as root: one more is reserved for it, see below) and vm.max_map_count
# allows HUGE_MAPS mappings (as root: raised to it; a block per mapping, ~2 million for 512 ranks
# of 268 MiB tiles); else the 64 MiB blocks of before (few mappings per allocation:
# vm.max_map_count is 65530 by default). Says on stderr which, and why not huge pages. Call it in
# the script's own shell (not in a subshell): the reservation is released by sim_huge_pages_release.
#
# One huge page per running simulate.sh: every simulation maps one (its folded block). Checking
# "is one free" is not enough when two simulate.sh start close together: both saw the same free
# page, and the second's SMPI aborted with "Could not map folded virtual memory" (measured: two
# runs started 20 s apart). So as root each run adds one page to vm.nr_hugepages, under a lock, and
# gives it back when it ends; pages reserved by others are left alone.
HUGE_MAPS=4194304
HUGE_LOCK=/run/lock/rmala-sim-huge-pages.lock
huge_reserved=0
# sim_huge_pages_nr DELTA: adds DELTA to vm.nr_hugepages under HUGE_LOCK; fails if the kernel
# did not reach the new count (no memory for it).
sim_huge_pages_nr() {
  local want
  (
    flock 9 || exit 1
    want=$(($(cat /proc/sys/vm/nr_hugepages) + $1))
    [ "$want" -ge 0 ] || exit 0
    echo "$want" > /proc/sys/vm/nr_hugepages || exit 1
    [ "$1" -lt 0 ] || [ "$(cat /proc/sys/vm/nr_hugepages)" -ge "$want" ]
  ) 9> "$HUGE_LOCK" 2> /dev/null
}
# sim_huge_pages_release: gives back the page sim_huge_pages reserved, if it did.
sim_huge_pages_release() {
  if [ "$huge_reserved" = 1 ]; then
    sim_huge_pages_nr -1 || true
    huge_reserved=0
  fi
}
sim_huge_pages() {
  exec 8> "$2"
  sim_huge_pages_args "$1" >&8
  exec 8>&-
}
sim_huge_pages_args() {
  local mode=$1 kb mnt why="" free maps
  kb=$(awk '/^Hugepagesize:/ { print $2 }' /proc/meminfo 2> /dev/null)
  if [ "$mode" != auto ]; then
    why="--huge-pages $mode"
  elif [ -z "$kb" ]; then
    why="this kernel has no huge pages"
  else
    mnt=$(awk -v kb="$kb" '$3 == "hugetlbfs" && ($4 ~ "pagesize=" kb / 1024 "M" || $4 !~ /pagesize=/) \
      { print $2; exit }' /proc/mounts)
    if [ -z "$mnt" ] && [ "$(id -u)" = 0 ]; then
      { mkdir -p /dev/hugepages && mount -t hugetlbfs hugetlbfs /dev/hugepages; } 2> /dev/null &&
        mnt=/dev/hugepages
    fi
    if [ -n "$mnt" ] && [ "$(id -u)" = 0 ]; then
      sim_huge_pages_nr 1 && huge_reserved=1
    fi
    free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
    maps=$(cat /proc/sys/vm/max_map_count 2> /dev/null || echo 0)
    if [ -n "$mnt" ] && [ "$maps" -lt "$HUGE_MAPS" ] && [ "$(id -u)" = 0 ]; then
      { echo "$HUGE_MAPS" > /proc/sys/vm/max_map_count; } 2> /dev/null || true
      maps=$(cat /proc/sys/vm/max_map_count)
    fi
    if [ -z "$mnt" ]; then
      why="no hugetlbfs is mounted (as root: mount -t hugetlbfs hugetlbfs /dev/hugepages)"
    elif [ "${free:-0}" -lt 1 ]; then
      why="no huge page is free (as root: echo 1 > /proc/sys/vm/nr_hugepages)"
    elif [ "$maps" -lt "$HUGE_MAPS" ]; then
      why="vm.max_map_count is $maps (as root: sysctl vm.max_map_count=$HUGE_MAPS)"
    fi
  fi
  if [ -n "$why" ]; then
    echo "simulate: shared malloc in 64 MiB blocks of 4 KiB pages: $why" >&2
    echo --cfg=smpi/shared-malloc-blocksize:67108864
  else
    echo "simulate: shared malloc in ${kb} KiB huge pages ($mnt)" >&2
    echo --cfg=smpi/shared-malloc-blocksize:$((kb * 1024))
    echo --cfg=smpi/shared-malloc-hugepage:"$mnt"
  fi
}
