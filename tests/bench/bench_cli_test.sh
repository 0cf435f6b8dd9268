#!/bin/sh
# collsel-bench end to end on 4 ranks: the CSV header, one row for every algorithm the model
# offers (as collsel-predict lists them) plus native and auto per op and size, positive times,
# the summary, the gnuplot script (and SVG when gnuplot exists); then error paths: one line of
# collsel-bench's on stderr and a non-zero exit.
# With libcollsel.so preloaded, auto is the shim running the plain MPI_ call (--auto detect). The
# shim reaches the ranks through `env LD_PRELOAD=...` on their command line, settings through the
# launcher's environment: the test runs under hydra and Open MPI's mpirun.
# Usage: bench_cli_test.sh MPIEXEC collsel-bench collsel-predict local-4.toml.in hetero-8.toml WORKDIR
#        libcollsel.so
set -u
mpiexec=$1
bench=$2
predict=$3
template=$4
hetero=$5
work=$6
shim=$7
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work" || fail "cannot create $work"
model=$work/local-4.toml
sed "s/@HOST@/$(hostname)/" "$template" >"$model"

ops="reduce scatterv"
sizes="1024 65536"
"$mpiexec" -n 4 "$bench" --model "$model" --ops reduce,scatterv --bytes 1K,64K --reps 3 --csv "$work/out.csv" \
  --kinds-csv "$work/kinds.csv" --raw-csv "$work/raw.csv" >"$work/stdout" 2>"$work/stderr" || { cat "$work/stdout" "$work/stderr"; fail "collsel-bench exited $?"; }
cat "$work/stdout"
csv=$work/out.csv
[ "$(head -n 1 "$csv")" = "op,procs,root,bytes,algorithm,measured_us,predicted_us" ] || fail "CSV header: $(head -n 1 "$csv")"
for op in $ops; do
  for bytes in $sizes; do
    # Every algorithm the decision offers for this call, as collsel-predict lists them.
    algs=$("$predict" --model "$model" --op "$op" --procs 4 --bytes "$bytes" --csv | tail -n +2 | cut -d, -f5)
    [ -n "$algs" ] || fail "collsel-predict lists nothing for $op $bytes"
    for alg in $algs auto; do
      if ! grep -q "^$op,4,0,$bytes,$alg," "$csv"; then
        # An algorithm without an executor is named in a note instead.
        grep -q "^note: $op .*no executor for .*$alg" "$work/stdout" || fail "no row for $op $bytes $alg"
      fi
    done
    [ "$(grep -c "^$op,4,0,$bytes,auto," "$csv")" -eq 1 ] || fail "expected one auto row for $op $bytes"
    grep -q "^$op,4,0,$bytes,native," "$csv" || fail "no native row for $op $bytes"
  done
done
rows=$(tail -n +2 "$csv" | wc -l)
[ "$rows" -ge 20 ] || fail "only $rows rows"
# Every time positive (measured and predicted), every row complete.
tail -n +2 "$csv" | awk -F, 'NF != 7 || !($6 > 0) || !($7 > 0) { print "bad row: " $0; bad = 1 } END { exit bad }' ||
  fail "rows with missing or non-positive times"
