#!/bin/sh
# --csv means the same in every tool (docs/settings.md, "Tools"): CSV instead of the table, to FILE,
# or to standard output without FILE or with -. Here collsel-bbs-sim (collsel-predict's and
# collsel-bench's are in tests/predict and tests/bench).
# Usage: csv_test.sh PATH/TO/collsel-bbs-sim
set -u
sim=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
args="--topology grid4x4 --packets 10 --algorithms greedy,binarytree"
# shellcheck disable=SC2086  # $args: several words on purpose
"$sim" $args --csv >"$tmp/plain" || fail "--csv exited $?"
[ "$(head -n 1 "$tmp/plain")" = "topology,P,algorithm,N,T,AE" ] || fail "--csv: no CSV header: $(head -n 1 "$tmp/plain")"
[ "$(wc -l <"$tmp/plain")" -eq 3 ] || fail "--csv: expected a header and 2 rows: $(cat "$tmp/plain")"
# shellcheck disable=SC2086
"$sim" $args --csv - >"$tmp/dash" || fail "--csv - exited $?"
# shellcheck disable=SC2086
"$sim" $args --csv "$tmp/file.csv" >"$tmp/stdout" || fail "--csv FILE exited $?"
[ -s "$tmp/stdout" ] && fail "--csv FILE also wrote to standard output"
cmp -s "$tmp/plain" "$tmp/dash" || fail "--csv and --csv - differ"
cmp -s "$tmp/plain" "$tmp/file.csv" || fail "--csv FILE differs from --csv"
echo ok
