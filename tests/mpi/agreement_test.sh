#!/bin/sh
# The ranks must agree or fail loudly, never hang (run by ctest with a timeout):
# 1. One relative model path, different working directories, different file contents: the shim
#    warns that the ranks' models differ and runs native; results stay correct (exit 0).
#    In strict mode the same job aborts with that reason.
# 2. A rank whose collsel algorithm fails (an erroneous call: one rank receives fewer elements,
#    on a communicator with MPI_ERRORS_RETURN) aborts the job with the reason instead of leaving
#    the others waiting.
# The settings reach the ranks through the launcher's environment (every launcher passes its own to
# the ranks it starts on this host), the shim through `env LD_PRELOAD=...` on the ranks' command
# line (the launcher itself runs without it): the test runs under hydra and Open MPI's mpirun.
# Usage: agreement_test.sh MPIEXEC PROBE ERROR_PROBE LIBCOLLSEL MODEL [YIELD]
set -u
mpiexec=$1 probe=$2 error_probe=$3 shim=$4 model=$5 yield=${6:-}
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$shim")${yield:+:$yield}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/a" "$tmp/b"
cp "$model" "$tmp/a/model.toml"
# b: the same file with the first latency of [hockney] alpha changed (still a valid model)
awk '/^\[hockney\]/ { h = 1 } h && /^alpha = \[/ { a = 1; print; next }
     a && !done { sub(/\[0\.0, [0-9.e+-]+,/, "[0.0, 9.9e-05,"); done = 1 } { print }' "$model" >"$tmp/b/model.toml"
cmp -s "$tmp/a/model.toml" "$tmp/b/model.toml" && fail "could not make a second, different model"

COLLSEL_MODEL=model.toml COLLSEL_PLACEMENT=model \
  "$mpiexec" -n 1 -wdir "$tmp/a" env LD_PRELOAD="$preload" "$probe" : -n 2 -wdir "$tmp/b" env LD_PRELOAD="$preload" "$probe" \
  >"$tmp/out" 2>&1 ||
  { cat "$tmp/out"; fail "different model contents: the job failed"; }
grep -q "different collsel settings or model contents" "$tmp/out" ||
  { cat "$tmp/out"; fail "different model contents were not reported"; }
echo "ok: different model contents reported, native everywhere, results correct"

COLLSEL_MODEL=model.toml COLLSEL_PLACEMENT=model COLLSEL_STRICT=1 \
  "$mpiexec" -n 1 -wdir "$tmp/a" env LD_PRELOAD="$preload" "$probe" : -n 2 -wdir "$tmp/b" env LD_PRELOAD="$preload" "$probe" \
  >"$tmp/out" 2>&1 &&
  { cat "$tmp/out"; fail "strict mode with different model contents did not abort"; }
grep -q "strict mode.*different collsel settings or model contents.*; aborting the job" "$tmp/out" ||
  { cat "$tmp/out"; fail "strict mode aborted without the reason"; }
grep -q "strict mode.*native everywhere" "$tmp/out" && { cat "$tmp/out"; fail "strict mode claims native everywhere"; }
echo "ok: strict mode aborts with the reason"

# The job must end, non-zero, rather than hang (ctest's timeout), and say why: the failing rank
# prints the reason just before MPI_Abort. Hydra may drop a killed rank's last output, so each
# attempt must fail the job and one of three must show the reason.
reason=
for attempt in 1 2 3; do
  COLLSEL_MODEL=$model COLLSEL_PLACEMENT=model COLLSEL_BCAST_ALGORITHM=binomial \
    "$mpiexec" -n 3 env LD_PRELOAD="$preload" "$error_probe" >"$tmp/out" 2>&1 &&
    { cat "$tmp/out"; fail "a failing collsel algorithm did not fail the job"; }
  if grep -q "collsel: bcast with binomial failed on rank" "$tmp/out"; then
    reason=$attempt
    break
  fi
done
[ -n "$reason" ] || { cat "$tmp/out"; fail "a failing algorithm aborted the job without the reason (3 attempts)"; }
echo "ok: a failing algorithm aborts the job with the reason (attempt $reason)"
echo PASS
