#!/bin/sh
# What a shape's exploration may spend (docs/shim.md, "What exploration costs"): a job repeating
# four call shapes (collsel_mpi_budget, every result checked) under a model whose [validation]
# says how far it can be trusted.
#   sure:   error 0.1 %, the check of the prediction off: a shape is verified only where candidates tie within that error (the model
#           prices a tree and its one-segment pipeline alike, or binomial and bbs at bcast, but
#           pipelined_tree_fine leads them on this model), and then only the tied ones; chain and
#           flat, predicted 28 % and more slower, never are. Scatter and gather have no tie: no
#           verification, no audit, one algorithm for all calls.
#   checked: error 0.1 %, and the choice's first calls (verify_check_calls, 3) measured 1 s slower
#           than they run (a test hook's time, not slept): every prediction checked misses, and
#           the shapes with no tie (scatter, gather) are verified after their third call.
#   missed: error 0.1 %, the check off, verification's calls of collsel's candidates 1 s slower
#           than they run (a test hook), native's not: a verdict verified without native misses its
#           prediction, and native is verified beside it and kept.
#   native: error 0.1 %, native's bcast predicted fastest (its [[native]] times cut tenfold) and
#           its checked calls 1 s slower (a test hook): native's prediction is checked too, misses,
#           and a verification keeps another algorithm.
#   held:   error 0.1 %, the check holds (a test hook); then a test hook slows the frozen choice by 10 s: it
#           drifts and its check's candidates are verified (a checked choice is watched too).
#   vheld:  error 0.1 %, native's scatterv and gatherv predicted fastest (their [[native]] times
#           cut tenfold), the check holds (a test hook): the first call's header names the check's
#           three calls, the other two go without it, and the next header holds native on
#           (v_native_recheck): 10 calls, 2 with the header.
#   vmissed: the same, native's checked calls 1 s slower (a test hook): the check misses after
#           its two held calls, and a verification (with the header) keeps another algorithm,
#           whose audit then runs its block (with the header) and native's, whose calls after
#           the first are held (decision record 0047): of 30 calls 23 take the header (the
#           check's first, 6 verifying, 15 auditing the verdict, native's block's first), 7 are
#           held (the check's 2, native's block's 5 within the job).
#   unsure: error 1000 %: every candidate is in doubt; each shape is verified, and its verification
#           and audit together make at most verify_budget_calls calls (the default 64, then 10; the
#           budget in time is off here, tests/unit/exploration_test.cpp tests it).
# Usage: budget_test.sh MPIEXEC PROCS PROGRAM MODEL YIELD
set -u
mpiexec=$1 procs=$2 program=$3 model=$4 yield=$5
ops=bcast,reduce,scatter,gather,scatterv,gatherv
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The model with a [validation] of the given error for its default kind (lmo without [validation]).
with_error() {
  cat "$model"
  printf '\n[validation]\npoints = 8\nmedian_error = { lmo = %s }\nbias = { lmo = 1.0 }\npreferred = "lmo"\n' "$1"
}
run() {  # run NAME ERROR CALLS [ENV...] (NATIVE_FAST="OP ...": native's OPs on 4 ranks measured 10x faster than any tree)
  name=$1 error=$2 calls=$3
  shift 3
  if [ -n "${NATIVE_FAST:-}" ]; then
    with_error "$error" | awk -v fast=" $NATIVE_FAST " '/^op = "/ { o = $3; gsub(/"/, "", o); b = index(fast, " " o " ") > 0 }
      /^procs = / { p = (b && $3 == 4) }
      /^seconds = / && p { print "seconds = [1e-06, 1e-06, 1e-06, 1e-05, 4e-05, 1.6e-04]"; b = p = 0; next } { print }' >"$tmp/$name.toml"
  else
    with_error "$error" >"$tmp/$name.toml"
  fi
  rm -f "$tmp/$name.jsonl"
  env COLLSEL_MODEL="$tmp/$name.toml" COLLSEL_PLACEMENT=model COLLSEL_LOG="$tmp/$name.jsonl" COLLSEL_REPORT=off \
    LD_PRELOAD="$yield" "$@" "$mpiexec" -n "$procs" "$program" --ops $ops --bytes 65536 --calls $calls \
    >"$tmp/$name.out" 2>&1 || { cat "$tmp/$name.out"; fail "$name: the job failed"; }
  [ -s "$tmp/$name.jsonl" ] || fail "$name: no log written"
}
# The calls of one op's records of a kind (verify, audit), summed.
calls_of() {
  grep "\"kind\": \"$2\"" "$tmp/$1.jsonl" | grep "\"op\": \"$3\"," |
    sed -n 's/.*"calls": \([0-9]*\).*/\1/p' | awk '{ s += $1 } END { print s + 0 }'
}

