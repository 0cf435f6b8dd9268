#!/bin/sh
# scripts/bench-metrics.awk and scripts/bound-table.py read the bound of one model kind from
# collsel-bench's --kinds-csv, which holds every kind's (tests/scripts/CMakeLists.txt).
# Usage: bench_metrics_test.sh PATH/TO/bench-metrics.awk PATH/TO/bound-table.py
set -u
awkfile=$1 table=$2
. "$(dirname "$0")/script_test_lib.sh"
# native 400, auto and chain 200; the lmo kind's bound 160, the loggp kind's (written last) 100
bench_csv run/bench.csv <<'END'
bcast,4,0,1048576,native,400,380
bcast,4,0,1048576,auto,200,190
bcast,4,0,1048576,chain,200,190
END
cat >"$tmp/kinds.csv" <<'END'
op,procs,root,bytes,algorithm,kind,predicted_us
bcast,4,0,1048576,chain,lmo,190
bcast,4,0,1048576,bound,lmo,160
bcast,4,0,1048576,chain,loggp,150
bcast,4,0,1048576,bound,loggp,100
END
printf '# a model file\npreferred = "lmo"  # the model used unless a job names another\n' >"$tmp/model.toml"
out=$(awk -F, -v kind=lmo -f "$awkfile" "$tmp/run/bench.csv" "$tmp/kinds.csv") || fail "awk exited $?"
echo "$out" | grep -q "oracle/bound 1.250 auto/bound 1.250 native/bound 2.500" || fail "kind=lmo: $out"
out=$(awk -F, -f "$awkfile" "$tmp/run/bench.csv" "$tmp/kinds.csv") || fail "awk exited $?"
echo "$out" | grep -q "oracle/bound 2.000 auto/bound 2.000 native/bound 4.000" || fail "no kind (the last): $out"
out=$(python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" --model "$tmp/model.toml") || fail "bound-table exited $?"
echo "$out" | grep -qx "bcast,1048576,160,400,chain,200,1.250" || fail "bound-table --model: $out"
out=$(python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" --kind loggp) || fail "bound-table exited $?"
echo "$out" | grep -qx "bcast,1048576,100,400,chain,200,2.000" || fail "bound-table --kind loggp: $out"
python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" >/dev/null 2>&1 && fail "bound-table without a kind passed"
echo PASS
