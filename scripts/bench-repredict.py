#!/usr/bin/env python3
"""bench-repredict.py [-b BUILD] [-o OUT] DIR...: a model change judged on recorded clusters.

Each DIR is a recorded run of collsel-bench (examples/emulated-cluster/random-clusters writes one
per seed): bench.csv (every algorithm's measured and predicted time per point) and model.toml (the
calibration it was predicted from). The measurements are the ground truth of a cluster that is no
longer up; this script asks BUILD's collsel-predict again, with the same model file, process count,
root and sizes (the v-variants with collsel-bench's uneven blocks; the ranks placed by DIR/hostfile
where the run has one, as examples/smpi/random-platforms writes), and compares what the recorded
predictions and the new ones say of the same measurements:
  error   median |predicted - measured| / measured over every algorithm at >= 64 KB (auto excluded),
          as random-clusters' pred_err
  first   the model's first choice (least predicted) measured over the fastest measured: geomean,
          and the points above 1.05 and 1.15
  decided BUILD's decision (the algorithm collsel-predict marks chosen: predicted times within
          kPredictionTie of each other ranked by the rested call, native kept unless another is
          faster by the margin) measured over the fastest measured, as `first`; repredicted only
          (a recorded bench.csv keeps no decision). `first` takes the least predicted time as
          printed, so where the steady states tie (one slow host's bucket bounds every schedule
          alike) it reads differences of 0.01 us that the model itself calls a tie.
One line per DIR ("run DIR points N error R -> N first_geomean R -> N above_1.05 R -> N above_1.15
R -> N decided_geomean N above_1.05 N above_1.15 N", recorded -> repredicted) and a last line
"all ..." over every point of every DIR (error: the median of the runs' medians). With -o OUT,
OUT/<DIR's name>/bench.csv is the run's bench.csv with the new predictions (for verify-slots.py
and the other readers).

--declared-buckets NS: predict with the token buckets the emulated cluster declares instead of
any the calibration measured: a copy of model.toml whose [burst] section comes from DIR/hosts.conf
(examples/emulated-cluster: each line a host, "<rate> [burst=<size>]", its tbf on both directions;
"unshaped": no bucket), with NS nanoseconds per byte as the line — what the predictors make of
exact buckets, apart from how well collsel-calibrate measures them.
"""
import argparse
import atexit
import csv
import io
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchrun import bench_rows, candidate_points