run sure 0.001 30 COLLSEL_VERIFY_CHECK_CALLS=0
# Every verification record's candidates, predicted within the error of each other (0.01 us: the
# log's rounding); not native, which takes the place of its twin (binomial, the library's own
# algorithm here) with the prediction of its measured correction.
grep '"kind": "verify"\|"kind": "audit"' "$tmp/sure.jsonl" >"$tmp/explored" || true
while IFS= read -r record; do
  [ -n "$record" ] || continue
  echo "$record" | sed 's/{"algorithm": "native", "predicted_us": [0-9.e+-]*//' |
    grep -o '"predicted_us": [0-9.e+-]*' | sed 's/.*: //' |
    awk '{ if (NR == 1 || $1 < lo) lo = $1; if ($1 > hi) hi = $1 }
         END { exit !(NR == 0 || hi <= lo * 1.001 + 0.01) }' ||
    { echo "$record"; fail "sure: a shape verified candidates predicted beyond the model's error of each other"; }
done <<EOF
$(grep '"kind": "verify"' "$tmp/explored")
EOF
for op in $(echo $ops | tr ',' ' '); do
  if grep -q "\"op\": \"$op\"," "$tmp/explored"; then
    echo "ok: sure: $op: a tie verified ($(calls_of sure verify $op) calls, $(grep "\"op\": \"$op\"," "$tmp/explored" |
      grep -o '"algorithm": "[a-z_0-9]*"' | sed 's/.*: "\(.*\)"/\1/' | sort -u | tr '\n' ' ')tied)"
    continue
  fi
  grep '"kind": "summary"' "$tmp/sure.jsonl" | grep "\"op\": \"$op\"," >"$tmp/rows"
  [ "$(wc -l <"$tmp/rows")" -eq 1 ] || { cat "$tmp/rows"; fail "sure: $op ran more than one algorithm"; }
  grep -q "\"calls\": $calls," "$tmp/rows" || { cat "$tmp/rows"; fail "sure: $op: not all $calls calls in one row"; }
  echo "ok: sure: $op: $calls calls, 0 exploring ($(sed -n 's/.*"algorithm": "\([a-z_0-9]*\)".*/\1/p' "$tmp/rows"))"
done
for op in scatter gather scatterv gatherv; do
  if grep -q "\"op\": \"$op\"," "$tmp/explored"; then fail "sure: $op has no tie, yet it was explored"; fi
done
if grep -q '"algorithm": "chain"\|"algorithm": "flat"' "$tmp/explored"; then
  fail "sure: verified candidates predicted well beyond the model's error"
fi

run checked 0.001 30 COLLSEL_TEST_VERIFY_DELAY='*=1'
for op in scatter gather scatterv gatherv; do
  grep '"kind": "check"' "$tmp/checked.jsonl" | grep "\"op\": \"$op\"," >"$tmp/check" ||
    fail "checked: $op: no check of its prediction logged"
  grep -q '"missed": true' "$tmp/check" || { cat "$tmp/check"; fail "checked: $op: a prediction 1 s short was not missed"; }
  verifying=$(sed -n 's/.*"verifying": \([0-9]*\).*/\1/p' "$tmp/check")
  [ "${verifying:-0}" -ge 2 ] || { cat "$tmp/check"; fail "checked: $op: the missed prediction started no verification"; }
  [ "$(calls_of checked verify $op)" -gt 0 ] || fail "checked: $op: no verification record after the missed check"
  echo "ok: checked: $op: the prediction missed after 3 calls, $verifying candidates verified ($(calls_of checked verify $op) calls)"
done

