#!/bin/sh
# smpi_links.sh SMPIRUN SMPI_BUILD WORK_DIR   (ctest smpi_links, label smpi)
# collsel-calibrate's host links ([links], docs/calibration.md "Host links") on a switch of five
# hosts, one rank each: h0 at 10 Gbit/s, h1 and h2 at 1 Gbit/s, h3 and h4 at 100 Mbit/s. Every
# pair of h0 runs at its partner's rate, so its pairs read it as a 1 Gbit/s host; sent to (and
# received from) all four at once, messages sized by the pairs' rates, its link passes the four
# flows together, the sum of their rates. The calibration must write that for h0, in both
# directions, and 0 for the hosts whose own link is their limit; with --no-links no section.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
smpirun=$1 build=$2 work=$3
fail() { echo "smpi_links: FAIL: $*"; exit 1; }
[ -f "$build/bin/collsel-calibrate" ] || { echo "smpi_links: FAIL: $build/bin/collsel-calibrate not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1"><zone id="room" routing="Full"><zone id="sw" routing="Cluster">'
  echo '<router id="sw-gw"/><backbone id="sw-bb" bandwidth="5000000000Bps" latency="1us"/>'
  h=0
  for rate in 1250000000 125000000 125000000 12500000 12500000; do
    echo "<host id=\"h$h\" speed=\"1Gf\"/><link id=\"nic-$h\" bandwidth=\"${rate}Bps\" latency=\"5us\" sharing_policy=\"SPLITDUPLEX\"/>"
    echo "<host_link id=\"h$h\" up=\"nic-${h}_UP\" down=\"nic-${h}_DOWN\"/>"
    h=$((h + 1))
  done
  echo '</zone></zone></platform>'
} >five.xml
printf 'h0\nh1\nh2\nh3\nh4\n' >hosts
calibrate() {
  out=$1
  shift
  "$smpirun" -np 5 -platform five.xml -hostfile hosts --cfg=smpi/simulate-computation:no \
    --cfg=smpi/host-speed:1Gf --log=root.thres:warning "$build/bin/collsel-calibrate" -o "$out.toml" \
    --precision quick --max-bytes 1M --models hockney --no-native --no-validation --no-burst "$@" >"$out.log" 2>&1 ||
    { tail -30 "$out.log"; fail "collsel-calibrate $* failed"; }
}
calibrate model
grep -q '^\[links\]' model.toml || { grep -n '"links:' model.toml; fail "no [links] section"; }
# h0's rate, the others 0: 1 Gbit/s pairs pass about 117 MB/s here, 100 Mbit/s ones 11.7, the four
# together about 257.
for key in out_rate in_rate; do
  grep "^$key = " model.toml | tr -d '[],' | awk -v key="$key" '{
      if ($3 < 2.3e8 || $3 > 2.7e8) { print key ": h0 at " $3 " B/s, not about the sum of its pairs"; bad = 1 }
      for (i = 4; i <= NF; ++i) if ($i != 0) { print key ": host " i - 3 " at " $i " B/s, its own link is its limit"; bad = 1 }
    } END { exit bad }' || fail "$key"
done
grep -q '"links: MB/s with every other host at once (fastest pair), host direction: h0 out ' model.toml ||
  { grep -n '"links:' model.toml; fail "notes line"; }
grep -q '"links" = ' model.toml || fail "no links seconds in calibration_seconds"
calibrate off --no-links
grep -q '^\[links\]' off.toml && fail "--no-links wrote [links]"
echo "smpi_links: PASS"
