#!/usr/bin/env python3
"""bench-regimes.py DIR...: one cluster measured in three traffic regimes, side by side.

Each DIR holds bench-<regime>.csv and bench-<regime>.log for regime random, self and idle
(examples/emulated-cluster/regimes: collsel-bench --before random|self|idle with the shim
preloaded), and for any other name (bench-self40.csv: a run with -S 40, renamed), taken after
those three in the order of their names. Printed per DIR and regime, over the points (op, size):

  auto/oracle   median and worst of auto's time over the fastest measured (forced or native)
  native/auto   the smallest (below 0.97: auto slower than native) and the geometric mean
  pred_err      median |predicted - measured| / measured over every measured algorithm
  same_oracle   points whose fastest algorithm is the random regime's fastest too
  pick/oracle   median and worst of the model's first choice (the smallest prediction; ties to
                the first row) over the fastest measured: how well the model ranks in the regime

and per point whose fastest differs between regimes, each regime's fastest and what the random
regime's fastest costs there, over that regime's fastest.
"""
import glob
import math
import os
import statistics
import sys

from benchmetrics import Point, oracle
from benchrun import auto_ran, bench_rows

REGIMES = ("random", "self", "idle")


def regimes(d):
    """The regimes measured in d: random, self, idle first, then the others by name."""
    named = {os.path.basename(f)[len("bench-"):-len(".csv")] for f in glob.glob(f"{d}/bench-*.csv")}
    return [g for g in REGIMES if g in named] + sorted(named - set(REGIMES))


def load(d):
    """{regime: {(op, bytes): {algorithm: (measured_us, predicted_us)}}}, and what auto ran."""
    runs, ran = {}, {}
    for g in regimes(d):
        points = {}
        for r in bench_rows(d, f"bench-{g}.csv"):
            points.setdefault((r["op"], int(r["bytes"])), {})[r["algorithm"]] = (
                float(r["measured_us"]), float(r["predicted_us"]))
        runs[g] = points
        ran[g] = auto_ran(d, f"bench-{g}.log") if os.path.exists(f"{d}/bench-{g}.log") else {}
    return runs, ran


def measured(algs):
    """{algorithm: measured_us} of {algorithm: (measured_us, predicted_us)}."""
    return {a: t for a, (t, _) in algs.items()}


def analyse(d, out=sys.stdout):
    runs, _ = load(d)
    if not runs:
        print(f"{d}: no bench-<regime>.csv", file=out)
        return
    base = runs.get("random")
    for g, points in runs.items():
        ao, na, err, same, pick = [], [], [], 0, []
        for key, algs in points.items():
            pt = Point(measured(algs))
            if not pt.complete:
                continue
            best, t = pt.oracle, pt.oracle_us
            ao.append(pt.auto_over_oracle)
            na.append(pt.native_over_auto)
            err += [abs(p - m) / m for a, (m, p) in algs.items() if a != "auto" and p > 0 and m > 0]
            if base and key in base and oracle(measured(base[key]))[0] == best:
                same += 1
            predicted = {a: p for a, (_, p) in algs.items() if a != "auto" and p > 0}
            if predicted:
                pick.append(algs[min(predicted, key=predicted.get)][0] / t)
        if not ao:
            continue
        print(f"{d} {g:6s} points {len(ao)} auto/oracle median {statistics.median(ao):.3f} worst {max(ao):.3f} "
              f"native/auto min {min(na):.3f} geomean {math.exp(statistics.fmean(math.log(x) for x in na)):.3f} "
              f"pred_err {100 * statistics.median(err):.1f}% same_oracle {same}/{len(ao)}"
              + (f" pick/oracle median {statistics.median(pick):.3f} worst {max(pick):.3f}" if pick else ""), file=out)
    if not base:
        return
    for key in sorted(base):
        b_best, _ = oracle(measured(base[key]))
        line = []
        for g in list(runs)[1:]:  # random is the first when it is there
            if g not in runs or key not in runs[g] or b_best not in runs[g][key]:
                continue
            best, t = oracle(measured(runs[g][key]))
            if best != b_best:
                line.append(f"{g}: {best}, {b_best} at {runs[g][key][b_best][0] / t:.3f}")
        if line:
            print(f"{d} point {key[0]} {key[1]} random: {b_best}; " + "; ".join(line), file=out)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    for d in sys.argv[1:]:
        analyse(d)


if __name__ == "__main__":
    main()