# --raw-csv: three repetitions of every row, each with a positive time, a predecessor for all but
# the first of a repetition, and their median is the CSV's measured_us.
raw=$work/raw.csv
[ "$(head -n 1 "$raw")" = "op,procs,root,bytes,algorithm,rep,after,measured_us" ] || fail "raw CSV header: $(head -n 1 "$raw")"
[ "$(tail -n +2 "$raw" | wc -l)" -eq $(( 3 * rows )) ] || fail "raw CSV: $(tail -n +2 "$raw" | wc -l) rows for $rows results x 3 repetitions"
awk -F, 'NR == FNR { if (FNR > 1) want[$1 "," $4 "," $5] = $6; next }
  FNR > 1 { if (NF != 8 || !($8 > 0) || $6 < 0 || $6 > 2) { print "bad raw row: " $0; bad = 1 }
            k = $1 "," $4 "," $5; t[k, ++n[k]] = $8; if ($7 == "") firsts[$1 "," $4 "," $6]++ }
  END { for (k in want) { if (n[k] != 3) { print "repetitions of " k ": " n[k]; bad = 1; continue }
          a = t[k, 1]; b = t[k, 2]; c = t[k, 3]
          m = (a > b) ? ((b > c) ? b : ((a > c) ? c : a)) : ((a > c) ? a : ((b > c) ? c : b))
          if (sprintf("%.3f", m) != sprintf("%.3f", want[k])) { print "median of " k ": " m " vs " want[k]; bad = 1 } }
        for (r in firsts) if (firsts[r] != 1) { print "repetition " r " has " firsts[r] " entries without a predecessor"; bad = 1 }
        exit bad }' "$csv" "$raw" || fail "raw CSV does not match the results"
# --before self: every timed call follows an untimed call of its own entry; --before idle: a pause.
for before in self idle; do
  "$mpiexec" -n 4 "$bench" --model "$model" --ops reduce --bytes 1K --reps 2 --before "$before" --idle-ms 5 \
    --raw-csv "$work/raw-$before.csv" >"$work/stdout-$before" 2>&1 || { cat "$work/stdout-$before"; fail "--before $before exited $?"; }
  want=$([ "$before" = self ] && echo "an untimed call of itself" || echo "a pause of 5 ms")
  grep -q "2 repetitions (each after $want)" "$work/stdout-$before" || fail "--before $before: the header does not say so"
  tail -n +2 "$work/raw-$before.csv" | awk -F, -v b="$before" \
    '{ n++; if (!($8 > 0) || (b == "self" && $7 != $5) || (b == "idle" && $7 != "idle")) { print "bad row: " $0; bad = 1 } }
     END { if (n < 8) { print n " rows"; bad = 1 }; exit bad }' || fail "--before $before: predecessors in the raw CSV"
done
# --before-calls: several untimed calls of the entry before each timed one (a loop's steady state).
"$mpiexec" -n 2 "$bench" --model "$model" --ops bcast --bytes 1K --reps 2 --before self --before-calls 3 \
  --raw-csv "$work/raw-self3.csv" >"$work/stdout-self3" 2>&1 || { cat "$work/stdout-self3"; fail "--before-calls 3 exited $?"; }
grep -q "2 repetitions (each after 3 untimed calls of itself)" "$work/stdout-self3" || fail "--before-calls 3: the header does not say so"
tail -n +2 "$work/raw-self3.csv" | awk -F, '{ n++; if (!($8 > 0) || $7 != $5) { print "bad row: " $0; bad = 1 } }
  END { if (n < 4) { print n " rows"; bad = 1 }; exit bad }' || fail "--before-calls 3: predecessors in the raw CSV"
if "$mpiexec" -n 2 "$bench" --model "$model" --ops bcast --bytes 1K --before self --before-calls 0 >"$work/calls0.out" 2>&1; then
  cat "$work/calls0.out"; fail "--before-calls 0 accepted"
fi
grep -q -- "--before-calls" "$work/calls0.out" || { cat "$work/calls0.out"; fail "--before-calls 0: no error naming the option"; }
# --segment-bytes: the schedules the bench builds are cut as the shim's setting says; they are
# priced as collsel-predict prices them with the same option. Below 1K it is an error naming it.
"$mpiexec" -n 4 "$bench" --model "$model" --ops bcast --bytes 256K --algorithms chain --reps 1 --segment-bytes 16K \
  --csv "$work/seg.csv" >"$work/seg.out" 2>&1 || { cat "$work/seg.out"; fail "--segment-bytes 16K exited $?"; }
"$predict" --model "$model" --op bcast --procs 4 --bytes 256K --segment-bytes 16K --csv >"$work/seg-predict.csv" ||
  fail "collsel-predict --segment-bytes 16K exited $?"
