"""What the replay scripts share (scripts/verify-replay.py, explore-replay.py, verify-slots.py,
retire-replay.py): the shim's rules, asked of BUILD's collsel-judge (tools/judge: the shim's own
C++, so no script restates a rule or a constant of it), the run directories of the command line,
the shim's verification records of a run, the geometric mean."""
import csv
import glob
import json
import math
import os
import subprocess
import sys

DEFAULT_BUILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build")


def add_build_option(parser):
    """Adds -b/--build BUILD, the build directory whose bin/collsel-judge applies the shim's rules."""
    parser.add_argument("-b", "--build", default=DEFAULT_BUILD,
                        help="build directory with bin/collsel-judge, the shim's rules (default: ../build)")


class ShimRules:
    """The shim's rules of measured verification (shim/src/verification.hpp), applied by BUILD's
    collsel-judge, one request at a time over a pipe held open; `constants`: its --constants
    ({name: value}: margin, settled_share, clear_lead, outlier_cap and the settings' defaults)."""

    def __init__(self, build, parser=None):
        exe = os.path.join(build, "bin", "collsel-judge")
        if not os.access(exe, os.X_OK):
            message = f"{exe} not found (build the project or give -b)"
            if parser:
                parser.error(message)
            sys.exit(message)
        out = subprocess.run([exe, "--constants"], check=True, capture_output=True, text=True).stdout
        self.constants = {name: float(value) for name, value in (line.split() for line in out.splitlines())}
        self._judge = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def _ask(self, request):
        self._judge.stdin.write(request + "\n")
        self._judge.stdin.flush()
        answer = self._judge.stdout.readline()
        if not answer:
            sys.exit(f"collsel-judge failed on the request: {request}")
        return answer.strip()

    def time(self, calls):
        """A candidate's time from its calls, as the shim takes it (expected_call_time)."""
        return float(self._ask("time " + _numbers(calls)))

    def verdict(self, calls, native, model):
        """The index of the option the shim keeps (verdict_option, the default margin): calls[i] the
        calls of option i (each at least one); native, model: their indices, -1 when not options."""
        return int(self._ask("verdict %d %d %s" % (native, model, " ".join(_numbers(c) for c in calls))))

    def explore(self, error, native, native_seconds, predicted, algorithms=None):
        """plan_exploration with the shim's default settings: (option indices, max_rounds, the
        audit's block length, 0 for none); no options: no verification. algorithms: the names the
        predictions are of, so that a window family is in doubt together, as in the shim."""
        request = "explore %r %d %r %s" % (float(error), native, float(native_seconds), _numbers(predicted))
        if algorithms:
            request += " " + ",".join(algorithms)
        answer = self._ask(request)
        if answer == "none":
            return [], 0, 0
        options, rounds, block = answer.split()
        return [int(i) for i in options.split(",")], int(rounds), int(block)

    def audit(self, block, verdict, native, verified, loop):
        """The audit (AuditPlan, the default margin) of option `verdict` after a verification that
        measured option o at verified[o], in blocks of `block` calls each of which takes loop[o] for
        option o: (the options of the blocks run, in order; the option kept). native: its index, -1
        when not an option."""
        answer = self._ask("audit %d %d %d %s %s" % (block, verdict, native, _numbers(verified), _numbers(loop)))
        blocks, kept = answer.split()
        return [int(i) for i in blocks.split(",")], int(kept)

    def rounds(self, min_rounds, max_rounds, native, model, calls):
        """A verification's rounds replayed (judge(), the default margin) on calls[o], option o's
        calls, each as many: its agreements from round min_rounds to max_rounds or the last recorded.
        (rounds taken, the option kept, each option's round of retirement, 0 where it was tried
        to the end)."""
        answer = self._ask("rounds %d %d %d %d %s" % (min_rounds, max_rounds, native, model,
                                                       " ".join(_numbers(c) for c in calls)))
        took, kept, retired = answer.split()
        return int(took), int(kept), [int(k) for k in retired.split(",")]

    def slots(self, slots, native, count):
        """verification_slots: the indices kept of `count` candidates ranked best first, native at
        index `native` (-1: none), no two twins."""
        answer = self._ask("slots %d %d %d" % (slots, native, count))
        return [int(i) for i in answer.split(",")] if answer else []


def _numbers(values):
    return ",".join(repr(float(v)) for v in values)


def parse_run_dirs(parser):
    """Adds DIR... to the argparse parser and parses the command line: (args, dirs), a DIR with
    *, ? or [ expanded (sorted), the others as given. Without a DIR: the parser's description on
    standard output and exit status 2."""
    parser.add_argument("dirs", nargs="*", metavar="DIR")
    args = parser.parse_args()
    dirs = []
    for a in args.dirs:
        dirs += sorted(glob.glob(a)) if any(ch in a for ch in "*?[") else [a]
    if not dirs:
        print(parser.description)
        sys.exit(2)
    return args, dirs


def print_results(results, label_width, summary):
    """A line per entry of results ({label: rows}): the label, then summary(rows), or "no shape
    replayable" where there are no rows."""
    for label, rows in results.items():
        print("%-*s %s" % (label_width, label, summary(rows) if rows else "no shape replayable"))


def verify_records(d):
    """The verification records of run directory d: its verify.jsonl, else the shim's shim.jsonl."""
    path = d + "/verify.jsonl" if os.path.exists(d + "/verify.jsonl") else d + "/shim.jsonl"
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r.get("kind") == "verify":
                yield r


def bench_times(d, column="measured_us"):
    """{(op, bytes): {algorithm: us}} of DIR/bench.csv's `column` for native and every forced
    algorithm (not auto, not the --auto-cold rows); {} without bench.csv."""
    if not os.path.exists(d + "/bench.csv"):
        return {}
    times = {}
    with open(d + "/bench.csv") as f:
        for row in csv.DictReader(f):
            if row["algorithm"] != "auto" and not row["algorithm"].endswith("_cold"):
                times.setdefault((row["op"], int(row["bytes"])), {})[row["algorithm"]] = float(row[column])
    return times


def geomean(values):
    """The geometric mean of positive values (at least one)."""
    return math.exp(sum(math.log(x) for x in values) / len(values))
