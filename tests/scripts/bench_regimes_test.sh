#!/bin/sh
# scripts/bench-regimes.py on made-up runs whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: bench_regimes_test.sh PATH/TO/bench-regimes.py
set -u
regimes=$1
. "$(dirname "$0")/script_test_lib.sh"
d=$tmp/seed-1
# random: chain is the fastest of reduce (80), auto ran native (100); bcast: native fastest and run.
# self: every reduce algorithm about equal, native the fastest (100), chain at 120 (1.2x);
# auto ran chain (120). idle: absent.
bench_csv seed-1/bench-random.csv <<'END'
reduce,6,0,65536,native,100.000,100.000
reduce,6,0,65536,chain,80.000,100.000
reduce,6,0,65536,auto,100.000,100.000
bcast,6,0,65536,native,50.000,100.000
bcast,6,0,65536,binomial,60.000,100.000
bcast,6,0,65536,auto,50.000,100.000
END
bench_csv seed-1/bench-self.csv <<'END'
reduce,6,0,65536,native,100.000,100.000
reduce,6,0,65536,chain,120.000,100.000
reduce,6,0,65536,auto,120.000,100.000
bcast,6,0,65536,native,50.000,100.000
bcast,6,0,65536,binomial,60.000,100.000
bcast,6,0,65536,auto,50.000,100.000
END
# self40 (any other name: a run with more calls before, renamed): chain the fastest of reduce
# again and predicted fastest (90), binomial the fastest of bcast; listed after self.
bench_csv seed-1/bench-self40.csv <<'END'
reduce,6,0,65536,native,200.000,100.000
reduce,6,0,65536,chain,100.000,90.000
reduce,6,0,65536,auto,200.000,100.000
bcast,6,0,65536,native,70.000,100.000
bcast,6,0,65536,binomial,60.000,100.000
bcast,6,0,65536,auto,70.000,100.000
END
run_to out python3 "$regimes" "$d"
# random: auto/oracle 1.25 (reduce) and 1.0 (bcast): median 1.125, worst 1.25; native/auto 1 and 1;
# errors 0, 25 %, 100 %, 66.7 %: median 45.8 %.
# The model's pick: equal predictions go to the first row, native: 100/80 and 50/50.
grep -q "seed-1 random points 2 auto/oracle median 1.125 worst 1.250 native/auto min 1.000 geomean 1.000 pred_err 45.8% same_oracle 2/2 pick/oracle median 1.125 worst 1.250" "$tmp/out" ||
  fail "random regime's summary"
# self: reduce auto/oracle 1.2, native/auto 0.833 (auto slower than native); the oracle differs at reduce.
grep -q "seed-1 self   points 2 auto/oracle median 1.100 worst 1.200 native/auto min 0.833 .* same_oracle 1/2" "$tmp/out" ||
  fail "self regime's summary"
# self40: pick chain at reduce (1.0) and native at bcast (70/60): median 1.083, worst 1.167.
grep -q "seed-1 self40 points 2 .* same_oracle 1/2 pick/oracle median 1.083 worst 1.167" "$tmp/out" || fail "self40 regime's summary"
[ "$(grep -n " self \| self40 " "$tmp/out" | cut -d: -f1 | tr '\n' ' ')" = "2 3 " ] || fail "self40 is not listed after self"
grep -q "seed-1 point reduce 65536 random: chain; self: native, chain at 1.200$" "$tmp/out" || fail "the point whose fastest differs"
grep -q "seed-1 point bcast 65536 random: native; self40: binomial, native at 1.167" "$tmp/out" || fail "bcast's fastest differs in self40"
grep -q " idle " "$tmp/out" && fail "no idle regime was measured"
python3 "$regimes" "$tmp/none" 2>&1 | grep -q "no bench-<regime>.csv" || fail "an empty directory is not reported"
echo "bench_regimes_test: ok"
