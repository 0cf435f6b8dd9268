#!/usr/bin/env python3
"""verify-slots.py [-b BUILD] [--slots LIST] DIR...: which candidates measured verification would
have tried with so many slots, judged by the bench's measurements.

Each DIR holds a run of collsel-bench (bench.csv: every algorithm's predicted and measured time per
point; examples/emulated-cluster/random-clusters writes one per seed). Per point the algorithms
are ranked by predicted time, as the shim ranks its candidates, and N slots are filled as the shim
fills them: BUILD's collsel-judge (tools/judge, default ../build) applies the shim's own
verification_slots (shim/src/verification.hpp: the first N, native always among them, in the last
slot if the others filled them), for every N of LIST (default 4,5; the shim's verify_candidates is 5). A slot
count is judged by the best bench median among its slots over the bench's fastest (oracle): what a
verification that always found the fastest of its slots would reach. Twins (two algorithms that
built the same plan, which the shim gives one slot) are not merged here, so every count is judged
a little below what the shim's slots cover.

Printed per slot count: points, median and worst best-of-slots/oracle, points above 1.05 and 1.15;
then the points above 1.15 under any count, with each count's ratio and slots.
"""
import argparse
import os
import statistics
import sys

from benchrun import bench_rows, candidate_points
from replay_common import ShimRules, add_build_option


def fill(shim, ranked, slots):
    """The slots from `ranked` (names, best predicted first) as the shim fills them (collsel-judge)."""
    native = ranked.index("native") if "native" in ranked else -1
    return [ranked[i] for i in shim.slots(slots, native, len(ranked))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--slots", default="4,5", help="comma-separated slot counts (each at least 2)")
    add_build_option(ap)
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    try:
        counts = [int(x) for x in a.slots.split(",")]
    except ValueError:
        ap.error(f"--slots: expected comma-separated integers, got '{a.slots}'")
    if not counts or min(counts) < 2:
        ap.error("--slots: every count must be at least 2")
    shim = ShimRules(a.build, ap)
    judged = {n: [] for n in counts}
    for d in a.dirs:
        if not os.path.isfile(os.path.join(d, "bench.csv")):
            sys.exit(f"verify-slots.py: {d}: no bench.csv")
        for (op, size), rows in sorted(candidate_points(bench_rows(d)).items()):
            measured = {name: m for name, m, _ in rows}
            oracle = min(measured.values())
            ranked = [name for name, _, _ in sorted(rows, key=lambda x: x[2])]
            for n in counts:
                slots = fill(shim, ranked, n)
                judged[n].append((min(measured[s] for s in slots) / oracle, d, op, size, slots))
    for n, v in judged.items():
        r = [x[0] for x in v]
        print(f"slots {n} points {len(r)} median {statistics.median(r):.3f} worst {max(r):.3f} "
              f"above_1.05 {sum(x > 1.05 for x in r)} above_1.15 {sum(x > 1.15 for x in r)}")
    for i in range(len(judged[counts[0]])):
        row = {n: judged[n][i] for n in counts}
        if any(x[0] > 1.15 for x in row.values()):
            _, d, op, size, _ = row[counts[0]]
            print(f"point {d} {op} {size} " + " ".join(
                f"slots{n} {x[0]:.3f} ({','.join(x[4])})" for n, x in row.items()))


if __name__ == "__main__":
    main()
