#!/bin/sh
# smpi_smoke.sh SMPIRUN SMPI_BUILD PLATFORM_DIR WORK_DIR   (ctest smpi_smoke, label smpi)
# collsel inside SimGrid SMPI on examples/smpi/two-cabinets.xml, 16 ranks (8 per cabinet):
#   1. collsel-calibrate writes a model of the simulated platform (quick precision) with host
#      classes: the fast and the slow cabinet are two classes, pairs measured on 4 representatives;
#   2. collsel-bench runs native, auto (the shim linked into it) and three forced algorithms for
#      bcast, reduce, scatter and gatherv at 64 KB and 1 MB; it checks every result itself;
#   3. the same bench run again gives the identical CSV: simulated time is deterministic;
#   4. the CSV is well formed, and the shim's log shows decisions made from the model.
# Fails when the SMPI programs were not built: the test exists only when SMPI is configured on.
set -u
smpirun=$1 build=$2 platforms=$3 work=$4
fail() { echo "smpi_smoke: FAIL: $*"; exit 1; }
for p in collsel-calibrate collsel-bench; do
  [ -f "$build/bin/$p" ] || { echo "smpi_smoke: FAIL: $build/bin/$p not built (SMPI is configured on: build the collsel_smpi target)"; exit 1; }
done
rm -rf "$work" && mkdir -p "$work" || fail "mkdir $work"
cd "$work" || fail "cd $work"
i=0
while [ $i -lt 8 ]; do echo "fast-$i"; echo "slow-$i"; i=$((i + 1)); done >hosts
# No computation time is simulated (SMPI would time this machine's CPU bursts, which vary from run
# to run); only communication takes simulated time, so two runs are identical.
run() {
  "$smpirun" -np 16 -platform "$platforms/two-cabinets.xml" -hostfile hosts \
    --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:warning "$@"
}
start=$(date +%s)
run "$build/bin/collsel-calibrate" -o model.toml --precision quick --max-bytes 1M --host-classes on >calibrate.log 2>&1 ||
  { tail -30 calibrate.log; fail "collsel-calibrate failed"; }
grep -q '^\[collsel_model\]' model.toml || fail "no model written"
grep -q 'fast-0' model.toml && grep -q 'slow-7' model.toml || fail "the model does not name the platform's hosts"
# Hosts alternate fast-i, slow-i: two classes, alternating; representatives fast-0, fast-4, slow-0, slow-4.
grep -q '^host_class = \[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1\]' model.toml ||
  { grep -n 'host_class\|host classes' model.toml; fail "the survey did not find the two cabinets"; }
grep -q '^process_host = \[0, 1, 8, 9\]' model.toml || { grep -n process_host model.toml; fail "representatives"; }
# SimGrid's factors step at 65472 bytes; a line through the six sizes misses the step, the
# measured points keep it, and the validation's schedules (no noise here) judge the two forms of
# PLogP against each other. Which one they predict better depends on the segments they cut (the
# pipelines' ramp crosses the step with segments of 16-48 KiB, between two measured sizes either
# way); that they were compared is what the note must say.
grep -q '"plogp: .*\(predicted better through the measured points, which the file keeps\|the validation.s schedules agree (against the measured points)\)"' model.toml ||
  { grep -n 'plogp:\|validation:' model.toml; fail "the validation did not judge PLogP against its measured points"; }
echo "smpi_smoke: calibrated in $(( $(date +%s) - start )) s"
bench() {
  COLLSEL_MODEL=$work/model.toml COLLSEL_LOG=$work/$1.jsonl COLLSEL_REPORT=off \
    run "$build/bin/collsel-bench" --model model.toml --auto shim --ops bcast,reduce,scatter,gatherv --bytes 64K,1M \
    --algorithms native,binomial_ucs_min,chain,traff --reps 2 --csv "$1.csv" >"$1.log" 2>&1 ||
    { tail -30 "$1.log"; fail "collsel-bench ($1) failed"; }
}
bench run1
bench run2
echo "smpi_smoke: two bench runs in $(( $(date +%s) - start )) s in all"
[ "$(head -n 1 run1.csv)" = "op,procs,root,bytes,algorithm,measured_us,predicted_us" ] || fail "CSV header: $(head -n 1 run1.csv)"
rows=$(tail -n +2 run1.csv | wc -l)
[ "$rows" -ge 16 ] || { cat run1.csv; fail "only $rows CSV rows"; }
tail -n +2 run1.csv | awk -F, 'NF != 7 || $2 != 16 || $6 + 0 <= 0 { bad = 1; print "bad row: " $0 } END { exit bad }' ||
  fail "malformed CSV rows"
for op in bcast reduce scatter gatherv; do
  for alg in native auto; do
    grep -q "^$op,16,0,[0-9]*,$alg," run1.csv || fail "no $alg row for $op"
  done
done
cmp -s run1.csv run2.csv || { diff run1.csv run2.csv | head; fail "two identical runs gave different simulated times"; }
grep '"kind": "summary"' run1.jsonl | grep -v '"predicted_us": -' | grep -q . ||
  fail "the shim's log shows no decision from the model"
echo "smpi_smoke: PASS ($rows rows, identical in both runs)"
