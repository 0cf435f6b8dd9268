#!/bin/sh
# collsel-predict --topology/--binding: one node of a shipped topology, ranks packed or scattered.
# Scatter puts neighbouring ranks on different sockets, so on both dual-socket EPYC topologies a
# bcast or reduce must be predicted slower than packed (the rank-order trees), scatter and
# gather differently, and at least one choice changes with the placement; a
# core list equal to a named binding gives the same rows; the channel parameters come from the
# model's [channels] (a one-class model makes placement irrelevant); bad topology or binding →
# exit 2 with one line on stderr naming the problem.
# Usage: predict_topology_test.sh collsel-predict TOPOLOGY_DIR hetero-8.toml epyc-channels.toml
set -u
prog=$1
topos=$2
hetero=$3
epyc=$4
real=$topos/epyc-7763-2s-real.xml
nps4=$topos/epyc-2s-nps4-synthetic.xml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
header="op,procs,root,bytes,algorithm,predicted_us,chosen"

run() {  # output file, then the arguments; must succeed silently on stderr
  out=$1
  shift
  "$prog" "$@" --csv >"$out" 2>"$tmp/err" || fail "$* exited $?: $(cat "$tmp/err")"
  [ -s "$tmp/err" ] && fail "$*: stderr not empty: $(cat "$tmp/err")"
  [ "$(head -n 1 "$out")" = "$header" ] || fail "$*: CSV header $(head -n 1 "$out")"
  [ "$(tail -n +2 "$out" | wc -l)" -gt 0 ] || fail "$*: no rows"
}

# packed vs scatter: same algorithms; the fixed rank-order trees (binomial, flat) slower
# scattered. Not the choice, which may be native: builders that adapt their tree to the
# costs are not compared one by one: a different tree may suit the other placement. Nor is native:
# it is MPICH's own selection (collsel/mpich_native.hpp), whose recursive-doubling allgather pairs
# rank i with i xor 2^k, partners that scattering can bring closer (bcast of 64 KB on 32 ranks of
# the NPS4 node: 13.6 us packed, 12.6 us scattered).
compare() {  # label, packed csv, scatter csv
  label=$1
  awk -F, -v label="$label" '
    FNR == 1 { next }
    NR == FNR { p[$1 SUBSEP $4 SUBSEP $5] = $6; if ($7 == 1) pc[$1 SUBSEP $4] = $6; next }
    {
      k = $1 SUBSEP $4 SUBSEP $5
      if (!(k in p)) { print "FAIL: " label ": " $5 " at " $4 " B missing under packed"; bad = 1; next }
      seen++
      if (($5 == "binomial" || $5 == "flat") && !($6 + 0 > p[k] + 0)) {
        print "FAIL: " label ": " $5 " at " $4 " B not slower scattered (" $6 " <= " p[k] ")"
        bad = 1
      }
      if ($7 == 1) sc[$1 SUBSEP $4] = $6
    }
    END {
      if (seen != length(p)) { print "FAIL: " label ": " seen " scatter rows for " length(p) " packed rows"; bad = 1 }
      exit bad
    }' "$2" "$3" || exit 1
}

# bcast and reduce move the whole message along every tree edge: an edge across the socket link
# can only cost more. scatter and gather move fewer blocks on deeper edges, so a placement that
# keeps the big first messages on one socket may help the rank-order tree: there the predictions
# must only differ.
for t in "$real" "$nps4"; do
  name=$(basename "$t" .xml)
  for op in bcast reduce scatter gather; do
    run "$tmp/p" --topology "$t" --binding packed --op $op --procs 32 --bytes 1K,64K,1M
    run "$tmp/s" --topology "$t" --binding scatter --op $op --procs 32 --bytes 1K,64K,1M
    case $op in
      bcast | reduce) compare "$name $op P=32" "$tmp/p" "$tmp/s" ;;
      *) cmp -s "$tmp/p" "$tmp/s" && fail "$name $op P=32: packed and scatter predict alike" ;;
    esac
    [ "$(grep -c ',1$' "$tmp/p")" -eq 3 ] || fail "$name $op: expected one chosen row per size"
  done
