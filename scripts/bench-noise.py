#!/usr/bin/env python3
"""bench-noise.py DIR...: how far collsel-bench's own measurements of one schedule disagree.

Each DIR holds a collsel-bench run with the shim preloaded (bench.csv and bench.log, as
examples/emulated-cluster/random-clusters writes per seed). In such a run `auto` is the shim's
settled choice, and that algorithm is also measured forced (or as `native`) in the same run, so
every point measures one schedule twice, interleaved. Printed per DIR and over all: the median and
90th percentile of |auto / same - 1|, and where the shim ran native, the median of native / auto
(a systematic cost of the shim's native path would put it below 1).
"""
import statistics
import sys

from benchrun import auto_ran, bench_times


def pairs(d):
    times = bench_times(d)
    out = []
    for (op, size), ran in sorted(auto_ran(d).items()):
        if (op, size, ran) in times and (op, size, "auto") in times:
            out.append((op, size, ran, times[(op, size, "auto")] / times[(op, size, ran)]))
    return out


def summary(points):
    dev = sorted(abs(r - 1) for *_, r in points)
    nat = [1 / r for _, _, a, r in points if a == "native"]
    line = "points %d median |auto/same - 1| %.1f%% p90 %.1f%% max %.1f%%" % (
        len(dev), 100 * statistics.median(dev), 100 * dev[int(0.9 * (len(dev) - 1))], 100 * dev[-1])
    if nat:
        line += "; auto ran native at %d: median native/auto %.3f" % (len(nat), statistics.median(nat))
    return line


if len(sys.argv) < 2:
    sys.exit(__doc__)
every = []
for d in sys.argv[1:]:
    p = pairs(d)
    every += p
    print(d, summary(p) if p else "no point")
if len(sys.argv) > 2 and every:
    print("all", summary(every))