"$predict" --model "$model" --op bcast --procs 4 --bytes 256K --csv >"$work/auto-predict.csv" || fail "collsel-predict exited $?"
seg_bench=$(awk -F, '$5 == "chain" { print $7 }' "$work/seg.csv")
seg_predict=$(awk -F, '$5 == "chain" { print $6 }' "$work/seg-predict.csv")
auto_predict=$(awk -F, '$5 == "chain" { print $6 }' "$work/auto-predict.csv")
[ -n "$seg_bench" ] && [ "$seg_bench" = "$seg_predict" ] ||
  fail "--segment-bytes 16K: the bench prices chain at '$seg_bench', collsel-predict at '$seg_predict'"
[ "$seg_predict" != "$auto_predict" ] || fail "--segment-bytes 16K prices chain as auto does ($auto_predict)"
if "$mpiexec" -n 2 "$bench" --model "$model" --ops bcast --bytes 1K --segment-bytes 100 >"$work/seg100.out" 2>&1; then
  cat "$work/seg100.out"; fail "--segment-bytes 100 accepted"
fi
grep -q -- "--segment-bytes must be at least 1K" "$work/seg100.out" || { cat "$work/seg100.out"; fail "--segment-bytes 100: no error naming the option"; }
# --csv without FILE: the CSV alone on standard output, the rest on standard error; --op is --ops;
# the old --model-kind still works, with a warning.
"$mpiexec" -n 2 "$bench" --model "$model" --op bcast --bytes 1K --reps 1 --model-kind hockney --csv \
  >"$work/stdout.csv" 2>"$work/stdout.err" || { cat "$work/stdout.err"; fail "--csv to standard output failed"; }
[ "$(head -n 1 "$work/stdout.csv")" = "op,procs,root,bytes,algorithm,measured_us,predicted_us" ] ||
  { cat "$work/stdout.csv"; fail "--csv alone: standard output does not start with the CSV header"; }
grep -q '^bcast,2,0,1024,native,[0-9.]*,[-0-9.]*$' "$work/stdout.csv" || { cat "$work/stdout.csv"; fail "--csv alone: no native row"; }
[ "$(tail -n +2 "$work/stdout.csv" | grep -vc '^bcast,2,0,1024,')" -eq 0 ] || { cat "$work/stdout.csv"; fail "--csv alone: other lines on standard output"; }
grep -q 'warning: --model-kind is deprecated, use --p2p-model' "$work/stdout.err" || fail "--model-kind: no deprecation warning"
# A file that cannot take the data (a full disk) is an error naming it, not a "wrote" line.
for opt in --csv --kinds-csv --raw-csv; do
  if "$mpiexec" -n 2 "$bench" --model "$model" --ops bcast --bytes 1K --reps 1 $opt /dev/full >"$work/full.out" 2>&1; then
    cat "$work/full.out"; fail "$opt /dev/full succeeded"
  fi
  grep -q "/dev/full: write failed" "$work/full.out" || { cat "$work/full.out"; fail "$opt /dev/full: no error naming the file"; }
done
# --kinds-csv: every kind of the model predicts every measured candidate; the file's own kind
# (the one the CSV's predicted_us column uses) agrees with the CSV.
kinds=$work/kinds.csv
[ "$(head -n 1 "$kinds")" = "op,procs,root,bytes,algorithm,kind,predicted_us" ] || fail "kinds CSV header: $(head -n 1 "$kinds")"
for kind in $(sed -n 's/^\[\(hockney\|lmo\|plogp\)\]$/\1/p' "$model"); do
  grep -q ",$kind," "$kinds" || fail "no $kind rows in the kinds CSV"
  grep -Eq "^reduce,4,0,65536,bound,$kind,[0-9.]+$" "$kinds" || fail "no $kind bound for reduce 64K"
