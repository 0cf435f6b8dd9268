#!/bin/sh
# The cross-product through the audit of each verdict (docs/shim.md, "The audit of a verdict"):
# with blocks of 2 calls and verification of 3 candidates in at most 2 rounds, 12 auto calls in a
# row per case take most shapes through their verification and the whole audit, every call's
# result checked by collsel_mpi_crossproduct (no budget in time: every block counted must run). The verdicts do not depend on real timing: the test
# hooks (docs/testing.md) add seconds to the measured times — verification measures every option
# but native 1 s slower, so native is every verdict, and two runs differ in the audit's blocks:
#   moved: native's block 2 s slower: a challenger's block wins, every audit moves its verdict;
#   kept:  native's block 2 s slower, every other option's 3 s: challengers' blocks run and lose,
#          every audit keeps native.
# The log must show audits of every op given (those with native among their options: where native
# is known broken it is no option), moved in the first run and kept after challengers'
# blocks in the second, or the audit's calls were not what this test checked.
# Usage: audit_crossproduct_test.sh MPIEXEC PROCS CROSSPRODUCT MODEL YIELD OPS [CROSSPRODUCT ARGS...]
set -u
mpiexec=$1 procs=$2 crossproduct=$3 model=$4 yield=$5 ops=$6
shift 6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for run in moved kept; do
  case $run in
    moved) audit_delay="native=2" ;;
    kept) audit_delay="*=3,native=2" ;;
  esac
  env COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=1 \
    COLLSEL_VERIFY_MAX_CALLS=2 COLLSEL_AUDIT_CALLS=2 COLLSEL_VERIFY_BUDGET_TIME=0 COLLSEL_LOG="$tmp/log.jsonl" LD_PRELOAD="$yield" \
    COLLSEL_TEST_VERIFY_DELAY="*=1,native=0" COLLSEL_TEST_AUDIT_DELAY="$audit_delay" \
    "$mpiexec" -n "$procs" "$crossproduct" --ops "$ops" --algorithms auto --auto-repeats 12 "$@" >"$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "$run: the cross-product failed"; }
  grep "case-rank checks" "$tmp/out"
  grep '"kind": "audit"' "$tmp/log.jsonl" >"$tmp/audits" || fail "$run: no audit was logged"
  for op in $(echo "$ops" | tr ',' ' '); do
    # Shapes where native is known broken (native_defects.hpp) verify and audit without it.
    grep "\"op\": \"$op\"," "$tmp/audits" | grep '"algorithm": "native"' >"$tmp/op" ||
      fail "$run: $op: no audit with native among the options was logged"
    n=$(wc -l <"$tmp/op")
    # "calls": C, "block_calls": B, ... "verified": "A", ... "verdict": "V": blocks C / B.
    sed -n 's/.*"calls": \([0-9]*\),.*"block_calls": \([0-9]*\),.*"verified": "\([a-z_0-9]*\)".*"verdict": "\([a-z_0-9]*\)".*/\1 \2 \3 \4/p' \
      "$tmp/op" >"$tmp/fields"
    [ "$(wc -l <"$tmp/fields")" -eq "$n" ] || { cat "$tmp/op"; fail "$run: $op: unreadable audit records"; }
    [ "$(awk '$3 != "native"' "$tmp/fields" | wc -l)" -eq 0 ] || fail "$run: $op: a verification kept another than native"
    moved=$(awk '$3 != $4' "$tmp/fields" | wc -l)
    challenged=$(awk '$1 > $2' "$tmp/fields" | wc -l)
    [ "$challenged" -eq "$n" ] || fail "$run: $op: $((n - challenged)) of $n audits ran no challenger's block"
    case $run in
      moved) [ "$moved" -eq "$n" ] || fail "$run: $op: $((n - moved)) of $n audits kept native, whose blocks were slower" ;;
      kept) [ "$moved" -eq 0 ] || fail "$run: $op: $moved of $n audits moved to a challenger whose blocks were slower" ;;
    esac
    echo "ok: $run: $op: $n audits, $moved moved the verdict, every result correct"
  done
  rm -f "$tmp/log.jsonl"
done
