#!/usr/bin/env bash
# osu-compare.sh: the OSU micro-benchmarks' rooted collectives, unmodified, natively and under the
# shim, side by side (docs/osu.md). collsel does not ship OSU: pass the directory of your build.
#   scripts/osu-compare.sh [-b BUILD] [-o OUT] [-n RANKS] [-m MODEL] [-s MIN:MAX] [-i ITERS]
#                          [-r REPEATS] [-e] OSU_DIR
#   OSU_DIR  where osu_bcast, osu_reduce, osu_scatter(v), osu_gather(v) are: the build tree
#            (mpi/collective/), an install prefix (libexec/osu-micro-benchmarks/mpi/collective/) or
#            the directory itself
#   -b  collsel build directory (default ./build); -o results (default ./osu-out)
#   -n  ranks (default 4; with -e one per emulated host)
#   -m  model file for the shim (COLLSEL_MODEL); required
#   -s  OSU message sizes, MIN:MAX bytes (default 65536:1048576)
#   -i  OSU timed iterations per size (default 20); OSU's warm-up is set to 10 calls, which covers
#       the shim's measured verification (9 calls per call shape with the default settings)
#   -r  repetitions of each (benchmark, native/shim) pair, interleaved; the median is kept (default 3)
#   -e  launch on the running emulated cluster (examples/emulated-cluster/run) instead of mpiexec
# OSU runs with -f: per size the average, minimum and maximum over ranks of each rank's mean time.
# Writes OUT/osu.csv (benchmark,bytes,native_us,shim_us,speedup,native_max_us,shim_max_us,
# speedup_max: the average as OSU reports it, and the slowest rank's, which is when the collective
# is complete and what the shim optimizes), OUT/table.txt, every raw OSU output and the shim's
# end-of-job report per run. Exit: 0 done, 1 a run failed, 2 usage.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$here/build out=$PWD/osu-out ranks=4 model= sizes=65536:1048576 iters=20 repeats=3 emulated=0
usage() { sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts ":b:o:n:m:s:i:r:e" opt; do
  case $opt in
    b) build=$OPTARG ;; o) out=$OPTARG ;; n) ranks=$OPTARG ;; m) model=$OPTARG ;; s) sizes=$OPTARG ;;
    i) iters=$OPTARG ;; r) repeats=$OPTARG ;; e) emulated=1 ;; *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
osu=$1
[ -n "$model" ] || { echo "osu-compare: -m MODEL is required (a model file written by collsel-calibrate)" >&2; exit 2; }
[ -r "$model" ] || { echo "osu-compare: cannot read model file $model" >&2; exit 2; }
for v in "$ranks" "$iters" "$repeats"; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "osu-compare: -n, -i and -r take positive integers, got '$v'" >&2; exit 2; }
done
[[ $sizes =~ ^[0-9]+:[0-9]+$ ]] || { echo "osu-compare: -s takes MIN:MAX bytes, got '$sizes'" >&2; exit 2; }
shim=$build/lib/libcollsel.so
[ -f "$shim" ] || { echo "osu-compare: $shim missing (build collsel first, or pass -b)" >&2; exit 2; }
dir=
for d in "$osu/mpi/collective" "$osu/libexec/osu-micro-benchmarks/mpi/collective" "$osu"; do
  [ -x "$d/osu_bcast" ] && { dir=$d; break; }
done
[ -n "$dir" ] || { echo "osu-compare: no osu_bcast under $osu (expected the OSU build or install directory)" >&2; exit 2; }
model=$(realpath "$model")
mkdir -p "$out/raw" || exit 1
export HYDRA_LAUNCHER=${HYDRA_LAUNCHER:-fork}

# launch PRELOAD PROGRAM ARGS...: PRELOAD empty = native.
aids=
[ "$emulated" = 0 ] && [ "$ranks" -gt "$(nproc)" ] && aids=$build/lib/libcollsel-yield.so
launch() {
  local preload=$1
  shift
  if [ "$emulated" = 1 ]; then
    CSL_BUILD=$build LD_PRELOAD=$preload "$here/examples/emulated-cluster/run" -n "$ranks" "$@"
  else
    local libs=$preload${aids:+${preload:+:}$aids}
    if [ -n "$libs" ]; then mpiexec -n "$ranks" -genv LD_PRELOAD "$libs" "$@"; else mpiexec -n "$ranks" "$@"; fi
  fi
}

