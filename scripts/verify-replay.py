#!/usr/bin/env python3
"""verify-replay.py [--statistic mean|median] [--drop-first] DIR...: the shim's verdicts replayed under other rules.

Each DIR holds a run of collsel-bench with the shim preloaded (verify.jsonl, or the shim's
shim.jsonl, and bench.csv; examples/emulated-cluster/random-clusters writes one per seed). Every
verification record names the candidates the shim tried and their agreed times; collsel-bench
measured each of them forced, interleaved with every other algorithm. A rule is replayed on the
record (which candidate it would have settled on) and judged by the bench's measurements of that
candidate: its time over the bench's fastest (oracle) and over native. The pair rule: the fastest
by time replaces native only when its time is faster by more than the margin and it is
faster in at least 80 % of the pairs of their calls; the shim's rule (shim/src/verification.cpp) is
that, or a lead over native above 25 %. A candidate rule: the shim's, or the fastest is the
model's own choice (`model_choice`, predicted faster than native by the margin) and its time is
faster by the margin too; the last rule is the shim's since the lead above 25 % must be confirmed
by the median call (shim/src/verification.hpp, kClearLead); the shim's since 2026-11-28 adds that native,
kept by all of that, still yields to the model's own choice when that is faster than native by the
margin, though another option measured faster. Where a record has no per-call times (`calls_us`,
written since f20322f, before the 25 % lead) its own verdict, made under the pair rule, stands for
the pair rule.

A candidate's time is its calls' mean, each call counted at most 3x their median, as the shim
takes it since it judged by the mean (shim/src/verification.hpp, expected_call_time); `--statistic
median` replays the rules as they were before, on the calls' median. A record without per-call
times keeps its recorded time (a median) under both.

`--drop-first` leaves the shape's very first call out of its candidate's time (the first candidate
of a record ran it: round 0 runs them best predicted first) where that candidate has three calls or
more: a shape's first call carries one-off costs more often than the others (random emulated
clusters: above 1.5 x its candidate's later median in 8.2 % of the recorded verifications, other
candidates' first calls in 1.5 %). The rounds stay as recorded: a verification that this would
have left unsettled is judged on the calls it had.

Printed per rule: shapes replayed, the median and worst of verdict/oracle, the shapes where the
verdict was measured below 0.97 x native (native/verdict < 0.97, i.e. the verdict slower), the
geomean of verdict/oracle and the shapes where it is above 1.15.
"""
import argparse
import statistics
import sys

from benchrun import bench_times
from replay_common import geomean, parse_run_dirs, print_results, verify_records

MARGIN = 0.05
SHARE = 0.8
OUTLIER_CAP = 3.0


def capped_mean(calls):
    """The shim's expected call time: the mean, each call counted at most OUTLIER_CAP x the median."""
    cap = OUTLIER_CAP * statistics.median(calls)
    return sum(min(t, cap) for t in calls) / len(calls)


STATISTICS = {"mean": capped_mean, "median": statistics.median}


def share_faster(a, b):
    if not a or not b:
        return 0.5
    wins = sum(1.0 if x < y else 0.5 if x == y else 0.0 for x in a for y in b)
    return wins / (len(a) * len(b))


def keep_native_pairs(best, native, recorded, agrees=False):
    """The pair rule: True when native stays."""
    if best["calls"] is None or native["calls"] is None:
        return recorded == "native"
    return best["time"] > native["time"] * (1 - MARGIN) or share_faster(best["calls"], native["calls"]) < SHARE


def keep_native_lead(lead):
    """A lead-only rule: native stays unless the fastest's time leads by more than `lead`."""
    return lambda best, native, recorded, agrees=False: best["time"] > native["time"] / (1 + lead)


def keep_native_either(lead):
    """The pair rule, or a lead above `lead` alone."""
    def rule(best, native, recorded, agrees=False):
        return keep_native_pairs(best, native, recorded) and best["time"] > native["time"] / (1 + lead)
    return rule


