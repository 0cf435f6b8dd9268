#!/bin/sh
# report_test.sh MPIEXEC LIBCOLLSEL APP DATA_DIR WORK_DIR   (test `shim_report`, docs/shim.md)
# The end-of-job report agrees with the JSON log of the same run, and appears when it should:
#   1. APP on 4 ranks with a model of this host, COLLSEL_LOG and COLLSEL_REPORT=FILE. Every
#      summary record of the log has exactly one report row with the same op, communicator size,
#      root, byte range, calls and algorithm; observed_ms = calls x observed_us / 1000; native_ms
#      and saved_ms follow from the record's native_us (m = measured, p = predicted); the total
#      line sums the rows; every native record's reason is counted in a "native on N shapes" line.
#   2. With a model and no COLLSEL_REPORT (auto) the report is on stderr; COLLSEL_REPORT=off and
#      running without a model print none.
set -eu
mpiexec=$1 lib=$2 app=$3 data=$4 work=$5
mkdir -p "$work"
model=$work/report-model.toml
log=$work/report-log.jsonl
report=$work/report.txt
sed "s/@HOST@/$(hostname)/" "$data/one-host-4.toml.in" >"$model"
rm -f "$log" "$report"
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$lib")
fail() { echo "shim_report: FAIL: $*" >&2; exit 1; }

"$mpiexec" -n 4 env LD_PRELOAD="$preload" COLLSEL_MODEL="$model" COLLSEL_LOG="$log" COLLSEL_REPORT="$report" \
  "$app" >"$work/report-run.txt" 2>&1 || { cat "$work/report-run.txt"; fail "the run failed"; }
test -s "$log" || fail "no log"
test -s "$report" || fail "no report at $report"
cat "$report"
grep -q "end-of-job report" "$work/report-run.txt" && fail "COLLSEL_REPORT=FILE also printed on stderr"

# One line per summary record: op procs root bytes_min bytes_max calls algorithm observed_us
# native_us native_source reason.
awk '
  function field(name,   m) {  # the value of "name": in this JSON line, quotes removed
    if (!match($0, "\"" name "\": (\"[^\"]*\"|[-0-9.]+)")) return ""
    m = substr($0, RSTART + length(name) + 4, RLENGTH - length(name) - 4); gsub(/"/, "", m); return m }
  /"kind": "summary"/ {
    print field("op"), field("comm_size"), field("root"), field("bytes_min"), field("bytes_max"), field("calls"),
      field("algorithm"), field("observed_us"), field("native_us"), field("native_source") "|" field("reason") }
' "$log" >"$work/summary.txt"
records=$(grep -c '"kind": "summary"' "$log")
[ "$(wc -l <"$work/summary.txt")" -eq "$records" ] || { cat "$log"; fail "could not read every summary record of the log"; }
[ "$records" -gt 0 ] || fail "no summary record"

awk -v records="$records" '
  function human(b,   u, units) {
    split("K M G T", units, " "); u = 0
    while (b >= 1024 && b % 1024 == 0 && u < 4) { b /= 1024; u++ }
    return u ? sprintf("%d%s", b, units[u]) : sprintf("%d", b) }
  function range(lo, hi) { return lo == hi ? human(lo) : human(lo) ".." human(hi + 1) }
  function near(a, b) { d = a - b; if (d < 0) d = -d; return d <= 0.002 + 1e-6 * (a < 0 ? -a : a) }
  function bad(msg) { print "shim_report: FAIL: " msg > "/dev/stderr"; failed = 1 }
  FNR == NR {  # the log summary
    split($0, halves, "|"); reason = halves[2]; n = split(halves[1], f, " ")
    key = f[1] " " f[2] " " f[3] " " range(f[4], f[5]) " " f[6] " " f[7]
    want_obs[key] = f[6] * f[8] / 1000; want_nat[key] = f[9]; want_src[key] = f[10]; want_calls[key] = f[6]
    if (f[7] == "native" && reason != "") { want_reason[reason]++; reasons++ }
    next }
  /^op +procs/ { header = 1; next }
  /^total: / { total = $3 + 0; next }
  /^native on [0-9]+ shapes?: / {
    count = $3 + 0; line = $0; sub(/^native on [0-9]+ shapes?: /, "", line)
    if (count == 1) sub(/ \([a-z]+ on [0-9]+ ranks, root [0-9]+, [^)]*\)$/, "", line)
    if (!(line in want_reason)) bad("native reason not in the log: " line)
    else if (want_reason[line] != count) bad("native on " count " shapes: " line "; the log has " want_reason[line])
    seen_reason += count; next }
  header && NF >= 8 {
    key = $1 " " $2 " " $3 " " $4 " " $5 " " $6
    if (!(key in want_obs)) { bad("report row not in the log: " $0); next }
    if (key in got) bad("two report rows for " key); got[key] = 1; rows++
    if (!near($7 + 0, want_obs[key])) bad("observed_ms " $7 " != calls x observed_us / 1000 = " want_obs[key] " for " key)
    sum += $7
    if ($6 == "native") { if ($9 + 0 != 0) bad("native row saved " $9 " != 0: " key); next }
    if (want_src[key] == "none") { if ($8 != "-" || $9 != "-") bad("no native estimate in the log, but the report shows one: " $0); next }
    mark = want_src[key] == "measured" ? "m" : "p"
    native_ms = want_calls[key] * want_nat[key] / 1000
    if ($9 != mark || !near($8 + 0, native_ms)) bad("native_ms " $8 " " $9 " != " native_ms " " mark " for " key)
    if (!near($10 + 0, native_ms - want_obs[key])) bad("saved_ms " $10 " != " native_ms - want_obs[key] " for " key)
  }
  END {
    if (!header) bad("no column header")
    if (rows != records) bad(rows " report rows for " records " log summary records")
    d = total - sum; if (d < 0) d = -d  # each row is rounded to 0.001 ms, the total is not
    if (d > 0.0005 * rows + 0.001) bad("total observed " total " != sum of rows " sum)
    if (seen_reason != reasons) bad(seen_reason " shapes in native-on lines for " reasons " native records with a reason")
    exit failed }
' "$work/summary.txt" "$report" || fail "the report disagrees with the log"
echo "shim_report: $records rows agree with the log"

# 2. When it appears.
run() {
  "$mpiexec" -n 4 env LD_PRELOAD="$preload" "$@" "$app" >"$work/report-run.txt" 2>&1 ||
    { cat "$work/report-run.txt"; fail "run with $* failed"; }
}
run COLLSEL_MODEL="$model"
grep -q "^collsel: end-of-job report" "$work/report-run.txt" || { cat "$work/report-run.txt"; fail "no report on stderr with a model loaded"; }
[ "$(grep -c "^collsel: end-of-job report" "$work/report-run.txt")" -eq 1 ] || fail "more than one rank printed the report"
grep -q "^total: observed" "$work/report-run.txt" || fail "the stderr report has no total"
run COLLSEL_MODEL="$model" COLLSEL_REPORT=off
grep -q "end-of-job report" "$work/report-run.txt" && fail "COLLSEL_REPORT=off printed a report"
run COLLSEL_MODEL=
grep -q "end-of-job report" "$work/report-run.txt" && fail "a report without a model (report = auto)"
echo "shim_report: PASS"
