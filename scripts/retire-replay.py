#!/usr/bin/env python3
"""retire-replay.py [-b BUILD] [--min-rounds N] [--max-rounds N] DIR...: measured verification's
rounds replayed with the retirement of clear losers (docs/shim.md, "Measured verification";
docs/design/0022) on recorded runs.

Each DIR holds a run of collsel-bench with the shim preloaded (verify.jsonl, or the shim's
shim.jsonl; bench.csv when present). A record whose candidates have per-call times, each as many
(a verification in which nothing retired: every record of a shim without the rule), is replayed
from round --min-rounds (default: the shim's verify_calls) to --max-rounds (default:
verify_max_calls) or its recorded rounds, whichever come first, by BUILD's collsel-judge (tools/judge,
`rounds`: the shim's own judge(), so no rule is restated here). A candidate's calls after it
retires are dropped; its place in the later rounds runs the stand-in, priced here at the
replayed verdict's recorded time.

Printed per DIR and for all: the records replayed, those with a candidate retired and the
candidates retired; the calls the retired candidates no longer run; the rounds recorded and
replayed; the exploration's excess, the time its calls took beyond as many calls of the verdict
(each call at its candidate's recorded measured_us: the verification's own regime), recorded and
replayed; the verdicts the replay changes and, where bench.csv measured them, the geomean of
verdict/oracle (the fastest measured) and the verdicts below 0.97 x native, recorded and replayed.
"Recorded" is today's verdict (collsel-judge `verdict`) on every recorded call, without
retirement: a record's own verdict may be an older shim's rule.
Records replayed to their last recorded round without settling are counted (`unsettled`): the
recording ends where the shim without the rule settled, and the replay cannot go further.
"""
import argparse
import sys

from replay_common import ShimRules, add_build_option, bench_times, geomean, parse_run_dirs, verify_records


def bench_of(times, r):
    """The bench's times of the record's shape (the first measured size in its byte range), or None."""
    for (op, size), t in times.items():
        if op == r["op"] and r["bytes_min"] <= size <= r["bytes_max"] and "native" in t:
            return t
    return None


def replay_record(shim, r, min_rounds, max_rounds):
    """One record replayed: a dict of its figures, or None where it cannot be replayed."""
    cands = r["candidates"]
    calls = [c.get("calls_us") or [] for c in cands]
    rounds = len(calls[0])
    if len(cands) < 2 or rounds < 1 or any(len(c) != rounds or "retired_after_round" in k for c, k in zip(calls, cands)):
        return None
    names = [c["algorithm"] for c in cands]
    native = names.index("native") if "native" in names else -1
    model = names.index(r["model_choice"]) if r["model_choice"] in names and r["model_choice"] != "native" else -1
    took, verdict, retired = shim.rounds(min(min_rounds, rounds), max_rounds, native, model, calls)
    t = [c["measured_us"] for c in cands]
    # Without retirement: today's verdict on every recorded call (the record's own verdict may be
    # an older rule's).
    recorded = shim.verdict(calls, native, model)
    # Excess over as many calls of the verdict: recorded, every option every round; replayed, an
    # option's calls up to its retirement, then the stand-in (the verdict) in its place.
    excess_recorded = sum(rounds * (t[o] - t[recorded]) for o in range(len(cands)))
    excess_replayed = sum((retired[o] or took) * (t[o] - t[verdict]) for o in range(len(cands)))
    return {"names": names, "rounds": rounds, "took": took, "verdict": names[verdict], "recorded": names[recorded],
            "retired": sum(1 for k in retired if k), "moved": sum(took - k for k in retired if k),
            "excess": (excess_recorded / 1e3, excess_replayed / 1e3),
            "unsettled": took == rounds and rounds < max_rounds and recorded != verdict}


def summary(rows):
    n = len(rows)
    line = ("records %4d  retired %3d in %3d  calls no longer run %4d  rounds %d -> %d  excess %.1f -> %.1f ms  "
            "verdicts changed %d  unsettled %d" % (
                n, sum(x["retired"] for x in rows), sum(x["retired"] > 0 for x in rows), sum(x["moved"] for x in rows),
                sum(x["rounds"] for x in rows), sum(x["took"] for x in rows), sum(x["excess"][0] for x in rows),
                sum(x["excess"][1] for x in rows), sum(x["verdict"] != x["recorded"] for x in rows),
                sum(x["unsettled"] for x in rows)))
    judged = [x for x in rows if x.get("bench")]
    if judged:
        def of(key):
            ratios = [x["bench"][x[key]] / min(x["bench"].values()) for x in judged]
            below = sum(x["bench"]["native"] / x["bench"][x[key]] < 0.97 for x in judged)
            return geomean(ratios), below
        (g0, b0), (g1, b1) = of("recorded"), of("verdict")
        line += "  verdict/oracle %.3f -> %.3f, below 0.97 x native %d -> %d (%d with bench.csv)" % (g0, g1, b0, b1,
                                                                                                   len(judged))
    return line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--min-rounds", type=int, default=None, help="the first agreement's round (default verify_calls)")
    parser.add_argument("--max-rounds", type=int, default=None, help="the rounds at most (default verify_max_calls)")
    add_build_option(parser)
    args, dirs = parse_run_dirs(parser)
    shim = ShimRules(args.build, parser)
    min_rounds = args.min_rounds or int(shim.constants["verify_calls"])
    max_rounds = args.max_rounds or int(shim.constants["verify_max_calls"])
    everything = []
    width = max(len(d) for d in dirs + ["all"])
    for d in dirs:
        times = bench_times(d)
        rows = []
        for r in verify_records(d):
            x = replay_record(shim, r, min_rounds, max_rounds)
            if x is None:
                continue
            t = bench_of(times, r)
            if t and all(a in t for a in x["names"]):
                x["bench"] = t
            rows.append(x)
        everything += rows
        print("%-*s %s" % (width, d, summary(rows) if rows else "no record replayable"))
    if len(dirs) > 1:
        print("%-*s %s" % (width, "all", summary(everything) if everything else "no record replayable"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
