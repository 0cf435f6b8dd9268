#!/bin/sh
# smpi_barrier.sh SMPIRUN SMPI_BUILD PLATFORM_DIR WORK_DIR   (ctest smpi_barrier, label smpi)
# The calibration engine separates waves of experiments that must not overlap with its own
# barrier: each round one rank enters late, and no rank may leave before it entered
# (collsel_barrier_check). SimGrid 3.32's MPI_Ibarrier does not hold so (the program reports it
# beside), which let the fat tree's representative pairs be measured side by side.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
smpirun=$1 build=$2 platforms=$3 work=$4
fail() { echo "smpi_barrier: FAIL: $*"; exit 1; }
[ -f "$build/bin/collsel_barrier_check" ] || { echo "smpi_barrier: FAIL: $build/bin/collsel_barrier_check not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
printf 'node-0\nnode-32\nnode-64\nnode-96\n' >hosts
"$smpirun" -np 4 -platform "$platforms/fat-tree-1024.xml" -hostfile hosts \
  --cfg=smpi/simulate-computation:no --log=root.thres:warning "$build/bin/collsel_barrier_check" >check.log 2>&1 ||
  { cat check.log; fail "the engine's barrier let a rank leave before the last one entered"; }
grep -q 'collsel_barrier_check: PASS' check.log || { cat check.log; fail "no verdict"; }
cat check.log
