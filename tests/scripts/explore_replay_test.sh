#!/bin/sh
# scripts/explore-replay.py on a made-up run whose costs are known (tests/scripts/CMakeLists.txt).
# Usage: explore_replay_test.sh PATH/TO/explore-replay.py BUILD_DIR (with bin/collsel-judge)
set -u
replay=$1 build=$2
. "$(dirname "$0")/replay_test_lib.sh"
mkdir "$tmp/seed-1"
# The model's error: 5 %.
cat >"$tmp/seed-1/model.toml" <<'END'
[validation]
points = 8
median_error = { lmo = 0.05 }
bias = { lmo = 1.0 }
preferred = "lmo"
END
# bcast: binomial predicted 20 % ahead of native, beyond the error: the rule explores nothing.
# reduce: chain predicted 2 % ahead, within it: both are tried, 3 rounds as recorded, chain kept.
made_up_run seed-1 <<'END'
{"kind": "verify", "op": "bcast", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "binomial", "candidates": [{"algorithm": "binomial", "predicted_us": 10.00, "measured_us": 90.00, "calls_us": [90.00, 90.00, 90.00]}, {"algorithm": "native", "predicted_us": 12.00, "measured_us": 100.00, "calls_us": [100.00, 100.00, 100.00]}], "verdict": "binomial"}
{"kind": "verify", "op": "reduce", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "chain", "candidates": [{"algorithm": "chain", "predicted_us": 10.00, "measured_us": 80.00, "calls_us": [80.00, 80.00, 80.00]}, {"algorithm": "native", "predicted_us": 10.20, "measured_us": 100.00, "calls_us": [100.00, 100.00, 100.00]}], "verdict": "chain"}
bcast,6,0,65536,native,100.0,12.0
bcast,6,0,65536,binomial,90.0,10.0
bcast,6,0,65536,auto,90.0,10.0
reduce,6,0,65536,native,100.0,10.2
reduce,6,0,65536,chain,80.0,10.0
reduce,6,0,65536,auto,80.0,10.0
END
replay_to out_no_audit --no-audit "$tmp/seed-*"
# Without the audit, first 50 calls: bcast 90 (model, rule) or (3 x 90 + 3 x 100 + 44 x 90) / 50 =
# 90.6 (all); reduce (3 x 80 + 3 x 100 + 44 x 80) / 50 = 81.2 (all, rule) or 80 (model).
grep '^model ' "$tmp/out_no_audit" | grep -q 'points   2 .* calls exploring 0$' || fail "model: explores nothing"
grep '^all ' "$tmp/out_no_audit" | grep -q 'calls exploring 12$' || fail "all: every recorded call"
grep '^rule ' "$tmp/out_no_audit" | grep -q 'calls exploring 6$' || fail "rule: only reduce's candidates in doubt"
# rule: sqrt(100/90 x 100/81.2) = 1.170; all: sqrt(100/90.6 x 100/81.2) = 1.166.
grep '^rule ' "$tmp/out_no_audit" | grep -q 'speedup over native 1.170 ' || fail "rule: the first calls' cost"
grep '^all ' "$tmp/out_no_audit" | grep -q 'speedup over native 1.166 ' || fail "all: the first calls' cost"
# With an error of 50 % both shapes are explored as recorded.
python3 "$replay" -b "$build" --no-audit --error 0.5 "$tmp/seed-1" | grep '^rule ' | grep -q 'calls exploring 12$' ||
  fail "--error 0.5: both shapes in doubt"
