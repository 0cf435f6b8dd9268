#!/bin/sh
# collsel-calibrate end to end on local ranks (tests/calibrate/CMakeLists.txt).
# Usage: calibrate_test.sh MPIEXEC PATH/TO/collsel-calibrate PATH/TO/collsel-predict
set -u
mpiexec=$1
calibrate=$2
predict=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A quick calibration of 4 ranks bound to cores (the intra-node channels need bound ranks), up to
# 64 KiB: the first size whose PLogP gaps are checked against o_s and Hockney's T. Open MPI's
# mpirun binds more ranks than cores only when told it may (hydra's -bind-to core just does).
case "$("$mpiexec" --version 2>&1)" in
  *"Open MPI"* | *OpenRTE*) bind="--bind-to core:overload-allowed" ;;
  *) bind="-bind-to core" ;;
esac
# shellcheck disable=SC2086 # $bind is two words
"$mpiexec" -n 4 $bind "$calibrate" -o "$tmp/model.toml" --precision quick --max-bytes 64K \
  >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "calibration exited $?"; }
cat "$tmp/out"
[ -s "$tmp/model.toml" ] || fail "no model file written"
for section in '^\[collsel_model\]' '^\[cluster\]' '^\[hockney\]' '^\[lmo\]' '^\[plogp\]' '^\[\[native\]\]' \
               '^created = ' '^mpi_library = ' '^precision = "quick"' '^precision_reached = ' '^calibration_seconds = '; do
  grep -q "$section" "$tmp/model.toml" || fail "model file lacks $section"
done
[ "$(grep -c '^\[\[plogp.pair\]\]' "$tmp/model.toml")" -eq 12 ] || fail "expected 12 ordered PLogP pairs"
[ "$(grep -c '^op = ' "$tmp/model.toml")" -eq 6 ] || fail "expected 6 native series"
# Reduce's local operation: one positive γ (seconds per byte, well under 1e-6) per process.
gamma=$(sed -n '/^\[compute\]/,/^\[/s/^reduce_local = \[\(.*\)\]/\1/p' "$tmp/model.toml")
[ -n "$gamma" ] || fail "no [compute] reduce_local in the model file"
echo "$gamma" | awk -F', *' '{ if (NF != 4) exit 1; for (i = 1; i <= NF; ++i) if (!($i > 0 && $i < 1e-6)) exit 1 }' ||
  fail "reduce_local must hold 4 values in (0, 1e-6) s/B: $gamma"
# Validation: every model's error on the measured schedules, and the preferred one among them.
sed -n '/^\[validation\]/,/^\[/p' "$tmp/model.toml" >"$tmp/validation"
grep -q '^points = [1-9]' "$tmp/validation" || fail "no [validation] points in the model file"
for kind in hockney lmo plogp loggp; do
  grep -q "^median_error = {.*$kind = [0-9]" "$tmp/validation" || fail "[validation] has no median_error for $kind"
done
preferred=$(sed -n 's/^preferred = "\([a-z]*\)".*/\1/p' "$tmp/validation")
[ -n "$preferred" ] || fail "[validation] names no preferred model"
grep -q "model validation (.*preferred model: $preferred" "$tmp/out" || fail "rank 0 did not report the validation"
# PLogP: what the fit found and which form (fitted or through the measured points) the file keeps.
grep -q '"plogp: o_s, o_r and g fitted piecewise linear\(; the validation.s schedules .*measured points.*\| (the fit kept every measured point)\)"' \
  "$tmp/model.toml" || fail "no note on the PLogP fit and the validation's verdict on it"
# Every ordered pair's 64 KiB gap was checked (12 of them); those replaced, if any, are named.
grep -q '"plogp: g from 65536 bytes on checked against o_s and Hockney.s one-way time: [0-9]* of 12 outside \[min/3, max\*3\] of the two, replaced by the median of the three' \
  "$tmp/model.toml" || fail "no note on the PLogP gaps checked against o_s and Hockney's T"
# With every rank bound to a core, this box's channels are measured (otherwise a note says why).
if grep -q '^process_core = \[-1' "$tmp/model.toml"; then
  grep -q 'channels: not measured' "$tmp/model.toml" || fail "unbound ranks but no note about the channels"
else
  grep -q '^\[channels' "$tmp/model.toml" || fail "bound ranks but no [channels] section"
fi
grep -q '%' "$tmp/err" || fail "no progress lines on stderr"
# Phase times: a line per phase on stderr when it ends, and their split in the file's notes.
grep -q '^collsel-calibrate: lmo triplets  *[0-9.]* s$' "$tmp/err" || fail "no phase time line on stderr"
grep -q '"phase seconds: hockney [0-9.e-]*, lmo round trips' "$tmp/model.toml" || fail "no phase seconds in the notes"
# 4 ranks on fewer cores: the notes say so, and whether MPI progress yielded (ctest preloads
# libcollsel-yield.so, tests/calibrate/CMakeLists.txt).
cores=$(nproc)
if [ "$cores" -lt 4 ]; then
  grep -q '"oversubscribed: 1 host(s) with more processes than cores; groups ran in waves' "$tmp/model.toml" ||
    fail "4 ranks on $cores cores but no oversubscription note"
  case "${LD_PRELOAD:-}" in
    *collsel-yield*) grep -q 'MPI progress yields (.*libcollsel-yield.so)' "$tmp/model.toml" ||
                       fail "libcollsel-yield.so preloaded but the notes do not say MPI yielded" ;;
  esac
