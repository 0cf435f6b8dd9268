#!/bin/sh
# Drift of a frozen shape (docs/shim.md, "Drift"), on 4 ranks with verification and audit kept short
# and a window every 16 calls at first (COLLSEL_DRIFT_EVERY=2, COLLSEL_DRIFT_WINDOW=8; on a loaded
# machine the agreements cost more than 1 % of such calls, and the interval doubles). The test hook
# COLLSEL_TEST_DRIFT_DELAY=10@40, set on world rank 1 only, makes the algorithm a frozen shape runs
# after 40 frozen calls look 10 s slower on that rank (its samples, and its calls in the shape's
# verification and audit after that); rank 1 is not the root of scatterv or gatherv, whose monitor
# the root keeps. The threshold is 100 (a window 101 times its baseline): a
# loaded machine's noise (a window 30 times its baseline has been seen) hardly ever drifts, and
# the hook's drift (window_us above 10^6) is told from any other.
# 1. Bcast, reduce and scatterv drift once or twice each: the hook's "drift" record names the
#    slowed algorithm, and the verification after it keeps another; every rank runs the same
#    algorithm, agrees on whether it still measures, and every result is right (tuning_probe); at
#    most drift_max records per shape; the report counts the re-verifications; the tuning file
#    holds the new verdicts.
# 2. A second job with that file starts them frozen ("tuned"); they drift too, are verified
#    again, and the file's entries are updated at MPI_Finalize.
# 3. Scatterv and gatherv whose counts change from call to call within a size bucket (tuning_probe
#    --set v), a decided native held for 3 calls (COLLSEL_V_NATIVE_RECHECK=3): the same.
# 4. COLLSEL_DRIFT_THRESHOLD=0: no drift record, no drift line in the report.
# Usage: drift_test.sh MPIEXEC PROBE MODEL [YIELD]
set -u
mpiexec=$1 probe=$2 model=$3 yield=${4:-}
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "kept: $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# run NAME [THRESHOLD [SET]]: the job (tuning_probe --set SET, default a); log NAME.jsonl, report
# NAME.txt, tuning file job.tuning (SET v: v.tuning).
run() {
  name=$1 set=${3:-a} tuning=job.tuning
  [ "$set" = v ] && tuning=v.tuning
  "$mpiexec" -genv COLLSEL_MODEL "$model" -genv COLLSEL_PLACEMENT model -genv COLLSEL_TUNING "$tmp/$tuning" \
    -genv COLLSEL_LOG "$tmp/$name.jsonl" -genv COLLSEL_REPORT "$tmp/$name.txt" -genv COLLSEL_VERIFY_CANDIDATES 3 \
    -genv COLLSEL_VERIFY_CALLS 1 -genv COLLSEL_VERIFY_MAX_CALLS 2 -genv COLLSEL_AUDIT_CALLS 2 \
    -genv COLLSEL_VERIFY_BUDGET_TIME 0 -genv COLLSEL_DRIFT_EVERY 2 -genv COLLSEL_DRIFT_WINDOW 8 \
    -genv COLLSEL_DRIFT_THRESHOLD "${2:-100}" -genv COLLSEL_V_NATIVE_RECHECK 3 ${yield:+-genv LD_PRELOAD "$yield"} \
    -n 1 "$probe" --set "$set" --calls 300 : -n 1 -env COLLSEL_TEST_DRIFT_DELAY 10@40 "$probe" --set "$set" --calls 300 : \
    -n 2 "$probe" --set "$set" --calls 300 >"$tmp/out.$1" 2>&1 ||
    { cat "$tmp/out.$1"; fail "run $name: the job failed (wrong result, ranks disagreeing, or an error)"; }
}
# records KIND OP LOG: the log's records of that kind for that op
records() { grep "\"kind\": \"$1\"" "$tmp/$3" | grep "\"op\": \"$2\""; }
field() { sed -n "s/.*\"$1\": \"\\([^\"]*\\)\".*/\\1/p"; }
verdict_in_file() { awk -v op="$1" '$6 == op { v = $12 } END { print v }' "$tmp/${2:-job.tuning}"; }

