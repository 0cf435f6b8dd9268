#!/bin/sh
# The tuning file (docs/tuning.md), on 4 ranks with verification and audit kept short:
# 1. A first run verifies its shapes and writes their verdicts; a second run with the file visible
#    to world rank 0 only (a relative path, the other ranks in a directory without it) verifies
#    and audits nothing, every shape is "tuned", and every rank ran the same algorithm
#    (tuning_probe compares them after every shape); its end-of-job report names the file with
#    its 3 entries and shows 0 exploration calls; collsel-predict --tuning lists the entries.
# 2. Another model file, library version, setting or placement of ranks: verification again.
# 3. Corrupt, truncated and foreign files: one warning, correct results; a foreign file is left as
#    is; strict mode aborts on a corrupt one.
# 4. Two jobs with different shapes writing one file at once: both jobs' entries are kept.
# 5. A job that ends before its audits do keeps its verification's verdicts; the next job audits
#    them without verifying (scatterv, whose audit the root announces during verification,
#    verifies again), and the one after runs every shape frozen.
# Usage: tuning_test.sh MPIEXEC PROBE MODEL PREDICT [YIELD]
set -u
# The settings reach the ranks through the launcher's environment: every launcher passes its own
# environment to the ranks it starts on this host (hydra's default -genvall; Open MPI's mpirun), so
# the test runs under either MPI library.
mpiexec=$1 probe=$2 model=$3 predict=$4 yield=${5:-}
preload=${yield:-${LD_PRELOAD:-}}  # the yield aid (MPI-free) goes to the launcher as well
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "kept: $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$tmp/r0" "$tmp/others"
cp "$model" "$tmp/model.toml"

