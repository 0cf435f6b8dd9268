#!/bin/sh
# collsel-predict command-line checks: CSV header and rows, and exit code 2 with a single line on
# stderr for an unknown op, a bad size, a missing model file and a malformed one.
# The table's header names the switch groups inferred from a model's latencies, and no line where
# there are none.
# Usage: predict_cli_test.sh PATH/TO/collsel-predict PATH/TO/hetero-8.toml PATH/TO/classes-6.toml
#        PATH/TO/switched-15.toml
set -u
prog=$1
model=$2
classes=$3
switched=$4
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

# Three switches of a SimGrid platform, calibrated (tests/data/models/switched-15.toml).
"$prog" --model "$switched" --op bcast --procs 15 --bytes 1M >"$tmp/out" 2>/dev/null || fail "switched model exited $?"
grep -qx 'switch groups inferred from the latencies (3): {h1 h3 h4 h5} {h7 h9 h10 h14} {h0 h2 h6 h8 h11 h12 h13}' "$tmp/out" ||
  fail "switch groups of switched-15: $(grep 'switch groups' "$tmp/out")"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M >"$tmp/out" 2>/dev/null || fail "one switch exited $?"
grep -q 'switch groups' "$tmp/out" && fail "switch groups printed for one switch"

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
expect_error "bad model kind" --model "$model" --op bcast --procs 8 --bytes 1K --p2p-model magic
expect_error "bad model kind (old name)" --model "$model" --op bcast --procs 8 --bytes 1K --model-kind magic
# A model calibrated up to 64K: larger sizes are marked as extrapolated, smaller ones are not.
sed 's/^version = 1$/version = 1\nmax_bytes = 65536/' "$model" >"$tmp/range.toml"
grep -q '^max_bytes = 65536' "$tmp/range.toml" || fail "could not add max_bytes to the test model"
"$prog" --model "$tmp/range.toml" --op bcast --procs 8 --bytes 64K,1M >"$tmp/out" 2>&1 || fail "range model exited $?"
grep -q '^bcast of 1M .*\[extrapolated: the model was calibrated up to 64K\]' "$tmp/out" || { cat "$tmp/out"; fail "1M not marked extrapolated"; }
grep '^bcast of 64K ' "$tmp/out" | grep -q extrapolated && fail "64K marked extrapolated"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M | grep -q extrapolated && fail "a model without max_bytes marks extrapolation"
expect_error "--svg without --map" --model "$model" --op bcast --procs 8 --bytes 1K --svg "$tmp/x.svg"
expect_error "a --procs list without --map" --model "$model" --op bcast --procs 4,8 --bytes 1K
expect_error "--map: bad process count" --model "$model" --map --procs 4,x --bytes 1K
expect_error "--map: root beyond a count" --model "$model" --map --procs 2,8 --root 3 --bytes 1K

"$prog" --model "$model" --op bcast --procs 8 --bytes 64K --p2p-model loggp >"$tmp/out" 2>"$tmp/err" || fail "--p2p-model loggp exited $?"
grep -q '^LogGP view: one gap per byte for every size' "$tmp/out" || fail "loggp: the view's rendezvous threshold not stated"
[ -s "$tmp/err" ] && fail "--p2p-model: stderr not empty: $(cat "$tmp/err")"

# The settings' names (p2p_model, segment_bytes) are the options' names; the old ones still work,
# with a warning, and give the same output; --ops is --op; --csv FILE writes the CSV there.
"$prog" --model "$model" --op bcast --procs 8 --bytes 64K --model-kind loggp >"$tmp/old" 2>"$tmp/err" || fail "--model-kind loggp exited $?"
cmp -s "$tmp/out" "$tmp/old" || fail "--model-kind loggp differs from --p2p-model loggp"
grep -q 'warning: --model-kind is deprecated, use --p2p-model' "$tmp/err" || fail "--model-kind: no deprecation warning"
"$prog" --model "$model" --ops bcast --procs 8 --bytes 1M --segment-bytes 16K --csv >"$tmp/new" || fail "--segment-bytes exited $?"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --segment 16K --csv >"$tmp/old" 2>"$tmp/err" || fail "--segment exited $?"
cmp -s "$tmp/new" "$tmp/old" || fail "--segment 16K differs from --segment-bytes 16K"
grep -q 'warning: --segment is deprecated, use --segment-bytes' "$tmp/err" || fail "--segment: no deprecation warning"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --segment-bytes 1M --csv >"$tmp/big" || fail "--segment-bytes 1M exited $?"
cmp -s "$tmp/new" "$tmp/big" && fail "--segment-bytes changes nothing"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --csv "$tmp/file.csv" >"$tmp/stdout" || fail "--csv FILE exited $?"
[ -s "$tmp/stdout" ] && fail "--csv FILE also printed on standard output"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --csv - >"$tmp/dash" || fail "--csv - exited $?"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --segment-bytes 16K --csv >"$tmp/plain" || fail "--csv exited $?"
cmp -s "$tmp/file.csv" "$tmp/dash" || fail "--csv FILE and --csv - differ"
cmp -s "$tmp/plain" "$tmp/new" || fail "--csv is not deterministic"