done
echo "ok: bcast/reduce slower scattered than packed on both topologies, scatter/gather differ"

# Where the choice itself changes: scatter of 64 KiB blocks to 16 ranks on the dual EPYC 7763.
# Packed (cores 0-15, two core complexes), native's rank-order binomial tree sends its largest
# message (8 blocks, to rank 8) across the core complexes, and a topology-aware tree wins;
# scattered, ranks 0, 2, 4, ... are socket 0, so the rank-order tree keeps every multi-block
# message on one socket and only single blocks cross it: native is chosen.
run "$tmp/p" --topology "$real" --binding packed --op scatter --procs 16 --bytes 64K
run "$tmp/s" --topology "$real" --binding scatter --op scatter --procs 16 --bytes 64K
pc=$(awk -F, '$7 == 1 { print $5 }' "$tmp/p")
sc=$(awk -F, '$7 == 1 { print $5 }' "$tmp/s")
[ -n "$pc" ] && [ "$pc" != native ] || fail "packed scatter 64K: chose '$pc', expected a tree other than native"
# flat_concurrent (every block posted at once) is priced apart from the trees and may win too.
[ "$sc" = native ] || [ "$sc" = flat_concurrent ] || fail "scattered scatter 64K: chose '$sc', expected native"
awk -F, 'NR > 1 && $5 == "native" { n = $6 } NR > 1 && $7 == 1 { c = $6 } END { exit !(c < 0.95 * n) }' "$tmp/p" ||
  fail "packed scatter 64K: the choice is not 5 % faster than native"
echo "ok: scatter 16 x 64K on the EPYC 7763: packed chooses $pc, scattered chooses native"

# A list equal to a named binding gives the same rows.
run "$tmp/p" --topology "$real" --binding packed --op bcast --procs 8 --bytes 1K,1M
run "$tmp/l" --topology "$real" --binding 0,1,2,3,4,5,6,7 --op bcast --procs 8 --bytes 1K,1M
cmp -s "$tmp/p" "$tmp/l" || fail "list 0-7 differs from packed"
run "$tmp/s" --topology "$real" --binding scatter --op bcast --procs 8 --bytes 1K,1M
run "$tmp/l" --topology "$real" --binding " 0, 64,1,65,2,66,3,67" --op bcast --procs 8 --bytes 1K,1M
cmp -s "$tmp/s" "$tmp/l" || fail "list 0,64,1,65,... differs from scatter"
cmp -s "$tmp/p" "$tmp/s" && fail "packed and scatter give the same rows for 8 ranks"

# hwloc synthetic descriptions work as well (two sockets of two core complexes of four cores).
run "$tmp/p" --topology "pack:2 l3:2 core:4 pu:1" --binding packed --op reduce --procs 8 --bytes 4K,256K
run "$tmp/s" --topology "pack:2 l3:2 core:4 pu:1" --binding scatter --op reduce --procs 8 --bytes 4K,256K
compare "synthetic reduce P=8" "$tmp/p" "$tmp/s"

