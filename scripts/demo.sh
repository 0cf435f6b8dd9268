#!/usr/bin/env bash
# The main job: install dependencies, build, and show collsel's predictions on the example model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)"
if [ -x build/bin/collsel-predict ]; then
  build/bin/collsel-predict --model examples/models/hetero-8.toml --op bcast --procs 8 --bytes 1K,64K,1M
fi
