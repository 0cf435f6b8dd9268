"""Readers of one collsel-bench run directory, shared by the analysis scripts in scripts/.

A run directory is what examples/emulated-cluster/random-clusters writes per seed: bench.csv
(collsel-bench --csv), bench.log (its report), raw.csv (--raw-csv) and the shim's JSON log.
"""
import csv
import re

# A point's block in bench.log: "<op> of <procs> (<bytes> bytes ...", its rows, and "fastest
# measured"; among the rows "auto = <algorithm>" names what the preloaded shim ran.
_POINT = re.compile(r"^(\w+) of \S+ \((\d+) bytes[^\n]*\n(.*?)fastest measured", re.S | re.M)
_AUTO = re.compile(r"auto = (\w+)")


def bench_rows(d, name="bench.csv"):
    """The rows of DIR/NAME (collsel-bench --csv) as dicts."""
    with open(d + "/" + name) as f:
        return list(csv.DictReader(f))


def candidate_points(rows):
    """{(op, bytes): [(algorithm, measured_us, predicted_us)]} of the rows with a prediction (the
    forced algorithms and native; auto is not a candidate)."""
    pts = {}
    for r in rows:
        if r["algorithm"] == "auto" or not r["predicted_us"]:
            continue
        pts.setdefault((r["op"], int(r["bytes"])), []).append(
            (r["algorithm"], float(r["measured_us"]), float(r["predicted_us"])))
    return pts


def bench_times(d, name="bench.csv"):
    """{(op, bytes, algorithm): median microseconds} from DIR/NAME (collsel-bench --csv)."""
    times = {}
    with open(d + "/" + name) as f:
        for r in csv.DictReader(f):
            times[(r["op"], int(r["bytes"]), r["algorithm"])] = float(r["measured_us"])
    return times


def auto_ran(d, name="bench.log"):
    """{(op, bytes): algorithm} the shim ran as `auto`, from DIR/NAME (collsel-bench's report)."""
    ran = {}
    with open(d + "/" + name) as f:
        log = f.read()
    for m in _POINT.finditer(log):
        op, size, body = m.groups()
        a = _AUTO.search(body)
        if a:
            ran[(op, int(size))] = a.group(1)
    return ran
