#!/bin/sh
# scripts/verify-slots.py on a made-up run whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: verify_slots_test.sh PATH/TO/verify-slots.py
set -u
slots=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
d=$tmp/seed-1
mkdir "$d"
# reduce: the three fastest-first trees are predicted best, native fourth; the fastest measured is
# binomial_dfs_max, predicted fifth. Four slots by prediction miss it (best of the slots: native,
# 100 / 50 = 2.0 x the oracle); the family cap gives the third fastest-first slot to it (1.0).
# bcast: the model's order is right (binomial first and fastest): 1.0 under both rules.
cat >"$d/bench.csv" <<'END'
op,procs,root,bytes,algorithm,measured_us,predicted_us
reduce,6,0,65536,native,100,40
reduce,6,0,65536,binomial_ucs_min,110,10
reduce,6,0,65536,binomial_bfs_min,120,20
reduce,6,0,65536,binomial_dfs_min,130,30
reduce,6,0,65536,binomial_dfs_max,50,50
reduce,6,0,65536,chain,200,60
reduce,6,0,65536,auto,100,40
bcast,6,0,65536,native,100,20
bcast,6,0,65536,binomial,80,10
bcast,6,0,65536,flat,300,30
END
python3 "$slots" "$d" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "exit $?"; }
cat "$tmp/out"
grep -q "rule by_prediction slots 4 points 2 median 1.500 worst 2.000 above_1.05 1 above_1.15 1" "$tmp/out" || fail "by_prediction"
grep -q "rule family_cap slots 4 points 2 median 1.000 worst 1.000 above_1.05 0 above_1.15 0" "$tmp/out" || fail "family_cap"
grep -q "point $d reduce 65536 by_prediction 2.000 (binomial_ucs_min,binomial_bfs_min,binomial_dfs_min,native) family_cap 1.000 (binomial_ucs_min,binomial_bfs_min,native,binomial_dfs_max)" "$tmp/out" \
  || fail "the reduce point's slots"
# Five slots by prediction reach binomial_dfs_max too.
python3 "$slots" --slots 5 "$d" >"$tmp/out5" 2>&1 || fail "--slots 5: exit $?"
grep -q "rule by_prediction slots 5 points 2 median 1.000 worst 1.000" "$tmp/out5" || fail "--slots 5"
python3 "$slots" >/dev/null 2>&1 && fail "no directory must be a usage error"
python3 "$slots" --slots 1 "$d" >/dev/null 2>&1 && fail "--slots 1 must be a usage error"
python3 "$slots" "$tmp/none" >/dev/null 2>&1 && fail "a directory without bench.csv must fail"
echo PASS
