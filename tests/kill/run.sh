#!/usr/bin/env bash
# A rank killed during rma_dgemm or rma_lu must end the job with a non-zero
# status within 10 s. For each operation: launch the victim program at np 2
# (its last rank dies by SIGALRM after 2 s, inside the operation while the
# other rank waits for it in the library) and measure from the kill to the
# launcher's exit. Check: status != 0 and seconds after the kill <= 10.
#   run.sh <mpiexec> <victim> [launcher flags...]
set -u
mpiexec=$1 victim=$2
shift 2
after=2 limit=10 worst=0 fail=0
for op in dgemm lu; do
  start=$(date +%s.%N)
  timeout 60 "$mpiexec" -n 2 "$@" "$victim" "$op" "$after" > /dev/null 2>&1
  status=$?
  end=$(date +%s.%N)
  late=$(awk -v a="$start" -v b="$end" -v k="$after" 'BEGIN { printf "%.2f", b - a - k }')
  echo "kill during $op: launcher status $status, job ended $late s after the kill (limit $limit s)"
  if [ "$status" -eq 0 ] || [ "$status" -eq 124 ] \
     || awk -v l="$late" -v m="$limit" 'BEGIN { exit !(l > m) }'; then
    fail=1
  fi
  worst=$(awk -v l="$late" -v w="$worst" 'BEGIN { print (l > w ? l : w) }')
done
echo "kill test: worst $worst s after the kill (limit $limit s): $([ $fail = 0 ] && echo pass || echo FAIL)"
exit $fail
