#!/bin/sh
# scripts/results-summary.py on made-up runs whose answers are known (tests/scripts/CMakeLists.txt).
# Usage: results_summary_test.sh PATH/TO/results-summary.py
set -u
summary=$1
. "$(dirname "$0")/script_test_lib.sh"
mkdir -p "$tmp/c/seed-3" "$tmp/c/rerun/seed-3" "$tmp/c/seed-5"
printf '%s\n' '# drawn by random-clusters, seed 3' unshaped '100mbit burst=64k' 'root=1' >"$tmp/c/seed-3/hosts.conf"
# seed 3: bcast native 200, auto 100 (= chain, the oracle); reduce native 100, auto 125, oracle
# native. speedup_auto = sqrt(2 * 0.8) = 1.265, speedup_oracle = sqrt(2 * 1) = 1.414, share 0.894,
# auto/oracle 1.000 and 1.250 (median 1.125, worst 1.250), one point below 0.97 x native.
# Prediction errors at >= 64 KB of native, chain and binomial: 10, 0, 50, 20 % -> median 15 %.
bench_csv c/seed-3/bench.csv <<'CSV'
bcast,2,1,65536,native,200,220
bcast,2,1,65536,chain,100,100
bcast,2,1,65536,auto,100,100
reduce,2,1,65536,native,100,150
reduce,2,1,65536,binomial,150,120
reduce,2,1,65536,auto,125,120
CSV
# The same seed rerun (auto = the oracle everywhere; recorded later, so it is the seed's latest) and
# a seed without hosts.conf named by its file; a file that is not a bench CSV is ignored.
sed 's/^reduce,2,1,65536,auto,125/reduce,2,1,65536,auto,100/' "$tmp/c/seed-3/bench.csv" >"$tmp/c/rerun/seed-3/bench.csv"
sed 's/,1,65536,/,0,65536,/' "$tmp/c/seed-3/bench.csv" >"$tmp/c/seed-5/bench-seed-5.csv"
echo "not,a,bench" >"$tmp/c/seed-5/bench-other.csv"
cd "$tmp/c" || exit 1
# In git, the rerun recorded last: the newest commit marks the seed's latest run, whatever the path.
g() { git -c user.name=t -c user.email=t@t.invalid "$@" >/dev/null 2>&1; }
g init -q . && g add seed-3 seed-5 && g commit -q --date=2020-01-01T00:00:00 -m first &&
  g add rerun && g commit -q -m second ||
  fail "git"
first=$(git log --format=%h -1 -- seed-3/bench.csv) second=$(git log --format=%h -1 -- rerun/seed-3/bench.csv)
python3 "$summary" --points points.csv --latest '(rerun/)?seed-\d+/bench(-seed-\d+)?\.csv' . >runs.csv 2>err.txt ||
  { cat err.txt; fail "results-summary.py exited $?"; }
cat runs.csv
[ "$(head -1 runs.csv)" = "run,seed,commit,procs,root,hosts,points,speedup_auto,speedup_oracle,share,auto_oracle_median,auto_oracle_worst,below_0_97,pred_err_median,below_0_97_resolved,worst_resolved,auto_oracle_split_median,auto_oracle_split_worst,latest" ] ||
  fail "header"
[ "$(grep -c . runs.csv)" -eq 4 ] || fail "expected 3 runs"
row=$(grep '^seed-3/bench.csv,' runs.csv) || fail "no row for seed-3/bench.csv"
[ "$row" = "seed-3/bench.csv,3,$first,2,1,unshaped 100mbit@64k,2,1.265,1.414,0.894,1.125,1.250,1,15.0,,,,,0" ] ||
  fail "seed 3's row: $row"
grep -q "^rerun/seed-3/bench.csv,3,$second,2,1,,2,1.414,1.414,1.000,1.000,1.000,0,15.0,,,,,1\$" runs.csv || fail "the rerun's row or its latest flag"
grep -q "^seed-5/bench-seed-5.csv,5,$first,2,0,,.*,1\$" runs.csv || fail "seed 5's row (seed from the file name)"
grep -q 'bench-other' runs.csv && fail "a file without the bench header was read"
[ "$(grep -c . points.csv)" -eq 7 ] || fail "expected 6 points"
grep -q '^seed-3/bench.csv,reduce,65536,100,125,100,native,0.800,1.250$' points.csv || fail "seed 3's reduce point"
echo "results_summary: ok"