# missed: error 0.1 %, the check off, and every verification call of collsel's candidates 1 s
# slower than it runs (a test hook), native's not: where a tie was verified without native (its
# predicted lead beyond doubt), the verdict misses its prediction, and the verdict and native are
# verified again; native, 1 s faster, is kept (decision record 0039). Without the fine pipeline,
# which leads alone, binomial and pipelined_tree tie at bcast and reduce (bcast's binomial is
# native's twin, so native takes its slot; reduce's is not).
run missed 0.001 40 COLLSEL_VERIFY_CHECK_CALLS=0 COLLSEL_TEST_VERIFY_DELAY='*=1,native=0' \
  COLLSEL_BCAST_EXCLUDE=pipelined_tree_fine COLLSEL_REDUCE_EXCLUDE=pipelined_tree_fine
missed_ops=0
for op in $(echo $ops | tr ',' ' '); do
  grep '"kind": "verify"' "$tmp/missed.jsonl" | grep "\"op\": \"$op\"," >"$tmp/verifies" || continue
  first=$(head -1 "$tmp/verifies")
  if echo "$first" | grep -q '"algorithm": "native"'; then continue; fi
  again=$(grep '"after_miss": true' "$tmp/verifies" | head -1)
  [ -n "$again" ] || { cat "$tmp/verifies"; fail "missed: $op: the verdict missed its prediction by 1 s and native was not verified"; }
  echo "$again" | grep -q '"algorithm": "native"' || { echo "$again"; fail "missed: $op: native is not among the candidates after the miss"; }
  echo "$again" | grep -q '"verdict": "native"' || { echo "$again"; fail "missed: $op: native, 1 s faster, was not kept"; }
  missed_ops=$((missed_ops + 1))
  echo "ok: missed: $op: $(echo "$first" | sed -n 's/.*"verdict": "\([a-z_0-9]*\)".*/\1/p') missed its prediction; native verified beside it and kept"
done
[ "$missed_ops" -gt 0 ] || { cat "$tmp/missed.jsonl"; fail "missed: no shape verified a tie without native"; }

# native: error 0.1 %, native's bcast predicted at 10 us (its [[native]] times cut tenfold): the
# model chooses native, nothing is in doubt, and native's first calls are checked like any choice's
# (decision record 0040); 1 s added to native's calls (a test hook) misses the prediction, the
# candidates are verified, and one of them is kept.
NATIVE_FAST=bcast run native 0.001 40 COLLSEL_TEST_VERIFY_DELAY='native=1'
grep '"kind": "check"' "$tmp/native.jsonl" | grep '"op": "bcast",' >"$tmp/check" || { cat "$tmp/native.jsonl"; fail "native: bcast: no check logged"; }
grep -q '"algorithm": "native"' "$tmp/check" || { cat "$tmp/check"; fail "native: bcast: the checked choice is not native"; }
grep -q '"missed": true' "$tmp/check" || { cat "$tmp/check"; fail "native: bcast: native's prediction 1 s short was not missed"; }
verdict=$(grep '"kind": "verify"' "$tmp/native.jsonl" | grep '"op": "bcast",' | head -1 | sed -n 's/.*"verdict": "\([a-z_0-9]*\)".*/\1/p')
[ -n "$verdict" ] || { cat "$tmp/native.jsonl"; fail "native: bcast: no verification after the missed check"; }
[ "$verdict" != native ] || fail "native: bcast: verification kept native, 1 s slower"
echo "ok: native: bcast: native's prediction missed after 3 calls, verified: $verdict"

