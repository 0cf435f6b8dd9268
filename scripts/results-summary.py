#!/usr/bin/env python3
"""results-summary.py [--points FILE] [--base DIR] DIR...: one CSV row per benchmark run found under DIRs.

A run is a collsel-bench CSV (op,procs,root,bytes,algorithm,measured_us,predicted_us) named bench*.csv,
as examples/emulated-cluster/random-clusters, examples/smpi/random-platforms and scripts/smpi-results.sh
write them. Per run (on stdout): the metrics of scripts/bench-metrics.py (speedup_auto, speedup_oracle,
share, auto/oracle median and worst, points below 0.97 x native, median prediction error) and, where the
run kept every repetition (raw.csv and bench.log beside bench.csv), the resolved metrics of
scripts/bench-points.py (below_0.97_resolved, worst_resolved, auto/oracle_split median and worst).
Also: the seed (from a seed-N path component or a bench-seed-N.csv name), the drawn hosts (hosts.conf),
and, inside a git checkout, the commit that last changed the bench CSV (the commit that recorded the run).
--points FILE writes every run's points (op, bytes, native, auto, oracle and its algorithm) to FILE.
--latest REGEX adds a column `latest`: 1 on the run, among those whose path matches REGEX, recorded by the
newest commit (by author date) for its seed (a campaign's current figure per seed; outside git, the last in path
order), else 0.
Paths in the output are relative to --base (default: the current directory).
"""
import argparse
import csv
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = "op,procs,root,bytes,algorithm,measured_us,predicted_us"
SUMMARY_KEYS = ["points", "speedup_auto", "speedup_oracle", "share", "auto/oracle_median",
                "auto/oracle_worst", "below_0.97", "pred_err_median"]
RESOLVED_KEYS = ["below_0.97_resolved", "worst_resolved", "auto/oracle_split_median", "auto/oracle_split_worst"]
POINT = re.compile(r"^point (\S+)\s+(\d+) native\s+(\S+) auto\s+(\S+) oracle\s+(\S+) \((\S+)\)")


def runs_under(d):
    for root, dirs, files in os.walk(d):
        dirs.sort(key=lambda s: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)])
        for f in sorted(files):
            if re.fullmatch(r"bench[-\w]*\.csv", f):
                p = os.path.join(root, f)
                with open(p) as fh:
                    if fh.readline().strip() == HEADER:
                        yield p


def pairs(line, keys):
    toks = line.split()
    out = {}
    for i, t in enumerate(toks[:-1]):
        if t in keys and t not in out:
            out[t] = toks[i + 1].rstrip("%")
    return out


def git_commit(path):
    try:
        r = subprocess.run(["git", "log", "-1", "--format=%h", "--", os.path.basename(path)],
                           cwd=os.path.dirname(path) or ".", capture_output=True, text=True, check=True)
        return r.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def commit_time(c):
    r = subprocess.run(["git", "log", "-1", "--format=%at", c], capture_output=True, text=True)
    return int(r.stdout.strip() or 0)


def hosts_of(d):
    p = os.path.join(d, "hosts.conf")
    if not os.path.exists(p):
        return ""
    hosts = []
    for line in open(p):
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("root="):
            continue
        m = re.match(r"(\S+)(?:\s+burst=(\S+))?", line)
        hosts.append(m.group(1) + ("@" + m.group(2) if m.group(2) else ""))
    return " ".join(hosts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points")
    ap.add_argument("--base", default=".")
    ap.add_argument("--latest")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    cols = ["run", "seed", "commit", "procs", "root", "hosts"] + \
           [k.replace("/", "_").replace(".", "_") for k in SUMMARY_KEYS + RESOLVED_KEYS]
    if a.latest:
        cols.append("latest")
    rows = []
    pw = None
    if a.points:
        pf = open(a.points, "w")
        pw = csv.writer(pf, lineterminator="\n")
        pw.writerow(["run", "op", "bytes", "native_us", "auto_us", "oracle_us", "oracle", "native_over_auto",
                     "auto_over_oracle"])
    for top in a.dirs:
        for p in runs_under(top):
            d = os.path.dirname(p)
            name = os.path.basename(p)
            run = os.path.relpath(p, a.base)
            seed = ""
            m = re.search(r"(?:^|/)seed-(\d+)(?:/|$)", d) or re.search(r"seed-(\d+)", name)
            if m:
                seed = m.group(1)
            with open(p) as fh:
                first = next(csv.DictReader(fh), None)
            if first is None:
                continue
            res = subprocess.run([sys.executable, os.path.join(HERE, "bench-metrics.py"), p],
                                 capture_output=True, text=True)
            summ = {}
            for line in res.stdout.splitlines():
                if line.startswith("summary "):
                    summ = pairs(line, SUMMARY_KEYS)
                elif pw:
                    pm = POINT.match(line)
                    if pm:
                        op, size, nat, aut, orc, orcn = pm.groups()
                        pw.writerow([run, op, size, nat, aut, orc, orcn, "%.3f" % (float(nat) / float(aut)),
                                     "%.3f" % (float(aut) / float(orc))])
            if not summ:
                print("results-summary: %s: no complete point, skipped" % p, file=sys.stderr)
                continue
            resolved = {}
            if name == "bench.csv" and all(os.path.exists(os.path.join(d, f)) for f in ("raw.csv", "bench.log")):
                r = subprocess.run([sys.executable, os.path.join(HERE, "bench-points.py"), d],
                                   capture_output=True, text=True)
                for line in r.stdout.splitlines():
                    if " summary " in line:
                        resolved = pairs(line, RESOLVED_KEYS)
            rows.append([run, seed, git_commit(p), first["procs"], first["root"], hosts_of(d)] +
                        [summ.get(k, "") for k in SUMMARY_KEYS] + [resolved.get(k, "") for k in RESOLVED_KEYS])
    if a.latest:
        newest = {}  # seed -> (commit time, row index)
        for i, r in enumerate(rows):
            if r[1] and re.fullmatch(a.latest, r[0]):
                t = commit_time(r[2]) if r[2] else 0  # outside git: the last in path order
                if r[1] not in newest or t >= newest[r[1]][0]:
                    newest[r[1]] = (t, i)
        chosen = {i for _, i in newest.values()}
        for i, r in enumerate(rows):
            r.append("1" if i in chosen else "0")
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(cols)
    w.writerows(rows)


if __name__ == "__main__":
    main()
