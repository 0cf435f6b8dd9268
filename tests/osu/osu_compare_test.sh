#!/bin/sh
# scripts/osu-compare.sh against stand-ins of the OSU benchmarks (fake_osu.sh): it finds the
# binaries, runs each natively and under the shim, parses OSU's rows, keeps the median of the
# repetitions and writes the CSV and table; and it refuses bad arguments with exit 2.
# Usage: osu_compare_test.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "osu_compare: FAIL: $*"; exit 1; }
mkdir -p "$tmp/osu/mpi/collective"
for b in osu_bcast osu_reduce osu_scatter osu_gather osu_scatterv osu_gatherv; do
  cp "$src/tests/osu/fake_osu.sh" "$tmp/osu/mpi/collective/$b"
done
model=$src/examples/models/hetero-8.toml
export FAKE_OSU_STEP_FILE=$tmp/step
# The first launch fails once: osu-compare shows it, runs it again and goes on.
export FAKE_OSU_FAIL_ONCE=$tmp/fail-once
: >"$FAKE_OSU_FAIL_ONCE"
"$src/scripts/osu-compare.sh" -b "$build" -o "$tmp/out" -n 2 -m "$model" -s 1024:4096 -i 2 -r 3 "$tmp/osu" \
  >"$tmp/log" 2>&1
rc=$?
[ $rc -eq 0 ] || { cat "$tmp/log"; ls -la "$tmp/out/raw" | tail -3; fail "osu-compare.sh exited $rc"; }
grep -q '^osu-compare: osu_bcast (native, repetition 1) failed (exit [1-9][0-9]*); running it once more$' "$tmp/log" ||
  { cat "$tmp/log"; fail "the failed launch was not reported and retried"; }
[ ! -e "$FAKE_OSU_FAIL_ONCE" ] || fail "the failing launch never ran"
csv=$tmp/out/osu.csv
[ "$(head -n 1 "$csv")" = "benchmark,bytes,native_us,shim_us,speedup,native_max_us,shim_max_us,speedup_max" ] ||
  fail "CSV header: $(head -n 1 "$csv")"
[ "$(tail -n +2 "$csv" | wc -l)" -eq 18 ] || { cat "$csv"; fail "expected 6 benchmarks x 3 sizes"; }
tail -n +2 "$csv" | while IFS=, read -r b bytes nat shim speedup natm shimm speedupm; do
  [ "$nat" = 200.00 ] && [ "$shim" = 100.00 ] && [ "$speedup" = 2.000 ] ||
    fail "$b $bytes: native $nat shim $shim speedup $speedup; expected the medians 200.00, 100.00 and 2.000"
  [ "$natm" = 210.00 ] && [ "$shimm" = 110.00 ] && [ "$speedupm" = 1.909 ] ||
    fail "$b $bytes: slowest rank native $natm shim $shimm speedup $speedupm; expected 210.00, 110.00 and 1.909"
done || exit 1
grep -q '^osu_gatherv *4096 *200.00 *100.00 *2.000x *210.00 *110.00 *1.909x$' "$tmp/out/table.txt" ||
  { cat "$tmp/out/table.txt"; fail "table row"; }
grep -q 'geomean speedup of the shim over native: 2.000 by OSU average, 1.909 by the slowest rank, over 18 points; points below 0.97: 0 and 0' \
  "$tmp/out/table.txt" || { cat "$tmp/out/table.txt"; fail "table summary"; }
[ "$(ls "$tmp/out/raw" | grep -c -- '-native-')" -eq 18 ] || fail "expected 18 raw native outputs"

expect_usage() {
  "$src/scripts/osu-compare.sh" "$@" >"$tmp/err" 2>&1
  rc=$?
  [ $rc -eq 2 ] || { cat "$tmp/err"; fail "$*: exit $rc, expected 2"; }
}
expect_usage -b "$build" "$tmp/osu"                                   # no model
expect_usage -b "$build" -m "$model" "$tmp/nowhere"                  # no OSU there
expect_usage -b "$build" -m "$model" -s 1024 "$tmp/osu"              # bad sizes
expect_usage -b "$build" -m "$model" -r 0 "$tmp/osu"                 # bad repetitions
# A launch failing twice ends the campaign with exit 1.
FAKE_OSU_FAIL_ALWAYS=1 "$src/scripts/osu-compare.sh" -b "$build" -o "$tmp/out2" -n 2 -m "$model" -s 1024:4096 -i 2 -r 1 \
  "$tmp/osu" >"$tmp/log2" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^osu-compare: osu_bcast (native, repetition 1) failed again (exit [1-9][0-9]*)$' "$tmp/log2" ||
  { cat "$tmp/log2"; fail "a launch failing twice: exit $rc, expected 1 and the reason"; }
echo "osu_compare: PASS"