# held: the check holds (a test hook: this machine runs slower than the model), the choice is
# frozen and its calls sampled (every 2nd, windows of 4); after 12 frozen calls the test hook makes the frozen algorithm 1 s slower: a drift, after
# which the check's candidates are verified as if the choice had been predicted at the drifted
# window, and another one wins. 200 calls: on a loaded machine the agreements cost more than 1 %
# of the calls they watch and the sampling interval doubles (drift.hpp, next_drift_every).
run held 0.001 200 COLLSEL_TEST_CHECK_HOLDS=1 COLLSEL_TEST_DRIFT_DELAY=10@12 COLLSEL_DRIFT_EVERY=2 COLLSEL_DRIFT_WINDOW=4 COLLSEL_DRIFT_THRESHOLD=100
for op in scatter gather scatterv gatherv; do
  grep '"kind": "check"' "$tmp/held.jsonl" | grep "\"op\": \"$op\"," >"$tmp/check" || fail "held: $op: no check logged"
  grep -q '"missed": false' "$tmp/check" || { cat "$tmp/check"; fail "held: $op: the check missed although the hook holds it"; }
  drift=$(grep '"kind": "drift"' "$tmp/held.jsonl" | grep "\"op\": \"$op\"," | grep -E '"window_us": [0-9]{7,}\.' | head -1)
  [ -n "$drift" ] || { cat "$tmp/held.jsonl"; fail "held: $op: the checked choice slowed by 10 s did not drift"; }
  slowed=$(echo "$drift" | sed -n 's/.*"algorithm": "\([a-z_0-9]*\)".*/\1/p')
  verdict=$(sed -n "/\"kind\": \"drift\".*\"op\": \"$op\",.*\"window_us\": [0-9]\{7,\}\./,\$p" "$tmp/held.jsonl" |
            grep '"kind": "verify"' | grep "\"op\": \"$op\"," | head -1 | sed -n 's/.*"verdict": "\([a-z_0-9]*\)".*/\1/p')
  [ -n "$verdict" ] || { cat "$tmp/held.jsonl"; fail "held: $op: no verification after the drift"; }
  [ "$verdict" != "$slowed" ] || fail "held: $op: the verification after the drift kept the slowed $slowed"
  echo "ok: held: $op: the check held, $slowed drifted, verified again: $verdict"
done

# vheld and vmissed: a native scatterv or gatherv under its check (decision record 0040) holds the
# check's calls after the first without the root's header (decision record 0044).
NATIVE_FAST="scatterv gatherv" run vheld 0.001 10 COLLSEL_TEST_CHECK_HOLDS=1
NATIVE_FAST="scatterv gatherv" run vmissed 0.001 30 COLLSEL_TEST_VERIFY_DELAY='native=1'
for op in scatterv gatherv; do
  grep '"kind": "check"' "$tmp/vheld.jsonl" | grep "\"op\": \"$op\"," >"$tmp/check" || { cat "$tmp/vheld.jsonl"; fail "vheld: $op: no check logged"; }
  grep -q '"algorithm": "native"' "$tmp/check" || { cat "$tmp/check"; fail "vheld: $op: the checked choice is not native"; }
  grep -q '"missed": false' "$tmp/check" || { cat "$tmp/check"; fail "vheld: $op: the check missed although the hook holds it"; }
  grep -q "^budget: $op: 2 calls with the header, 8 held" "$tmp/vheld.out" ||
    { cat "$tmp/vheld.out"; fail "vheld: $op: not the first call's header and the hold's alone"; }
  grep '"kind": "check"' "$tmp/vmissed.jsonl" | grep "\"op\": \"$op\"," >"$tmp/check" || { cat "$tmp/vmissed.jsonl"; fail "vmissed: $op: no check logged"; }
  grep -q '"missed": true' "$tmp/check" || { cat "$tmp/check"; fail "vmissed: $op: native's prediction 1 s short was not missed"; }
  verdict=$(grep '"kind": "verify"' "$tmp/vmissed.jsonl" | grep "\"op\": \"$op\"," | head -1 | sed -n 's/.*"verdict": "\([a-z_0-9]*\)".*/\1/p')
  [ -n "$verdict" ] && [ "$verdict" != native ] || { cat "$tmp/vmissed.jsonl"; fail "vmissed: $op: no verification kept another algorithm"; }
  grep -q "^budget: $op: 23 calls with the header, 7 held" "$tmp/vmissed.out" ||
    { cat "$tmp/vmissed.out"; fail "vmissed: $op: not the check's two calls and native's audit block after its first held"; }
  echo "ok: vheld, vmissed: $op: the check's and native's audit block's calls after the first held without the header; missed, verified: $verdict"
done

for budget in 64 10; do
  # More calls than the budget, so that every exploration ends (and is logged) within the job.
  run unsure$budget 10 $((budget + 6)) COLLSEL_VERIFY_BUDGET_CALLS=$budget COLLSEL_VERIFY_BUDGET_TIME=0
  for op in $(echo $ops | tr ',' ' '); do
    v=$(calls_of unsure$budget verify $op) a=$(calls_of unsure$budget audit $op)
    [ "$v" -gt 0 ] || fail "unsure, budget $budget: $op was not verified although every candidate is in doubt"
    [ $((v + a)) -le "$budget" ] || fail "unsure, budget $budget: $op explored $v + $a calls, over its budget"
    echo "ok: unsure, budget $budget: $op: $v verification calls, $a audit calls"
  done
done
