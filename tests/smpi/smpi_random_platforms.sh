#!/bin/sh
# smpi_random_platforms.sh SCRIPT SMPI_BUILD WORK_DIR   (ctest smpi_random_platforms, label smpi)
# examples/smpi/random-platforms end to end on one small drawn platform (seed 25: 8 hosts on three
# switches, so the inter-switch routes are exercised), at one size and one repetition: the
# platform is valid for SimGrid, calibration and bench run under smpirun, the metrics are there
# for every op, and a seed draws the same platform again. It does not judge the figures (that is
# the script's job, docs/smpi.md); it checks the pipeline that produces them, and that the shim
# decided from the model (under SMPI as under MPICH) rather than falling back to native.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
script=$1 build=$2 work=$3
fail() { echo "smpi_random_platforms: FAIL: $*"; exit 1; }
[ -f "$build/bin/collsel-bench" ] || { echo "smpi_random_platforms: FAIL: $build/bin/collsel-bench not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
"$script" -n -s 25 >"$work/draw1" && "$script" -n -s 25 >"$work/draw2" || fail "-n failed"
cmp -s "$work/draw1" "$work/draw2" || fail "seed 25 drew two different platforms"
grep -q '^seed 25: 8 hosts on 3 switch(es)' "$work/draw1" || { cat "$work/draw1"; fail "seed 25's draw changed"; }
"$script" -b "$build" -o "$work/out" -s 25 -B 64K -r 1 >"$work/run.log" 2>&1 || { tail -20 "$work/run.log"; fail "run failed"; }
d=$work/out/seed-25
for f in platform.xml hostfile root model.toml bench.csv metrics.txt shim.jsonl; do
  [ -s "$d/$f" ] || fail "$d/$f missing or empty"
done
[ "$(wc -l <"$d/hostfile")" = 8 ] || fail "hostfile: expected 8 ranks"
[ "$(cat "$d/root")" = 0 ] || fail "root: expected 0 (the draw's)"
grep -c '^point ' "$d/metrics.txt" | grep -qx 6 || { cat "$d/metrics.txt"; fail "expected a point per op at 64K"; }
grep -q '^seed 25 hosts .* switches 3 .* points 6 speedup_auto [0-9.]* speedup_oracle [0-9.]* share [0-9.]* .*pred_err_median [0-9.]*% oracle/bound [0-9.]* auto/bound [0-9.]* native/bound [0-9.]*$' \
  "$work/out/summary.txt" || { cat "$work/out/summary.txt"; fail "summary line"; }
grep -q '^\[hockney\]' "$d/model.toml" || fail "no [hockney] in the model"
grep '"kind": "summary"' "$d/shim.jsonl" | grep -v '"predicted_us": -' | grep -q . ||
  { grep -m3 '"kind": "summary"' "$d/shim.jsonl"; fail "the shim's log shows no decision from the model"; }
echo "smpi_random_platforms: OK ($(tail -1 "$work/out/summary.txt" | sed 's/.*points/points/'))"
