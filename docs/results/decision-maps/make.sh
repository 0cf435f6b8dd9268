#!/bin/sh
# Regenerates the decision maps shown in the README (run from the source tree after a build):
#   docs/results/decision-maps/make.sh [BUILD_DIR]
set -eu
build=${1:-build}
out=docs/results/decision-maps
"$build/bin/collsel-predict" --model examples/models/hetero-8.toml --map --procs 2,4,8,16,32 \
  --bytes 1K,16K,64K,256K,1M,4M --svg "$out/hetero-8.svg" >"$out/hetero-8.txt"
"$build/bin/collsel-predict" --topology tests/data/topologies/epyc-7763-2s-real.xml --binding scatter --map \
  --procs 8,16,32,64,128 --bytes 1K,16K,64K,256K,1M,4M --svg "$out/epyc-7763-2s.svg" >"$out/epyc-7763-2s.txt"
