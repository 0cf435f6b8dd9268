#!/bin/sh
# The library check (docs/mpi-libraries.md): under an MPI library that native's cost model does not
# know — simulated with the test hook COLLSEL_TEST_LIBRARY_VERSION — the shim warns once for the
# whole job, runs native wherever native is not known broken, and every result is right (checked
# by collsel_mpi_crossproduct). Under the library that runs (no hook) no such warning.
# Usage: library_test.sh MPIEXEC PROCS CROSSPRODUCT MODEL YIELD
set -u
mpiexec=$1 procs=$2 crossproduct=$3 model=$4 yield=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
warning="native's cost model does not know this MPI library"
run() {  # run NAME [VAR=VALUE...]: the cross-product of auto at every root, report on stderr
  name=$1
  shift
  env COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model COLLSEL_REPORT=stderr LD_PRELOAD="$yield" "$@" \
    "$mpiexec" -n "$procs" "$crossproduct" --algorithms auto --counts 1,1000,20000 --comms world,split \
    >"$tmp/$name" 2>&1 || { cat "$tmp/$name"; fail "$name: the cross-product failed"; }
  grep "case-rank checks" "$tmp/$name"
}
for library in "Intel(R) MPI Library 2021.9 for Linux* OS" "MVAPICH2 Version      :	2.3.7" \
               "MPI VERSION    : CRAY MPICH version 8.1.25 (ANL base 3.4a2)" "MPICH Version:	3.4.3"; do
  run unknown COLLSEL_TEST_LIBRARY_VERSION="$library"
  n=$(grep -c "$warning" "$tmp/unknown")
  [ "$n" -eq 1 ] || { cat "$tmp/unknown"; fail "'$library': the warning printed $n times, not once"; }
  grep -q "$warning (\"$(echo "$library" | head -c 20)" "$tmp/unknown" || fail "'$library': the warning does not name the library"
  # The report gives the reason native ran; the model decided nothing: no shape predicted, none
  # verified (no collsel algorithm runs but where native is known broken: the defect's warning says so).
  grep -q "native on [0-9]* shapes: the MPI library is not one native's cost model knows" "$tmp/unknown" ||
    { cat "$tmp/unknown"; fail "'$library': the report does not give the reason native ran"; }
  if grep -q "shapes: predicted fastest\|^exploration (measured verification and audit): [1-9]" "$tmp/unknown"; then
    cat "$tmp/unknown"; fail "'$library': the model still decided"
  fi
  echo "ok: '$library': one warning, native everywhere, every result correct"
done
run known
if grep -q "$warning" "$tmp/known"; then cat "$tmp/known"; fail "the running library drew the warning"; fi
grep -q "shapes: predicted fastest\|^exploration (measured verification and audit): [1-9]" "$tmp/known" ||
  { cat "$tmp/known"; fail "under the running library the model decided nothing"; }
echo "ok: the running library is known to native's cost model"
