#!/bin/sh
# Shim overhead on 10^5 MPI_Bcast of 4 bytes on 2 ranks: alternates plain runs and runs under
# LD_PRELOAD=libcollsel.so (no model, so the shim decides native), several times, and prints
# the median time per call of each and their ratio (goal: <= 1.01).
# Usage: benchmarks/overhead/run.sh [BUILD_DIR] [PAIRS]   (default build/, 7 pairs)
set -eu
build=${1:-build}
pairs=${2:-7}
prog=$build/bin/collsel_overhead
lib=$build/lib/libcollsel.so
mpiexec=${MPIEXEC:-mpiexec}
for f in "$prog" "$lib"; do
  [ -e "$f" ] || { echo "run.sh: $f not found (build the collsel and collsel_overhead targets)" >&2; exit 1; }
done
lib=$(cd "$(dirname "$lib")" && pwd)/$(basename "$lib")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() { "$mpiexec" -n 2 "$@" "$prog" --iterations 100000 --rounds 5 | sed -n 's/^bcast4 ns_per_call=//p'; }
i=0
while [ "$i" -lt "$pairs" ]; do
  # Alternate which goes first so drifts in machine load hit both sides alike.
  if [ $((i % 2)) -eq 0 ]; then
    one >>"$tmp/plain"
    one env -u COLLSEL_MODEL LD_PRELOAD="$lib" >>"$tmp/shim"
  else
    one env -u COLLSEL_MODEL LD_PRELOAD="$lib" >>"$tmp/shim"
    one >>"$tmp/plain"
  fi
  i=$((i + 1))
done
median() { sort -g "$1" | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }
p=$(median "$tmp/plain")
s=$(median "$tmp/shim")
echo "plain   ns/call: $(tr '\n' ' ' <"$tmp/plain")-> median $p"
echo "shim    ns/call: $(tr '\n' ' ' <"$tmp/shim")-> median $s"
awk -v p="$p" -v s="$s" 'BEGIN { printf "ratio shim/plain = %.4f (goal <= 1.01)\n", s / p }'
