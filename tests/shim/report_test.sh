#!/bin/sh
# report_test.sh MPIEXEC LIBCOLLSEL APP DATA_DIR WORK_DIR   (test `shim_report`, docs/shim.md)
# The end-of-job report agrees with the JSON log of the same run, and appears when it should:
#   1. APP (report_app.c: seven shapes on 4 ranks) with a model of this host, COLLSEL_LOG,
#      COLLSEL_REPORT=WORK/report-%j-%p-%h-%%.txt, SLURM_JOB_ID=777 in the ranks' environment,
#      COLLSEL_REPORT_TOP=3 and a short verification and audit. The report is in
#      report-777-PID-HOST-%.txt and nowhere else. Its header names collsel's version, the log's
#      MPI library, the model, no tuning file, 4 ranks on 1 host, job 777, the wall time and the
#      share of it in collectives. Its table has the top 3 shapes, ranked by time, each shape of
#      the log once, as [lo, hi) of the log's byte range, with one of the log's algorithms for
#      it; then one line summing the other 4. The exploration line counts the log's verify and
#      audit calls but each shape's first call; the first calls line one call per shape; the rows,
#      the rest, exploration and first calls add up to every call of the log, and to the total.
#   2. With a model and no COLLSEL_REPORT (auto) the report is on stderr; COLLSEL_REPORT=off and
#      running without a model print none.
set -eu
mpiexec=$1 lib=$2 app=$3 data=$4 work=$5
mkdir -p "$work"
model=$work/report-model.toml
log=$work/report-log.jsonl
host=$(hostname)
sed "s/@HOST@/$host/" "$data/one-host-4.toml.in" >"$model"
rm -f "$log" "$work"/report-777-*
. "$(dirname "$0")/../preload.sh"
preload=$(preload_list "$lib")
fail() { echo "shim_report: FAIL: $*" >&2; exit 1; }

"$mpiexec" -n 4 env LD_PRELOAD="$preload" COLLSEL_MODEL="$model" COLLSEL_LOG="$log" \
  COLLSEL_REPORT="$work/report-%j-%p-%h-%%.txt" COLLSEL_REPORT_TOP=3 SLURM_JOB_ID=777 \
  COLLSEL_VERIFY_CANDIDATES=3 COLLSEL_VERIFY_CALLS=2 COLLSEL_VERIFY_MAX_CALLS=3 COLLSEL_AUDIT_CALLS=4 \
  "$app" 30 >"$work/report-run.txt" 2>&1 || { cat "$work/report-run.txt"; fail "the run failed"; }
test -s "$log" || fail "no log"
# %j = SLURM_JOB_ID, %p = rank 0's pid, %h = its host name, %% = %.
files=$(ls "$work" | grep "^report-777-[0-9][0-9]*-$host-%\.txt\$" || true)
[ "$(echo "$files" | grep -c .)" -eq 1 ] || { ls "$work"; fail "expected one report-777-PID-$host-%.txt, got: $files"; }
report=$work/$files
test -s "$report" || fail "empty report $report"
cat "$report"
grep -q "end-of-job report" "$work/report-run.txt" && fail "COLLSEL_REPORT=FILE also printed on stderr"

# The header.
library=$(head -n 1 "$log" | sed 's/.*"mpi_library": "\([^"]*\)".*/\1/')
version=$(head -n 1 "$log" | sed 's/.*"collsel_version": "\([^"]*\)".*/\1/')
grep -qxF "collsel $version, MPI library: $library" "$report" || fail "no header line naming collsel $version and $library"
grep -qxF "model: $model; tuning file: none" "$report" || fail "no model and tuning file line"
grep -qx "4 ranks on 1 host; batch job: 777" "$report" || fail "no ranks, hosts and job line"
grep -qE '^wall time: [0-9]+\.[0-9]{3} ms \(MPI_Init to MPI_Finalize, the longest of the ranks: rank [0-3]\)$' "$report" ||
  fail "no wall time line"
grep -qE '^intercepted collectives: [0-9]+\.[0-9]{3} ms per rank on average, [0-9]+\.[0-9] % of the wall time; most on rank [0-3]: [0-9.]+ ms, [0-9.]+ % of its wall time$' "$report" ||
  fail "no line on the time in collectives"

