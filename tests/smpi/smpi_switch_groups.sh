#!/bin/sh
# smpi_switch_groups.sh SMPIRUN SMPI_BUILD PLATFORM_DIR WORK_DIR   (ctest smpi_switch_groups, label smpi)
# Host classes and switch groups on examples/smpi/fat-tree-1024.xml (32 nodes per leaf switch): 24
# ranks, six nodes from each of leaves 0-3, in leaf order. The landmarks (two on leaf 0, then node
# 67 on leaf 2) see leaves 1 and 3 alike, so those form one class; node 67 has no time towards
# itself and its others match leaf 2's as well as that class's: it stays with leaf 2.
# Within the class the calibration must find leaves 1 and 3 as switch groups, with a near pair on
# leaf 1 and a far representative on leaf 3 (the class's middle member). Only Hockney is fitted:
# the groups come from the survey.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
smpirun=$1 build=$2 platforms=$3 work=$4
fail() { echo "smpi_switch_groups: FAIL: $*"; exit 1; }
[ -f "$build/bin/collsel-calibrate" ] || { echo "smpi_switch_groups: FAIL: $build/bin/collsel-calibrate not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
for leaf in 0 1 2 3; do
  for i in 0 1 2 3 4 5; do echo "node-$((leaf * 32 + i))"; done
done >hosts
"$smpirun" -np 24 -platform "$platforms/fat-tree-1024.xml" -hostfile hosts \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
  "$build/bin/collsel-calibrate" -o model.toml --precision quick --max-bytes 64K --host-classes on \
  --models hockney --no-native --no-validation >calibrate.log 2>&1 ||
  { tail -30 calibrate.log; fail "collsel-calibrate failed"; }
show() { grep -n 'host_class\|host_group\|process_host\|host classes' model.toml; }
# Leaf 0 (the landmarks'), leaves 1 and 3 (alike from leaf 0 and from leaf 2), leaf 2.
grep -q '^host_class = \[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1\]' model.toml ||
  { show; fail "classes"; }
grep -q '^host_group = \[-1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1\]' model.toml ||
  { show; fail "switch groups: leaves 1 and 3 of class 1"; }
# Class 1's representatives: A and A' on leaf 1 (hosts 6, 7), B on leaf 3 (host 18).
grep -q '^process_host = \[0, 3, 6, 7, 12, 15, 18\]' model.toml || { show; fail "representatives"; }
grep -q '"host classes: 3 classes of 24 hosts from 3 landmark hosts (tolerance 0.1), 2 switch groups;' model.toml ||
  { show; fail "notes line"; }
# Turned off, the same survey gives the classes and no groups.
"$smpirun" -np 24 -platform "$platforms/fat-tree-1024.xml" -hostfile hosts \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
  "$build/bin/collsel-calibrate" -o off.toml --precision quick --max-bytes 64K --host-classes on \
  --models hockney --no-native --no-validation --no-switch-groups >off.log 2>&1 ||
  { tail -30 off.log; fail "collsel-calibrate --no-switch-groups failed"; }
grep -q '^host_group' off.toml && fail "--no-switch-groups wrote groups"
grep -q '^host_class = \[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1\]' off.toml ||
  fail "--no-switch-groups changed the classes"
echo "smpi_switch_groups: PASS"
