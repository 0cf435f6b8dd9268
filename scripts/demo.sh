#!/usr/bin/env bash
# The main job: install dependencies, build, then the whole story in about 5 minutes (after the
# build) on this machine:
#   1. a cluster: as root with network namespaces an emulated 4-host cluster with mixed link
#      speeds (examples/emulated-cluster/hosts-small.conf); otherwise 4 local ranks;
#   2. collsel-calibrate measures it (its progress is shown) and writes the model file;
#   3. collsel-predict says what the shim would choose, and draws the decision map;
#   4. an unmodified MPI application (examples/matmul: scatterv, bcast, gatherv) runs under
#      LD_PRELOAD=libcollsel.so, with the shim's end-of-job report and its JSON log;
#   5. a short side-by-side benchmark: native vs the shim (auto) vs every forced algorithm.
# Every result file is listed at the end.
#   scripts/demo.sh [--full] [--local] [--out DIR]
#     --full   the 36-point emulated-cluster demo instead (8 hosts, 3 sizes, 2 roots; ~40 min)
#     --local  local ranks even where the cluster could be emulated
#     --out    results directory (default ./demo-out)
# Env: RANKS (local mode, default 4).
set -euo pipefail
cd "$(dirname "$0")/.."
full=0 local=0 out=$PWD/demo-out
while [ $# -gt 0 ]; do
  case $1 in
    --full) full=1 ;;
    --local) local=1 ;;
    --out) out=$(realpath -m "${2:?--out needs a directory}"); shift ;;
    -h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "demo: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ "${DEMO_MODE:-}" = local ] && local=1  # the older spelling

start=$SECONDS
bash scripts/install-deps.sh
echo "== building (once; later runs only rebuild what changed)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" | tail -1
build=$PWD/build
export HYDRA_LAUNCHER=${HYDRA_LAUNCHER:-fork}
mkdir -p "$out"
cluster=examples/emulated-cluster

if [ "$full" = 1 ]; then
  exec "$cluster/demo" -b "$build" -o "$out/emulated" -r "${DEMO_REPS:-5}"
fi

demo_start=$SECONDS
step() { echo; echo "== [$1/5] $2   ($((SECONDS - demo_start)) s into the demo)"; }

# 1. The cluster, and how to launch on it.
mode=local
if [ "$local" = 0 ] && [ "$(id -u)" = 0 ] && ip netns list >/dev/null 2>&1; then
  step 1 "an emulated cluster: 4 hosts on veth links of $(grep -v '^#' "$cluster/hosts-small.conf" | paste -sd, -)"
  export CSL_BUILD=$build
  if "$cluster/up" -c "$cluster/hosts-small.conf" >"$out/up.log" 2>&1; then
    mode=emulated
    trap '"$cluster/down" -q' EXIT
    cat "$out/up.log"
  else
    echo "demo: cannot emulate a cluster here ($(tail -1 "$out/up.log")); local ranks instead"
  fi
fi
ranks=4
if [ "$mode" = emulated ]; then
  launch() { "$cluster/run" -n "$ranks" "$@"; }  # one rank per emulated host
  # `run` hands LD_PRELOAD to the ranks only (and adds its own aids).
  launch_preloaded() { LD_PRELOAD="$build/lib/libcollsel.so" "$cluster/run" -n "$ranks" "$@"; }
  placement=host
else
  ranks=${RANKS:-4}
  [ "$mode" = local ] && step 1 "no emulated cluster (needs root and network namespaces): $ranks local ranks"
  # More ranks than cores: the yielding aid gives a waiting rank's core to the rank it waits for.
  aids=
  [ "$ranks" -gt "$(nproc)" ] && aids=:$build/lib/libcollsel-yield.so
  launch() { if [ -n "$aids" ]; then mpiexec -n "$ranks" -genv LD_PRELOAD "${aids#:}" "$@"; else mpiexec -n "$ranks" "$@"; fi; }
  launch_preloaded() { mpiexec -n "$ranks" -genv LD_PRELOAD "$build/lib/libcollsel.so$aids" "$@"; }
  # Unbound local ranks: world rank w is calibrated process w, the layout just measured.
  placement=model
fi
export COLLSEL_PLACEMENT=$placement

