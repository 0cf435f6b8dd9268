#!/usr/bin/env python3
"""explore-replay.py [--calls N] [--error E] DIR...: what a job's first N calls of each shape cost
under the exploration rule (docs/shim.md, "What exploration costs"), replayed on recorded runs.

Each DIR holds a run of collsel-bench with the shim preloaded (examples/emulated-cluster/
random-clusters or examples/smpi/random-platforms writes one per seed): model.toml (its
[validation] gives the model's error: the preferred kind's median error, or --error), bench.csv
(every algorithm measured) and the shim's log (verify.jsonl or shim.jsonl) with one record per
verified shape: the candidates tried, their predictions and every call's agreed time.

For every record and every measured size in its byte range, three ways to spend the first N
calls (default 50) of the shape, each priced with the bench's measured times:
  model:  the model's choice from the first call, nothing measured;
  all:    every recorded candidate in every recorded round, then the recorded verdict (the shim
          before the rule);
  rule:   plan_exploration (shim/src/verification.cpp, ported below with the shim's defaults:
          verify_calls 3, verify_max_calls 9, verify_budget_calls 64, verify_budget_time 2): the
          candidates in doubt in at most its rounds (no more than recorded), judged as the shim
          judges (scripts/verify-replay.py's rule), then that verdict; none in doubt: the model's.
The audit's blocks are left out (they run the verdict and, where the verdict is not native, one
block of native). Printed per way: the points, the geomean of native/first-N (speedup over
native), the oracle's (the fastest measured algorithm from the first call), the share (the
speedup over the oracle's, docs/results/README.md) and the gain (the share of the oracle's
geomean gain over native: log speedup / log oracle's speedup), the points below 0.97 x native,
the worst speedup and the calls spent exploring.
"""
import argparse
import importlib.util
import math
import os
import sys
import tomllib

from benchrun import bench_rows
from replay_common import geomean, parse_run_dirs, print_results, verify_records

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("verify_replay", os.path.join(_here, "verify-replay.py"))
vr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vr)

VERIFY_CALLS, VERIFY_MAX_CALLS, AUDIT_CALLS, BUDGET_CALLS, BUDGET_TIME = 3, 9, 32, 64, 2.0


def plan_exploration(predicted, native, native_seconds, error, max_calls=BUDGET_CALLS, max_time=BUDGET_TIME,
                     verify_calls=VERIFY_CALLS, verify_max_calls=VERIFY_MAX_CALLS):
    """The shim's rule: (options, max_rounds); options empty: no verification."""
    if len(predicted) < 2:
        return [], 0
    best = min(predicted)
    options = [i for i, t in enumerate(predicted) if i == 0 or not t > best * (1 + error)]
    most, least = max(verify_calls, verify_max_calls), min(2, verify_calls)
    limit = max_time * native_seconds if max_time > 0 else 0

    def rounds_allowed():
        r = most
        if max_calls > 0:
            r = min(r, max_calls // len(options))
        per_round = sum(max(0.0, predicted[i] - best) for i in options)
        if limit > 0 and per_round > 0:
            r = min(r, math.floor(limit / per_round))
        return r

    while len(options) >= 2 and rounds_allowed() < least:
        drop = 0
        for j in range(1, len(options)):
            i = options[j]
            if i != native and (drop == 0 or predicted[i] >= predicted[options[drop]]):
                drop = j
        if drop == 0:
            return [], 0
        del options[drop]
    if len(options) < 2:
        return [], 0
    return options, rounds_allowed()


def verdict_of(cands, model_choice):
    """The shim's verdict on these candidates' calls (scripts/verify-replay.py, the shim's rule)."""
    best = min(cands, key=lambda a: cands[a]["time"])
    if "native" not in cands or best == "native":
        return best
    verdict = best
    if vr.keep_native_unless_confirmed(cands[best], cands["native"], None, best == model_choice):
        verdict = "native"
    if (verdict == "native" and model_choice in cands and model_choice != "native"
            and cands[model_choice]["time"] <= cands["native"]["time"] * (1 - vr.MARGIN)):
        verdict = model_choice
    return verdict


def model_error(d, override):
    if override is not None:
        return override
    with open(d + "/model.toml", "rb") as f:
        v = tomllib.load(f).get("validation")
    if not v:
        return math.inf
    return v["median_error"][v["preferred"]]


def replay(dirs, calls, error_override):
    ways = {"model": [], "all": [], "rule": []}
    for d in dirs:
        error = model_error(d, error_override)
        measured, predicted = {}, {}
        for row in bench_rows(d):
            if row["algorithm"] in ("auto", "native_cold", "auto_cold"):
                continue
            key = (row["op"], int(row["bytes"]))
            measured.setdefault(key, {})[row["algorithm"]] = float(row["measured_us"])
            predicted.setdefault(key, {})[row["algorithm"]] = float(row["predicted_us"])
        for r in verify_records(d):
            for (op, size), times in measured.items():
                if op != r["op"] or not r["bytes_min"] <= size <= r["bytes_max"] or "native" not in times:
                    continue
                names = [c["algorithm"] for c in r["candidates"]]
                if any(a not in times for a in names) or r["model_choice"] not in times:
                    continue
                native, oracle = times["native"], min(times.values())
                model = r["model_choice"]

                def first_calls(explored, verdict):
                    spent = sum(times[a] * k for a, k in explored)
                    n = sum(k for _, k in explored)
                    return (spent + max(0, calls - n) * times[verdict]) / calls, n

                cost, n = first_calls([], model)
                ways["model"].append((native / cost, native / oracle, n))
                rounds = min(len(c.get("calls_us") or [0]) for c in r["candidates"])
                cost, n = first_calls([(a, rounds) for a in names], r["verdict"])
                ways["all"].append((native / cost, native / oracle, n))
                pred = [c["predicted_us"] for c in r["candidates"]]
                pred[0] = predicted[(op, size)].get(model, pred[0])  # native may hold the model's choice's slot
                native_index = names.index("native") if "native" in names else -1
                options, max_rounds = plan_exploration(pred, native_index, predicted[(op, size)]["native"], error)
                if not options:
                    cost, n = first_calls([], model)
                else:
                    k = min(rounds, max_rounds)
                    cands = {}
                    for i in options:
                        c = r["candidates"][i]
                        kept = (c.get("calls_us") or [])[:k]
                        cands[c["algorithm"]] = {"time": vr.capped_mean(kept) if kept else c["measured_us"],
                                                 "calls": kept or None}
                    cost, n = first_calls([(names[i], k) for i in options], verdict_of(cands, model))
                ways["rule"].append((native / cost, native / oracle, n))
    return ways


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=50, help="the job's calls of each shape (default 50)")
    parser.add_argument("--error", type=float, default=None,
                        help="the model's error instead of its [validation] median error")
    args, dirs = parse_run_dirs(parser)

    def summary(rows):
        sp = geomean([x[0] for x in rows])
        so = geomean([x[1] for x in rows])
        gain = math.log(sp) / math.log(so) if so > 1 else float("nan")
        return ("points %3d  first %d calls: speedup over native %.3f (oracle %.3f, share %.3f, gain %.3f), "
                "below 0.97 x native %d, worst %.3f, calls exploring %d" % (
                    len(rows), args.calls, sp, so, sp / so, gain, sum(x[0] < 0.97 for x in rows),
                    min(x[0] for x in rows), sum(x[2] for x in rows)))

    print_results(replay(dirs, args.calls, args.error), 6, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