def predict(build, model, op, procs, root, sizes, hostfile=None):
    """({(bytes, algorithm): predicted_us}, {bytes: the algorithm marked chosen}) from collsel-predict
    for one op; with the run's hostfile, ranks placed as the job placed them."""
    cmd = [os.path.join(build, "bin", "collsel-predict"), "--model", model, "--op", op, "--procs", str(procs),
           "--root", str(root), "--bytes", ",".join(str(s) for s in sizes), "--csv"]
    if hostfile:
        cmd += ["--hostfile", hostfile]
    if op in ("scatterv", "gatherv"):
        cmd += ["--blocks", "uneven"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {out.stderr.strip()}")
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    return ({(int(r["bytes"]), r["algorithm"]): float(r["predicted_us"]) for r in rows},
            {int(r["bytes"]): r["algorithm"] for r in rows if r["chosen"] == "1"})


TC_UNITS = {"k": 1e3, "m": 1e6, "g": 1e9}
SIZE_UNITS = {"": 1, "k": 1024, "m": 1048576}


def declared_buckets(hosts_conf, line_ns):
    """The [burst] section hosts.conf declares (one host per process, as random-clusters runs)."""
    rates, sizes = [], []
    with open(hosts_conf) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#")[0].strip()
            if not line:
                continue
            rate = line.split()[0].lower()
            if rate == "unshaped":
                rates.append(0.0), sizes.append(0.0)
                continue
            m = re.fullmatch(r"(\d+)([kmg])bit", rate)
            b = re.search(r"burst=(\d+)([km]?)", line.lower())
            if not m or not b:
                raise ValueError(f"{hosts_conf}:{lineno}: expected '<rate>bit burst=<size>' or 'unshaped'")
            rates.append(int(m.group(1)) * TC_UNITS[m.group(2)] / 8)
            sizes.append(float(int(b.group(1)) * SIZE_UNITS[b.group(2)]))
    vec = lambda v: "[" + ", ".join(repr(float(x)) for x in v) + "]"
    return (f"[burst]\nline_seconds_per_byte = {line_ns * 1e-9!r}\nup_rate = {vec(rates)}\ndown_rate = {vec(rates)}\n"
            f"up_bytes = {vec(sizes)}\ndown_bytes = {vec(sizes)}\n")


def with_declared_buckets(model, hosts_conf, line_ns, tmpdir):
    """A copy of `model` in tmpdir whose [burst] section is hosts.conf's."""
    with open(model) as f:
        text = f.read()
    text = re.sub(r"(?ms)^\[burst\].*?(?=^\[|\Z)", "", text)  # a measured one goes
    path = os.path.join(tmpdir, f"model-{len(os.listdir(tmpdir))}.toml")
    with open(path, "w") as f:
        f.write(text.rstrip("\n") + "\n\n" + declared_buckets(hosts_conf, line_ns))
    return path


def judge(rows):
    """(median |error| at >= 64 KB or None, [first choice / fastest per point])."""
    points = {k: [(m, p) for _, m, p in v if m > 0] for k, v in candidate_points(rows).items()}
    errors = [abs(p - m) / m for (_, size), v in points.items() if size >= 65536 for m, p in v]
    firsts = [min(v, key=lambda mp: (mp[1], mp[0]))[0] / min(m for m, _ in v) for v in points.values() if v]
    return (statistics.median(errors) if errors else None), firsts


def decided(rows, chosen):
    """[measured time of the decided algorithm / fastest measured] per point with a decision."""
    ratios = []
    for (op, size), v in candidate_points(rows).items():
        measured = {a: m for a, m, _ in v if m > 0}
        alg = chosen.get((op, size))
        if measured and alg in measured:
            ratios.append(measured[alg] / min(measured.values()))
    return ratios


def summary(firsts):
    geomean = math.exp(sum(math.log(x) for x in firsts) / len(firsts)) if firsts else float("nan")
    return geomean, sum(x > 1.05 for x in firsts), sum(x > 1.15 for x in firsts)


def fmt_error(e):
    return "-" if e is None else f"{100 * e:.1f}%"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-b", "--build", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build"),
                   help="build directory with bin/collsel-predict (default: ../build)")
    p.add_argument("-o", "--out", help="write OUT/<run>/bench.csv with the new predictions")
    p.add_argument("--declared-buckets", type=float, metavar="NS",
                   help="predict with the buckets DIR/hosts.conf declares, NS ns per byte as the line")
    p.add_argument("dirs", nargs="+", metavar="DIR")
    a = p.parse_args()
    if not os.access(os.path.join(a.build, "bin", "collsel-predict"), os.X_OK):
        p.error(f"{a.build}/bin/collsel-predict not found (build the project or give -b)")
    if a.declared_buckets is not None and not a.declared_buckets > 0:
        p.error("--declared-buckets: the line's nanoseconds per byte must be > 0")
    tmpdir = tempfile.mkdtemp(prefix="bench-repredict-")
    atexit.register(shutil.rmtree, tmpdir, True)
    all_old, all_new, all_decided, err_old, err_new = [], [], [], [], []
    for d in a.dirs:
        rows = bench_rows(d)
        model = os.path.join(d, "model.toml")
        if not rows or not os.path.exists(model):
            sys.exit(f"bench-repredict: {d}: needs bench.csv with rows and model.toml")
        if a.declared_buckets is not None:
            hosts = os.path.join(d, "hosts.conf")
            if not os.path.exists(hosts):
                sys.exit(f"bench-repredict: {d}: --declared-buckets needs hosts.conf")
            try:
                model = with_declared_buckets(model, hosts, a.declared_buckets, tmpdir)
            except ValueError as e:
                sys.exit(f"bench-repredict: {e}")
        procs, root = int(rows[0]["procs"]), int(rows[0]["root"])
        new, chosen = {}, {}
        for op in dict.fromkeys(r["op"] for r in rows):
            sizes = sorted({int(r["bytes"]) for r in rows if r["op"] == op})
            try:
                hostfile = os.path.join(d, "hostfile")
                predicted, marked = predict(a.build, model, op, procs, root, sizes,
                                            hostfile if os.path.exists(hostfile) else None)
            except RuntimeError as e:
                sys.exit(f"bench-repredict: {d}: {e}")
            for size, alg in marked.items():
                chosen[(op, size)] = alg
            for (size, alg), us in predicted.items():
                new[(op, size, alg)] = us
        repredicted = []
        for r in rows:
            r2 = dict(r)
            if r["algorithm"] != "auto":
                key = (r["op"], int(r["bytes"]), r["algorithm"])
                r2["predicted_us"] = f"{new[key]:.3f}" if key in new else ""
            repredicted.append(r2)
        (e_old, f_old), (e_new, f_new) = judge(rows), judge(repredicted)
        all_old += f_old
        all_new += f_new
        d_new = decided(rows, chosen)
        all_decided += d_new
        if e_old is not None and e_new is not None:
            err_old.append(e_old)
            err_new.append(e_new)
        (g0, a0, b0), (g1, a1, b1), (gd, ad, bd) = summary(f_old), summary(f_new), summary(d_new)
        print(f"run {d} points {len(f_new)} error {fmt_error(e_old)} -> {fmt_error(e_new)} "
              f"first_geomean {g0:.3f} -> {g1:.3f} above_1.05 {a0} -> {a1} above_1.15 {b0} -> {b1} "
              f"decided_geomean {gd:.3f} above_1.05 {ad} above_1.15 {bd}")
        if a.out:
            out = os.path.join(a.out, os.path.basename(os.path.normpath(d)))
            os.makedirs(out, exist_ok=True)
            with open(os.path.join(out, "bench.csv"), "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
                w.writeheader()
                w.writerows(repredicted)
    (g0, a0, b0), (g1, a1, b1), (gd, ad, bd) = summary(all_old), summary(all_new), summary(all_decided)
    e0 = statistics.median(err_old) if err_old else None
    e1 = statistics.median(err_new) if err_new else None
    print(f"all runs {len(a.dirs)} points {len(all_new)} error {fmt_error(e0)} -> {fmt_error(e1)} "
          f"runs_above_20% {sum(e > 0.2 for e in err_old)} -> {sum(e > 0.2 for e in err_new)} "
          f"first_geomean {g0:.3f} -> {g1:.3f} above_1.05 {a0} -> {a1} above_1.15 {b0} -> {b1} "
          f"decided_geomean {gd:.3f} above_1.05 {ad} above_1.15 {bd}")


if __name__ == "__main__":
    main()
