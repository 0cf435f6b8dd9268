#!/bin/sh
# unknown_hosts_test.sh MPIEXEC LIBCOLLSEL APP DATA_DIR WORK_DIR   (test `shim_unknown_hosts`, docs/batch.md)
# A job on a host the model does not name (here: the test machine, under a model of far*.invalid):
#   1. with host classes the host is placed in a class: one warning naming it and the class, the
#      log's "unknown_host" record and the report's line say so, and the calls are predicted (no
#      "does not cover" fallback, predicted_us >= 0);
#   2. without classes: one warning naming the host and saying its communicators run native, and
#      the report says so.
set -eu
mpiexec=$1 lib=$2 app=$3 data=$4 work=$5
mkdir -p "$work"
host=$(hostname)
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$lib")
fail() { echo "shim_unknown_hosts: FAIL: $*" >&2; exit 1; }
log=$work/unknown-hosts-log.jsonl
out=$work/unknown-hosts-run.txt

# 1. With classes.
rm -f "$log"
"$mpiexec" -n 4 env LD_PRELOAD="$preload" COLLSEL_MODEL="$data/far-classes-4.toml" COLLSEL_LOG="$log" \
  COLLSEL_REPORT=stderr "$app" >"$out" 2>&1 || { cat "$out"; fail "the run with classes failed"; }
cat "$out"
[ "$(grep -c 'not in the model.s cluster' "$out")" -eq 1 ] || fail "expected one warning about the unknown host"
grep -q "not in the model's cluster, placed in the host class .*: host class 0: $host\$" "$out" ||
  fail "the warning does not name $host and class 0"
grep -q 'does not cover this communicator' "$out" && fail "a communicator fell back to native"
grep -q "^hosts not in the model, placed in a host class: host class 0: $host\$" "$out" || fail "the report does not list $host"
grep -q '^collsel [0-9][0-9.]*, MPI library: .' "$out" || fail "the report does not name collsel's version and the MPI library"
test -s "$log" || fail "no log"
head -n 1 "$log" | grep -q '^{"kind": "job", "collsel_version": "[0-9.]*", "mpi_library": "..*", "world_size": 4}$' ||
  fail "the log's first line is not the job record: $(head -n 1 "$log")"
grep -q "^{\"kind\": \"unknown_host\", \"host\": \"$host\", \"host_class\": 0}\$" "$log" || fail "no unknown_host record for $host"
# (A scatterv/gatherv call held native without the root's header has no shape to predict.)
grep '"kind": "summary"' "$log" | grep -v 'held without the header' | grep -q '"predicted_us": -' &&
  fail "a call without a prediction: the model was not used"
grep '"kind": "summary"' "$log" >/dev/null || fail "no summary record"

# 2. Without classes: the same model with its classes removed.
sed '/^host_class/d' "$data/far-classes-4.toml" >"$work/far-noclasses-4.toml"
"$mpiexec" -n 4 env LD_PRELOAD="$preload" COLLSEL_MODEL="$work/far-noclasses-4.toml" COLLSEL_REPORT=stderr \
  "$app" >"$out" 2>&1 || { cat "$out"; fail "the run without classes failed"; }
cat "$out"
[ "$(grep -c "not in the model's cluster, which has no host classes to place them in: $host; communicators with ranks there run native" "$out")" -eq 1 ] ||
  fail "expected one warning naming $host and saying its communicators run native"
grep -q "^hosts not in the model (no host classes; communicators with ranks there ran native): $host\$" "$out" ||
  fail "the report does not list $host"
echo "shim_unknown_hosts: PASS"
