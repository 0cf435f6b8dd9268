# What the tests of the replay scripts share (verify_replay_test.sh, explore_replay_test.sh),
# sourced once $replay names the script under test: a temporary directory $tmp removed at exit,
# fail(), and the made-up runs' files and the script's runs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# bench_csv DIR: $tmp/DIR/bench.csv, collsel-bench's CSV header and the rows on standard input.
bench_csv() { { echo "op,procs,root,bytes,algorithm,measured_us,predicted_us"; cat; } >"$tmp/$1/bench.csv"; }
# replay_to OUT ARG...: the script on ARG..., its output kept in $tmp/OUT and shown; the test
# fails if the script does.
replay_to() {
  out=$tmp/$1
  shift
  python3 "$replay" "$@" >"$out" 2>&1 || { rc=$?; cat "$out"; fail "exit $rc"; }
  cat "$out"
}
# The end of every test: without a DIR the script must exit non-zero (a usage error).
usage_error_then_pass() {
  python3 "$replay" >/dev/null 2>&1 && fail "no directory must be a usage error"
  echo PASS
}
