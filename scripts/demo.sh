#!/usr/bin/env bash
# The main job: install dependencies, build, then the end-to-end demo.
#   - As root with network namespaces: an emulated 8-host heterogeneous cluster on this machine
#     (examples/emulated-cluster/demo: up -> collsel-calibrate -> collsel-bench -> table, plot -> down).
#   - Otherwise: plain local ranks (collsel-calibrate on 4 ranks -> collsel-predict ->
#     collsel-bench native vs auto vs every forced algorithm).
# Results go to ./demo-out/.  Env: RANKS (local mode, default 4); DEMO_MODE=local skips the
# emulated cluster; DEMO_REPS (emulated mode: repetitions per algorithm, default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)"
export HYDRA_LAUNCHER=${HYDRA_LAUNCHER:-fork}
out=$PWD/demo-out
mkdir -p "$out"

echo "== what collsel would choose on the example heterogeneous model (8 processes, 4 hosts, one slow)"
build/bin/collsel-predict --model examples/models/hetero-8.toml --op bcast --procs 8 --bytes 1K,64K,1M

rc=77
if [ "${DEMO_MODE:-auto}" != local ]; then
  rc=0
  examples/emulated-cluster/demo -b build -o "$out/emulated" -r "${DEMO_REPS:-5}" || rc=$?
fi
if [ "$rc" -eq 0 ]; then
  echo "== emulated cluster results: $out/emulated"
  exit 0
elif [ "$rc" -ne 77 ]; then
  echo "demo: the emulated-cluster demo failed (exit $rc)" >&2
  exit "$rc"
fi

ranks=${RANKS:-4}
echo "== local demo on $ranks ranks (no emulated cluster here, or DEMO_MODE=local)"
# More ranks than cores: preload the yielding wrapper so a waiting rank gives its core to the
# rank it waits for (docs/calibration.md, oversubscribed hosts); it changes no result.
aid=()
if [ "$ranks" -gt "$(nproc)" ]; then aid=(-genv LD_PRELOAD "$PWD/build/lib/libcollsel-yield.so"); fi
mpiexec -n "$ranks" "${aid[@]}" build/bin/collsel-calibrate -o "$out/local.toml" --precision quick --max-bytes 64K
build/bin/collsel-predict --model "$out/local.toml" --op scatter --procs "$ranks" --bytes 1K,64K
mpiexec -n "$ranks" "${aid[@]}" build/bin/collsel-bench --model "$out/local.toml" \
  --ops bcast,reduce,scatter,gather,scatterv,gatherv --bytes 1K,64K --csv "$out/local.csv"
echo "== results: $out/local.csv (plot script $out/local.csv.gp)"
