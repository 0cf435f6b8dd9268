#!/bin/sh
# smpi-results.sh: collsel inside SimGrid SMPI on the platforms of examples/smpi (docs/smpi.md).
#   scripts/smpi-results.sh [-b SMPI_BUILD] [-o OUT] [-p PLATFORMS] [-n PROCS] [-k RANKS_PER_HOST]
#                           [-B BYTES] [-r REPS] [-s SELECTOR] [-a ALLOCATOR] [-m]
#   -b  the SMPI build (default build/smpi, made by `cmake --build build` when SimGrid is installed)
#   -o  results directory (default docs/results/smpi; with -k K above 1, docs/results/smpi/ranks-per-host-K)
#   -p  comma-separated platforms of examples/smpi (default two-cabinets,slow-nic,pods-1024,fat-tree-1024)
#   -n  comma-separated process counts (default 16,64,256,1024; a count above a platform's hosts
#       times the ranks per host is skipped)
#   -k  ranks per host (default 1): P / K hosts, chosen as for P / K ranks, each listed K times in a
#       row (its ranks consecutive); P must be a multiple of K. Every platform has a loopback for a
#       node's own messages (docs/smpi.md)
#   -B  message sizes (default 64K,1M,4M; at more than 256 ranks sizes above 1M are left out: in the
#       simulator every rank's buffers live in one process, and 1024 x 4 MB blocks pass both this
#       machine's memory and MPI's int counts)
#   -r  timed repetitions per algorithm (default 2: simulated time has no noise to average out)
#   -s  SMPI's own collective algorithms, i.e. what `native` is: mpich (default) or ompi
#   -a  a malloc library preloaded into collsel-bench's simulation (default: jemalloc's
#       libjemalloc.so.2 when installed; `none`: glibc's). SMPI runs every rank in one process, so
#       at 1024 ranks rank 0's small allocations come from one 12 GB heap that glibc's malloc
#       searches slowly (the shim's first decisions took 3.7-5.4 ms there, 1.0-1.5 ms under
#       jemalloc as in a process of its own); simulated times do not change, wall times shrink
#       (docs/smpi.md). Not for collsel-calibrate, which aborts under it in the simulator.
#   -m  measure nothing: only rebuild the table, summary and plot from the runs already in OUT
# Per (platform, P): a hostfile (one rank per host, spread over the platform's parts), then
# collsel-calibrate (quick precision, up to 4 MB; host classes above 16 hosts) and collsel-bench
# (native, auto = the shim linked in, every algorithm; the six collectives; root 0), each run in
# OUT/runs/PLATFORM-P/ with its model, logs, CSVs and wall times. The runs may be made in several
# invocations (the full table is split by platform and P, docs/smpi.md); every invocation then
# rebuilds from all runs in OUT:
#   OUT/smpi.csv      platform,procs,op,root,bytes,algorithm,measured_us,predicted_us
#   OUT/summary.txt   per platform and P: points, geomean speedup over native of auto, of the
#                     oracle (the fastest of every algorithm) and of the bandwidth bound (what no
#                     schedule can beat, collsel/bounds.hpp; the least over the model kinds, since
#                     a kind that misjudges bandwidth would bound too high), auto/oracle median and worst, points
#                     below 0.97 x native, median |prediction error| at >= 64 KB of the model used
#                     and of every model kind, the worst first-call decision time, wall times
#   OUT/errors.csv    per platform, P, model kind and algorithm: points at >= 64 KB, median |prediction
#                     error| and median signed error (positive: predicted too slow), in percent
#   OUT/speedup.svg   (with gnuplot) the speedups per platform and P, and its script speedup.gp
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build/smpi out=$here/docs/results/smpi
platforms=two-cabinets,slow-nic,pods-1024,fat-tree-1024 procs=16,64,256,1024 bytes=64K,1M,4M reps=2 selector=mpich
measure=yes allocator=
for lib in /usr/lib/*/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do [ -f "$lib" ] && { allocator=$lib; break; }; done
per_host=1 out_set=no
while getopts "b:o:p:n:k:B:r:s:a:m" opt; do
  case $opt in
    b) build=$OPTARG ;; o) out=$OPTARG out_set=yes ;; p) platforms=$OPTARG ;; n) procs=$OPTARG ;;
    B) bytes=$OPTARG ;; r) reps=$OPTARG ;; s) selector=$OPTARG ;; a) allocator=$OPTARG ;;
    m) measure=no ;; k) per_host=$OPTARG ;;
    *) sed -n '2,40p' "$0" >&2; exit 2 ;;
  esac
done
[ "$allocator" = none ] && allocator=
case $per_host in ''|*[!0-9]*|0) echo "smpi-results: -k takes a positive number of ranks per host (got '$per_host')" >&2; exit 2 ;; esac
[ "$per_host" -gt 1 ] && [ $out_set = no ] && out=$here/docs/results/smpi/ranks-per-host-$per_host
if [ $measure = yes ]; then
  [ -z "$allocator" ] || [ -f "$allocator" ] || { echo "smpi-results: -a $allocator: no such library" >&2; exit 2; }
  [ -f "$build/bin/collsel-bench" ] || { echo "smpi-results: $build/bin/collsel-bench missing (build with SimGrid installed)" >&2; exit 2; }
fi
mkdir -p "$out/runs"

# host_count PLATFORM: how many hosts it has.
host_count() {
  case $1 in two-cabinets|slow-nic) echo 64 ;; pods-1024|fat-tree-1024) echo 1024 ;; *) echo 0 ;; esac
}

# hosts PLATFORM P: P host names, one rank per host, taken round-robin from the platform's parts
# so every P mixes them (two-cabinets: fast/slow; slow-nic: n-0.. includes every 8th slow NIC;
# pods: a, b, c, d in turn; fat tree: nodes in order, so 256 ranks fill 8 leaves).
hosts() {
  case $1 in
    two-cabinets) i=0; while [ $i -lt "$2" ]; do [ $((i % 2)) = 0 ] && echo "fast-$((i / 2))" || echo "slow-$((i / 2))"; i=$((i + 1)); done ;;
    slow-nic) i=0; while [ $i -lt "$2" ]; do echo "n-$i"; i=$((i + 1)); done ;;
    pods-1024) i=0; while [ $i -lt "$2" ]; do pod=$(echo a b c d | cut -d' ' -f$((i % 4 + 1))); echo "$pod-$((i / 4))"; i=$((i + 1)); done ;;
    fat-tree-1024) i=0; while [ $i -lt "$2" ]; do echo "node-$i"; i=$((i + 1)); done ;;
    *) echo "smpi-results: no host list for platform $1" >&2; exit 2 ;;
  esac
}

if [ $measure = yes ]; then
  for platform in $(echo "$platforms" | tr , ' '); do
    for p in $(echo "$procs" | tr , ' '); do
      if [ $((p % per_host)) != 0 ] || [ $((p / per_host)) -gt "$(host_count "$platform")" ]; then
        echo "smpi-results: $platform has $(host_count "$platform") hosts: P=$p at $per_host per host skipped" >&2
        continue
      fi
      sizes=$bytes
      [ "$p" -gt 256 ] && sizes=$(echo "$bytes" | tr , '\n' | awk '{ s = $1; m = 1; if (s ~ /[Kk]$/) m = 1024; if (s ~ /[Mm]$/) m = 1048576; if (s ~ /[Gg]$/) m = 1073741824; sub(/[KkMmGg]$/, "", s); if (s * m <= 1048576) print $1 }' | paste -sd, -)
      dir=$out/runs/$platform-$p
      rm -rf "$dir"
      mkdir -p "$dir"
      hosts "$platform" $((p / per_host)) | awk -v k="$per_host" '{ for (i = 0; i < k; i++) print }' >"$dir/hosts"
      run() {
        env ${preload:+LD_PRELOAD=$preload${LD_PRELOAD:+:$LD_PRELOAD}} "$(command -v smpirun)" -np "$p" -platform "$here/examples/smpi/$platform.xml" -hostfile "$dir/hosts" \
          --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --cfg=smpi/coll-selector:"$selector" \
          --log=root.thres:warning "$@"
      }
      echo "smpi-results: $platform, $p ranks: calibrating"
      t0=$(date +%s)
      preload=  # collsel-calibrate aborts under jemalloc in the simulator (glibc reports a double free)
      run "$build/bin/collsel-calibrate" -o "$dir/model.toml" --precision quick --max-bytes 4M >"$dir/calibrate.log" 2>&1 ||
        { tail -5 "$dir/calibrate.log"; echo "smpi-results: collsel-calibrate failed ($dir)" >&2; exit 1; }
      t1=$(date +%s)
      echo "smpi-results: $platform, $p ranks: benchmarking $sizes"
      preload=$allocator
      COLLSEL_MODEL=$dir/model.toml COLLSEL_LOG=$dir/shim.jsonl COLLSEL_REPORT=off \
        run "$build/bin/collsel-bench" --model "$dir/model.toml" --auto shim --ops bcast,reduce,scatter,gather,scatterv,gatherv \
        --bytes "$sizes" --algorithms all --reps "$reps" --csv "$dir/bench.csv" --kinds-csv "$dir/kinds.csv" \
        >"$dir/bench.log" 2>&1 || { tail -5 "$dir/bench.log"; echo "smpi-results: collsel-bench failed ($dir)" >&2; exit 1; }
      t2=$(date +%s)
      echo "calibrate_s $((t1 - t0)) bench_s $((t2 - t1)) selector $selector bench_malloc $(basename "${allocator:-glibc}")" >"$dir/wall.txt"
    done
  done
fi

# The table and the summary, from every run in OUT (in platform order, then P).
csv=$out/smpi.csv
echo "platform,procs,op,root,bytes,algorithm,measured_us,predicted_us" >"$csv"
: >"$out/summary.txt"
: >"$out/speedup.dat"
echo "platform,procs,kind,algorithm,points,median_abs_error_pct,median_error_pct" >"$out/errors.csv"
for platform in two-cabinets slow-nic pods-1024 fat-tree-1024; do
  for p in 16 64 256 1024; do
    dir=$out/runs/$platform-$p
    [ -f "$dir/bench.csv" ] && [ -f "$dir/wall.txt" ] || continue  # complete runs only
    # bench's columns are op,procs,root,...: the table's are platform,procs,op,root,...
    tail -n +2 "$dir/bench.csv" | awk -F, -v OFS=, -v plat="$platform" '{ t = $1; $1 = $2; $2 = t; print plat, $0 }' >>"$csv"
    kind=$(sed -n 's/^preferred *= *"\([a-z]*\)".*/\1/p' "$dir/model.toml" | head -1)
    decide=$(grep -o '"decide_ms": [0-9.]*' "$dir/shim.jsonl" 2>/dev/null | awk '{ if ($2 > m) m = $2 } END { printf "%.1f", m + 0 }')
    wall=$(cat "$dir/wall.txt" 2>/dev/null || echo "calibrate_s ? bench_s ?")
    awk -F, -v plat="$platform" -v p="$p" -v kind="${kind:-?}" -v decide="$decide" -v wall="$wall" -v dat="$out/speedup.dat" -v errs="$out/errors.csv" '
      function median(a, m,   i, j, x) {
        for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
      FNR == 1 { file++; next }
      file == 1 {  # bench.csv: op,procs,root,bytes,algorithm,measured_us,predicted_us
        k = $1 "," $4; if (!(k in seen)) { seen[k] = 1; ks[++n] = k }; t = $6 + 0
        if ($5 == "native") nat[k] = t
        if ($5 == "auto") aut[k] = t
        else { if (!(k in orc) || t < orc[k]) orc[k] = t; meas[k "," $5] = t }
        if ($5 != "auto" && $5 != "native" && $7 + 0 > 0 && t > 0 && $4 + 0 >= 65536) { e = ($7 - t) / t; err[++ne] = e < 0 ? -e : e }
        next }
      {  # kinds.csv: op,procs,root,bytes,algorithm,kind,predicted_us
        k = $1 "," $4
        if ($5 == "bound") { if (!(k in bnd) || $7 + 0 < bnd[k]) bnd[k] = $7 + 0; next }  # the least of the kinds
        if ($5 == "native" || $4 + 0 < 65536 || !((k "," $5) in meas) || meas[k "," $5] <= 0) next
        if (!($6 in kn)) { kn[$6] = 0; kinds[++nk] = $6 }
        e = ($7 - meas[k "," $5]) / meas[k "," $5]; kerr[$6, ++kn[$6]] = e < 0 ? -e : e
        ka = $6 "," $5; if (!(ka in kan)) { kan[ka] = 0; kas[++nka] = ka }; kaerr[ka, ++kan[ka]] = e; kaabs[ka, kan[ka]] = e < 0 ? -e : e }
      END {
        for (i = 1; i <= n; i++) { k = ks[i]
          if (!(k in nat) || !(k in aut)) continue
          sa += log(nat[k] / aut[k]); so += log(nat[k] / orc[k]); r[++m] = aut[k] / orc[k]
          if (k in bnd && bnd[k] > 0) { sb += log(nat[k] / bnd[k]); nb++ }
          if (r[m] > worst) worst = r[m]; if (nat[k] / aut[k] < 0.97) below++ }
        per = ""
        for (j = 1; j <= nk; j++) { c = kinds[j]; delete a; for (i = 1; i <= kn[c]; i++) a[i] = kerr[c, i]
          per = per sprintf(" %s %.1f%%", c, 100 * median(a, kn[c])) }
        printf "%s P=%d points %d speedup_auto %.3f speedup_oracle %.3f speedup_bound %.3f auto/oracle_median %.3f worst %.3f below_0.97 %d model %s pred_err_median %.1f%% per_kind%s decide_ms_max %s %s\n",
          plat, p, m, exp(sa / m), exp(so / m), nb ? exp(sb / nb) : 0, median(r, m), worst, below + 0, kind,
          ne ? 100 * median(err, ne) : -1, per, decide, wall
        printf "\"%s\\nP=%d\" %.4f %.4f %.4f\n", plat, p, exp(sa / m), exp(so / m), nb ? exp(sb / nb) : 0 >> dat
        for (j = 1; j <= nka; j++) { c = kas[j]; delete a; delete s; for (i = 1; i <= kan[c]; i++) { a[i] = kaabs[c, i]; s[i] = kaerr[c, i] }
          split(c, ca, ",")
          printf "%s,%d,%s,%s,%d,%.1f,%.1f\n", plat, p, ca[1], ca[2], kan[c], 100 * median(a, kan[c]), 100 * median(s, kan[c]) >> errs } }
    ' "$dir/bench.csv" "$dir/kinds.csv" | tee -a "$out/summary.txt"
  done
done

# The plot: geomean speedup over native per platform and P — auto, the oracle, the bound.
cat >"$out/speedup.gp" <<'EOF'
# collsel in SimGrid SMPI: geomean speedup over native per platform and process count
# (scripts/smpi-results.sh; data in speedup.dat). Render: gnuplot speedup.gp
set terminal svg size 960,420 dynamic font "sans,11"
set output 'speedup.svg'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "speedup over native (geomean)"
set logscale y 2
set yrange [0.5:*]
set key top left
set grid ytics
set xtics font ",9"
plot 'speedup.dat' using 2:xtic(1) title "auto (the shim)", '' using 3 title "oracle (fastest algorithm)", \
     '' using 4 title "bandwidth bound"
EOF
if command -v gnuplot >/dev/null 2>&1 && [ -s "$out/speedup.dat" ]; then
  (cd "$out" && gnuplot speedup.gp) && echo "smpi-results: $out/speedup.svg"
fi
echo "smpi-results: $csv, $out/summary.txt"
