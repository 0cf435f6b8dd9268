#!/bin/sh
# collsel-predict command-line checks: CSV header and rows, and exit code 2 with a single line on
# stderr for an unknown op, a bad size, a missing model file and a malformed one.
# Usage: predict_cli_test.sh PATH/TO/collsel-predict PATH/TO/hetero-8.toml
set -u
prog=$1
model=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$prog" --model "$model" --op bcast --procs 8 --bytes 1K,64K --csv >"$tmp/out" 2>"$tmp/err" || fail "bcast --csv exited $?"
[ "$(head -n 1 "$tmp/out")" = "op,procs,root,bytes,algorithm,predicted_us,chosen" ] || fail "CSV header: $(head -n 1 "$tmp/out")"
grep -q '^bcast,8,0,1024,native,[0-9.]*,[01]$' "$tmp/out" || fail "no native row for 1K"
grep -q '^bcast,8,0,65536,binomial_dfs_min,[0-9.]*,[01]$' "$tmp/out" || fail "no binomial_dfs_min row for 64K"
[ "$(grep -c ',1$' "$tmp/out")" -eq 2 ] || fail "expected exactly one chosen row per size"
[ -s "$tmp/err" ] && fail "stderr not empty on success"

"$prog" --model "$model" --op gatherv --procs 5 --root 4 --bytes 100 --csv >"$tmp/out" 2>/dev/null || fail "gatherv exited $?"
grep -q '^gatherv,5,4,100,traff,' "$tmp/out" || fail "no traff row for gatherv"
grep -q ',chain,' "$tmp/out" && fail "chain offered for gatherv"

"$prog" --model "$model" --op reduce --procs 8 --bytes 64K >"$tmp/out" 2>/dev/null || fail "table output exited $?"
grep -q '^  \* ' "$tmp/out" || fail "table marks no chosen algorithm"

expect_error() {  # description, then the arguments
  what=$1
  shift
  "$prog" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit code $rc, expected 2"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: stderr is not one line: $(cat "$tmp/err")"
  echo "ok: $what -> $(cat "$tmp/err")"
}
expect_error "unknown op" --model "$model" --op allreduce --procs 8 --bytes 1K
expect_error "bad size" --model "$model" --op bcast --procs 8 --bytes 1K,12Q
expect_error "empty size" --model "$model" --op bcast --procs 8 --bytes 1K,,4K
expect_error "missing model" --model "$tmp/no-such-model.toml" --op bcast --procs 8 --bytes 1K
printf '[collsel_model]\nversion = "one"\n' >"$tmp/bad.toml"
expect_error "malformed model" --model "$tmp/bad.toml" --op bcast --procs 8 --bytes 1K
printf 'this is = = not toml\n' >"$tmp/garbage.toml"
expect_error "not TOML" --model "$tmp/garbage.toml" --op bcast --procs 8 --bytes 1K
expect_error "missing --op" --model "$model" --procs 8 --bytes 1K
expect_error "bad root" --model "$model" --op bcast --procs 8 --root 8 --bytes 1K
expect_error "bad model kind" --model "$model" --op bcast --procs 8 --bytes 1K --model-kind magic
echo "PASS"
