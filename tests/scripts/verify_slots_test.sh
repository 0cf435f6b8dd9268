#!/bin/sh
# scripts/verify-slots.py on a made-up run whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: verify_slots_test.sh PATH/TO/verify-slots.py BUILD_DIR (with bin/collsel-judge, the shim's
# verification_slots)
set -u
slots=$1 build=$2
. "$(dirname "$0")/script_test_lib.sh"
d=$tmp/seed-1
# reduce: three trees are predicted best, native sixth; the fastest measured, binomial_dfs_max, is
# predicted fourth. Four slots keep the first three and native (best of them: native,
# 100 / 50 = 2.0 x the oracle); five reach binomial_dfs_max (1.0). bcast: the model's order is
# right (binomial first and fastest): 1.0 with any count. auto rows are not candidates.
bench_csv seed-1/bench.csv <<'END'
reduce,6,0,65536,binomial_ucs_min,110,10
reduce,6,0,65536,binomial_bfs_min,120,20
reduce,6,0,65536,binomial_dfs_min,130,30
reduce,6,0,65536,binomial_dfs_max,50,40
reduce,6,0,65536,chain,200,50
reduce,6,0,65536,native,100,60
reduce,6,0,65536,auto,10,10
bcast,6,0,65536,native,100,20
bcast,6,0,65536,binomial,80,10
bcast,6,0,65536,flat,300,30
END
run_to out python3 "$slots" -b "$build" "$d"
grep -q "^slots 4 points 2 median 1.500 worst 2.000 above_1.05 1 above_1.15 1$" "$tmp/out" || fail "four slots"
grep -q "^slots 5 points 2 median 1.000 worst 1.000 above_1.05 0 above_1.15 0$" "$tmp/out" || fail "five slots"
grep -q "^point $d reduce 65536 slots4 2.000 (binomial_ucs_min,binomial_bfs_min,binomial_dfs_min,native) slots5 1.000 (binomial_ucs_min,binomial_bfs_min,binomial_dfs_min,binomial_dfs_max,native)$" "$tmp/out" \
  || fail "the reduce point's slots"
# Two slots: the model's choice and native.
python3 "$slots" -b "$build" --slots 2 "$d" >"$tmp/out2" 2>&1 || fail "--slots 2: exit $?"
grep -q "^slots 2 points 2 median 1.500 worst 2.000 " "$tmp/out2" || fail "--slots 2"
grep -q "slots2 2.000 (binomial_ucs_min,native)" "$tmp/out2" || fail "--slots 2 keeps native"
python3 "$slots" -b "$build" >/dev/null 2>&1 && fail "no directory must be a usage error"
python3 "$slots" -b "$build" --slots 1 "$d" >/dev/null 2>&1 && fail "--slots 1 must be a usage error"
python3 "$slots" -b "$build" --slots four "$d" >/dev/null 2>&1 && fail "--slots four must be a usage error"
python3 "$slots" -b "$build" "$tmp/none" >/dev/null 2>&1 && fail "a directory without bench.csv must fail"
python3 "$slots" -b "$tmp/no-build" "$d" >/dev/null 2>&1 && fail "a build without collsel-judge must be an error"
echo PASS
