#!/usr/bin/env bash
# The main job: install dependencies, build, then the end-to-end demo.
#   - As root with network namespaces: an emulated 8-host heterogeneous cluster on this machine
#     (examples/emulated-cluster/demo: up -> collsel-calibrate -> collsel-bench -> table, plot -> down).
#   - Otherwise: plain local ranks (collsel-calibrate on 4 ranks -> collsel-predict ->
#     collsel-bench native vs auto vs every forced algorithm).
# Results go to ./demo-out/.  Env: RANKS (local mode, default 4).
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

rc=0
examples/emulated-cluster/demo -b build -o "$out/emulated" || rc=$?
if [ "$rc" -eq 0 ]; then
  echo "== emulated cluster results: $out/emulated"
  exit 0
elif [ "$rc" -ne 77 ]; then
  echo "demo: the emulated-cluster demo failed (exit $rc)" >&2
  exit "$rc"
fi

ranks=${RANKS:-4}
echo "== no network namespaces here: local demo on $ranks ranks"
mpiexec -n "$ranks" build/bin/collsel-calibrate -o "$out/local.toml" --precision quick --max-bytes 64K
build/bin/collsel-predict --model "$out/local.toml" --op scatter --procs "$ranks" --bytes 1K,64K
mpiexec -n "$ranks" build/bin/collsel-bench --model "$out/local.toml" \
  --ops bcast,reduce,scatter,gather,scatterv,gatherv --bytes 1K,64K --csv "$out/local.csv"
echo "== results: $out/local.csv (plot script $out/local.csv.gp)"
