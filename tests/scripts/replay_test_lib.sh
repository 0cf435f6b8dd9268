# What the tests of the replay scripts share (verify_replay_test.sh, explore_replay_test.sh),
# sourced once $replay names the script under test and $build the build directory whose
# bin/collsel-judge applies the shim's rules: script_test_lib.sh's $tmp, fail() and bench_csv and
# run_to, the made-up runs, the script's runs and the checks of their output.
. "$(dirname "$0")/script_test_lib.sh"
# made_up_run DIR: a made-up run in $tmp/DIR from standard input, the shim's verify log lines
# (those starting with "{") into verify.jsonl, the others, collsel-bench's rows, into bench.csv.
made_up_run() {
  mkdir -p "$tmp/$1" || fail "cannot make $1"
  run=$(cat)
  printf '%s\n' "$run" | grep '^{' >"$tmp/$1/verify.jsonl"
  printf '%s\n' "$run" | grep -v '^{' | bench_csv "$1/bench.csv"
}
# replay_to OUT ARG...: the script on ARG..., its output kept in $tmp/OUT and shown; the test
# fails if the script does.
replay_to() {
  replay_out=$1
  shift
  run_to "$replay_out" python3 "$replay" -b "$build" "$@"
}
# expect OUT LINE PATTERN WHY: the line of $tmp/OUT that holds LINE (a fixed string) matches
# PATTERN (a regular expression), else the test fails with WHY.
expect() {
  grep -F "$2" "$tmp/$1" | grep -q "$3" || fail "$4"
}
# The end of every test: without a DIR the script must exit non-zero (a usage error), and so
# must it with a build directory without collsel-judge.
usage_error_then_pass() {
  python3 "$replay" -b "$build" >/dev/null 2>&1 && fail "no directory must be a usage error"
  python3 "$replay" -b "$tmp/no-build" "$tmp" >/dev/null 2>&1 && fail "a build without collsel-judge must be an error"
  echo PASS
}
