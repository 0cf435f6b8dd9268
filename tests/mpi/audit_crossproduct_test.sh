#!/bin/sh
# The cross-product through the audit of each verdict (docs/shim.md, "The audit of a verdict"):
# with blocks of 2 calls and verification of 3 candidates in at most 2 rounds, 12 auto calls in a
# row per case take most shapes through their verification and the whole audit, every call's
# result checked by collsel_mpi_crossproduct. The log must show audits of every op given, and
# verdicts that the audit moved (challengers' blocks ran) as well as verdicts it kept, or the
# audit's calls were not what this test checked.
# Usage: audit_crossproduct_test.sh MPIEXEC PROCS CROSSPRODUCT MODEL YIELD OPS [CROSSPRODUCT ARGS...]
set -u
mpiexec=$1 procs=$2 crossproduct=$3 model=$4 yield=$5 ops=$6
shift 6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
env COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=1 \
  COLLSEL_VERIFY_MAX_CALLS=2 COLLSEL_AUDIT_CALLS=2 COLLSEL_LOG="$tmp/log.jsonl" LD_PRELOAD="$yield" \
  "$mpiexec" -n "$procs" "$crossproduct" --ops "$ops" --auto-repeats 12 "$@" >"$tmp/out" 2>&1 ||
  { cat "$tmp/out"; fail "the cross-product failed"; }
grep "case-rank checks" "$tmp/out"
grep '"kind": "audit"' "$tmp/log.jsonl" >"$tmp/audits" || fail "no audit was logged"
for op in $(echo "$ops" | tr ',' ' '); do
  n=$(grep -c "\"op\": \"$op\"," "$tmp/audits")
  [ "$n" -gt 0 ] || fail "$op: no audit was logged"
  # "verified": "A", ... "verdict": "B": moved where A != B.
  moved=$(grep "\"op\": \"$op\"," "$tmp/audits" |
    sed -n 's/.*"verified": "\([a-z_0-9]*\)".*"verdict": "\([a-z_0-9]*\)".*/\1 \2/p' | awk '$1 != $2' | wc -l)
  [ "$moved" -gt 0 ] || fail "$op: $n audits, none moved a verdict (no challenger's block ran)"
  [ "$moved" -lt "$n" ] || fail "$op: every one of $n audits moved its verdict"
  echo "ok: $op: $n audits, $moved moved the verdict, every result correct"
done
