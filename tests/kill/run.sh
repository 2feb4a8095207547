#!/usr/bin/env bash
# Faults: a rank killed (SIGKILL) during rma_dgemm, rma_lu, rma_lu_solve, rma_jacobi or rma_potrf
# must end the job with a non-zero status within 10 s and leave no process behind. For each
# operation: launch the victim program at np 2 and 3 (its last rank sends itself SIGKILL 2 s into
# the operation loop, while the others wait for it in the library, and writes the time of the kill
# to a stamp file), measure from the kill to the launcher's exit, then look for processes still
# running the victim or its launcher (2 s grace).
# Checks: status != 0, seconds after the kill <= 10, no process left. Prints the worst seconds.
#   run.sh <mpiexec> <victim> [launcher flags...]
set -u
mpiexec=$1 victim=$2
shift 2
after=2 limit=10 worst=0 fail=0
stamp=$(mktemp /tmp/rmala-kill.XXXXXX)
trap 'rm -f "$stamp"' EXIT
for op in dgemm lu solve jacobi potrf; do
  for np in 2 3; do
    : > "$stamp"
    start=$(date +%s.%N)
    timeout 60 "$mpiexec" -n "$np" "$@" "$victim" "$op" "$after" "$stamp" > /dev/null 2>&1
    status=$?
    end=$(date +%s.%N)
    # From the kill's time in the stamp (from launch + 2 s if the victim never wrote it).
    kill_at=$(cat "$stamp")
    late=$(awk -v a="$start" -v b="$end" -v k="$after" -v s="$kill_at" \
      'BEGIN { printf "%.2f", b - (s != "" ? s : a + k) }')
    sleep 2
    left=$(pgrep -f -- "$victim $op $after $stamp" | wc -l)
    echo "kill during $op at np $np: launcher status $status, job ended $late s after the kill" \
         "(limit $limit s), $left process(es) left"
    if [ "$status" -eq 0 ] || [ "$status" -eq 124 ] || [ "$left" -ne 0 ] \
       || awk -v l="$late" -v m="$limit" 'BEGIN { exit !(l > m) }'; then
      fail=1
    fi
    worst=$(awk -v l="$late" -v w="$worst" 'BEGIN { print (l > w ? l : w) }')
  done
done
echo "kill test: worst $worst s after the kill (limit $limit s): $([ $fail = 0 ] && echo pass || echo FAIL)"
exit $fail