# The log, one line per record: summary OP PROCS ROOT LO HI ALGORITHM CALLS; verify/audit OP PROCS ROOT LO HI CALLS.
awk '
  function field(name,   m) {
    if (!match($0, "\"" name "\": (\"[^\"]*\"|[-0-9.]+)")) return ""
    m = substr($0, RSTART + length(name) + 4, RLENGTH - length(name) - 4); gsub(/"/, "", m); return m }
  /"kind": "(summary|verify|audit)"/ {
    kind = field("kind")
    printf "%s %s %s %s %s %s", kind, field("op"), field("comm_size"), field("root"), field("bytes_min"), field("bytes_max")
    if (kind == "summary") printf " %s", field("algorithm")
    printf " %s\n", field("calls") }
' "$log" >"$work/records.txt"
grep -q '^summary ' "$work/records.txt" || fail "no summary record"

awk '
  function human(b,   u, units) {
    split("K M G T", units, " "); u = 0
    while (b >= 1024 && b % 1024 == 0 && u < 4) { b /= 1024; u++ }
    return u ? sprintf("%d%s", b, units[u]) : sprintf("%d", b) }
  function near(a, b, tol) { d = a - b; if (d < 0) d = -d; return d <= tol }
  function bad(msg) { print "shim_report: FAIL: " msg > "/dev/stderr"; failed = 1 }
  FNR == NR {  # the log
    shape = $2 " " $3 " " $4 " [" human($5) ", " human($6 + 1) ")"
    if (!(shape in seen)) { seen[shape] = 1; shapes++ }
    if ($1 == "summary") { calls[shape] += $8; all_calls += $8; algs[shape] = algs[shape] " " $7 " " }
    else { explore[shape] += $7; verified[shape] = 1 }
    next }
  /^op +procs/ { table = 1; next }
  /^exploration / { table = 0; explore_line = $0; next }
  /^first calls / { first_line = $0; next }
  /^total: / { total_line = $0; next }
  table && /^\(/ {  # the rest: (N more shapes) CALLS TIME NATIVE [m|p] SALVED
    rest_shapes = substr($1, 2) + 0; rest_calls = $4; rest_ms = $5; next }
  table {  # op procs root [lo, hi) algorithm calls time_ms native_ms [m|p] saved_ms
    shape = $1 " " $2 " " $3 " " $4 " " $5
    if (!(shape in seen)) { bad("report row not a shape of the log: " $0); next }
    if (shape in listed) bad("two rows for " shape)
    listed[shape] = 1; rows++
    alg = $6; sub(/\+[0-9]+$/, "", alg)
    if (index(algs[shape], " " alg " ") == 0) bad("algorithm " alg " not in the log for " shape)
    if (rows > 1 && $8 + 0 > last_ms + 0) bad("rows not ranked by time: " $0)
    last_ms = $8; row_calls += $7; row_ms += $8
    if (alg == "native" && $9 != $8) bad("a native row whose native_ms is not its time: " $0) }
  END {
    if (rows != 3) bad(rows " rows listed, COLLSEL_REPORT_TOP=3")
    if (rest_shapes != shapes - 3) bad("the rest line sums " rest_shapes " shapes, not " shapes - 3)
    for (s in verified) { n_verified++; want_explore += explore[s] - 1 }  # the first call is no exploration
    split(explore_line, e, " ")
    if (e[6] + 0 != want_explore) bad("exploration " e[6] " calls, the log has " want_explore ": " explore_line)
    if (index(explore_line, " on " n_verified " shape") == 0) bad("exploration not on " n_verified " shapes: " explore_line)
    if (match(first_line, /: [0-9]+ calls?, [0-9.]+ ms$/) == 0) bad("no first calls line")
    split(substr(first_line, RSTART + 2), f, " ")
    if (f[1] + 0 != shapes) bad(f[1] " first calls for " shapes " shapes")
    # total: T ms in N calls = R ms in C calls of the shapes + E ms exploration + F ms first calls
    split(total_line, t, " ")
    if (t[5] + 0 != all_calls) bad("total " t[5] " calls, the log has " all_calls)
    if (t[11] + 0 != row_calls + rest_calls) bad("the shapes have " t[11] " calls; rows and rest " row_calls + rest_calls)
    if (t[11] + e[6] + f[1] != all_calls) bad("rows, exploration and first calls do not add up to every call")
    if (!near(t[8], row_ms + rest_ms, 0.002 * rows + 0.002)) bad("the shapes time " t[8] " != rows and rest " row_ms + rest_ms)
    if (!near(t[2], t[8] + t[17] + t[21], 0.003)) bad("total " t[2] " != " t[8] " + " t[17] " + " t[21])
    exit failed }
' "$work/records.txt" "$report" || fail "the report disagrees with the log"
echo "shim_report: the report agrees with the log"

# 2. When it appears.
run() {
  "$mpiexec" -n 4 env LD_PRELOAD="$preload" "$@" "$app" 2 >"$work/report-run.txt" 2>&1 ||
    { cat "$work/report-run.txt"; fail "run with $* failed"; }
}
run COLLSEL_MODEL="$model"
grep -q "^collsel: end-of-job report" "$work/report-run.txt" || { cat "$work/report-run.txt"; fail "no report on stderr with a model loaded"; }
[ "$(grep -c "^collsel: end-of-job report" "$work/report-run.txt")" -eq 1 ] || fail "more than one rank printed the report"
grep -q "^total: " "$work/report-run.txt" || fail "the stderr report has no total"
run COLLSEL_MODEL="$model" COLLSEL_REPORT=off
grep -q "end-of-job report" "$work/report-run.txt" && fail "COLLSEL_REPORT=off printed a report"
run COLLSEL_MODEL=
grep -q "end-of-job report" "$work/report-run.txt" && fail "a report without a model (report = auto)"
echo "shim_report: PASS"