# The audit (AuditPlan through collsel-judge). all: blocks of audit_calls (32) of the verdict, then
# of native, which the verdict beats: bcast (3 x 90 + 3 x 100 + 32 x 90 + 12 x 100) / 50 = 93,
# reduce (3 x 80 + 3 x 100 + 32 x 80 + 12 x 100) / 50 = 86: sqrt(100/93 x 100/86) = 1.118, and
# every one of the 2 x 50 calls explores. rule: reduce's budget (64 calls) leaves blocks of 15 after
# at most 9 rounds of 2: (3 x 80 + 3 x 100 + 15 x 80 + 15 x 100 + 14 x 80) / 50 = 87.2, bcast 90:
# sqrt(100/90 x 100/87.2) = 1.129, 36 calls exploring.
replay_to out "$tmp/seed-*"
grep '^model ' "$tmp/out" | grep -q 'speedup over native 1.179 .* calls exploring 0$' || fail "model: no audit"
grep '^all ' "$tmp/out" | grep -q 'speedup over native 1.118 .* calls exploring 100$' || fail "all: the audit's blocks"
grep '^rule ' "$tmp/out" | grep -q 'speedup over native 1.129 .* calls exploring 36$' || fail "rule: the audit's blocks"
# Only the first N calls count: with 10, all spends 6 calls of each shape verifying and 4 of the
# verdict's block (the same means as at 50); rule reduce's 6 and 4: (3 x 80 + 3 x 100 + 4 x 80) /
# 10 = 86, sqrt(100/90 x 100/86) = 1.137.
replay_to out_10 --calls 10 "$tmp/seed-*"
grep '^all ' "$tmp/out_10" | grep -q 'speedup over native 1.118 .* calls exploring 20$' || fail "all: 10 calls at most"
grep '^rule ' "$tmp/out_10" | grep -q 'speedup over native 1.137 .* calls exploring 10$' || fail "rule: 10 calls at most"
# An audit that moves the verdict: verification measured chain faster (80 against native's 100),
# but in a loop of its own chain takes 120: blocks of chain, native, and native again to confirm
# it; native runs the rest. First 150 calls of all: (3 x 120 + 3 x 100 + 32 x 120 + 64 x 100 +
# 48 x 100) / 150 = 104.67, 100/104.67 = 0.955 (without the audit chain runs on: 0.836).
made_up_run moved <<'END'
{"kind": "verify", "op": "reduce", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "chain", "candidates": [{"algorithm": "chain", "predicted_us": 10.00, "measured_us": 80.00, "calls_us": [80.00, 80.00, 80.00]}, {"algorithm": "native", "predicted_us": 10.20, "measured_us": 100.00, "calls_us": [100.00, 100.00, 100.00]}], "verdict": "chain"}
reduce,6,0,65536,native,100.0,10.2
reduce,6,0,65536,chain,120.0,10.0
END
cp "$tmp/seed-1/model.toml" "$tmp/moved/" || fail "setup moved"
replay_to out_moved --calls 150 "$tmp/moved"
grep '^all ' "$tmp/out_moved" | grep -q 'speedup over native 0.955 .* calls exploring 102$' || fail "all: the audit keeps native"
replay_to out_moved_no_audit --calls 150 --no-audit "$tmp/moved"
grep '^all ' "$tmp/out_moved_no_audit" | grep -q 'speedup over native 0.836 ' || fail "--no-audit: chain runs on"
# The shim's own rule (collsel-judge, the C++ and the settings' defaults), where only they decide.
# The error band: binomial predicted 13 % ahead of native, beyond the model's 5 % and beyond
# native's reach of 1.05^2.44 = 12.6 % (kNativeDoubtSpread): nothing is explored; 8 % ahead, native
# is within its reach and both are tried.
mkdir "$tmp/band" && cp "$tmp/seed-1/model.toml" "$tmp/band/" || fail "setup band"
made_up_run band <<'END'
{"kind": "verify", "op": "gather", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "binomial", "candidates": [{"algorithm": "binomial", "predicted_us": 10.00, "measured_us": 90.00, "calls_us": [90.00, 90.00, 90.00]}, {"algorithm": "native", "predicted_us": 11.30, "measured_us": 100.00, "calls_us": [100.00, 100.00, 100.00]}], "verdict": "binomial"}
gather,6,0,65536,native,100.0,11.3
gather,6,0,65536,binomial,90.0,10.0
END
replay_to out_band "$tmp/band"
grep "^rule " "$tmp/out_band" | grep -q 'points   1 .* calls exploring 0$' || fail "the error band: 13 % ahead is beyond native's reach"
sed -i 's/11\.30/10.80/; s/,11\.3$/,10.8/' "$tmp/band/verify.jsonl" "$tmp/band/bench.csv"
replay_to out_band8 "$tmp/band"
grep "^rule " "$tmp/out_band8" | grep -q 'points   1 .* calls exploring [1-9][0-9]*$' || fail "the error band: 8 % ahead is within native's reach"
# The time budget (verify_budget_time 2): with an error of 300 % chain (predicted 3) and native
# (10) are both in doubt, and each round costs 7 beyond the best: 2 x 10 / 7 allows 2 rounds of
# the 3 recorded, 4 calls exploring (a budget of 3 native calls or more would allow 3 rounds, 6).
made_up_run budget <<'END'
{"kind": "verify", "op": "reduce", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "chain", "candidates": [{"algorithm": "chain", "predicted_us": 3.00, "measured_us": 80.00, "calls_us": [80.00, 80.00, 80.00]}, {"algorithm": "native", "predicted_us": 10.00, "measured_us": 100.00, "calls_us": [100.00, 100.00, 100.00]}], "verdict": "chain"}
reduce,6,0,65536,native,100.0,10.0
reduce,6,0,65536,chain,80.0,3.0
END
replay_to out_budget --error 3 "$tmp/budget"
grep "^rule " "$tmp/out_budget" | grep -q 'points   1 .* calls exploring 4$' || fail "the time budget: 2 rounds of 2 options"
# A window family is in doubt together (doubt_predictions): pipelined_tree_narrow, predicted 8 %
# behind the model's choice pipelined_tree_wide (beyond the 5 % error), is weighed at its family's
# best and tried with it: 3 rounds of 2, 6 calls exploring; native, 100 % behind, is not.
made_up_run family <<'END'
{"kind": "verify", "op": "reduce", "comm_size": 6, "root": 0, "bytes_min": 1048576, "bytes_max": 2097151, "calls": 6, "model_choice": "pipelined_tree_wide", "candidates": [{"algorithm": "pipelined_tree_wide", "predicted_us": 10.00, "measured_us": 90.00, "calls_us": [90.00, 90.00, 90.00]}, {"algorithm": "pipelined_tree_narrow", "predicted_us": 10.80, "measured_us": 80.00, "calls_us": [80.00, 80.00, 80.00]}], "verdict": "pipelined_tree_narrow"}
reduce,6,0,1048576,native,200.0,20.0
reduce,6,0,1048576,pipelined_tree_wide,90.0,10.0
reduce,6,0,1048576,pipelined_tree_narrow,80.0,10.8
END
cp "$tmp/seed-1/model.toml" "$tmp/family/" || fail "setup family"
replay_to out_family --no-audit "$tmp/family"
grep "^rule " "$tmp/out_family" | grep -q 'points   1 .* calls exploring 6$' || fail "a window family: tried together"
# Outside a family the same predictions leave the second candidate out (chain is of none).
sed -i 's/pipelined_tree_narrow/chain/g' "$tmp/family/verify.jsonl" "$tmp/family/bench.csv"
replay_to out_nofamily --no-audit "$tmp/family"
grep "^rule " "$tmp/out_nofamily" | grep -q 'points   1 .* calls exploring 0$' || fail "no family: 8 % behind is out"
usage_error_then_pass
