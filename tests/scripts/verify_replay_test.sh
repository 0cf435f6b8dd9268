#!/bin/sh
# scripts/verify-replay.py on a made-up run whose verdicts are known (tests/scripts/CMakeLists.txt).
# Usage: verify_replay_test.sh PATH/TO/verify-replay.py BUILD_DIR (with bin/collsel-judge)
set -u
replay=$1 build=$2
. "$(dirname "$0")/replay_test_lib.sh"
# bcast: the tree's median leads native's by 1.33x but it wins only 2/3 of the pairs of calls, so
# the pair rule kept native; the bench measured the tree 1.3x faster. reduce: it replaced native
# by chain, which the bench measured 5 % slower than native.
made_up_run seed-1 <<'END'
{"kind": "verify", "op": "bcast", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "binomial", "candidates": [{"algorithm": "binomial", "predicted_us": 10.00, "measured_us": 3.00, "calls_us": [3.00, 3.00, 9.00]}, {"algorithm": "native", "predicted_us": 12.00, "measured_us": 4.00, "calls_us": [4.00, 4.00, 4.00]}], "verdict": "native"}
{"kind": "verify", "op": "reduce", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "chain", "candidates": [{"algorithm": "chain", "predicted_us": 10.00, "measured_us": 3.00}, {"algorithm": "native", "predicted_us": 12.00, "measured_us": 4.00}], "verdict": "chain"}
{"kind": "summary", "op": "bcast"}
bcast,6,0,65536,native,130.0,12.0
bcast,6,0,65536,binomial,100.0,10.0
bcast,6,0,65536,auto,131.0,12.0
reduce,6,0,65536,native,100.0,12.0
reduce,6,0,65536,chain,105.0,10.0
reduce,6,0,65536,auto,101.0,10.0
END
replay_to out --statistic median "$tmp/seed-*"
# The pair rule: bcast stays native (1.3x the oracle), reduce runs chain (1.05x, below 0.97x native).
expect out "pairs (margin 5 %, 80 % of pairs)" "shapes   2 .* worst 1.300  below 0.97 x native 1" \
  "the pair rule replayed wrongly"
# A median lead above 25 % replaces native on bcast too: worst is reduce's 1.05.
expect out "pairs, or a lead > 25 %" "shapes   2 .* worst 1.050  below 0.97 x native 1" \
  "the shim's rule replayed wrongly"
# Medians alone, lead > 5 %: the same verdicts as the relaxed rule here.
expect out "median lead > 5 %" "worst 1.050" "the median rule replayed wrongly"
# By the mean (the default, as the shim judges): the tree's calls 3, 3, 9 take 5 on average, native
# 4: native stays under every rule, and bcast is 1.3x the oracle; reduce has no calls to average and
# keeps its recorded verdict.
replay_to mean "$tmp/seed-*"
expect mean "pairs, or a lead > 25 %" "shapes   2 .* worst 1.300  below 0.97 x native 1" \
  "the shim's rule by the mean replayed wrongly"
expect mean "median lead > 5 %" "worst 1.300" "the lead rule by the mean replayed wrongly"
# The candidate rule: the model's own choice (traff) leads native's median by 10 %, but wins only
# 6 of 9 pairs of calls: the shim's rule keeps native (the bench: 1.11x the oracle), the model's
# agreement replaces it (traff, the oracle).
made_up_run agree <<'END'
{"kind": "verify", "op": "gatherv", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "traff", "candidates": [{"algorithm": "traff", "predicted_us": 10.00, "measured_us": 3.00, "calls_us": [3.00, 3.00, 9.00]}, {"algorithm": "native", "predicted_us": 12.00, "measured_us": 3.30, "calls_us": [3.30, 3.30, 3.30]}], "verdict": "native"}
gatherv,6,0,65536,native,100.0,12.0
gatherv,6,0,65536,traff,90.0,10.0
gatherv,6,0,65536,auto,100.0,12.0
END
replay_to out2 --statistic median "$tmp/agree"
expect out2 "pairs, or a lead > 25 %" "worst 1.111" "the shim's rule must keep native here"
expect out2 "the shim's, or the model's choice > 5 %" "worst 1.000  below 0.97 x native 0" \
  "the model's agreement must replace native here"
# The lead confirmed by the median (the shim's rule since it judged so): native's first call of the
# shape was slow (8.6 ms), its others the fastest; by the mean the tree leads by 36 %, by the median
# native leads. The rule before replaces native (the bench: 1.38x the oracle, below 0.97x native),
# the confirmed rule keeps it.
made_up_run first <<'END'
{"kind": "verify", "op": "bcast", "comm_size": 8, "root": 7, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "native", "candidates": [{"algorithm": "native", "predicted_us": 2906.00, "measured_us": 4595.00, "calls_us": [8600.00, 2390.00, 2850.00]}, {"algorithm": "binomial_bfs_max", "predicted_us": 4960.00, "measured_us": 3375.00, "calls_us": [3630.00, 3280.00, 3210.00]}], "verdict": "binomial_bfs_max"}
bcast,8,7,65536,native,2600.0,2906.0
bcast,8,7,65536,binomial_bfs_max,3588.0,4960.0
bcast,8,7,65536,auto,3600.0,4960.0
END
replay_to out3 "$tmp/first"
expect out3 "the shim's, or the model's choice > 5 %" "worst 1.380  below 0.97 x native 1" \
  "the rule before must replace native here"
