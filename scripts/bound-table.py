#!/usr/bin/env python3
"""bound-table: the fastest algorithm of each point against the bandwidth bound, before and after.

  bound-table.py LABEL=DIR [LABEL=DIR ...] --kinds KINDS.csv (--model MODEL.toml | --kind KIND)
                 [--ops OPS] [--bytes BYTES]

Each DIR holds a collsel-bench bench.csv (op,procs,root,bytes,algorithm,measured_us,predicted_us)
of one platform; KINDS.csv is a collsel-bench --kinds-csv file of the same platform and model, whose
`bound` rows of one model kind give the bound: KIND, or the preferred kind of MODEL.toml (the one
the shim predicts with; every kind's bound is in the file, and they differ). Prints CSV:
op,bytes,bound_us,native_us and, per LABEL, the fastest algorithm measured (auto excluded), its
time and its ratio to the bound. scripts/platform-bound.py --annotate adds SimGrid's platform bound.
"""
import argparse
import csv
import os
import sys


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def preferred_kind(model):
    """The `preferred = "..."` kind of a collsel model file."""
    with open(model) as f:
        for line in f:
            if line.startswith("preferred"):
                return line.split('"')[1]
    raise SystemExit(f"bound-table: no preferred kind in {model}")


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n")[2].strip())
    ap.add_argument("runs", nargs="+", help="LABEL=DIR")
    ap.add_argument("--kinds", required=True)
    ap.add_argument("--ops", default="bcast,reduce,scatter,gather")
    ap.add_argument("--bytes", default="")
    ap.add_argument("--kind", help="the model kind whose bound counts")
    ap.add_argument("--model", help="the model file: its preferred kind's bound counts")
    a = ap.parse_args()
    if bool(a.kind) == bool(a.model):
        print("bound-table: give --kind or --model (the kinds' bounds differ)", file=sys.stderr)
        return 2
    kind = a.kind or preferred_kind(a.model)
    bound = {}
    for r in read(a.kinds):
        if r["algorithm"] == "bound" and r["kind"] == kind:
            bound[(r["op"], int(r["bytes"]))] = float(r["predicted_us"])
    ops = a.ops.split(",")
    sizes = {int(b) for b in a.bytes.split(",") if b}
    runs = []
    for spec in a.runs:
        label, _, d = spec.partition("=")
        runs.append((label, read(os.path.join(d, "bench.csv"))))
    out = csv.writer(sys.stdout, lineterminator="\n")
    head = ["op", "bytes", "bound_us", "native_us"]
    for label, _ in runs:
        head += [f"{label}_best", f"{label}_us", f"{label}_per_bound"]
    out.writerow(head)
    for key in sorted(bound, key=lambda k: (ops.index(k[0]) if k[0] in ops else 99, k[1])):
        op, b = key
        if op not in ops or (sizes and b not in sizes):
            continue
        row, native = [op, b, f"{bound[key]:.0f}"], None
        cells = []
        for label, rows in runs:
            pts = [r for r in rows if r["op"] == op and int(r["bytes"]) == b and r["algorithm"] != "auto"]
            if not pts:
                cells += ["", "", ""]
                continue
            for r in pts:
                if r["algorithm"] == "native":
                    native = float(r["measured_us"])
            best = min(pts, key=lambda r: float(r["measured_us"]))
            us = float(best["measured_us"])
            cells += [best["algorithm"], f"{us:.0f}", f"{us / bound[key]:.3f}"]
        out.writerow(row + [f"{native:.0f}" if native else ""] + cells)
    return 0


if __name__ == "__main__":
    sys.exit(main())