# run DIR_OF_RANK0 LOG [VAR=VALUE ...] [-- PROBE ARGS]: 4 ranks, rank 0 in DIR_OF_RANK0, the others
# in $tmp/others; the tuning file is the relative path job.tuning; VAR=VALUE exported for this run.
run() {
  dir=$1 log=$2
  shift 2
  vars=""
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    export "${1?}"
    vars="$vars ${1%%=*}"
    shift
  done
  [ $# -gt 0 ] && shift
  COLLSEL_MODEL=$tmp/model.toml COLLSEL_PLACEMENT=model COLLSEL_TUNING=job.tuning COLLSEL_LOG=$tmp/$log \
    COLLSEL_REPORT=${report:-off} COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=1 COLLSEL_VERIFY_MAX_CALLS=2 \
    COLLSEL_AUDIT_CALLS=${COLLSEL_AUDIT_CALLS:-2} LD_PRELOAD=$preload \
    "$mpiexec" -n 1 -wdir "$dir" "$probe" "$@" : -n 3 -wdir "$tmp/others" "$probe" "$@" >"$tmp/out.$log" 2>&1
  rc=$?
  for v in $vars; do unset "$v"; done
  cp "$tmp/out.$log" "$tmp/out"
  [ $rc -eq 0 ] || { cat "$tmp/out"; fail "run $log: the job failed (wrong result, ranks disagreeing, or an error)"; }
}
count() { grep -c "\"kind\": \"$1\"" "$tmp/$2"; }
entries() { grep -vc '^#' "$1" | awk '{ print $1 - 1 }'; }  # lines but the header and comments

# 1. learn, then reuse with the file on rank 0's side only
run "$tmp/r0" first.jsonl
[ -f "$tmp/others/job.tuning" ] && fail "a rank other than world rank 0 wrote the tuning file"
[ "$(count verify first.jsonl)" -ge 3 ] || { cat "$tmp/first.jsonl"; fail "the first run verified fewer than 3 shapes"; }
n=$(entries "$tmp/r0/job.tuning")
[ "$n" -eq 3 ] || { cat "$tmp/r0/job.tuning"; fail "the first run wrote $n entries, expected 3"; }
cp "$tmp/r0/job.tuning" "$tmp/learned.tuning"
report=stderr
run "$tmp/r0" second.jsonl
report=off
[ "$(count verify second.jsonl)" -eq 0 ] && [ "$(count audit second.jsonl)" -eq 0 ] ||
  { cat "$tmp/second.jsonl"; fail "the second run verified or audited a known shape"; }
[ "$(count tuned second.jsonl)" -eq 3 ] || { cat "$tmp/second.jsonl"; fail "the second run did not reuse 3 shapes"; }
grep -q "collsel: warning" "$tmp/out" && { cat "$tmp/out"; fail "a good tuning file was warned about"; }
# The end-of-job report names the file and shows no exploration.
grep -qx "model: $tmp/model.toml; tuning file: job.tuning (3 entries read)" "$tmp/out" ||
  { cat "$tmp/out"; fail "the report does not name the tuning file and its 3 entries"; }
grep -q "^exploration (measured verification and audit): 0 calls, " "$tmp/out" ||
  { cat "$tmp/out"; fail "the report shows exploration in the second run"; }
# Native's time of a known shape is "m" (measured) only where the entry holds native's measured
# time; elsewhere it is the model's prediction, "p".
awk 'FNR == NR { if ($1 !~ /^#/ && NF >= 14) native[$6] = ($14 ~ /(^|,)native:/) ? "m" : "p"; next }
  ($1 in native) && ($10 == "m" || $10 == "p") && $10 != native[$1] { print "row " $0 ": expected " native[$1]; bad = 1 }
  END { exit bad }' "$tmp/r0/job.tuning" "$tmp/out" ||
  { cat "$tmp/r0/job.tuning" "$tmp/out"; fail "the report marks native's time of a known shape wrongly"; }
cmp -s "$tmp/learned.tuning" "$tmp/r0/job.tuning" || fail "a run that learned nothing changed the file"
"$predict" --tuning "$tmp/r0/job.tuning" >"$tmp/listing" || { cat "$tmp/listing"; fail "collsel-predict --tuning failed"; }
[ "$(grep -c "verdict" "$tmp/listing")" -eq 3 ] || { cat "$tmp/listing"; fail "collsel-predict --tuning lists no 3 entries"; }
echo "ok: second run: 0 verification and audit calls, 3 shapes from the file, ranks agree"

# 2. another model file / library / setting / placement: not reused
awk '/^\[hockney\]/ { h = 1 } h && /^alpha = \[/ { a = 1; print; next }
     a && !done { sub(/\[0\.0, [0-9.e+-]+,/, "[0.0, 9.9e-07,"); done = 1 } { print }' "$model" >"$tmp/model.toml"
cmp -s "$model" "$tmp/model.toml" && fail "could not make a second, different model"
run "$tmp/r0" model.jsonl
[ "$(count tuned model.jsonl)" -eq 0 ] && [ "$(count verify model.jsonl)" -ge 3 ] ||
  { cat "$tmp/model.jsonl"; fail "entries of another model file were reused"; }
grep -q "tuning file job.tuning: 3 of 3 entries were written under another model file" "$tmp/out" ||
  { cat "$tmp/out"; fail "stale entries were not noted"; }
cp "$model" "$tmp/model.toml"
cp "$tmp/learned.tuning" "$tmp/r0/job.tuning"
run "$tmp/r0" library.jsonl COLLSEL_TEST_LIBRARY_VERSION="MPICH Version: 4.9.9 (tuning test)"
[ "$(count tuned library.jsonl)" -eq 0 ] || { cat "$tmp/library.jsonl"; fail "entries of another MPI library were reused"; }
cp "$tmp/learned.tuning" "$tmp/r0/job.tuning"
run "$tmp/r0" setting.jsonl COLLSEL_BCAST_MARGIN=0.07
[ "$(count tuned setting.jsonl)" -eq 2 ] && [ "$(grep '"kind": "verify"' "$tmp/setting.jsonl" | grep -c '"op": "bcast"')" -eq 1 ] ||
  { cat "$tmp/setting.jsonl"; fail "another bcast margin: bcast should verify again, the other 2 shapes not"; }
cp "$tmp/learned.tuning" "$tmp/r0/job.tuning"
run "$tmp/r0" placement.jsonl -- --reverse
[ "$(count tuned placement.jsonl)" -eq 0 ] ||
  { cat "$tmp/placement.jsonl"; fail "entries of another placement of ranks were reused"; }
echo "ok: another model file, library, setting or placement: verified again"

# 3. corrupt, truncated, foreign
cp "$tmp/learned.tuning" "$tmp/r0/job.tuning"
sed -i '3s/ bcast / bcasts /' "$tmp/r0/job.tuning"
run "$tmp/r0" corrupt.jsonl
[ "$(grep -c "warning: job.tuning:3: unknown op 'bcasts'" "$tmp/out")" -eq 1 ] ||
  { cat "$tmp/out"; fail "a corrupt line was not warned about once, with file and line"; }
[ "$(count tuned corrupt.jsonl)" -eq 2 ] || { cat "$tmp/corrupt.jsonl"; fail "the good entries of a corrupt file were not used"; }
# (that run merged a new bcast verdict, dropping the corrupt line: corrupt it again)
cp "$tmp/learned.tuning" "$tmp/r0/job.tuning"
sed -i '3s/ bcast / bcasts /' "$tmp/r0/job.tuning"
COLLSEL_MODEL=$tmp/model.toml COLLSEL_PLACEMENT=model COLLSEL_TUNING=job.tuning COLLSEL_STRICT=1 COLLSEL_REPORT=off \
  LD_PRELOAD=$preload "$mpiexec" -n 4 -wdir "$tmp/r0" "$probe" >"$tmp/out" 2>&1 && { cat "$tmp/out"; fail "strict mode ran with a corrupt tuning file"; }
grep -q "strict mode.*job.tuning:3: unknown op 'bcasts'.*; aborting the job" "$tmp/out" ||
  { cat "$tmp/out"; fail "strict mode aborted without the reason"; }
head -c -9 "$tmp/learned.tuning" >"$tmp/r0/job.tuning"
run "$tmp/r0" truncated.jsonl
grep -q "warning: job.tuning:5: truncated" "$tmp/out" || { cat "$tmp/out"; fail "a truncated file was not warned about"; }
printf 'something else\n' >"$tmp/r0/job.tuning"
run "$tmp/r0" foreign.jsonl
grep -q "warning: job.tuning:1: not a collsel tuning file" "$tmp/out" || { cat "$tmp/out"; fail "a foreign file was not warned about"; }
[ "$(cat "$tmp/r0/job.tuning")" = "something else" ] || fail "a foreign file was overwritten"
"$predict" --tuning "$tmp/r0/job.tuning" >"$tmp/listing" 2>&1
[ $? -eq 2 ] && grep -q "not a collsel tuning file" "$tmp/listing" ||
  { cat "$tmp/listing"; fail "collsel-predict --tuning on a foreign file: expected exit 2 and the reason"; }
echo "ok: corrupt, truncated and foreign files warned about, results correct"

# 4. two jobs at once, different shapes, one file
rm -f "$tmp/r0/job.tuning"
mkdir "$tmp/r1" "$tmp/others1"
( run "$tmp/r0" para_a.jsonl -- --set a ) &
pid_a=$!
COLLSEL_MODEL=$tmp/model.toml COLLSEL_PLACEMENT=model COLLSEL_TUNING=$tmp/r0/job.tuning COLLSEL_REPORT=off \
  COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=1 COLLSEL_VERIFY_MAX_CALLS=2 COLLSEL_AUDIT_CALLS=2 \
  LD_PRELOAD=$preload "$mpiexec" -n 4 "$probe" --set b >"$tmp/out_b" 2>&1 || { cat "$tmp/out_b"; fail "the second concurrent job failed"; }
wait $pid_a || fail "the first concurrent job failed"
n=$(entries "$tmp/r0/job.tuning")
[ "$n" -eq 6 ] || { cat "$tmp/r0/job.tuning"; fail "two jobs writing at once kept $n entries, expected 6"; }
for op in bcast reduce scatterv scatter gather; do
  grep -q " $op " "$tmp/r0/job.tuning" || { cat "$tmp/r0/job.tuning"; fail "no $op entry after two concurrent jobs"; }
done
echo "ok: two jobs writing one file at once: both kept"

# 5. audits resumed across jobs
rm -f "$tmp/r0/job.tuning"
run "$tmp/r0" short.jsonl COLLSEL_AUDIT_CALLS=8 -- --calls 7
n=$(awk '!/^#/ && NR > 1 && $15 == "-"' "$tmp/r0/job.tuning" | wc -l)
[ "$n" -eq 3 ] || { cat "$tmp/r0/job.tuning"; fail "a job ending mid-audit kept $n unaudited verdicts, expected 3"; }
run "$tmp/r0" resume.jsonl COLLSEL_AUDIT_CALLS=8
[ "$(count verify resume.jsonl)" -eq 1 ] && [ "$(grep -c '"audit": "resumed"' "$tmp/resume.jsonl")" -eq 2 ] &&
  [ "$(count audit resume.jsonl)" -eq 3 ] ||
  { cat "$tmp/resume.jsonl"; fail "unaudited verdicts: expected 2 audits resumed without verification, scatterv verified"; }
n=$(awk '!/^#/ && NR > 1 && $15 != "-"' "$tmp/r0/job.tuning" | wc -l)
[ "$n" -eq 3 ] || { cat "$tmp/r0/job.tuning"; fail "after the audits, $n audited entries, expected 3"; }
run "$tmp/r0" frozen.jsonl COLLSEL_AUDIT_CALLS=8
[ "$(count verify frozen.jsonl)" -eq 0 ] && [ "$(count audit frozen.jsonl)" -eq 0 ] &&
  [ "$(count tuned frozen.jsonl)" -eq 3 ] || { cat "$tmp/frozen.jsonl"; fail "audited entries were not all reused"; }
echo "ok: a job ending mid-audit: the next one audits without verifying, the one after runs frozen"
echo PASS
