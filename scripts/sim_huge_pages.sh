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
# sim_huge_pages MODE: MODE auto or off. Prints the smpirun --cfg arguments for the shared-malloc
# blocks, one per line: the huge-page ones when MODE is auto and a hugetlbfs of the default huge
# page size is mounted (as root: mounted at /dev/hugepages if none is), at least one huge page is
# free (as root: one is reserved) and vm.max_map_count allows HUGE_MAPS mappings (as root: raised
# to it; a block per mapping, ~2 million for 512 ranks of 268 MiB tiles); else the 64 MiB blocks
# of before (few mappings per allocation: vm.max_map_count is 65530 by default). Says on stderr
# which, and why not huge pages.
HUGE_MAPS=4194304
sim_huge_pages() {
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
    free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
    if [ -n "$mnt" ] && [ "${free:-0}" -lt 1 ] && [ "$(id -u)" = 0 ]; then
      { echo $(($(cat /proc/sys/vm/nr_hugepages) + 1)) > /proc/sys/vm/nr_hugepages; } 2> /dev/null || true
      free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
    fi
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
