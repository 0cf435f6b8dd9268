#!/usr/bin/env python3
"""verify-replay.py [-b BUILD] [--statistic mean|median] [--drop-first] DIR...: the shim's verdicts
replayed under other rules.

Each DIR holds a run of collsel-bench with the shim preloaded (verify.jsonl, or the shim's
shim.jsonl, and bench.csv; examples/emulated-cluster/random-clusters writes one per seed). Every
verification record names the candidates the shim tried and their agreed times; collsel-bench
measured each of them forced, interleaved with every other algorithm. A rule is replayed on the
record (which candidate it would have settled on) and judged by the bench's measurements of that
candidate: its time over the bench's fastest (oracle) and over native.

The shim's rule is not restated here: the last two lines are BUILD's collsel-judge (tools/judge,
default ../build), which applies the shim's own C++ (verdict_option, shim/src/verification.hpp)
to the record's calls, always by the shim's statistic. The last line is the shim's rule: native
stays unless the fastest's time is faster by the margin and faster in kSettledShare of the pairs
of their calls, or leads by more than kClearLead with its median call faster too; failing those,
the model's own choice (`model_choice`) replaces native when its time is faster by the margin.
The line before counts the model's choice only where it is the fastest. A record without per-call
times (`calls_us`) keeps its recorded verdict under both.

The other lines are variants for comparison, written here on the shim's constants as collsel-judge
--constants prints them (the margin, kSettledShare, kClearLead): the pair rule (for a record
without per-call times, its recorded verdict), the pair rule or a lead, a lead alone, and the pair
rule or an unconfirmed clear lead or the fastest being the model's choice faster by the margin.

A variant's candidate time is the shim's (expected_call_time, from collsel-judge: the calls' mean,
each call counted at most kOutlierCap x their median); `--statistic median` replays the variants on
the calls' median. A record without per-call times keeps its recorded time under both.

`--drop-first` leaves the shape's very first call out of its candidate's calls (the first candidate
of a record ran it: round 0 runs them best predicted first) where that candidate has three calls or
more: a shape's first call carries one-off costs more often than the others. The rounds stay as
recorded: a verification that this would have left unsettled is judged on the calls it had.

Printed per rule: shapes replayed, the median and worst of verdict/oracle, the shapes where the
verdict was measured below 0.97 x native (native/verdict < 0.97, i.e. the verdict slower), the
geomean of verdict/oracle and the shapes where it is above 1.15.
"""
import argparse
import statistics
import sys

from benchrun import bench_times
from replay_common import ShimRules, add_build_option, geomean, parse_run_dirs, print_results, verify_records


class Variants:
    """The variant rules, on the shim's constants (collsel-judge --constants): each takes (best,
    native, recorded, agrees), best and native {"time", "calls"}, and says whether native stays."""

    def __init__(self, constants):
        self.margin, self.share, self.clear_lead = (constants[k] for k in ("margin", "settled_share", "clear_lead"))

    def pairs(self, best, native, recorded, agrees=False):
        """The pair rule: True when native stays."""
        if best["calls"] is None or native["calls"] is None:
            return recorded == "native"
        return best["time"] > native["time"] * (1 - self.margin) or share_faster(best["calls"], native["calls"]) < self.share

    def lead(self, lead):
        """A lead-only rule: native stays unless the fastest's time leads by more than `lead`."""
        return lambda best, native, recorded, agrees=False: best["time"] > native["time"] / (1 + lead)

    def either(self, lead):
        """The pair rule, or a lead above `lead` alone."""
        def rule(best, native, recorded, agrees=False):
            return self.pairs(best, native, recorded) and best["time"] > native["time"] / (1 + lead)
        return rule

    def model_agrees(self, best, native, recorded, agrees=False):
        """The pair rule or a clear lead (unconfirmed), or the fastest is the model's own choice
        (predicted faster than native by the margin) and its time is faster by the margin too."""
        if agrees and best["time"] <= native["time"] * (1 - self.margin):
            return False
        return self.either(self.clear_lead)(best, native, recorded)


