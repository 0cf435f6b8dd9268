#!/bin/sh
# A verification retires a clear loser (docs/design/0022): native's calls are made to count 1 s
# more than every other candidate's on every rank (COLLSEL_TEST_VERIFY_DELAY: added to the
# measured time, not slept), the others' 0.1 s, so that native loses clearly at the first agreement
# while the others, alike but for the machine's noise, may go on. In bcast's, scatter's and
# gatherv's verification (gatherv: the root judges, the other ranks follow its header and retire
# alike) native's calls end at that agreement (calls_us of verify_calls calls, retired_after_round)
# and no later call runs native (its summary row counts verify_calls calls, the audit off); every
# other candidate has a call in every round up to its retirement, if the noise retired it. Every
# result is checked on every call, every rank freezes the same algorithm (collsel_mpi_verify
# --expect same).
# Usage: retire_test.sh MPIEXEC PROCS collsel_mpi_verify MODEL YIELD
set -u
mpiexec=$1 procs=$2 program=$3 model=$4 yield=$5
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
env COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=2 \
  COLLSEL_VERIFY_MAX_CALLS=6 COLLSEL_VERIFY_BUDGET_TIME=0 COLLSEL_AUDIT_CALLS=0 COLLSEL_DRIFT_THRESHOLD=0 \
  COLLSEL_TEST_VERIFY_DELAY="*=0.1,native=1" COLLSEL_LOG="$tmp/log.jsonl" COLLSEL_REPORT=off LD_PRELOAD="$yield" \
  "$mpiexec" -n "$procs" "$program" --expect same >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "the job failed"; }
grep -q "passed, 0 failed" "$tmp/out" || { cat "$tmp/out"; fail "collsel_mpi_verify failed"; }
python3 - "$tmp/log.jsonl" <<'PY' || exit 1
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
went_on = 0
for op in ("bcast", "scatter", "gatherv"):
    verifies = [d for d in lines if d.get("kind") == "verify" and d["op"] == op]
    if len(verifies) != 1:
        sys.exit("FAIL: %s: %d verification records, expected 1" % (op, len(verifies)))
    v = verifies[0]
    by_name = {c["algorithm"]: c for c in v["candidates"]}
    if "native" not in by_name or len(by_name) < 2:
        sys.exit("FAIL: %s: native and another candidate were not verified: %s" % (op, sorted(by_name)))
    native = by_name["native"]
    if native.get("retired_after_round") != 2 or len(native["calls_us"]) != 2:
        sys.exit("FAIL: %s: native not retired after the first agreement (round 2): %s" % (op, native))
    if v["verdict"] == "native":
        sys.exit("FAIL: %s: the clear loser is the verdict" % op)
    rounds = v["calls"] // len(by_name)
    for name, c in by_name.items():
        if name != "native" and len(c["calls_us"]) != c.get("retired_after_round", rounds):
            sys.exit("FAIL: %s: %s has %d calls of %d rounds (retired after %s)" % (
                op, name, len(c["calls_us"]), rounds, c.get("retired_after_round", "none")))
    ran = sum(d["calls"] for d in lines if d.get("kind") == "summary" and d["op"] == op and d["algorithm"] == "native")
    if ran != 2:
        sys.exit("FAIL: %s: native ran %d calls, expected its 2 before it retired (%d rounds)" % (op, ran, rounds))
    went_on += rounds > 2
    print("ok: %s: native retired after round 2 of %d, verdict %s" % (op, rounds, v["verdict"]))
print("PASS (%d of 3 verifications went on after native retired)" % went_on)
PY