fi
ls -a "$tmp" | grep -q '\.tmp\|probe' && fail "temporary files left next to the model: $(ls -a "$tmp")"

# The reader accepts it: collsel-predict reads the file and predicts from it.
"$predict" --model "$tmp/model.toml" --op bcast --procs 4 --bytes 1K,64K >"$tmp/pred" 2>&1 ||
  { cat "$tmp/pred"; fail "collsel-predict rejected the calibrated model"; }
grep -q 'native' "$tmp/pred" || fail "no native prediction from the calibrated model"
grep -q "$preferred" "$tmp/pred" || fail "collsel-predict does not predict with the preferred model $preferred"

# The quality gate: with a precision no experiment can reach (test hook), calibration measures the
# experiments on past the preset's caps (--time-cap 1: for 1 s in all, each for at most 0.2 s or
# 600 repetitions at quick), still writes the model, but warns naming the phase and the processes of
# the unconverged experiments and how long they were measured on, and the file's notes keep it.
start=$(date +%s)
COLLSEL_TEST_CALIBRATE_EPS=1e-12 "$mpiexec" -n 2 "$calibrate" -o "$tmp/gate.toml" --precision quick --models hockney \
  --no-native --no-validation --no-channels --max-bytes 4K --time-cap 1 >"$tmp/gate.out" 2>&1 ||
  { cat "$tmp/gate.out"; fail "gate run failed"; }
took=$(( $(date +%s) - start ))
cat "$tmp/gate.out"
grep -q 'WARNING: [0-9]* of [0-9]* experiments did not reach the requested precision' "$tmp/gate.out" ||
  fail "no quality-gate warning"
grep -q '^    hockney, processes 0-1: +-[0-9]* % (measured on 0\.[0-9]* s)' "$tmp/gate.out" ||
  fail "the warning names no phase and pair measured on"
spent=$(sed -n 's/.*measured on past the quick preset.s caps: [0-9]* experiments, 0 of them then converged; \([0-9.e-]*\) s of the 1 s time cap.*/\1/p' "$tmp/gate.out" | head -n 1)
[ -n "$spent" ] || fail "the warning does not say how many experiments were measured on and how much of the time cap was used"
awk -v s="$spent" 'BEGIN { exit !(s > 0 && s <= 1.05) }' || fail "measured on for $spent s, expected (0, 1] s"
[ "$took" -le 30 ] || fail "the gate run took $took s"
# Which experiment is worst is the noise's choice: the gate run measures hockney pairs and each
# process's reduce_local.
grep -q 'precision not reached by [0-9]* of [0-9]* experiments (.*time cap); worst: \(hockney, processes 0-1\|reduce_local, processes [01]\)' "$tmp/gate.toml" ||
  fail "the model file's notes do not record the unconverged experiments"
# --time-cap 0: the preset's caps only, as before.
COLLSEL_TEST_CALIBRATE_EPS=1e-12 "$mpiexec" -n 2 "$calibrate" -o "$tmp/gate0.toml" --precision quick --models hockney \
  --no-native --no-validation --no-channels --max-bytes 4K --time-cap 0 >"$tmp/gate0.out" 2>&1 ||
  { cat "$tmp/gate0.out"; fail "gate run with --time-cap 0 failed"; }
grep -q 'no experiment was measured on past the quick preset' "$tmp/gate0.out" ||
  { cat "$tmp/gate0.out"; fail "--time-cap 0 measured on"; }
grep -q 'measured on 0\.' "$tmp/gate0.out" && fail "--time-cap 0: an experiment says it was measured on"
# Errors: non-zero exit, a message, and no file.
expect_error() {  # description, file that must not appear, then the command
  what=$1
  file=$2
  shift 2
  "$@" >"$tmp/eout" 2>"$tmp/eerr"
  rc=$?
  [ "$rc" -ne 0 ] || fail "$what: exit status 0"
  grep -q 'rror' "$tmp/eerr" "$tmp/eout" || fail "$what: no error message"
  [ -e "$file" ] && fail "$what: left $file behind"
  echo "ok: $what (exit $rc): $(head -n 1 "$tmp/eerr")"
}
expect_error "unwritable directory" "$tmp/none/m.toml" \
  "$mpiexec" -n 2 "$calibrate" -o "$tmp/none/m.toml" --precision quick
mkdir "$tmp/dir.toml"
expect_error "output is a directory" "$tmp/dir.toml/x" "$mpiexec" -n 2 "$calibrate" -o "$tmp/dir.toml" --precision quick
expect_error "bad precision" "$tmp/p.toml" "$mpiexec" -n 2 "$calibrate" -o "$tmp/p.toml" --precision sloppy
expect_error "unknown option" "$tmp/u.toml" "$mpiexec" -n 2 "$calibrate" -o "$tmp/u.toml" --bogus
expect_error "unknown model" "$tmp/m.toml" "$mpiexec" -n 2 "$calibrate" -o "$tmp/m.toml" --models hockney,logp
expect_error "bad size" "$tmp/s.toml" "$mpiexec" -n 2 "$calibrate" -o "$tmp/s.toml" --max-bytes 12Q
expect_error "one process" "$tmp/one.toml" "$mpiexec" -n 1 "$calibrate" -o "$tmp/one.toml" --precision quick
expect_error "lmo with two processes" "$tmp/l.toml" "$mpiexec" -n 2 "$calibrate" -o "$tmp/l.toml" --models lmo
echo "PASS"
