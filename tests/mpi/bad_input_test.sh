#!/bin/sh
# Hostile input to the shim and collsel-predict: every case must give a clear message naming the
# file or variable and the OS's reason where there is one, never a crash or a silent loss, and the
# application's results stay correct (preload_probe checks its own). Strict mode aborts instead.
# The settings reach the ranks through the launcher's environment, the shim through
# `env LD_PRELOAD=...` on the ranks' command line: the test runs under hydra and Open MPI's mpirun.
# Usage: bad_input_test.sh MPIEXEC PROBE LIBCOLLSEL MODEL PREDICT [YIELD]
set -u
mpiexec=$1 probe=$2 shim=$3 model=$4 predict=$5 yield=${6:-}
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$shim")${yield:+:$yield}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# run_probe EXPECTED_EXIT(0|nonzero) PATTERN [VAR=VALUE...]: the probe on 2 ranks with the shim
run_probe() {
  want=$1 pattern=$2
  shift 2
  env COLLSEL_MODEL="${probe_model:-$model}" COLLSEL_PLACEMENT=model "$@" \
    "$mpiexec" -n 2 env LD_PRELOAD="$preload" "$probe" >"$tmp/out" 2>&1
  rc=$?
  if [ "$want" = 0 ] && [ $rc -ne 0 ]; then cat "$tmp/out"; fail "$*: exit $rc"; fi
  if [ "$want" != 0 ] && [ $rc -eq 0 ]; then cat "$tmp/out"; fail "$*: expected an abort"; fi
  grep -q -- "$pattern" "$tmp/out" || { cat "$tmp/out"; fail "$*: no message matching '$pattern'"; }
  echo "ok: $* -> $(grep -m1 -- "$pattern" "$tmp/out")"
}
mkdir "$tmp/dir"
run_probe 0 "cannot write log /dev/full: No space left on device" COLLSEL_LOG=/dev/full
run_probe 1 "strict mode.*cannot write log /dev/full: No space left on device; aborting" COLLSEL_LOG=/dev/full COLLSEL_STRICT=1
run_probe 0 "log $tmp/dir: is a directory" COLLSEL_LOG="$tmp/dir"
run_probe 1 "strict mode.*log $tmp/dir: is a directory.*aborting the job" COLLSEL_LOG="$tmp/dir" COLLSEL_STRICT=1
run_probe 0 "cannot write log $tmp/no/such/dir/log: No such file or directory" COLLSEL_LOG="$tmp/no/such/dir/log"
run_probe 0 "$tmp/dir:0: is a directory, not a configuration file" COLLSEL_CONFIG="$tmp/dir"
printf 'strict = true\nverbose = \n' >"$tmp/syntax.toml"
run_probe 0 "$tmp/syntax.toml:2: " COLLSEL_CONFIG="$tmp/syntax.toml"
grep -q "$tmp/syntax.toml:2: :" "$tmp/out" && { cat "$tmp/out"; fail "a syntax error prints an empty key"; }
run_probe 0 "COLLSEL_BCAST_SEGMENT_BYTES: must be at least 1024 bytes" COLLSEL_BCAST_SEGMENT_BYTES=1
probe_model=$tmp/dir run_probe 0 "$tmp/dir:0: is a directory, not a model file"
probe_model=$tmp/missing.toml run_probe 0 "cannot open the model file: No such file or directory"
probe_model=

# collsel-predict: limits with a clear message and exit 2, never bad_alloc or a crash.
expect_predict() {  # pattern, then arguments
  pattern=$1
  shift
  "$predict" "$@" >"$tmp/out" 2>&1
  rc=$?
  [ $rc -eq 2 ] || { cat "$tmp/out"; fail "collsel-predict $*: exit $rc, expected 2"; }
  grep -q -- "$pattern" "$tmp/out" || { cat "$tmp/out"; fail "collsel-predict $*: no '$pattern'"; }
  echo "ok: collsel-predict $* -> $(head -1 "$tmp/out")"
}
expect_predict "--procs must be between 1 and 8192" --model "$model" --op bcast --procs 1000000000 --bytes 1K
expect_predict "--procs must be between 1 and 8192" --model "$model" --op bcast --procs 100000 --bytes 1K
expect_predict "--segment-bytes must be at least 1K" --model "$model" --op bcast --procs 8 --bytes 1M --segment-bytes 1
awk '{ sub(/^C = \[[0-9.e+-]+,/, "C = [1e308,"); print }' "$model" >"$tmp/huge.toml"
expect_predict "lmo.C\[0\]: is not a physical value" --model "$tmp/huge.toml" --op bcast --procs 8 --bytes 1M
echo PASS