# --bound: one bound row per size, below every algorithm's prediction (the bound is what no schedule
# beats) with one rank per host (the hostfile); with two ranks on each of hetero-8's hosts, host
# node3's link carries both its ranks' blocks: 2 MiB at 8.572e-8 s/B.
printf 'node1\nnode2\nnode3\nnode4\n' >"$tmp/hosts"
"$prog" --model "$model" --op scatter --procs 8 --bytes 64K,1M --csv --bound >"$tmp/out" || fail "--bound exited $?"
[ "$(grep -c '^scatter,8,0,[0-9]*,bound,[0-9.]*,0$' "$tmp/out")" -eq 2 ] || fail "--bound: expected a bound row per size: $(cat "$tmp/out")"
grep '^scatter,8,0,1048576,bound,' "$tmp/out" | awk -F, '{ exit !($6 > 179700 && $6 < 179800) }' ||
  fail "--bound: a host's link not shared by its ranks: $(cat "$tmp/out")"
"$prog" --model "$model" --op scatter --procs 4 --bytes 64K,1M --csv --bound --hostfile "$tmp/hosts" >"$tmp/out" ||
  fail "--bound --hostfile exited $?"
# (Not native: its [[native]] table holds hetero-8's first four ranks, not this placement.)
awk -F, '$5 == "bound" { b[$4] = $6 } $5 != "bound" && $5 != "native" && NR > 1 { t[$4 "," NR] = $6; s[$4 "," NR] = $4 }
  END { for (k in t) if (t[k] + 0 < b[s[k]] + 0) { print "below the bound: " k; bad = 1 } exit bad }' "$tmp/out" ||
  fail "--bound: a prediction below the bound"
"$prog" --model "$model" --op bcast --procs 8 --bytes 64K --bound | grep -q '^    bound  *[0-9.]* us' || fail "--bound: no bound line in the table"
# --schedule: the chosen candidate's (the one marked *) and a named one's; a tree's lines name every
# rank but the root once as a child.
children_ok() {  # every rank 1..7 a child exactly once in $tmp/out's "    v: c c" lines
  [ "$(sed -n 's/^    [0-9]*://p' "$tmp/out" | tr ' ' '\n' | grep . | sort -n | tr '\n' ,)" = "1,2,3,4,5,6,7," ]
}
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --schedule chosen >"$tmp/out" || fail "--schedule chosen exited $?"
chosen=$(sed -n 's/^  \* \([a-z_0-9]*\) .*/\1/p' "$tmp/out")
grep -q "^  schedule of $chosen: " "$tmp/out" || fail "--schedule chosen: not the chosen $chosen's: $(cat "$tmp/out")"
"$prog" --model "$model" --op reduce --procs 8 --bytes 1M --schedule binomial >"$tmp/out" || fail "--schedule binomial exited $?"
grep -q "^  schedule of binomial: tree, one message per edge; .*data flows from the children" "$tmp/out" ||
  fail "--schedule binomial: $(cat "$tmp/out")"
children_ok || fail "--schedule binomial: not every rank a child once: $(cat "$tmp/out")"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --schedule chain >"$tmp/out" || fail "--schedule chain exited $?"
grep -q "^  schedule of chain: pipeline, [0-9]* segments\{0,1\} of [0-9.]*[KMG]\{0,1\}, 1 in flight per edge" "$tmp/out" ||
  fail "--schedule chain: $(cat "$tmp/out")"
