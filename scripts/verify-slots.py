#!/usr/bin/env python3
"""verify-slots.py [--slots N] [--registry FILE] DIR...: which candidates measured verification
would have tried, under two rules for filling its slots, judged by the bench's measurements.

Each DIR holds a run of collsel-bench (bench.csv: every algorithm's predicted and measured time per
point; examples/emulated-cluster/random-clusters writes one per seed). Per point the algorithms
are ranked by predicted time, as the shim ranks its candidates, and N slots (default 4, the
shim's verify_candidates) are filled, native always among them (in the last slot if the others
filled them):
  by_prediction  the first N by predicted time;
  family_cap     the same, but at most two slots per registry family (AlgorithmInfo::family, read
                 from FILE, default models/src/registry.cpp) while algorithms of other families
                 are left; spare slots by predicted time (shim/src/verdict.cpp,
                 verification_slots).
A rule is judged by the best bench median among its slots over the bench's fastest (oracle): what
a verification that always found the fastest of its slots would reach. Twins (two algorithms that
built the same plan, which the shim gives one slot) are not merged here, so both rules are judged
a little below what the shim's slots cover.

Printed per rule: points, median and worst best-of-slots/oracle, points above 1.05 and 1.15; then
the points above 1.15 under either rule.
"""
import argparse
import os
import re
import statistics
import sys

from benchrun import bench_rows

CAP = 2
_ROW = re.compile(r"AlgorithmInfo\{(.*?)\}(?=,\s*(?://[^\n]*\n\s*)*(?:AlgorithmInfo|\}))", re.S)
_FIELD = re.compile(r'\.(name|family)\s*=\s*"([^"]*)"')


def registry_families(path):
    """{algorithm: family} from the registry's rows (an algorithm without one is its own)."""
    with open(path) as f:
        text = f.read()
    families = {}
    for row in _ROW.finditer(text):
        fields = dict(_FIELD.findall(row.group(1)))
        if "name" in fields:
            families[fields["name"]] = fields.get("family") or fields["name"]
    if "native" not in families:
        raise ValueError(f"{path}: no registry rows found")
    return families


def fill(ranked, slots, family_of, cap):
    """The slots from `ranked` (names, best predicted first), native always among them."""
    if len(ranked) <= slots:
        return list(ranked)
    take = {"native"} if "native" in ranked else set()
    for capped in (True, False):
        for a in ranked:
            if len(take) >= slots:
                break
            if a in take:
                continue
            if capped and cap and sum(family_of(t) == family_of(a) for t in take) >= cap:
                continue
            take.add(a)
    return [a for a in ranked if a in take]


def points(d):
    """{(op, bytes): [(algorithm, measured_us, predicted_us)]} of the forced algorithms and native."""
    pts = {}
    for r in bench_rows(d):
        if r["algorithm"] == "auto" or not r["predicted_us"]:
            continue
        pts.setdefault((r["op"], int(r["bytes"])), []).append(
            (r["algorithm"], float(r["measured_us"]), float(r["predicted_us"])))
    return pts


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--slots", type=int, default=4)
    ap.add_argument("--registry", default=os.path.join(here, "..", "models", "src", "registry.cpp"))
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    if a.slots < 2:
        ap.error("--slots must be at least 2")
    families = registry_families(a.registry)
    family_of = lambda name: families.get(name, name)
    rules = {"by_prediction": 0, "family_cap": CAP}
    judged = {rule: [] for rule in rules}
    for d in a.dirs:
        if not os.path.isfile(os.path.join(d, "bench.csv")):
            sys.exit(f"verify-slots.py: {d}: no bench.csv")
        for (op, size), rows in sorted(points(d).items()):
            measured = {name: m for name, m, _ in rows}
            oracle = min(measured.values())
            ranked = [name for name, _, _ in sorted(rows, key=lambda x: x[2])]
            for rule, cap in rules.items():
                slots = fill(ranked, a.slots, family_of, cap)
                judged[rule].append((min(measured[s] for s in slots) / oracle, d, op, size, slots))
    for rule, v in judged.items():
        r = [x[0] for x in v]
        print(f"rule {rule} slots {a.slots} points {len(r)} median {statistics.median(r):.3f} worst {max(r):.3f} "
              f"above_1.05 {sum(x > 1.05 for x in r)} above_1.15 {sum(x > 1.15 for x in r)}")
    for i in range(len(judged["by_prediction"])):
        row = {rule: judged[rule][i] for rule in rules}
        if any(x[0] > 1.15 for x in row.values()):
            _, d, op, size, _ = row["by_prediction"]
            print(f"point {d} {op} {size} " + " ".join(
                f"{rule} {x[0]:.3f} ({','.join(x[4])})" for rule, x in row.items()))


if __name__ == "__main__":
    main()