benchmarks="osu_bcast osu_reduce osu_scatter osu_gather osu_scatterv osu_gatherv"
: >"$out/runs.txt"
for r in $(seq 1 "$repeats"); do
  for b in $benchmarks; do
    [ -x "$dir/$b" ] || { echo "osu-compare: $dir/$b missing" >&2; exit 1; }
    for mode in native shim; do
      raw=$out/raw/$b-$mode-$r.txt
      # A launch that fails is shown and made once more: a job launcher can fail on a loaded
      # machine (once in CI, natively, with no output), and one such run would lose the campaign.
      # Failing twice ends it.
      for attempt in 1 2; do
        if [ "$mode" = native ]; then
          launch "" "$dir/$b" -f -m "$sizes" -i "$iters" -x 40 >"$raw" 2>&1
        else
          COLLSEL_MODEL=$model COLLSEL_REPORT=$out/raw/$b-report-$r.txt \
            launch "$shim" "$dir/$b" -f -m "$sizes" -i "$iters" -x 40 >"$raw" 2>&1
        fi && break
        rc=$?
        cat "$raw" >&2
        [ "$attempt" = 1 ] || { echo "osu-compare: $b ($mode, repetition $r) failed again (exit $rc)" >&2; exit 1; }
        echo "osu-compare: $b ($mode, repetition $r) failed (exit $rc); running it once more" >&2
      done
      # OSU -f prints "# Size  Avg Latency(us)  Min Latency(us)  Max Latency(us)  Iterations", then
      # one row per message size.
      awk -v b="$b" -v m="$mode" '/^[0-9]+[ \t]+[0-9.]+/ { print b, m, $1, $2, (NF >= 4 ? $4 : $2) }' "$raw" >>"$out/runs.txt"
      echo "osu-compare: $b $mode repetition $r: $(grep -c '^[0-9]' "$raw") sizes"
    done
  done
done

awk '
  function median(list,   n, a, i, j, x) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  { k = $1 " " $3; if (!(k in seen)) { seen[k] = 1; keys[++n] = k }; t[k, $2] = t[k, $2] " " $4; mx[k, $2] = mx[k, $2] " " $5 }
  END {
    print "benchmark,bytes,native_us,shim_us,speedup,native_max_us,shim_max_us,speedup_max"
    for (i = 1; i <= n; i++) { split(keys[i], f, " ")
      nat = median(t[keys[i], "native"]); sh = median(t[keys[i], "shim"])
      natm = median(mx[keys[i], "native"]); shm = median(mx[keys[i], "shim"])
      printf "%s,%s,%.2f,%.2f,%.3f,%.2f,%.2f,%.3f\n", f[1], f[2], nat, sh, (sh > 0 ? nat / sh : 0), natm, shm, (shm > 0 ? natm / shm : 0) } }
' "$out/runs.txt" >"$out/osu.csv"
{
  printf '%-12s %9s %12s %12s %8s %14s %14s %8s\n' benchmark bytes native_avg shim_avg speedup native_max shim_max speedup
  tail -n +2 "$out/osu.csv" | tr , ' ' | awk '{ printf "%-12s %9s %12s %12s %7sx %14s %14s %7sx\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
  awk -F, 'NR > 1 && $5 > 0 && $8 > 0 { s += log($5); m += log($8); n++; if ($5 < 0.97) slower++; if ($8 < 0.97) slowerm++ }
    END { if (n) printf "geomean speedup of the shim over native: %.3f by OSU average, %.3f by the slowest rank, over %d points; points below 0.97: %d and %d\n", exp(s / n), exp(m / n), n, slower + 0, slowerm + 0 }' "$out/osu.csv"
} | tee "$out/table.txt"
echo "osu-compare: results in $out (osu.csv, table.txt, raw/)"