children_ok || fail "--schedule chain: not every rank a child once: $(cat "$tmp/out")"
[ "$(grep -c '^    [0-9]*: [0-9]*$' "$tmp/out")" -eq 7 ] || fail "--schedule chain: not a chain: $(cat "$tmp/out")"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --schedule no_such >"$tmp/out" || fail "--schedule no_such exited $?"
grep -q "schedule: no_such is not a candidate of this call" "$tmp/out" || fail "--schedule no_such: $(cat "$tmp/out")"
expect_error "--schedule with --csv" --model "$model" --op bcast --procs 8 --bytes 1K --csv --schedule chosen
expect_error "--bound with --map" --model "$model" --map --procs 4 --bytes 1K --bound

# --cost-kind: the default model's schedules, each costed under another kind: the same rows and
# choice; costed by the default kind itself, the same numbers.
default_kind=$("$prog" --model "$model" --op bcast --procs 8 --bytes 64K | sed -n 's/.* model \([a-z]*\) from .*/\1/p')
[ -n "$default_kind" ] || fail "no default model kind in the table header"
"$prog" --model "$model" --op scatter --procs 8 --bytes 64K,1M --csv >"$tmp/a" || fail "scatter exited $?"
"$prog" --model "$model" --op scatter --procs 8 --bytes 64K,1M --csv --cost-kind "$default_kind" >"$tmp/b" || fail "--cost-kind exited $?"
cmp -s "$tmp/a" "$tmp/b" || fail "--cost-kind $default_kind: not the default prediction"
other=hockney; [ "$default_kind" = hockney ] && other=plogp
"$prog" --model "$model" --op scatter --procs 8 --bytes 64K,1M --csv --cost-kind $other >"$tmp/c" || fail "--cost-kind $other exited $?"
[ "$(cut -d, -f1-5,7 "$tmp/a")" = "$(cut -d, -f1-5,7 "$tmp/c")" ] || fail "--cost-kind $other: other rows or another choice"
cmp -s "$tmp/a" "$tmp/c" && fail "--cost-kind $other: the same times as $default_kind"
expect_error "--cost-kind with --map" --model "$model" --map --procs 4 --bytes 1K --cost-kind hockney

# --hostfile: the model's own layout as a machine file predicts as the default placement does; the
# layout reversed puts rank 0 where process 6 was, so rank 0's sorted flat tree costs what process
# 6's does (the flat tree orders receivers by speed, not by rank).
printf 'node1:2\nnode2:2  # comment\n\nnode3\nnode3\nnode4:2\n' >"$tmp/hosts"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1K,1M --csv >"$tmp/default.csv" || fail "default placement exited $?"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1K,1M --csv --hostfile "$tmp/hosts" >"$tmp/out" || fail "--hostfile exited $?"
cmp -s "$tmp/default.csv" "$tmp/out" || fail "--hostfile of the model's own layout predicts otherwise: $(diff "$tmp/default.csv" "$tmp/out")"
printf 'node4:2\nnode3:2\nnode2:2\nnode1:2\n' >"$tmp/reversed"
"$prog" --model "$model" --op bcast --procs 8 --root 6 --bytes 1M --csv | awk -F, '$5 == "flat" { print $6 }' >"$tmp/a"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --csv --hostfile "$tmp/reversed" | awk -F, '$5 == "flat" { print $6 }' >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" || fail "reversed --hostfile: flat from rank 0 $(cat "$tmp/b"), from process 6's rank $(cat "$tmp/a")"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --csv --hostfile "$tmp/reversed" | awk -F, '$5 == "binomial" { print $6 }' >"$tmp/c"
"$prog" --model "$model" --op bcast --procs 8 --bytes 1M --csv | awk -F, '$5 == "binomial" { print $6 }' >"$tmp/d"
cmp -s "$tmp/c" "$tmp/d" && fail "reversed --hostfile: binomial predicted as in the default placement"
printf 'node1:2\nnode2:x\n' >"$tmp/badcount"
expect_error "--hostfile: bad rank count" --model "$model" --op bcast --procs 8 --bytes 1K --hostfile "$tmp/badcount"
grep -q "badcount:2: node2: bad rank count 'x'" "$tmp/err" || fail "bad rank count: $(cat "$tmp/err")"
printf 'node1:2\nnode9\n' >"$tmp/unknown"
expect_error "--hostfile: a host the model does not know" --model "$model" --op bcast --procs 8 --bytes 1K --hostfile "$tmp/unknown"
grep -q node9 "$tmp/err" || fail "unknown host not named: $(cat "$tmp/err")"
# With host classes (tests/data/models/classes-6.toml) a host the model does not name is placed in
# the class most of the file's known hosts are in, as the shim places it (docs/batch.md): new1
# among fast1 and fast2 is predicted as fast3 (class 0, no calibrated process) is.
printf 'fast1\nnew1\nfast2\n' >"$tmp/new-host"
printf 'fast1\nfast3\nfast2\n' >"$tmp/known-host"
"$prog" --model "$classes" --op bcast --procs 3 --bytes 1K,1M --hostfile "$tmp/new-host" >"$tmp/out" 2>"$tmp/err" ||
  fail "--hostfile with a host placed in a class exited $?: $(cat "$tmp/err")"
