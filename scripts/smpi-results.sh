#!/bin/sh
# smpi-results.sh: collsel inside SimGrid SMPI on the platforms of examples/smpi (docs/smpi.md).
#   scripts/smpi-results.sh [-b SMPI_BUILD] [-o OUT] [-p PLATFORMS] [-n PROCS] [-B BYTES] [-r REPS] [-s SELECTOR]
#   -b  the SMPI build (default build/smpi, made by `cmake --build build` when SimGrid is installed)
#   -o  results directory (default docs/results/smpi)
#   -p  comma-separated platforms of examples/smpi (default two-cabinets,slow-nic)
#   -n  comma-separated process counts (default 16,64)
#   -B  message sizes (default 64K,1M,4M)
#   -r  timed repetitions per algorithm (default 2: simulated time has no noise to average out)
#   -s  SMPI's own collective algorithms, i.e. what `native` is: mpich (default) or ompi
# Per (platform, P): a hostfile (one rank per host, spread over the platform's parts), then
# collsel-calibrate (quick precision, up to 4 MB) and collsel-bench (native, auto = the shim linked
# in, every algorithm; the six collectives; root 0). Writes OUT/smpi.csv with the header
#   platform,procs,op,root,bytes,algorithm,measured_us,predicted_us
# and OUT/summary.txt (per platform and P: points, geomean speedup of auto and of the oracle over
# native, auto/oracle median and worst, points below 0.97 x native, median |prediction error| at
# >= 64 KB per model kind used), plus each run's model, logs and wall times.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build/smpi out=$here/docs/results/smpi platforms=two-cabinets,slow-nic procs=16,64 bytes=64K,1M,4M reps=2 selector=mpich
while getopts "b:o:p:n:B:r:s:" opt; do
  case $opt in
    b) build=$OPTARG ;; o) out=$OPTARG ;; p) platforms=$OPTARG ;; n) procs=$OPTARG ;; B) bytes=$OPTARG ;;
    r) reps=$OPTARG ;; s) selector=$OPTARG ;; *) sed -n '2,18p' "$0" >&2; exit 2 ;;
  esac
done
[ -f "$build/bin/collsel-bench" ] || { echo "smpi-results: $build/bin/collsel-bench missing (build with SimGrid installed)" >&2; exit 2; }
mkdir -p "$out/runs"
csv=$out/smpi.csv
echo "platform,procs,op,root,bytes,algorithm,measured_us,predicted_us" >"$csv"
: >"$out/summary.txt"

# hosts PLATFORM P: P host names, one rank per host, taken round-robin from the platform's parts
# so every P mixes them (two-cabinets: fast/slow; slow-nic: n-0.. includes every 8th slow NIC).
hosts() {
  case $1 in
    two-cabinets) i=0; while [ $i -lt "$2" ]; do [ $((i % 2)) = 0 ] && echo "fast-$((i / 2))" || echo "slow-$((i / 2))"; i=$((i + 1)); done ;;
    slow-nic) i=0; while [ $i -lt "$2" ]; do echo "n-$i"; i=$((i + 1)); done ;;
    pods-1024) i=0; while [ $i -lt "$2" ]; do pod=$(echo a b c d | cut -d' ' -f$((i % 4 + 1))); echo "$pod-$((i / 4))"; i=$((i + 1)); done ;;
    fat-tree-1024) i=0; while [ $i -lt "$2" ]; do echo "node-$i"; i=$((i + 1)); done ;;
    *) echo "smpi-results: no host list for platform $1" >&2; exit 2 ;;
  esac
}

for platform in $(echo "$platforms" | tr , ' '); do
  for p in $(echo "$procs" | tr , ' '); do
    dir=$out/runs/$platform-$p
    mkdir -p "$dir"
    hosts "$platform" "$p" >"$dir/hosts"
    run() {
      "$(command -v smpirun)" -np "$p" -platform "$here/examples/smpi/$platform.xml" -hostfile "$dir/hosts" \
        --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --cfg=smpi/coll-selector:"$selector" \
        --log=root.thres:warning "$@"
    }
    t0=$(date +%s)
    run "$build/bin/collsel-calibrate" -o "$dir/model.toml" --precision quick --max-bytes 4M >"$dir/calibrate.log" 2>&1
    t1=$(date +%s)
    COLLSEL_MODEL=$dir/model.toml COLLSEL_LOG=$dir/shim.jsonl COLLSEL_REPORT=off \
      run "$build/bin/collsel-bench" --model "$dir/model.toml" --auto shim --ops bcast,reduce,scatter,gather,scatterv,gatherv \
      --bytes "$bytes" --algorithms all --reps "$reps" --csv "$dir/bench.csv" >"$dir/bench.log" 2>&1
    t2=$(date +%s)
    # bench's columns are op,procs,root,...: the table's are platform,procs,op,root,...
    tail -n +2 "$dir/bench.csv" | awk -F, -v OFS=, -v plat="$platform" '{ t = $1; $1 = $2; $2 = t; print plat, $0 }' >>"$csv"
    kind=$(sed -n 's/^preferred *= *"\([a-z]*\)".*/\1/p' "$dir/model.toml" | head -1)
    awk -F, -v plat="$platform" -v p="$p" -v cal=$((t1 - t0)) -v bench=$((t2 - t1)) -v kind="${kind:-?}" '
      function median(a, m,   i, j, x) {
        for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
      NR == 1 { next }
      { k = $1 "," $4; if (!(k in seen)) { seen[k] = 1; ks[++n] = k }; t = $6 + 0
        if ($5 == "native") nat[k] = t
        if ($5 == "auto") aut[k] = t
        else if (!(k in orc) || t < orc[k]) orc[k] = t
        if ($5 != "auto" && $5 != "native" && $7 + 0 > 0 && t > 0 && $4 + 0 >= 65536) { e = ($7 - t) / t; err[++ne] = e < 0 ? -e : e } }
      END {
        for (i = 1; i <= n; i++) { k = ks[i]
          if (!(k in nat) || !(k in aut)) continue
          sa += log(nat[k] / aut[k]); so += log(nat[k] / orc[k]); r[++m] = aut[k] / orc[k]
          if (r[m] > worst) worst = r[m]; if (nat[k] / aut[k] < 0.97) below++ }
        printf "%s P=%d calibrate_s %d bench_s %d model %s points %d speedup_auto %.3f speedup_oracle %.3f auto/oracle_median %.3f worst %.3f below_0.97 %d pred_err_median %.1f%%\n",
          plat, p, cal, bench, kind, m, exp(sa / m), exp(so / m), median(r, m), worst, below + 0, ne ? 100 * median(err, ne) : -1 }
    ' "$dir/bench.csv" | tee -a "$out/summary.txt"
  done
done
echo "smpi-results: $csv, $out/summary.txt"
