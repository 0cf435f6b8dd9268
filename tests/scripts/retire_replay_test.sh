#!/bin/sh
# scripts/retire-replay.py on a made-up run whose replay is known (tests/scripts/CMakeLists.txt).
# Usage: retire_replay_test.sh PATH/TO/retire-replay.py BUILD_DIR (with bin/collsel-judge)
set -u
replay=$1 build=$2
. "$(dirname "$0")/replay_test_lib.sh"
# bcast: four rounds recorded of a tree (10 ms every call), a second tree (10.15 ms, winning 4 of
# 16 pairs: no settling) and native (20 ms). At round 3 native loses clearly and retires: its 4th
# call no longer runs (1 call); the trees go on to the last recorded round, the tree kept. Excess
# over as many calls of the verdict: 4 x (0.15 + 10) = 40.6 ms recorded, 4 x 0.15 + 3 x 10 = 30.6
# replayed. The bench measured the tree fastest (verdict/oracle 1.000). The gather record has a
# candidate that retired already (a shim with the rule): not replayable.
made_up_run seed-1 <<'END'
{"kind": "verify", "op": "bcast", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 12, "model_choice": "binomial", "candidates": [{"algorithm": "binomial", "predicted_us": 9000.00, "measured_us": 10000.00, "calls_us": [10000.00, 10000.00, 10000.00, 10000.00]}, {"algorithm": "chain", "predicted_us": 9500.00, "measured_us": 10150.00, "calls_us": [10500.00, 9800.00, 10200.00, 10100.00]}, {"algorithm": "native", "predicted_us": 9900.00, "measured_us": 20000.00, "calls_us": [20000.00, 21000.00, 19000.00, 20000.00]}], "verdict": "binomial"}
{"kind": "verify", "op": "gather", "comm_size": 6, "root": 0, "bytes_min": 65536, "bytes_max": 131071, "calls": 8, "model_choice": "binomial", "candidates": [{"algorithm": "binomial", "predicted_us": 9000.00, "measured_us": 10000.00, "calls_us": [10000.00, 10000.00, 10000.00, 10000.00]}, {"algorithm": "native", "predicted_us": 9900.00, "measured_us": 20000.00, "calls_us": [20000.00, 21000.00, 19000.00], "retired_after_round": 3}], "verdict": "binomial"}
bcast,6,0,65536,native,200.0,9.9
bcast,6,0,65536,binomial,100.0,9.0
bcast,6,0,65536,chain,105.0,9.5
bcast,6,0,65536,auto,101.0,9.0
END
replay_to out "$tmp/seed-1"
expect out "seed-1" "records    1  retired   1 in   1  calls no longer run    1  rounds 4 -> 4  excess 40.6 -> 30.6 ms  verdicts changed 0  unsettled 0  verdict/oracle 1.000 -> 1.000, below 0.97 x native 0 -> 0 (1 with bench.csv)" \
  "the bcast record replayed wrongly"
# With the first agreement after round 4 (--min-rounds 4) native retires there: no call saved.
replay_to late --min-rounds 4 "$tmp/seed-1"
expect late "seed-1" "retired   1 in   1  calls no longer run    0  rounds 4 -> 4  excess 40.6 -> 40.6 ms" \
  "--min-rounds replayed wrongly"
usage_error_then_pass
