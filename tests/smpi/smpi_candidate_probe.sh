#!/bin/sh
# smpi_candidate_probe.sh SMPIRUN PLATFORM_DIR WORK_DIR   (ctest smpi_candidate_probe, label smpi)
# examples/smpi/candidate-probe.c, the measurement behind docs/design/0037, still compiles with
# smpicc and gives right results: every algorithm it times (two broadcasts from scatter and
# allgather, three two-tree segment sizes, a ring reduce-scatter and gather) at both sizes, on
# 9 ranks of slow-nic.xml (an odd count, two slow NICs, the root not rank 0), weighted blocks,
# 64 KiB and an odd size (PROBE_BYTES).
set -u
smpirun=$1 platforms=$2 work=$3
fail() { echo "smpi_candidate_probe: FAIL: $*"; exit 1; }
smpicc=$(dirname "$smpirun")/smpicc
[ -x "$smpicc" ] || smpicc=$(command -v smpicc) || fail "no smpicc beside $smpirun"
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
"$smpicc" -O2 -Wall -Wextra -Werror -o candidate-probe "$platforms/candidate-probe.c" >build.log 2>&1 ||
  { cat build.log; fail "candidate-probe.c does not compile"; }
for i in 0 1 2 3 4 5 6 7 8; do echo "n-$i"; done >hosts
for i in 0 1 2 3 4 5 6 7 8; do [ "$i" = 0 ] || [ "$i" = 8 ] && echo 1 || echo 10; done >weights
PROBE_ROOT=5 PROBE_WEIGHTS=weights PROBE_BYTES=65536,1048579 "$smpirun" -np 9 -platform "$platforms/slow-nic.xml" -hostfile hosts \
  --cfg=smpi/simulate-computation:no --log=root.thres:warning ./candidate-probe >probe.log 2>&1 ||
  { cat probe.log; fail "candidate-probe failed"; }
cat probe.log
grep -q WRONG probe.log && fail "a wrong result"
rows=$(grep -c '^\(bcast\|reduce\),9,5,' probe.log)
[ "$rows" = 12 ] || fail "$rows result rows, expected 12"
echo "smpi_candidate_probe: PASS"