# Channel parameters: the default = examples/models/epyc-channels.toml = a model file without
# [channels] (hetero-8); a model whose only class is l3 makes every pair alike.
run "$tmp/d" --topology "$real" --binding scatter --op gather --procs 16 --bytes 1K,64K
run "$tmp/e" --topology "$real" --binding scatter --op gather --procs 16 --bytes 1K,64K --model "$epyc"
run "$tmp/h" --topology "$real" --binding scatter --op gather --procs 16 --bytes 1K,64K --model "$hetero"
cmp -s "$tmp/d" "$tmp/e" || fail "epyc-channels.toml differs from the built-in default"
cmp -s "$tmp/d" "$tmp/h" || fail "a model file without [channels] does not fall back to the default"
"$prog" --topology "$real" --binding scatter --op gather --procs 16 --bytes 1K --model "$hetero" >"$tmp/t" 2>&1
grep -q "has no \[channels\] section" "$tmp/t" || fail "table does not say the default is used: $(cat "$tmp/t")"
cp "$hetero" "$tmp/one.toml"
printf '\n[channels]\nnote = "one class"\n[channels.l3]\nalpha = 1e-6\nbeta = 1e-10\n' >>"$tmp/one.toml"
run "$tmp/p" --topology "$real" --binding packed --op gather --procs 16 --bytes 1K,64K --model "$tmp/one.toml"
run "$tmp/s" --topology "$real" --binding scatter --op gather --procs 16 --bytes 1K,64K --model "$tmp/one.toml"
cmp -s "$tmp/p" "$tmp/s" || fail "one-class channel model: packed and scatter differ"
cmp -s "$tmp/p" "$tmp/d" && fail "the model file's [channels] was not used"
# Native gather = binomial tree: 4 levels carrying 1, 2, 4 and 8 blocks of 1 KiB on its deepest
# path, 4 x 1 us + 15360 B x 1e-10 s/B = 5.536 us.
grep -q '^gather,16,0,1024,native,5\.536,' "$tmp/p" || fail "one-class native gather 1K: $(grep native "$tmp/p" | head -n 1)"
echo "ok: channel parameters from --model"

expect_error() {  # description, expected text on stderr, then the arguments
  what=$1
  want=$2
  shift 2
  "$prog" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit code $rc, expected 2"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: stderr is not one line: $(cat "$tmp/err")"
  grep -qF -- "$want" "$tmp/err" || fail "$what: stderr does not mention '$want': $(cat "$tmp/err")"
  [ -s "$tmp/out" ] && fail "$what: wrote to stdout"
  echo "ok: $what -> $(cat "$tmp/err")"
}
expect_error "missing XML" "$tmp/no-such-node.xml: no such file" \
  --topology "$tmp/no-such-node.xml" --binding packed --op bcast --procs 4 --bytes 1K
printf '<?xml version="1.0"?>\n<topology><object type="Machine">\n' >"$tmp/broken.xml"
expect_error "broken XML" "$tmp/broken.xml" --topology "$tmp/broken.xml" --binding packed --op bcast --procs 4 --bytes 1K
expect_error "bad synthetic" "not a valid hwloc synthetic description" \
  --topology "pack:2 gizmo:3" --binding packed --op bcast --procs 4 --bytes 1K
expect_error "bad binding word" "'spread' is not a core id" \
  --topology "$real" --binding spread --op bcast --procs 4 --bytes 1K
expect_error "list too short" "3 core ids for 4 ranks" --topology "$real" --binding 0,1,2 --op bcast --procs 4 --bytes 1K
expect_error "unknown core" "core 128 is not in" --topology "$real" --binding 0,1,2,128 --op bcast --procs 4 --bytes 1K
expect_error "too many ranks" "129 ranks do not fit on the 128 PUs" \
  --topology "$real" --binding packed --op bcast --procs 129 --bytes 1K
expect_error "binding without topology" "--binding needs --topology" \
  --model "$hetero" --binding packed --op bcast --procs 4 --bytes 1K
expect_error "topology without binding" "--topology needs --binding" --topology "$real" --op bcast --procs 4 --bytes 1K
expect_error "model kind with topology" "--p2p-model does not apply" \
  --topology "$real" --binding packed --model "$hetero" --p2p-model lmo --op bcast --procs 4 --bytes 1K
expect_error "no model, no topology" "--model is required" --op bcast --procs 4 --bytes 1K
printf '[channels]\n[channels.l3]\nalpha = 1e-6\nbeta = "fast"\n' >"$tmp/badch.toml"
expect_error "bad [channels] file" "badch.toml:4: channels.l3.beta" \
  --topology "$real" --binding packed --model "$tmp/badch.toml" --op bcast --procs 4 --bytes 1K
expect_error "missing model with topology" "no-such-model.toml" \
  --topology "$real" --binding packed --model "$tmp/no-such-model.toml" --op bcast --procs 4 --bytes 1K
echo "PASS"
