#!/usr/bin/env python3
"""explore-replay.py [-b BUILD] [--calls N] [--error E] [--no-audit] DIR...: what a job's first N
calls of each shape cost under the exploration rule (docs/shim.md, "What exploration costs"),
replayed on recorded runs.

Each DIR holds a run of collsel-bench with the shim preloaded (examples/emulated-cluster/
random-clusters or examples/smpi/random-platforms writes one per seed): model.toml (its
[validation] gives the model's error: the preferred kind's median error, or --error), bench.csv
(every algorithm measured) and the shim's log (verify.jsonl or shim.jsonl) with one record per
verified shape: the candidates tried, their predictions and every call's agreed time.

For every record and every measured size in its byte range, three ways to spend the first N
calls (default 50) of the shape, each priced with the bench's measured times:
  model:  the model's choice from the first call, nothing measured;
  all:    every recorded candidate in every recorded round, then the recorded verdict and its
          audit in blocks of audit_calls (the shim before the rule: no budget);
  rule:   the shim's rule: the candidates in doubt in at most its rounds (no more than recorded),
          then the shim's verdict on their calls and its audit in the blocks the shape's budget
          allows (none where the budget leaves no block); none in doubt: the model's.
The audit (docs/shim.md, "The audit of a verdict") runs blocks of the verdict, of native where the
verdict is another, and of the challengers verification measured faster than the verdict's block;
each block's calls are priced, and judged, at the bench's time of that algorithm (the bench times
each in a loop of its own, the job's own sequence the audit measures). The option the audit keeps
runs the rest of the N calls; calls beyond the N (a verification or an audit longer than the job)
are not counted. --no-audit leaves the audit out (the verdict runs from the verification's end).
The rules are not restated here: BUILD's collsel-judge (tools/judge, default ../build) applies the
shim's own plan_exploration with its default settings (a window family in doubt together, as the
shim's doubt_predictions has it), its verdict_option (shim/src/
verification.hpp) and its AuditPlan (shim/src/audit.hpp); a candidate without per-call times
counts its recorded time as one call. Printed per way: the points, the geomean of native/first-N
(speedup over native), the oracle's (the fastest measured algorithm from the first call), the
share (the speedup over the oracle's, docs/results/README.md) and the gain (the share of the
oracle's geomean gain over native: log speedup / log oracle's speedup), the points below 0.97 x
native, the worst speedup and the calls spent exploring within the first N.
"""
import argparse
import math
import sys
import tomllib

from replay_common import (ShimRules, add_build_option, bench_times, geomean, parse_run_dirs, print_results,
                           verify_records)


def verdict_of(shim, names, calls, model_choice):
    """The shim's verdict (collsel-judge) on the options `names` with these calls."""
    native = names.index("native") if "native" in names else -1
    model = names.index(model_choice) if model_choice in names else -1
    return names[shim.verdict(calls, native, model)]


def model_error(d, override):
    if override is not None:
        return override
    with open(d + "/model.toml", "rb") as f:
        v = tomllib.load(f).get("validation")
    if not v:
        return math.inf
    return v["median_error"][v["preferred"]]


def first_calls(times, calls, explored, verdict):
    """The mean time of the first `calls` calls: the explored calls ([(algorithm, calls)], in their
    order) then the verdict; and how many of them explore."""
    spent, n = 0.0, 0
    for a, k in explored:
        k = min(k, calls - n)
        spent += times[a] * k
        n += k
    return (spent + (calls - n) * times[verdict]) / calls, n


def audited(shim, block, names, verdict, verified, times):
    """The audit of `verdict` (names' options, verified: their verification times) in blocks of
    `block` calls priced at the bench's times: ([(algorithm, calls)] of its blocks, the option kept);
    no audit where block < 2 or fewer than two options."""
    if block < 2 or len(names) < 2:
        return [], verdict
    native = names.index("native") if "native" in names else -1
    blocks, kept = shim.audit(block, names.index(verdict), native, verified, [times[a] for a in names])
    return [(names[o], block) for o in blocks], names[kept]


def replay(dirs, shim, calls, error_override, audit=True):
    ways = {"model": [], "all": [], "rule": []}
    for d in dirs:
        error = model_error(d, error_override)
        measured, predicted = bench_times(d), bench_times(d, "predicted_us")
        for r in verify_records(d):
            for (op, size), times in measured.items():
                if op != r["op"] or not r["bytes_min"] <= size <= r["bytes_max"] or "native" not in times:
                    continue
                names = [c["algorithm"] for c in r["candidates"]]
                if any(a not in times for a in names) or r["model_choice"] not in times:
                    continue
                native, oracle = times["native"], min(times.values())
                model = r["model_choice"]

                block = int(shim.constants["audit_calls"]) if audit else 0
                cost, n = first_calls(times, calls, [], model)
                ways["model"].append((native / cost, native / oracle, n))
                # A candidate that retired (retired_after_round) ran its calls up to then; its place
                # in the later rounds ran the stand-in, priced here as the verdict.
                rounds = max(len(c.get("calls_us") or [0]) for c in r["candidates"])
                ran = [(c["algorithm"], len(c.get("calls_us") or [0])) for c in r["candidates"]]
                ran += [(r["verdict"], rounds - k) for _, k in ran if k < rounds]
                blocks, kept = audited(shim, block, names, r["verdict"], [c["measured_us"] for c in r["candidates"]],
                                       times)
                cost, n = first_calls(times, calls, ran + blocks, kept)
                ways["all"].append((native / cost, native / oracle, n))
                pred = [c["predicted_us"] for c in r["candidates"]]
                pred[0] = predicted[(op, size)].get(model, pred[0])  # native may hold the model's choice's slot
                native_index = names.index("native") if "native" in names else -1
                # The first slot is the model's choice's, whatever runs it (its window family).
                options, max_rounds, block = shim.explore(error, native_index, predicted[(op, size)]["native"], pred,
                                                          [model] + names[1:])
                if not options:
                    cost, n = first_calls(times, calls, [], model)
                else:
                    k = min(rounds, max_rounds)
                    tried = [names[i] for i in options]
                    kept = [(r["candidates"][i].get("calls_us") or [])[:k] or [r["candidates"][i]["measured_us"]]
                            for i in options]
                    verdict = verdict_of(shim, tried, kept, model)
                    blocks, verdict = audited(shim, block if audit else 0, tried, verdict,
                                              [shim.time(c) for c in kept], times)
                    cost, n = first_calls(times, calls, [(a, k) for a in tried] + blocks, verdict)
                ways["rule"].append((native / cost, native / oracle, n))
    return ways


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=50, help="the job's calls of each shape (default 50)")
    parser.add_argument("--error", type=float, default=None,
                        help="the model's error instead of its [validation] median error")
    parser.add_argument("--no-audit", action="store_true",
                        help="leave the audit's blocks out: the verdict runs from the verification's end")
    add_build_option(parser)
    args, dirs = parse_run_dirs(parser)
    shim = ShimRules(args.build, parser)

    def summary(rows):
        sp = geomean([x[0] for x in rows])
        so = geomean([x[1] for x in rows])
        gain = math.log(sp) / math.log(so) if so > 1 else float("nan")
        return ("points %3d  first %d calls: speedup over native %.3f (oracle %.3f, share %.3f, gain %.3f), "
                "below 0.97 x native %d, worst %.3f, calls exploring %d" % (
                    len(rows), args.calls, sp, so, sp / so, gain, sum(x[0] < 0.97 for x in rows),
                    min(x[0] for x in rows), sum(x[2] for x in rows)))

    print_results(replay(dirs, shim, args.calls, args.error, audit=not args.no_audit), 6, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