expect out3 "that, the lead confirmed by the median" "worst 1.000  below 0.97 x native 0" \
  "the confirmed lead must keep native here"
# The model's choice when another option measured faster (the shim's rule now): chain measured
# fastest (by 13 %) but wins only 6 of 9 pairs against native; the model's choice (binomial_bfs_min) beats
# native's mean by 10 %. The rules before keep native (the bench: 1.2x the oracle); the shim's runs
# the model's choice.
made_up_run model <<'END'
{"kind": "verify", "op": "reduce", "comm_size": 8, "root": 5, "bytes_min": 1048576, "bytes_max": 2097151, "calls": 9, "model_choice": "binomial_bfs_min", "candidates": [{"algorithm": "binomial_bfs_min", "predicted_us": 87.0, "measured_us": 90.0, "calls_us": [90.0, 90.0, 90.0]}, {"algorithm": "chain", "predicted_us": 95.0, "measured_us": 86.7, "calls_us": [70.0, 70.0, 120.0]}, {"algorithm": "native", "predicted_us": 110.0, "measured_us": 100.0, "calls_us": [70.0, 100.0, 130.0]}], "verdict": "native"}
reduce,8,5,1048576,native,120.0,110.0
reduce,8,5,1048576,binomial_bfs_min,100.0,87.0
reduce,8,5,1048576,chain,110.0,95.0
reduce,8,5,1048576,auto,120.0,110.0
END
replay_to out4 "$tmp/model"
expect out4 "that, the lead confirmed by the median" "worst 1.200  below 0.97 x native 0" \
  "the rule before must keep native here"
expect out4 "that, or the model's choice > 5 % (the shim)" "worst 1.000  below 0.97 x native 0" \
  "the shim's rule must run the model's choice here"
# The shim's own rule (collsel-judge, the C++ constants), where only its constants decide; the model
# chose native, so only the measurements count. bcast: the tree's mean (calls 2, 2, 4.5: 2.83)
# leads native's (4) by 41 %, above kClearLead (25 %), and its median leads too, but it wins only 6
# of 9 pairs: the lead replaces native (the bench: the tree 1.3x faster). scatter: the tree's mean
# (3.2) leads native's (3.63) by 13 %, within kClearLead, but it wins 8 of 9 pairs, kSettledShare
# (80 %) or more: it replaces native too (the bench: 1.2x faster). A larger kClearLead or
# kSettledShare keeps native on one of them, a worst of 1.3 or 1.2.
made_up_run lead <<'END'
{"kind": "verify", "op": "bcast", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "native", "candidates": [{"algorithm": "native", "predicted_us": 10.00, "measured_us": 4.00, "calls_us": [4.00, 4.00, 4.00]}, {"algorithm": "binomial", "predicted_us": 12.00, "measured_us": 2.83, "calls_us": [2.00, 2.00, 4.50]}], "verdict": "binomial"}
{"kind": "verify", "op": "scatter", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 6, "model_choice": "native", "candidates": [{"algorithm": "native", "predicted_us": 10.00, "measured_us": 3.63, "calls_us": [3.50, 3.70, 3.70]}, {"algorithm": "binomial", "predicted_us": 12.00, "measured_us": 3.20, "calls_us": [3.00, 3.00, 3.60]}], "verdict": "binomial"}
bcast,6,0,65536,native,130.0,10.0
bcast,6,0,65536,binomial,100.0,12.0
bcast,6,0,65536,auto,100.0,10.0
scatter,6,0,65536,native,120.0,10.0
scatter,6,0,65536,binomial,100.0,12.0
scatter,6,0,65536,auto,100.0,10.0
END
replay_to out6 "$tmp/lead"
expect out6 "that, or the model's choice > 5 % (the shim)" "shapes   2 .* worst 1.000  below 0.97 x native 0" \
  "the shim's rule (collsel-judge) must replace native on both shapes"
# The variants take the shim's constants too: the pair rule keeps native on bcast only, the pair
# rule or a lead above kClearLead replaces it on both.
expect out6 "pairs (margin 5 %, 80 % of pairs)" "shapes   2 .* worst 1.300 " "the pair rule on the shim's constants"
expect out6 "pairs, or a lead > 25 %" "shapes   2 .* worst 1.000 " "the lead variant on the shim's constants"
# --drop-first: native ran the shape's first call (8.6 ms); without it native's calls (2.39, 2.85)
# beat the tree's, and every rule keeps native, the bench's fastest.
replay_to out5 --drop-first "$tmp/first"
expect out5 "the shim's, or the model's choice > 5 %" "worst 1.000  below 0.97 x native 0" \
  "--drop-first must leave native's first call out"
usage_error_then_pass