def keep_native_unless_the_model_agrees(best, native, recorded, agrees=False):
    """The shim's rule, or the fastest is the model's own choice (predicted faster than native by
    the margin) and its time is faster by the margin too: two lines of evidence."""
    if agrees and best["time"] <= native["time"] * (1 - MARGIN):
        return False
    return keep_native_either(0.25)(best, native, recorded)


def keep_native_unless_confirmed(best, native, recorded, agrees=False):
    """The shim's, the model's-choice rule included, but a lead above 25 % replaces native only when
    the fastest's median is below native's too: a mean of three calls that one slow native call
    (a shape's first, say) lifts is no lead."""
    if agrees and best["time"] <= native["time"] * (1 - MARGIN):
        return False
    if not keep_native_pairs(best, native, recorded):
        return False
    if best["time"] > native["time"] / 1.25:
        return True
    if best["calls"] is None or native["calls"] is None:
        return False
    return statistics.median(best["calls"]) >= statistics.median(native["calls"])


# (name, rule, model_fallback): with model_fallback, native once kept still yields to the model's
# own choice when that is faster than native by the margin, the fastest or not.
RULES = [
    ("pairs (margin 5 %, 80 % of pairs)", keep_native_pairs, False),
    ("pairs, or a median lead > 15 %", keep_native_either(0.15), False),
    ("pairs, or a lead > 25 %", keep_native_either(0.25), False),
    ("median lead > 5 %", keep_native_lead(0.05), False),
    ("median lead > 15 %", keep_native_lead(0.15), False),
    ("the shim's, or the model's choice > 5 %", keep_native_unless_the_model_agrees, False),
    ("that, the lead confirmed by the median", keep_native_unless_confirmed, False),
    ("that, or the model's choice > 5 % (the shim)", keep_native_unless_confirmed, True),
]


def replay(dirs, statistic="mean", drop_first=False):
    typical = STATISTICS[statistic]
    results = {name: [] for name, _, _ in RULES}
    for d in dirs:
        times = bench_times(d)
        for r in verify_records(d):
            cands = {}
            for i, c in enumerate(r["candidates"]):
                calls = c.get("calls_us")
                if drop_first and i == 0 and calls and len(calls) >= 3:
                    calls = calls[1:]
                cands[c["algorithm"]] = {"time": typical(calls) if calls else c["measured_us"], "calls": calls}
            if "native" not in cands:
                continue
            for size in sorted({b for (_, b, _) in times}):
                if not r["bytes_min"] <= size <= r["bytes_max"]:
                    continue
                measured = {a: t for (op, b, a), t in times.items() if op == r["op"] and b == size and a != "auto"}
                if "native" not in measured:
                    continue
                oracle = min(measured.values())
                best = min(cands, key=lambda a: cands[a]["time"])
                for name, rule, model_fallback in RULES:
                    verdict = best
                    if best != "native":
                        agrees = best == r.get("model_choice")
                        if rule(cands[best], cands["native"], r["verdict"], agrees):
                            verdict = "native"
                    model = r.get("model_choice")
                    if (model_fallback and verdict == "native" and model in cands and model != "native"
                            and cands[model]["time"] <= cands["native"]["time"] * (1 - MARGIN)):
                        verdict = model
                    if verdict not in measured:
                        continue
                    results[name].append((d, r["op"], size, verdict, measured[verdict] / oracle,
                                          measured["native"] / measured[verdict]))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statistic", choices=sorted(STATISTICS), default="mean",
                        help="a candidate's time from its calls (default: mean, as the shim)")
    parser.add_argument("--drop-first", action="store_true",
                        help="leave the shape's first call out of its candidate's time (three calls or more)")
    args, dirs = parse_run_dirs(parser)

    def summary(rows):
        ratio = [x[4] for x in rows]
        below = [x for x in rows if x[5] < 0.97]
        return "shapes %3d  verdict/oracle median %.3f worst %.3f  below 0.97 x native %d  geomean %.4f  above 1.15 %d" % (
            len(rows), statistics.median(ratio), max(ratio), len(below), geomean(ratio), sum(x > 1.15 for x in ratio))

    print_results(replay(dirs, args.statistic, args.drop_first), 36, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
