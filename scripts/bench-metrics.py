#!/usr/bin/env python3
"""bench-metrics.py [--kind KIND] BENCH.csv [KINDS.csv]: the judging metrics of one collsel-bench CSV
(op,procs,root,bytes,algorithm,measured_us,predicted_us), as examples/emulated-cluster/random-clusters
and examples/smpi/random-platforms report them (the metrics are defined in benchmetrics.py).

One "point" line per (op, procs, root, bytes) with native, auto and an oracle (the fastest of native and every
forced algorithm), in the CSV's order, and a "summary" line: geomean native/auto (speedup_auto)
and native/oracle (speedup_oracle), their ratio (share), the median and worst auto/oracle, the
points below 0.97 x native, and the median |predicted - measured| / measured of every measured
algorithm at >= 64 KB (auto excluded: it repeats one of them). A point line's `auto/native` is
native's time over auto's. Exit 1 when no point has native, auto and an oracle.

With collsel-bench --auto-cold's rows (native_cold, auto_cold: the means of a shape's first calls),
a point line adds `cold auto/native` (native_cold over auto_cold) and the summary the points that
have them (cold_points), their geomean (cold_speedup_auto), the points below 0.97 x native cold
(cold_below_0.97) and cold_gain_share: log(cold_speedup_auto) / log(native/oracle) over those
points, the share of the oracle's gain a job's first run gets ("n/a" where the oracle gains
nothing). With oracle_cold rows too (collsel-bench runs the warm oracle's algorithm cold), a point
line adds `cold oracle/native` (native_cold over oracle_cold) and the summary the points that have
it (cold_oracle_points), their geomean (cold_speedup_oracle) and cold_oracle_share: log of the
cold speedup over those points / log(cold_speedup_oracle), the share of what the best algorithm
gains in the same sequence of first calls.

With collsel-bench's --kinds-csv file as KINDS.csv (op,procs,root,bytes,algorithm,kind,
predicted_us), its `bound` rows (collsel/bounds.hpp, what no schedule beats under the model) of
the model kind KIND add oracle/bound and auto/bound to every point and their geomeans to the
summary; give the model file's preferred kind, which the shim predicts with (the file holds every
kind's bound, and they differ: without --kind, the last kind's rows count):
  scripts/bench-metrics.py --kind lmo bench.csv kinds.csv
"""
import argparse
import csv
import sys

from benchmetrics import Point, Summary, geomean, prediction_error


def number(s):
    try:
        return float(s)
    except ValueError:
        return 0.0


def bounds(path, kind):
    """{(op, procs, root, bytes): bound_us} of the `bound` rows of KIND (every kind's when KIND is
    empty: the last)."""
    found = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["algorithm"] == "bound" and number(r["predicted_us"]) > 0 and (not kind or r["kind"] == kind):
                found[(r["op"], r["procs"], r["root"], r["bytes"])] = number(r["predicted_us"])
    return found


def metrics(bench, kinds=None, kind="", out=sys.stdout):
    """Prints the point lines and the summary of BENCH; False when no point is complete."""
    times, errors = {}, []  # (op, procs, root, bytes) -> {algorithm: us}, in the CSV's order
    with open(bench) as f:
        for r in csv.DictReader(f):
            t = number(r["measured_us"])
            times.setdefault((r["op"], r["procs"], r["root"], r["bytes"]), {})[r["algorithm"]] = t
            e = prediction_error(r["algorithm"], t, number(r["predicted_us"]), number(r["bytes"]))
            if e is not None:
                errors.append(e)
    bnd = bounds(kinds, kind) if kinds else {}
    points, bound_ratios = [], []
    for key, algs in times.items():
        op, size = key[0], key[3]
        p = Point(algs)
        if not p.complete:
            continue
        points.append(p)
        bt = ""
        if key in bnd:
            b = bnd[key]
            bound_ratios.append((p.oracle_us / b, p.auto / b, p.native / b))
            bt = " bound %10.0f oracle/bound %.3f auto/bound %.3f" % (b, p.oracle_us / b, p.auto / b)
        if p.cold_native_over_auto is not None:
            bt += " cold auto/native %.2f" % p.cold_native_over_auto
        if p.cold_native_over_oracle is not None:
            bt += " cold oracle/native %.2f" % p.cold_native_over_oracle
        print("point %-9s %8s native %10.0f auto %10.0f oracle %10.0f (%s) auto/native %.2f auto/oracle %.3f%s" % (
            op, size, p.native, p.auto, p.oracle_us, p.oracle, p.native_over_auto, p.auto_over_oracle, bt), file=out)
    s = Summary(points, errors)
    if not s.points:
        print("no complete point", file=out)
        return False
    bs = (" oracle/bound %.3f auto/bound %.3f native/bound %.3f" % tuple(geomean(x) for x in zip(*bound_ratios))
          if bound_ratios else "")
    if s.cold_points:
        share = "n/a" if s.cold_gain_share is None else "%.3f" % s.cold_gain_share
        bs += " cold_points %d cold_speedup_auto %.3f cold_gain_share %s cold_below_0.97 %d" % (
            s.cold_points, s.cold_speedup_auto, share, s.cold_below)
    if s.cold_points and s.cold_oracle_points:
        share = "n/a" if s.cold_oracle_share is None else "%.3f" % s.cold_oracle_share
        bs += " cold_oracle_points %d cold_speedup_oracle %.3f cold_oracle_share %s" % (
            s.cold_oracle_points, s.cold_speedup_oracle, share)
    print("summary points %d speedup_auto %.3f speedup_oracle %.3f share %.3f auto/oracle_median %.3f "
          "auto/oracle_worst %.3f below_0.97 %d pred_err_median %.1f%%%s" % (
              s.points, s.speedup_auto, s.speedup_oracle, s.share, s.auto_over_oracle_median, s.auto_over_oracle_worst,
              s.below, -1 if s.pred_err_median is None else 100 * s.pred_err_median, bs), file=out)
    return True


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kind", default="", help="the model kind whose bound rows of KINDS.csv count")
    p.add_argument("bench")
    p.add_argument("kinds", nargs="?")
    a = p.parse_args()
    return 0 if metrics(a.bench, a.kinds, a.kind) else 1


if __name__ == "__main__":
    sys.exit(main())