done
default_kind=$("$predict" --model "$model" --op bcast --procs 4 --bytes 1K | sed -n 's/.*, model \([a-z]*\) from.*/\1/p' | head -1)
awk -F, -v kind="$default_kind" 'NR == FNR { if (FNR > 1 && $5 != "auto") want[$1 "," $4 "," $5] = $7; next }
  FNR > 1 && $6 == kind { k = $1 "," $4 "," $5; if (k in want) { seen++; if (want[k] != $7) { print "differs: " k " " want[k] " " $7; bad = 1 } } }
  END { if (!seen) { print "no row of kind " kind; bad = 1 }; exit bad }' "$csv" "$kinds" ||
  fail "the kinds CSV disagrees with the CSV for the model's own kind ($default_kind)"
# Every other kind costs the very schedules measured (built with the default kind), as
# collsel-predict --cost-kind does: reduce 64K (scatterv's blocks are the bench's own, uneven).
for kind in $(sed -n 's/^\[\(hockney\|lmo\|plogp\)\]$/\1/p' "$model"); do
  [ "$kind" = "$default_kind" ] && continue
  "$predict" --model "$model" --op reduce --procs 4 --bytes 64K --csv --cost-kind "$kind" >"$work/cost.csv" ||
    fail "collsel-predict --cost-kind $kind exited $?"
  awk -F, -v kind="$kind" 'NR == FNR { if (FNR > 1) want[$5] = $6; next }
    $1 == "reduce" && $4 == 65536 && $6 == kind && $5 != "bound" { seen++; if (want[$5] != $7) { print "differs: " $5 " " want[$5] " " $7; bad = 1 } }
    END { if (!seen) { print "no reduce 64K row of kind " kind; bad = 1 }; exit bad }' "$work/cost.csv" "$kinds" ||
    fail "the kinds CSV's $kind rows are not the measured schedules costed by $kind"
done
grep -q "^  op .*fastest .*auto .*picked .*auto/best .*auto/native .*pred.err" "$work/stdout" || fail "no summary table"
for op in $ops; do
  for size in 1K 64K; do
    grep -Eq "^  $op +$size +[a-z_]+ +[a-z_]+ +(yes|no) +[0-9.]+ +[0-9.]+ +[0-9.]+%$" "$work/stdout" ||
      fail "no summary line for $op $size"
  done
done
grep -Eq "median auto/best [0-9.]+, median auto/native [0-9.]+" "$work/stdout" || fail "no auto ratios"
grep -Eq "^median prediction error .*: [0-9.]+% overall \([0-9]+ rows\), [0-9.]+% for >= 64 KB" "$work/stdout" ||
  fail "no prediction error line"
[ -s "$csv.gp" ] || fail "no gnuplot script"
grep -q "^set output 'out.csv.svg'" "$csv.gp" || fail "gnuplot script does not write out.csv.svg"
if command -v gnuplot >/dev/null 2>&1; then
  [ -s "$csv.svg" ] || fail "gnuplot is installed but no SVG was rendered"
  grep -q "<svg" "$csv.svg" || fail "out.csv.svg is not an SVG"
fi

# The shim preloaded: auto is what it runs (detected), every result still checked.
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$shim")
status=0
COLLSEL_MODEL=$model "$mpiexec" -n 4 env LD_PRELOAD="$preload${LD_PRELOAD:+:$LD_PRELOAD}" \
  "$bench" --model "$model" --ops bcast --bytes 64K --reps 2 --auto-warmup 12 --csv "$work/shim.csv" \
  >"$work/shim-out" 2>"$work/shim-err" || status=$?
