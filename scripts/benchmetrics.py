"""The judging metrics of collsel-bench runs, defined once for the analysis scripts in scripts/
(bench-metrics.py, bench-points.py, bench-regimes.py).

A point is one (op, size) of a run, its times {algorithm: microseconds}: native, auto (what the
shim ran) and every forced algorithm. Its oracle is the fastest of native and the forced
algorithms: not auto, which repeats one of them, and not the --auto-cold rows (native_cold,
auto_cold, oracle_cold: means over a shape's first calls, not entries of the run). A point is judged where
native, auto and an oracle were measured: native/auto (above 1: auto faster than native) and
auto/oracle (1: auto ran the fastest). A point is below native where native/auto < BELOW, auto
slower than native by more than noise. Where the run has --auto-cold's rows, the point's cold
native_cold/auto_cold is what a job's first calls of the shape gain, exploration included; its
gain share is log(cold speedup) / log(native/oracle): the part of what the oracle gains (warm)
that a job gets on its first run. Where the run also has oracle_cold (the oracle's algorithm run
the same way from the first call), the cold oracle share is log(cold speedup) /
log(native_cold/oracle_cold): the part of what the best algorithm, known from the first call,
gains in the same sequence of calls — on shaped links a sequence of calls back to back drains
token buckets that the warm repetitions' gaps refill, so the warm oracle's gain can be out of
any first run's reach.
"""
import math
import statistics

BELOW = 0.97
COLD = ("native_cold", "auto_cold", "oracle_cold")


def oracle(times):
    """(algorithm, us) of the fastest entry of a point: native or a forced algorithm; the first in
    the point's order on a tie; None when there is none."""
    best = None
    for a, t in times.items():
        if a != "auto" and a not in COLD and (best is None or t < best[1]):
            best = (a, t)
    return best


class Point:
    """The judged ratios of one point (times: {algorithm: us}); `complete` is False where native,
    auto or an oracle is missing or not positive, and then nothing else is set."""

    def __init__(self, times):
        best = oracle(times)
        self.complete = (best is not None and best[1] > 0 and times.get("native", 0) > 0
                         and times.get("auto", 0) > 0)
        if not self.complete:
            return
        self.native, self.auto = times["native"], times["auto"]
        self.oracle, self.oracle_us = best
        self.native_over_auto = self.native / self.auto
        self.auto_over_oracle = self.auto / self.oracle_us
        self.below = self.native_over_auto < BELOW
        cold_native, cold_auto = times.get("native_cold", 0), times.get("auto_cold", 0)
        self.cold_native_over_auto = cold_native / cold_auto if cold_native > 0 and cold_auto > 0 else None
        cold_oracle = times.get("oracle_cold", 0)
        self.cold_native_over_oracle = (cold_native / cold_oracle
                                        if self.cold_native_over_auto is not None and cold_oracle > 0 else None)


def prediction_error(algorithm, measured_us, predicted_us, size):
    """|predicted - measured| / measured of one row, or None where it does not count: auto (it
    repeats another row), the cold rows, rows without a prediction and points below 64 KB."""
    if algorithm == "auto" or algorithm in COLD or not predicted_us > 0 or not measured_us > 0 or size < 65536:
        return None
    return abs(predicted_us - measured_us) / measured_us


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


class Summary:
    """A run's summary over its complete points: geomean native/auto (speedup_auto) and
    native/oracle (speedup_oracle), their ratio (share: how much of what the oracle gains auto
    gains), the median and worst auto/oracle, the points below native and the median prediction
    error (None without an error)."""

    def __init__(self, points, errors):
        points = [p for p in points if p.complete]
        self.points = len(points)
        if not points:
            return
        self.speedup_auto = geomean([p.native_over_auto for p in points])
        self.speedup_oracle = geomean([p.native / p.oracle_us for p in points])
        self.share = self.speedup_auto / self.speedup_oracle
        ratios = [p.auto_over_oracle for p in points]
        self.auto_over_oracle_median = statistics.median(ratios)
        self.auto_over_oracle_worst = max(ratios)
        self.below = sum(p.below for p in points)
        self.pred_err_median = statistics.median(errors) if errors else None
        # The cold figures over the points with cold rows; the gain share is None where the
        # oracle gains nothing over native there (no gain to share).
        cold = [p for p in points if p.cold_native_over_auto is not None]
        self.cold_points = len(cold)
        if cold:
            self.cold_speedup_auto = geomean([p.cold_native_over_auto for p in cold])
            oracle_gain = math.log(geomean([p.native / p.oracle_us for p in cold]))
            self.cold_gain_share = math.log(self.cold_speedup_auto) / oracle_gain if oracle_gain > 1e-3 else None
            self.cold_below = sum(p.cold_native_over_auto < BELOW for p in cold)
        # The same share against the oracle run cold, over the points that have it.
        with_oracle = [p for p in cold if p.cold_native_over_oracle is not None]
        self.cold_oracle_points = len(with_oracle)
        if with_oracle:
            self.cold_speedup_oracle = geomean([p.cold_native_over_oracle for p in with_oracle])
            gain = math.log(self.cold_speedup_oracle)
            auto_gain = math.log(geomean([p.cold_native_over_auto for p in with_oracle]))
            self.cold_oracle_share = auto_gain / gain if gain > 1e-3 else None
