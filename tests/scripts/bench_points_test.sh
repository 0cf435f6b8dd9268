#!/bin/sh
# scripts/bench-points.py on a made-up run whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: bench_points_test.sh PATH/TO/bench-points.py
set -u
points=$1
. "$(dirname "$0")/script_test_lib.sh"
d=$tmp/seed-1
mkdir "$d"
# bcast: auto ran native; its repetitions spread 90..130 like native's, and its median is 5 %
# above native's (115 / 110): below 0.97 x native, but within the spread. reduce: auto ran chain, 20 % slower
# than native in every repetition (124 / 104, tight): below 0.97, resolved. The oracle of reduce is native.
{
  echo "op,procs,root,bytes,algorithm,rep,after,measured_us"
  i=0
  for t in 90 100 110 120 130 95 105 115 125; do
    echo "bcast,6,0,65536,native,$i,,$t"
    echo "bcast,6,0,65536,auto,$i,native,$(( t + 5 ))"
    echo "bcast,6,0,65536,binomial,$i,auto,$(( t + 50 ))"
    echo "reduce,6,0,65536,native,$i,,$(( 100 + i ))"
    echo "reduce,6,0,65536,chain,$i,native,$(( 120 + i ))"
    echo "reduce,6,0,65536,auto,$i,chain,$(( 120 + i ))"
    i=$(( i + 1 ))
  done
  # scatter: auto ran native, both 100 in every repetition. Forced a and b alternate between fast
  # and slow repetitions (a fast in the even ones, b in the odd ones): the whole run's oracle is a
  # at 85.5 (auto/oracle 1.170), faster than a or b runs in half of the repetitions. Chosen on the
  # even repetitions and timed on the odd ones, the oracle (a) takes 130, and the other way round
  # (b) 130 too: auto/oracle_split 100 / 130 = 0.769.
  i=0
  for ab in "70 130" "130 70" "71 99" "99 71" "72 131" "131 73"; do
    set -- $ab
    echo "scatter,6,0,65536,native,$i,,100"
    echo "scatter,6,0,65536,auto,$i,native,100"
    echo "scatter,6,0,65536,a,$i,auto,$1"
    echo "scatter,6,0,65536,b,$i,a,$2"
    i=$(( i + 1 ))
  done
} >"$d/raw.csv"
cat >"$d/bench.log" <<'END'
bcast of 64K (65536 bytes), 6 processes, root 0:
    algorithm                      predicted_us    measured_us     error
  + native                              100.00         110.00     -9.1%
    binomial                            100.00         160.00    -37.5%
    auto = native                       100.00         115.00    -13.0%
  + fastest measured: native; auto ran native (the fastest), auto/best 1.045, auto/native 1.045, median |error| 9.1%
reduce of 64K (65536 bytes), 6 processes, root 0:
    algorithm                      predicted_us    measured_us     error
  + native                              100.00         104.00     -3.8%
    chain                                90.00         124.00    -27.4%
    auto = chain                         90.00         124.00    -27.4%
  + fastest measured: native; auto ran chain, auto/best 1.192, auto/native 1.192, median |error| 27.4%
scatter of 64K (65536 bytes per rank), 6 processes, root 0:
    algorithm                      predicted_us    measured_us     error
  + native                              100.00         100.00      0.0%
    auto = native                       100.00         100.00      0.0%
  + fastest measured: native; auto ran native (the fastest), auto/best 1.000, auto/native 1.000, median |error| 0.0%
END
run_to out python3 "$points" "$d"
grep -q "point bcast .*within the spread" "$tmp/out" || fail "bcast must be below 0.97 within the spread"
grep -q "point reduce .*below 0.97 x native, resolved" "$tmp/out" || fail "reduce must be resolved below 0.97"
grep -q "summary below_0.97 2 below_0.97_resolved 1 auto/oracle_worst 1.192 " "$tmp/out" || fail "summary counts"
grep -q "point scatter .* auto/oracle 1.170 .*(a) split 0.769 auto/native 1.000 " "$tmp/out" || fail "scatter: whole-run oracle a, split 0.769"
# split: bcast 1.046 (native the oracle in both halves: 112.5 / 107.5 timed on the odd repetitions,
# 115 / 110 on the even ones), reduce 1.192, scatter 0.769.
grep -q "auto/oracle_split_median 1.046 auto/oracle_split_worst 1.192 " "$tmp/out" || fail "split summary"
# auto and its forced twin time one schedule: both intervals hold 1 (bcast 1.04 with a wide spread,
# reduce exactly 1).
grep -q "same_schedule_intervals_holding_1 3/3" "$tmp/out" || fail "same-schedule check"
python3 "$points" >/dev/null 2>&1 && fail "no directory must be a usage error"
python3 "$points" "$tmp/none" >/dev/null 2>&1 && fail "a directory without raw.csv must fail"
echo PASS
