#!/bin/sh
# smpi_speed_check.sh SMPIRUN SMPI_BUILD WORK_DIR   (ctest smpi_speed_check, label smpi)
# The host classes' speed check (docs/calibration.md, "Calibrating many hosts"): 12 hosts on one
# switch. Host 0 (the first landmark) is on 0.4 Gbit; its fastest peer is host 1, also 0.4 Gbit
# (the large round trips tie at host 0's bandwidth, host 1's 2 us latency decides); the third
# landmark is the most different host, 2, on 0.1 Gbit. Hosts 3-11 are on 0.4, 1 and 10 Gbit, all
# at 5 us: the three landmarks see them alike. Their consecutive pair (4, 5) runs at 10 Gbit,
# faster than any landmark saw, so host 4 becomes a landmark, and the classes must then tell the
# 1 Gbit hosts (3, 7, 10), the 10 Gbit ones (5, 8, 11) and the 0.4 Gbit ones (6, 9) apart, with no
# switch groups on the one switch (host 4 itself, a landmark with no time towards itself, matches
# each of those classes as well: not checked). Only Hockney is fitted: the classes come from the
# survey.
# With --no-speed-check, hosts 3-11 stay one class.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
smpirun=$1 build=$2 work=$3
fail() { echo "smpi_speed_check: FAIL: $*"; exit 1; }
[ -f "$build/bin/collsel-calibrate" ] || { echo "smpi_speed_check: FAIL: $build/bin/collsel-calibrate not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
# host: bandwidth in bytes/s, latency
set -- 0:50000000:20us 1:50000000:2us 2:12500000:5us 3:125000000:5us 4:1250000000:5us 5:1250000000:5us \
  6:50000000:5us 7:125000000:5us 8:1250000000:5us 9:50000000:5us 10:125000000:5us 11:1250000000:5us
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo '  <zone id="room" routing="Full">'
  echo '    <zone id="sw0" routing="Cluster">'
  echo '      <router id="sw0-gw"/>'
  echo '      <backbone id="sw0-bb" bandwidth="5000000000Bps" latency="1us"/>'
  for spec in "$@"; do
    h=${spec%%:*} rest=${spec#*:}
    bw=${rest%%:*} lat=${rest#*:}
    echo "      <host id=\"h$h\" speed=\"1Gf\" core=\"4\"/>"
    echo "      <link id=\"nic-$h\" bandwidth=\"${bw}Bps\" latency=\"$lat\" sharing_policy=\"SPLITDUPLEX\"/>"
    echo "      <host_link id=\"h$h\" up=\"nic-${h}_UP\" down=\"nic-${h}_DOWN\"/>"
    echo "h$h" >>hosts
  done
  echo '    </zone>'
  echo '  </zone>'
  echo '</platform>'
} >platform.xml
"$smpirun" -np 12 -platform platform.xml -hostfile hosts \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
  "$build/bin/collsel-calibrate" -o model.toml --precision quick --host-classes on \
  --models hockney --no-native --no-validation >calibrate.log 2>&1 ||
  { tail -30 calibrate.log; fail "collsel-calibrate failed"; }
show() { grep -n 'host_class\|host_group\|host classes' model.toml; }
grep -q '"host classes: [0-9]* classes of 12 hosts from 4 landmark hosts (1 added by the speed check)' model.toml ||
  { show; fail "notes line: one landmark added by the speed check"; }
grep -q '^host_group' model.toml && { show; fail "switch groups on one switch"; }
classes=$(sed -n 's/^host_class = \[\([0-9, ]*\)\].*/\1/p' model.toml | tr -d ' ')
[ -n "$classes" ] || { show; fail "no host_class"; }
c() { echo "$classes" | cut -d, -f$(($1 + 1)); }
[ "$(c 3)" = "$(c 7)" ] && [ "$(c 7)" = "$(c 10)" ] || { show; fail "the 1 Gbit hosts 3, 7, 10 are not one class"; }
[ "$(c 5)" = "$(c 8)" ] && [ "$(c 8)" = "$(c 11)" ] || { show; fail "the 10 Gbit hosts 5, 8, 11 are not one class"; }
[ "$(c 6)" = "$(c 9)" ] || { show; fail "the 0.4 Gbit hosts 6, 9 are not one class"; }
[ "$(c 3)" != "$(c 5)" ] && [ "$(c 3)" != "$(c 6)" ] && [ "$(c 5)" != "$(c 6)" ] ||
  { show; fail "0.4, 1 and 10 Gbit hosts share a class"; }
"$smpirun" -np 12 -platform platform.xml -hostfile hosts \
  --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:warning \
  "$build/bin/collsel-calibrate" -o off.toml --precision quick --host-classes on --no-speed-check \
  --models hockney --no-native --no-validation >off.log 2>&1 ||
  { tail -30 off.log; fail "collsel-calibrate --no-speed-check failed"; }
grep -q '"host classes: [0-9]* classes of 12 hosts from 3 landmark hosts (tolerance' off.toml ||
  { grep -n 'host classes' off.toml; fail "--no-speed-check: notes line"; }
sed -n 's/^host_class = \[\([0-9, ]*\)\].*/\1/p' off.toml | tr -d ' ' | cut -d, -f4-12 | tr , '\n' | sort -u | wc -l |
  grep -qx 1 || { grep -n 'host_class' off.toml; fail "--no-speed-check: hosts 3-11 are not one class"; }
echo "smpi_speed_check: PASS"
