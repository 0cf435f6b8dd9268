#!/usr/bin/env python3
"""bench-points.py [-c LEVEL] DIR...: the random-cluster metrics with the bench's resolution attached.

Each DIR holds one configuration as examples/emulated-cluster/random-clusters writes it: raw.csv
(collsel-bench --raw-csv: every repetition's time) and bench.log (what `auto` ran). Per point
(op, size) the ratios of metrics.txt — native/auto and auto/oracle (benchmetrics.py), of the
medians over repetitions — and for each a bootstrap interval (LEVEL, default 0.9): the repetitions of each entry are drawn
again with replacement, 4000 times, seeded. Then:

  below_0.97           points with native/auto < 0.97 (as metrics.txt counts them)
  below_0.97_resolved  of those, points whose whole interval is below 0.97: auto measured slower
                       than native beyond what the repetitions' spread explains
  worst_resolved       the largest lower end of an auto/oracle interval: how far auto is behind
                       the fastest at least, at the worst point

and, against the winner's curse:

  auto/oracle_split    per point, the oracle chosen on the even repetitions (medians) and timed,
                       with auto, on the odd ones, and the other way round; the geometric mean of
                       the two ratios (needs 4 repetitions). The oracle of the whole run is the
                       least of a dozen noisy medians: where several entries are within the
                       repetitions' spread of each other it comes out faster than any of them
                       runs, and auto/oracle above what auto loses. Chosen on one half and timed
                       on the other, the oracle's time has no such bias; its choice, from half the
                       repetitions, is if anything worse than the whole run's, so this ratio errs
                       in auto's favour where the plain one errs against it: the two lean
                       opposite ways, and a target met by one and missed by the other is within
                       what the repetitions can tell.
  auto/oracle_split_median, auto/oracle_split_worst   their median and largest over the points

and a check of the intervals themselves: where `auto` ran an algorithm that is also measured forced
(or native), the two rows time one schedule; the share of those points whose native/auto-style
interval of auto/same holds 1 should be near LEVEL. Far below it, repetitions are not
exchangeable (a call's time depends on what ran before it, or drifts) and the intervals are too
narrow to resolve anything.
"""
import argparse
import csv
import math
import random
import statistics
from collections import defaultdict

from benchmetrics import BELOW, Point, oracle
from benchrun import auto_ran


def load(d):
    reps = defaultdict(list)  # (op, bytes) -> [(algorithm, rep, us)]
    with open(d + "/raw.csv") as f:
        for r in csv.DictReader(f):
            reps[(r["op"], int(r["bytes"]))].append((r["algorithm"], int(r["rep"]), float(r["measured_us"])))
    by_rep = {}  # (op, bytes) -> {algorithm: {rep: us}}
    for key, rows in reps.items():
        numbered = defaultdict(dict)
        for a, k, t in rows:
            numbered[a][k] = t
        by_rep[key] = numbered
    points = {key: {a: list(r.values()) for a, r in by.items()} for key, by in by_rep.items()}
    return points, by_rep, auto_ran(d)


def split_oracle_ratio(by_rep):
    """auto over the oracle chosen on one half of the repetitions and timed on the other (both
    ways, geometric mean); None with fewer than 2 repetitions per half."""
    logs = []
    for chosen_on in (0, 1):
        pick, timed = {}, {}
        for a, reps in by_rep.items():
            pick_t = [t for k, t in reps.items() if k % 2 == chosen_on]
            timed_t = [t for k, t in reps.items() if k % 2 != chosen_on]
            if len(pick_t) < 2 or len(timed_t) < 2:
                return None
            pick[a], timed[a] = statistics.median(pick_t), statistics.median(timed_t)
        best = oracle(pick)[0]
        logs.append(math.log(timed["auto"] / timed[best]))
    return math.exp(sum(logs) / len(logs))


def interval(num, den, level, rng, draws=4000):
    """Bootstrap interval of median(num) / median(den), each resampled on its own."""
    ratios = []
    for _ in range(draws):
        n = statistics.median(rng.choices(num, k=len(num)))
        m = statistics.median(rng.choices(den, k=len(den)))
        ratios.append(n / m)
    ratios.sort()
    lo = ratios[int((1 - level) / 2 * (draws - 1))]
    hi = ratios[int((1 + level) / 2 * (draws - 1))]
    return lo, hi


def analyse(d, level, out):
    points, by_rep, ran = load(d)
    rng = random.Random(20261126)
    below = resolved = covered = checked = 0
    worst = worst_lo = 0.0
    splits = []
    for (op, size) in sorted(points, key=lambda k: (k[1], k[0])):
        by = points[(op, size)]
        med = {a: statistics.median(t) for a, t in by.items()}
        p = Point(med)
        if not p.complete:
            continue
        na, ao = p.native_over_auto, p.auto_over_oracle
        na_lo, na_hi = interval(by["native"], by["auto"], level, rng)
        ao_lo, ao_hi = interval(by["auto"], by[p.oracle], level, rng)
        flag = ""
        if p.below:
            below += 1
            if na_hi < BELOW:
                resolved += 1
                flag = "  below 0.97 x native, resolved"
            else:
                flag = "  below 0.97 x native within the spread"
        worst = max(worst, ao)
        worst_lo = max(worst_lo, ao_lo)
        split = split_oracle_ratio(by_rep[(op, size)])
        split_txt = " split %.3f" % split if split is not None else ""
        if split is not None:
            splits.append(split)
        same = ran.get((op, size))
        same_txt = ""
        if same in by and same != "auto":
            s_lo, s_hi = interval(by["auto"], by[same], level, rng)
            checked += 1
            covered += s_lo <= 1 <= s_hi
            same_txt = " auto/%s %.3f [%.3f, %.3f]" % (same, med["auto"] / med[same], s_lo, s_hi)
        print("%s point %-8s %8d native/auto %.3f [%.3f, %.3f] auto/oracle %.3f [%.3f, %.3f] (%s)%s%s%s" % (
            d, op, size, na, na_lo, na_hi, ao, ao_lo, ao_hi, p.oracle, split_txt, same_txt, flag), file=out)
    split_txt = (" auto/oracle_split_median %.3f auto/oracle_split_worst %.3f" % (statistics.median(splits), max(splits))
                 if splits else "")
    print("%s summary below_0.97 %d below_0.97_resolved %d auto/oracle_worst %.3f worst_resolved %.3f%s "
          "same_schedule_intervals_holding_1 %d/%d (level %.2f)" % (d, below, resolved, worst, worst_lo, split_txt, covered,
                                                                   checked, level), file=out)
    return below, resolved, covered, checked


def main():
    import sys
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-c", "--level", type=float, default=0.9, help="interval level (default 0.9)")
    p.add_argument("dirs", nargs="+")
    a = p.parse_args()
    if not 0.5 <= a.level < 1:
        p.error("--level must be in [0.5, 1)")
    total = [0, 0, 0, 0]
    for d in a.dirs:
        try:
            r = analyse(d.rstrip("/"), a.level, sys.stdout)
        except FileNotFoundError as e:
            sys.exit("bench-points.py: %s: %s (run random-clusters at a collsel-bench with --raw-csv)" % (d, e))
        total = [x + y for x, y in zip(total, r)]
    if len(a.dirs) > 1:
        print("all below_0.97 %d below_0.97_resolved %d same_schedule_intervals_holding_1 %d/%d" % tuple(total))


if __name__ == "__main__":
    main()
