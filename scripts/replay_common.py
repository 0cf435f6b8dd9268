"""What the replay scripts share (scripts/verify-replay.py, scripts/explore-replay.py): the run
directories of the command line, the shim's verification records of a run, the geometric mean."""
import glob
import json
import math
import os
import sys


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


def geomean(values):
    """The geometric mean of positive values (at least one)."""
    return math.exp(sum(math.log(x) for x in values) / len(values))