[ "$status" -eq 0 ] || { cat "$work/shim-out" "$work/shim-err"; fail "collsel-bench with the shim exited $status"; }
grep -q "auto = the preloaded shim (plain MPI_ calls)" "$work/shim-out" || fail "the preloaded shim was not detected"
grep -Eq "^bcast,4,0,65536,auto,[0-9.]+,[-0-9.]+$" "$work/shim.csv" || fail "no auto row with the shim: $(cat "$work/shim.csv")"
# Auto's warm-up: one other entry between two of its calls by default; with --warmup-between all
# every other entry (entries - 1 calls), as between two timed calls. At least --auto-warmup calls.
warmup_check() {  # stdout, CSV, expected other calls per auto call ("entries-1" or 1)
  line=$(grep -E "^  warm-up: [0-9]+ untimed calls of auto, [0-9]+ of the other entries between them \([0-9.]+ s\)$" "$1") ||
    fail "no warm-up line in $1"
  autos=$(echo "$line" | sed 's/^  warm-up: \([0-9]*\) .*/\1/')
  others=$(echo "$line" | sed 's/.*auto, \([0-9]*\) of.*/\1/')
  per=$3
  [ "$per" = "entries-1" ] && per=$(( $(tail -n +2 "$2" | wc -l) - 1 ))
  [ "$autos" -ge 12 ] || fail "$1: $autos warm-up calls of auto, fewer than --auto-warmup 12"
  [ "$others" -eq $(( per * autos )) ] || fail "$1: $others other calls for $autos of auto, expected $per each"
}
warmup_check "$work/shim-out" "$work/shim.csv" 1
COLLSEL_MODEL=$model "$mpiexec" -n 4 env LD_PRELOAD="$preload${LD_PRELOAD:+:$LD_PRELOAD}" \
  "$bench" --model "$model" --ops bcast --bytes 1K --reps 1 --auto-warmup 12 --warmup-between all --csv "$work/all.csv" \
  >"$work/all-out" 2>"$work/all-err" || { cat "$work/all-out" "$work/all-err"; fail "--warmup-between all exited $?"; }
warmup_check "$work/all-out" "$work/all.csv" entries-1
# --auto-cold: per case the rows native_cold, auto_cold and oracle_cold (the fastest warm row's
# algorithm run from its first call), each the mean of --cold-calls calls listed in --raw-csv.
COLLSEL_MODEL=$model "$mpiexec" -n 4 env LD_PRELOAD="$preload${LD_PRELOAD:+:$LD_PRELOAD}" \
  "$bench" --model "$model" --auto shim --ops bcast,scatterv --bytes 64K --reps 3 --auto-cold --cold-calls 6 \
  --csv "$work/cold.csv" --raw-csv "$work/cold-raw.csv" >"$work/cold-out" 2>"$work/cold-err" ||
  { cat "$work/cold-out" "$work/cold-err"; fail "--auto-cold exited $?"; }
for op in bcast scatterv; do
  for row in native_cold auto_cold oracle_cold; do
    grep -Eq "^$op,4,0,65536,$row,[0-9.]*[1-9][0-9.]*,[-0-9.]+$" "$work/cold.csv" || fail "--auto-cold: no $row row for $op"
    [ "$(grep -c "^$op,4,0,65536,$row," "$work/cold-raw.csv")" -eq 6 ] || fail "--auto-cold: not 6 calls of $op's $row"
  done
  fastest=$(grep "^$op,4,0,65536," "$work/cold.csv" | grep -v "_cold,\|,auto," | sort -t, -k6,6g | head -n 1 | cut -d, -f5)
  grep -Eq "^  cold \(6 calls from the shape's first, mean\): native [0-9.]+ us, auto [0-9.]+ us .*, oracle [0-9.]+ us; auto/native [0-9.]+, oracle/native [0-9.]+$" \
    "$work/cold-out" || fail "--auto-cold: no cold line in the case's table"
  [ -n "$fastest" ] || fail "--auto-cold: no fastest row for $op"
  # Where native is the oracle it ran cold already: oracle_cold is native_cold's run.
  if [ "$fastest" = native ]; then
    [ "$(grep "^$op,4,0,65536,native_cold," "$work/cold.csv" | cut -d, -f6)" = \
      "$(grep "^$op,4,0,65536,oracle_cold," "$work/cold.csv" | cut -d, -f6)" ] || fail "--auto-cold: $op's oracle is native, oracle_cold differs"
  fi
done
grep -Eq "^  bcast +64K +6 .* [0-9.]+ +[0-9.]+ +[0-9.]+$" "$work/cold-out" || fail "--auto-cold: no cold summary row"
# A shape the shim still measures after its last cold call settled on nothing: every call explored.
if grep -q "calls exploring, then measuring (" "$work/cold-out"; then
  grep "calls exploring, then measuring (" "$work/cold-out" | grep -qv "(6 calls exploring" &&
    fail "--auto-cold: still measuring with fewer than 6 calls exploring"
