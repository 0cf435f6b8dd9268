#!/bin/sh
# scripts/bench-repredict.py on a made-up run whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: bench_repredict_test.sh PATH/TO/bench-repredict.py BUILD_DIR MODEL_FILE
set -u
script=$1 build=$2 model=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
d=$tmp/seed-1
mkdir "$d" && cp "$model" "$d/model.toml" || fail "setup"
# The made-up run measured exactly what this build predicts (8 ranks, root 3; scatterv with the
# bench's uneven blocks), and its recorded predictions were twice that: 100 % off before, 0 %
# after, and the model's first choice the fastest both times. The auto row is not a candidate.
"$build/bin/collsel-predict" --model "$model" --op bcast --procs 8 --root 3 --bytes 64K,1M --csv >"$tmp/bcast.csv" || fail "predict bcast"
"$build/bin/collsel-predict" --model "$model" --op scatterv --procs 8 --root 3 --bytes 64K --blocks uneven --csv >"$tmp/scatterv.csv" || fail "predict scatterv"
{
  echo "op,procs,root,bytes,algorithm,measured_us,predicted_us"
  tail -n +2 -q "$tmp/bcast.csv" "$tmp/scatterv.csv" | awk -F, '{ printf "%s,%s,%s,%s,%s,%s,%.3f\n", $1, $2, $3, $4, $5, $6, 2 * $6 }'
  echo "bcast,8,3,65536,auto,1,1"
} >"$d/bench.csv"
rows=$(($(wc -l <"$d/bench.csv") - 2))
[ "$rows" -ge 6 ] || fail "too few predicted rows ($rows)"
python3 "$script" -b "$build" -o "$tmp/out" "$d" >"$tmp/out.txt" 2>&1 || { cat "$tmp/out.txt"; fail "exit $?"; }
cat "$tmp/out.txt"
grep -q "^run $d points 3 error 100.0% -> 0.0% first_geomean 1.000 -> 1.000 above_1.05 0 -> 0 above_1.15 0 -> 0$" "$tmp/out.txt" || fail "the run's line"
grep -q "^all runs 1 points 3 error 100.0% -> 0.0% runs_above_20% 1 -> 0 " "$tmp/out.txt" || fail "the summary line"
# The rewritten bench.csv: every candidate's prediction is this build's (= its measurement), auto's kept.
awk -F, 'NR > 1 && $5 != "auto" && ($7 - $6 > 0.002 || $6 - $7 > 0.002) { bad = 1 } END { exit bad }' "$tmp/out/seed-1/bench.csv" ||
  fail "the rewritten predictions"
grep -q "^bcast,8,3,65536,auto,1,1$" "$tmp/out/seed-1/bench.csv" || fail "the auto row"
# --declared-buckets: hosts.conf's links as [burst]. None shaped: the same predictions; every
# host shaped with a bucket: faster ones than the measurements (the drained predictions).
printf '# one host per process\nunshaped\n' >"$d/hosts.conf"
for i in 2 3 4 5 6 7 8; do echo unshaped >>"$d/hosts.conf"; done
python3 "$script" -b "$build" --declared-buckets 0.5 "$d" >"$tmp/unshaped.txt" 2>&1 || { cat "$tmp/unshaped.txt"; fail "declared, unshaped: exit"; }
grep -q "^run $d points 3 error 100.0% -> 0.0% " "$tmp/unshaped.txt" || { cat "$tmp/unshaped.txt"; fail "unshaped links changed a prediction"; }
for i in 1 2 3 4 5 6 7 8; do echo "100mbit burst=512k"; done >"$d/hosts.conf"
python3 "$script" -b "$build" --declared-buckets 0.5 "$d" >"$tmp/shaped.txt" 2>&1 || { cat "$tmp/shaped.txt"; fail "declared, shaped: exit"; }
grep -q "^run $d points 3 error 100.0% -> 0.0% " "$tmp/shaped.txt" && fail "512 KiB buckets changed no prediction"
grep -q "^run $d points 3 error 100.0% -> [0-9.]*% " "$tmp/shaped.txt" || { cat "$tmp/shaped.txt"; fail "declared, shaped: the run's line"; }
echo "100mbit" >"$d/hosts.conf"
python3 "$script" -b "$build" --declared-buckets 0.5 "$d" >"$tmp/bad.txt" 2>&1 && fail "a shaped line without burst= must fail"
grep -q "hosts.conf:1: " "$tmp/bad.txt" || { cat "$tmp/bad.txt"; fail "the bad line is not named"; }
rm "$d/hosts.conf"
# Errors: no model file, no collsel-predict.
mkdir "$tmp/nomodel" && cp "$d/bench.csv" "$tmp/nomodel/"
python3 "$script" -b "$build" "$tmp/nomodel" >/dev/null 2>&1 && fail "a run without model.toml must fail"
python3 "$script" -b "$tmp" "$d" >/dev/null 2>&1 && fail "a build without collsel-predict must be a usage error"
echo PASS