# 2. Calibrate.
step 2 "collsel-calibrate: measure the point-to-point models and MPICH's own collectives"
launch "$build/bin/collsel-calibrate" -o "$out/model.toml" 2>&1 | tee "$out/calibrate.log" |
  grep -v '% ' || { echo "demo: collsel-calibrate failed (log: $out/calibrate.log)" >&2; exit 1; }
grep -A4 '^\[validation\]' "$out/model.toml" || true

# 3. Predict.
step 3 "collsel-predict: what the shim would run, from the model alone"
"$build/bin/collsel-predict" --model "$out/model.toml" --op scatter --procs "$ranks" --bytes 64K,1M
"$build/bin/collsel-predict" --model "$out/model.toml" --map --op bcast,reduce,scatter,gather \
  --procs "$(seq -s, 2 "$ranks")" --bytes 4K,64K,1M --svg "$out/decision-map.svg" | tee "$out/decision-map.txt"

# 4. An unmodified application under the shim.
step 4 "an unmodified MPI program (examples/matmul) with libcollsel.so preloaded"
ldd "$build/bin/collsel_matmul" | grep -q libcollsel && { echo "demo: matmul must not link collsel" >&2; exit 1; }
COLLSEL_MODEL=$out/model.toml COLLSEL_LOG=$out/matmul-log.jsonl \
  launch_preloaded "$build/bin/collsel_matmul" -n 240 --repeat 20 2>&1 | tee "$out/matmul.txt"
grep -q "result verified" "$out/matmul.txt" || { echo "demo: matmul's result check failed" >&2; exit 1; }

# 5. Side by side.
step 5 "collsel-bench: native vs the shim (auto) vs every forced algorithm, 1 MB, 3 repetitions"
COLLSEL_MODEL=$out/model.toml COLLSEL_REPORT=off \
  launch_preloaded "$build/bin/collsel-bench" --model "$out/model.toml" --auto shim --placement "$placement" \
  --ops bcast,reduce,scatter,gather --bytes 1M --algorithms all --reps 3 --csv "$out/bench.csv" >"$out/bench.log" ||
  { tail -20 "$out/bench.log" >&2; echo "demo: collsel-bench failed" >&2; exit 1; }
if [ "$mode" = local ] && [ "$ranks" -gt "$(nproc)" ]; then
  echo "(local ranks outnumber this machine's $(nproc) cores: these timings are mostly scheduling noise; run as root"
  echo " for the emulated cluster, whose links make the algorithms differ, or see docs/results/)"
fi
awk -F, 'NR == 1 { next }
  { k = $1; if (!(k in seen)) { seen[k] = 1; ks[++n] = k }; t = $6 + 0
    if ($5 == "native") nat[k] = t; else if ($5 == "auto") aut[k] = t
    else if (!(k in best) || t < best[k]) { best[k] = t; bestn[k] = $5 } }
  END { printf "%-8s %12s %12s %9s %12s  %s\n", "op (1MB)", "native_us", "auto_us", "speedup", "best_us", "best forced"
    for (i = 1; i <= n; i++) { k = ks[i]
      printf "%-8s %12.0f %12.0f %8.2fx %12.0f  %s\n", k, nat[k], aut[k], (aut[k] > 0 ? nat[k] / aut[k] : 0), best[k], bestn[k] } }
' "$out/bench.csv" | tee "$out/bench-table.txt"

echo
echo "== done: the demo took $((SECONDS - demo_start)) s ($((SECONDS - start)) s with install and build). Results in $out:"
for f in model.toml calibrate.log decision-map.txt decision-map.svg matmul.txt matmul-log.jsonl bench.csv bench-table.txt bench.log; do
  [ -e "$out/$f" ] && printf '  %-20s %s\n' "$f" "$(case $f in
    model.toml) echo "the calibrated model (COLLSEL_MODEL for your jobs)" ;;
    calibrate.log) echo "collsel-calibrate's output" ;;
    decision-map.*) echo "the choice per (processes, size) for four collectives" ;;
    matmul.txt) echo "the application's output and the shim's end-of-job report" ;;
    matmul-log.jsonl) echo "the shim's JSON log of that run" ;;
    bench.csv) echo "every algorithm's measured and predicted time" ;;
    bench-table.txt) echo "native vs auto vs the best forced algorithm" ;;
    bench.log) echo "collsel-bench's full output" ;; esac)"
done