fi
grep -Eq "calls exploring, then [a-z_]+\), oracle|calls exploring, then measuring \([a-z_]+\)\), oracle" "$work/cold-out" ||
  fail "--auto-cold: the cold line names no algorithm: $(grep 'calls exploring' "$work/cold-out")"
# --cold-runs 3: each cold row is the median of three runs, every run on a communicator of its own:
# its calls in --raw-csv are the median run's, and its time is that run's mean.
COLLSEL_MODEL=$model "$mpiexec" -n 4 env LD_PRELOAD="$preload${LD_PRELOAD:+:$LD_PRELOAD}" \
  "$bench" --model "$model" --auto shim --ops scatterv --bytes 64K --reps 1 --auto-cold --cold-calls 4 --cold-runs 3 \
  --csv "$work/runs.csv" --raw-csv "$work/runs-raw.csv" >"$work/runs-out" 2>"$work/runs-err" ||
  { cat "$work/runs-out" "$work/runs-err"; fail "--cold-runs 3 exited $?"; }
grep -Eq "^  cold \(4 calls from the shape's first, mean; median of 3 runs\): native [0-9.]+ us, auto [0-9.]+ us" \
  "$work/runs-out" || fail "--cold-runs 3: no cold line naming the three runs"
for row in native_cold auto_cold; do
  [ "$(grep -c "^scatterv,4,0,65536,$row," "$work/runs-raw.csv")" -eq 4 ] || fail "--cold-runs 3: not 4 calls of $row"
  # Both files print microseconds to three decimals, so the mean of the printed calls and the
  # printed mean differ by at most a rounding step (0.0005 each way).
  mean=$(grep "^scatterv,4,0,65536,$row," "$work/runs-raw.csv" | awk -F, '{s += $NF} END {printf "%.4f", s / NR}')
  listed=$(grep "^scatterv,4,0,65536,$row," "$work/runs.csv" | cut -d, -f6)
  awk -v a="$mean" -v b="$listed" 'BEGIN {d = a - b; exit !(b != "" && d <= 0.0011 && d >= -0.0011)}' ||
    fail "--cold-runs 3: $row's time ($listed) is not the mean of its listed calls ($mean)"
done
"$mpiexec" -n 2 "$bench" --model "$model" --ops bcast --bytes 1K --auto shim >"$work/err-out" 2>"$work/err" &&
  fail "--auto shim without the shim: exit code 0"
grep -q "libcollsel.so is not preloaded" "$work/err" || fail "--auto shim without the shim: $(cat "$work/err")"

expect_error() {  # description, then collsel-bench's arguments
  what=$1
  shift
  "$mpiexec" -n 2 "$bench" "$@" >"$work/err-out" 2>"$work/err"
  rc=$?
  [ "$rc" -ne 0 ] || fail "$what: exit code 0"
  # One line of collsel-bench's own, naming the program (one rank speaks; Open MPI's mpirun adds
  # its own report of the exit status, which names no collsel program).
  [ "$(grep -c "collsel-bench" "$work/err")" -eq 1 ] && grep -q "^collsel-bench: " "$work/err" ||
    fail "$what: not one line of collsel-bench's on stderr, naming the program: $(cat "$work/err")"
  echo "ok: $what -> $(grep "^collsel-bench: " "$work/err")"
}
expect_error "unknown --warmup-between" --model "$model" --ops bcast --bytes 1K --warmup-between two
expect_error "unknown op" --model "$model" --ops bcast,allgather --bytes 1K
expect_error "bad size" --model "$model" --ops bcast --bytes 1K,12Q
expect_error "reduce size not doubles" --model "$model" --ops reduce --bytes 100
expect_error "missing model" --model "$work/no-such-model.toml" --ops bcast --bytes 1K
expect_error "host not in the model" --model "$hetero" --ops bcast --bytes 1K
echo "PASS"