grep -q '^note: hosts not in the model, placed in a host class as the shim places them: new1 -> class 0$' "$tmp/out" ||
  fail "no note on new1's class: $(head -3 "$tmp/out")"
"$prog" --model "$classes" --op bcast --procs 3 --bytes 1K,1M --csv --hostfile "$tmp/new-host" >"$tmp/a" || fail "--csv with new1 exited $?"
"$prog" --model "$classes" --op bcast --procs 3 --bytes 1K,1M --csv --hostfile "$tmp/known-host" >"$tmp/b" || fail "--csv with fast3 exited $?"
cmp -s "$tmp/a" "$tmp/b" || fail "new1 is not predicted as fast3: $(diff "$tmp/a" "$tmp/b")"
expect_error "--hostfile: missing file" --model "$model" --op bcast --procs 8 --bytes 1K --hostfile "$tmp/none"
expect_error "--hostfile with --topology" --topology "pack:2 core:4 pu:1" --binding packed --op bcast --procs 8 --bytes 1K --hostfile "$tmp/hosts"

# --map: every cell is the choice a single-shape prediction marks, for every op (default all six).
"$prog" --model "$model" --map --procs 2,5,8 --bytes 1K,64K,1M --csv >"$tmp/map.csv" 2>"$tmp/err" || fail "--map --csv exited $?"
[ "$(head -n 1 "$tmp/map.csv")" = "op,procs,root,bytes,algorithm,predicted_us,native_us" ] || fail "map CSV header: $(head -n 1 "$tmp/map.csv")"
[ "$(tail -n +2 "$tmp/map.csv" | wc -l)" -eq 54 ] || fail "map CSV: expected 6 ops x 3 counts x 3 sizes = 54 cells"
tail -n +2 "$tmp/map.csv" | while IFS=, read -r op procs root bytes algorithm predicted native; do
  chosen=$("$prog" --model "$model" --op "$op" --procs "$procs" --bytes "$bytes" --csv | awk -F, '$7 == 1 { print $5 "," $6 }')
  [ "$chosen" = "$algorithm,$predicted" ] || fail "map cell $op P=$procs $bytes: $algorithm,$predicted; single prediction chose $chosen"
done || exit 1
"$prog" --model "$model" --map --op scatter,bcast --procs 2,8 --bytes 64K,1M >"$tmp/map.txt" || fail "--map table exited $?"
[ "$(grep -c '^scatter (bytes per rank)$\|^bcast$' "$tmp/map.txt")" -eq 2 ] || fail "map table: expected a scatter and a bcast section"
grep -q '^ *8  *[a-z_]* x[0-9.]*  *[a-z_]* x[0-9.]*$' "$tmp/map.txt" || fail "map table: no row for 8 processes"
"$prog" --model "$model" --map --op gather --procs 2,4 --bytes 1K,1M --svg "$tmp/map.svg" >/dev/null 2>"$tmp/err" ||
  fail "--map --svg exited $?: $(cat "$tmp/err")"
[ -s "$tmp/map.svg.gp" ] || fail "--svg wrote no gnuplot script"
grep -q "set output '$tmp/map.svg'" "$tmp/map.svg.gp" || fail "gnuplot script does not write $tmp/map.svg"
if command -v gnuplot >/dev/null; then
  grep -q '<svg' "$tmp/map.svg" || fail "--svg: $tmp/map.svg is not an SVG"
  grep -Eq 'binomial|chain|pipelined_tree|flat_concurrent|native' "$tmp/map.svg" || fail "--svg: no algorithm name in the heat map"
fi
echo "PASS"