# check NAME TUNING OP...: each OP drifted and was verified again to another verdict, which the file holds.
check() {
  name=$1 tuning=$2
  shift 2
  for op in "$@"; do
    n=$(records drift $op "$name.jsonl" | wc -l)
    [ "$n" -ge 1 ] && [ "$n" -le 2 ] || { cat "$tmp/$name.jsonl"; fail "run $name: $n drift records for $op, expected 1 or 2"; }
    hook='"window_us": [0-9]{7,}\.'
    drifted=$(records drift $op "$name.jsonl" | grep -E "$hook" | head -1 | field algorithm)
    [ -n "$drifted" ] || { cat "$tmp/$name.jsonl"; fail "run $name: no drift of $op by the test hook"; }
    # The records after the hook's drift: its verification, whose verdict is not the slowed algorithm.
    after=$(sed -n "/\"kind\": \"drift\".*\"op\": \"$op\".*\"window_us\": [0-9]\{7,\}\./,\$p" "$tmp/$name.jsonl" |
            grep '"kind": "verify"' | grep "\"op\": \"$op\"" | head -1 | field verdict)
    [ -n "$after" ] || { cat "$tmp/$name.jsonl"; fail "run $name: $op drifted but was not verified again"; }
    [ "$after" != "$drifted" ] || { cat "$tmp/$name.jsonl"; fail "run $name: $op verified again kept the slowed $drifted"; }
    inf=$(verdict_in_file $op "$tuning")
    [ -n "$inf" ] && [ "$inf" != "$drifted" ] ||
      { cat "$tmp/$tuning"; fail "run $name: the tuning file's $op verdict is '$inf', the slowed algorithm $drifted"; }
    eval "drifted_$op=\$drifted"
  done
  grep -Eq "^drift \(frozen shapes sampled\): [0-9]+ re-verifications" "$tmp/$name.txt" ||
    { cat "$tmp/$name.txt"; fail "run $name: the report has no drift line with the re-verifications"; }
  total=$(grep -c '"kind": "drift"' "$tmp/$name.jsonl")
  grep -q "^drift (frozen shapes sampled): $total re-verifications" "$tmp/$name.txt" ||
    { cat "$tmp/$name.txt"; fail "run $name: the report does not count the log's $total drift records"; }
}

# 1. learn, with a drift on each monitored shape
run first
check first job.tuning bcast reduce scatterv
first_bcast=$(verdict_in_file bcast) first_reduce=$(verdict_in_file reduce) first_scatterv=$(verdict_in_file scatterv)

# 2. the file's verdicts start frozen, drift, and are replaced in the file
run second
for op in bcast reduce scatterv; do
  [ "$(records tuned $op second.jsonl | wc -l)" -eq 1 ] || { cat "$tmp/second.jsonl"; fail "second run: $op not tuned"; }
done
check second job.tuning bcast reduce scatterv
[ "$drifted_bcast" = "$first_bcast" ] && [ "$drifted_reduce" = "$first_reduce" ] &&
  [ "$drifted_scatterv" = "$first_scatterv" ] ||
  fail "second run: the drifted algorithms ($drifted_bcast, $drifted_reduce, $drifted_scatterv) are not the file's ($first_bcast, $first_reduce, $first_scatterv)"

# 3. scatterv and gatherv whose counts change from call to call
run vary 100 v
check vary v.tuning scatterv gatherv

# 4. off
run off 0
[ "$(grep -c '"kind": "drift"' "$tmp/off.jsonl")" -eq 0 ] || { cat "$tmp/off.jsonl"; fail "drift records with the threshold 0"; }
grep -q "^drift " "$tmp/off.txt" && { cat "$tmp/off.txt"; fail "a drift line in the report with drift off"; }
echo "drift_test: all checks passed"
