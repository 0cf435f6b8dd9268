#!/bin/sh
# MPI-4's large-count entry points (tests/mpi/large_count.cpp): within the int path, and beyond a
# limit lowered to 1000 bytes with COLLSEL_TEST_LARGE_COUNT_BYTES, where each op must say once that
# its large-count calls run native. Usage: large_count_test.sh MPIEXEC PROCS PROGRAM YIELD
set -u
mpiexec=$1 procs=$2 program=$3 yield=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
env COLLSEL_CONFIG= COLLSEL_MODEL= LD_PRELOAD="$yield" "$mpiexec" -n "$procs" "$program" >"$tmp/int" 2>&1 ||
  { cat "$tmp/int"; fail "large-count calls within int failed"; }
grep "large-count:" "$tmp/int"
if grep -q "a large-count call" "$tmp/int"; then cat "$tmp/int"; fail "a note where every call fits int"; fi
env COLLSEL_CONFIG= COLLSEL_MODEL= COLLSEL_TEST_LARGE_COUNT_BYTES=1000 LD_PRELOAD="$yield" \
  "$mpiexec" -n "$procs" "$program" >"$tmp/large" 2>&1 || { cat "$tmp/large"; fail "large-count calls failed"; }
grep "large-count:" "$tmp/large"
for op in bcast reduce scatter gather; do
  n=$(grep -c "note: $op: a large-count call" "$tmp/large")
  [ "$n" -eq 1 ] || { cat "$tmp/large"; fail "$op: the note printed $n times, not once"; }
done
for op in scatterv gatherv; do  # said by each root that met one, once per process
  n=$(grep -c "note: $op: a large-count call" "$tmp/large")
  [ "$n" -ge 1 ] && [ "$n" -le "$procs" ] || { cat "$tmp/large"; fail "$op: the note printed $n times"; }
done
echo "ok: large-count calls within and beyond the limit, every result correct"
