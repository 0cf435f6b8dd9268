#!/bin/sh
# scripts/bench-metrics.py on made-up runs whose metrics are known, and the bound of one model kind
# that it and scripts/bound-table.py read from collsel-bench's --kinds-csv, which holds every
# kind's (tests/scripts/CMakeLists.txt).
# Usage: bench_metrics_test.sh PATH/TO/bench-metrics.py PATH/TO/bound-table.py
set -u
metrics=$1 table=$2
. "$(dirname "$0")/script_test_lib.sh"
# bcast: native 200, auto 100 (= chain, the oracle); reduce: native 100 (the oracle), auto 125.
# speedup_auto sqrt(2 x 0.8) = 1.265, speedup_oracle sqrt(2 x 1) = 1.414, share 0.894, auto/oracle
# 1.000 and 1.250, reduce below 0.97 x native; flat ties chain, which comes first. Errors of
# native, chain, binomial: 10, 0, 50, 20 % (median 15 %); not gather's at 1 KB (900 %, below
# 64 KB; no auto: no point). --auto-cold's rows are neither an oracle (native_cold's 50) nor an
# error (200 %, 70 %); they are the cold figures: bcast 300 / 150 = 2, reduce 50 / 400 = 0.125
# (below 0.97), geomean 0.5 against the oracle's sqrt(2) over the same points: gain share
# log 0.5 / log sqrt(2) = -2. The oracle run cold (oracle_cold: bcast 100, reduce native's 50) gains
# 3 and 1, geomean sqrt(3) = 1.732: cold oracle share log 0.5 / log sqrt(3) = -1.262.
bench_csv full/bench.csv <<'END'
bcast,6,0,65536,native,200,220
bcast,6,0,65536,chain,100,100
bcast,6,0,65536,flat,100,0
bcast,6,0,65536,auto,100,100
bcast,6,0,65536,native_cold,300,0
bcast,6,0,65536,auto_cold,150,0
bcast,6,0,65536,oracle_cold,100,0
gather,6,0,1024,native,10,100
reduce,6,0,65536,native,100,150
reduce,6,0,65536,binomial,150,120
reduce,6,0,65536,auto,125,120
reduce,6,0,65536,native_cold,50,150
reduce,6,0,65536,auto_cold,400,120
reduce,6,0,65536,oracle_cold,50,150
END
run_to out python3 "$metrics" "$tmp/full/bench.csv"
grep -qx "point bcast        65536 native        200 auto        100 oracle        100 (chain) auto/native 2.00 auto/oracle 1.000 cold auto/native 2.00 cold oracle/native 3.00" \
  "$tmp/out" || fail "bcast's point"
grep -qx "point reduce       65536 native        100 auto        125 oracle        100 (native) auto/native 0.80 auto/oracle 1.250 cold auto/native 0.12 cold oracle/native 1.00" \
  "$tmp/out" || fail "reduce's point (native_cold is no oracle)"
grep -qx "summary points 2 speedup_auto 1.265 speedup_oracle 1.414 share 0.894 auto/oracle_median 1.125 auto/oracle_worst 1.250 below_0.97 1 pred_err_median 15.0% cold_points 2 cold_speedup_auto 0.500 cold_gain_share -2.000 cold_below_0.97 1 cold_oracle_points 2 cold_speedup_oracle 1.732 cold_oracle_share -1.262" \
  "$tmp/out" || fail "the summary"
# Two roots in one CSV are two points: root 0's bcast above, and root 3's, where auto measured
# faster than every entry (auto is not an oracle): auto/oracle 120 / 150 = 0.8.
{
  grep '^bcast,' "$tmp/full/bench.csv" | grep -v _cold
  printf '%s\n' bcast,6,3,65536,native,300,220 bcast,6,3,65536,binomial,150,100 bcast,6,3,65536,auto,120,100
} | bench_csv roots/bench.csv
run_to out python3 "$metrics" "$tmp/roots/bench.csv"
grep -q "^summary points 2 .* auto/oracle_median 0.900 auto/oracle_worst 1.000 " "$tmp/out" || fail "one point per root"
# Without a complete point (no auto): exit 1.
printf 'bcast,6,0,65536,native,200,220\nbcast,6,0,65536,chain,100,100\n' | bench_csv partial/bench.csv
python3 "$metrics" "$tmp/partial/bench.csv" >"$tmp/out" 2>&1 && fail "no complete point must fail"
grep -qx "no complete point" "$tmp/out" || fail "no complete point is not said"
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
out=$(python3 "$metrics" --kind lmo "$tmp/run/bench.csv" "$tmp/kinds.csv") || fail "bench-metrics.py --kind lmo failed"
echo "$out" | grep -q "oracle/bound 1.250 auto/bound 1.250 native/bound 2.500" || fail "kind=lmo: $out"
out=$(python3 "$metrics" "$tmp/run/bench.csv" "$tmp/kinds.csv") || fail "bench-metrics.py failed"
echo "$out" | grep -q "oracle/bound 2.000 auto/bound 2.000 native/bound 4.000" || fail "no kind (the last): $out"
out=$(python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" --model "$tmp/model.toml") || fail "bound-table exited $?"
echo "$out" | grep -qx "bcast,1048576,160,400,chain,200,1.250" || fail "bound-table --model: $out"
out=$(python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" --kind loggp) || fail "bound-table exited $?"
echo "$out" | grep -qx "bcast,1048576,100,400,chain,200,2.000" || fail "bound-table --kind loggp: $out"
python3 "$table" run="$tmp/run" --kinds "$tmp/kinds.csv" >/dev/null 2>&1 && fail "bound-table without a kind passed"
echo PASS
