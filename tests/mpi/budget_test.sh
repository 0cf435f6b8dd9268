#!/bin/sh
# What a shape's exploration may spend (docs/shim.md, "What exploration costs"): a job repeating
# four call shapes (collsel_mpi_budget, every result checked) under a model whose [validation]
# says how far it can be trusted.
#   sure:   error 0.1 %: at reduce, scatter and gather the model's choice leads every other
#           candidate by more, so the log shows no verification and no audit, and one algorithm
#           per shape for all its calls; at bcast the model prices binomial (native's twin),
#           pipelined_tree and bbs alike (collsel-predict), a tie it cannot settle: they are
#           verified, and chain and flat, predicted 28 % and more slower, are not;
#   unsure: error 1000 %: every candidate is in doubt; each shape is verified, and its verification
#           and audit together make at most verify_budget_calls calls (the default 64, then 10; the
#           budget in time is off here, tests/unit/exploration_test.cpp tests it).
# Usage: budget_test.sh MPIEXEC PROCS PROGRAM MODEL YIELD
set -u
mpiexec=$1 procs=$2 program=$3 model=$4 yield=$5
ops=bcast,reduce,scatter,gather
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The model with a [validation] of the given error for its default kind (lmo without [validation]).
with_error() {
  cat "$model"
  printf '\n[validation]\npoints = 8\nmedian_error = { lmo = %s }\nbias = { lmo = 1.0 }\npreferred = "lmo"\n' "$1"
}
run() {  # run NAME ERROR CALLS [ENV...]
  name=$1 error=$2 calls=$3
  shift 3
  with_error "$error" >"$tmp/$name.toml"
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

run sure 0.001 30
if grep '"kind": "verify"\|"kind": "audit"' "$tmp/sure.jsonl" | grep -v '"op": "bcast",'; then
  fail "sure: the model's choice leads by more than its error, yet a shape was explored"
fi
grep '"kind": "verify"' "$tmp/sure.jsonl" | grep '"op": "bcast",' >"$tmp/bcast" || fail "sure: bcast's tie was not verified"
if grep -q '"algorithm": "chain"\|"algorithm": "flat"' "$tmp/bcast"; then
  cat "$tmp/bcast"
  fail "sure: bcast verified candidates predicted well beyond the model's error"
fi
echo "ok: sure: bcast: the tie verified ($(calls_of sure verify bcast) calls), chain and flat not tried"
for op in reduce scatter gather; do
  grep '"kind": "summary"' "$tmp/sure.jsonl" | grep "\"op\": \"$op\"," >"$tmp/rows"
  [ "$(wc -l <"$tmp/rows")" -eq 1 ] || { cat "$tmp/rows"; fail "sure: $op ran more than one algorithm"; }
  grep -q "\"calls\": $calls," "$tmp/rows" || { cat "$tmp/rows"; fail "sure: $op: not all $calls calls in one row"; }
  echo "ok: sure: $op: $calls calls, 0 exploring ($(sed -n 's/.*"algorithm": "\([a-z_0-9]*\)".*/\1/p' "$tmp/rows"))"
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