def share_faster(a, b):
    wins = sum(1.0 if x < y else 0.5 if x == y else 0.0 for x in a for y in b)
    return wins / (len(a) * len(b))


def rules(v):
    """(name, rule): a variant's rule takes (best, native, recorded, agrees) and says whether native
    stays; "confirmed" and "shim": the shim's own rule (collsel-judge, shim_verdict)."""
    margin, share, lead = ("%g" % (100 * x) for x in (v.margin, v.share, v.clear_lead))
    return [
        (f"pairs (margin {margin} %, {share} % of pairs)", v.pairs),
        ("pairs, or a median lead > 15 %", v.either(0.15)),
        (f"pairs, or a lead > {lead} %", v.either(v.clear_lead)),
        ("median lead > 5 %", v.lead(0.05)),
        ("median lead > 15 %", v.lead(0.15)),
        (f"the shim's, or the model's choice > {margin} %", v.model_agrees),
        ("that, the lead confirmed by the median", "confirmed"),
        (f"that, or the model's choice > {margin} % (the shim)", "shim"),
    ]


def shim_verdict(shim, r, cands, kind):
    """The shim's verdict on record r (collsel-judge), by the calls of cands ({algorithm: {"time",
    "calls"}}); kind "confirmed": the model's choice counts only where it is the fastest by the
    shim's time. A record without every candidate's calls keeps its recorded verdict."""
    names = list(cands)
    if any(cands[a]["calls"] is None for a in names):
        return r["verdict"]
    model = r.get("model_choice")
    if kind == "confirmed" and model != min(names, key=lambda a: shim.time(cands[a]["calls"])):
        model = None
    index = shim.verdict([cands[a]["calls"] for a in names], names.index("native"),
                         names.index(model) if model in names else -1)
    return names[index]


def replay(dirs, shim, statistic="mean", drop_first=False):
    typical = {"mean": shim.time, "median": statistics.median}[statistic]
    v = Variants(shim.constants)
    table = rules(v)
    results = {name: [] for name, _ in table}
    for d in dirs:
        times = bench_times(d)
        for r in verify_records(d):
            cands = {}
            for i, c in enumerate(r["candidates"]):
                calls = c.get("calls_us")
                if drop_first and i == 0 and calls and len(calls) >= 3:
                    calls = calls[1:]
                cands[c["algorithm"]] = {"time": typical(calls) if calls else c["measured_us"], "calls": calls or None}
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
                for name, rule in table:
                    if isinstance(rule, str):
                        verdict = shim_verdict(shim, r, cands, rule)
                    else:
                        verdict = best
                        if best != "native" and rule(cands[best], cands["native"], r["verdict"],
                                                     best == r.get("model_choice")):
                            verdict = "native"
                    if verdict not in measured:
                        continue
                    results[name].append((d, r["op"], size, verdict, measured[verdict] / oracle,
                                          measured["native"] / measured[verdict]))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statistic", choices=["mean", "median"], default="mean",
                        help="a candidate's time from its calls (default: mean, as the shim)")
    parser.add_argument("--drop-first", action="store_true",
                        help="leave the shape's first call out of its candidate's time (three calls or more)")
    add_build_option(parser)
    args, dirs = parse_run_dirs(parser)
    shim = ShimRules(args.build, parser)

    def summary(rows):
        ratio = [x[4] for x in rows]
        below = [x for x in rows if x[5] < 0.97]
        return "shapes %3d  verdict/oracle median %.3f worst %.3f  below 0.97 x native %d  geomean %.4f  above 1.15 %d" % (
            len(rows), statistics.median(ratio), max(ratio), len(below), geomean(ratio), sum(x > 1.15 for x in ratio))

    print_results(replay(dirs, shim, args.statistic, args.drop_first), 36, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
