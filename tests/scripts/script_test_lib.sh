# What the tests of scripts/ share (tests/scripts/*_test.sh source it): a temporary directory $tmp
# removed at exit, fail(), bench_csv to write a made-up run's collsel-bench CSV and run_to to run
# the script under test.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# bench_csv FILE: $tmp/FILE (its directory made), collsel-bench's CSV header and the rows on
# standard input.
bench_csv() {
  mkdir -p "$(dirname "$tmp/$1")" || fail "cannot make the directory of $1"
  { echo "op,procs,root,bytes,algorithm,measured_us,predicted_us"; cat; } >"$tmp/$1"
}
# run_to OUT COMMAND ARG...: COMMAND's output (both streams) kept in $tmp/OUT and shown; the test
# fails if COMMAND does.
run_to() {
  run_out=$tmp/$1
  shift
  "$@" >"$run_out" 2>&1 || { rc=$?; cat "$run_out"; fail "$* exited $rc"; }
  cat "$run_out"
}
