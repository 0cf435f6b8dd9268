#!/bin/sh
# Stand-in for an OSU collective benchmark (tests/osu/osu_compare_test.sh): prints OSU's output
# format, one row per size of -m MIN:MAX (powers of two), with a latency that tells native from the
# shim (LD_PRELOAD naming libcollsel) and varies by repetition (FAKE_OSU_STEP_FILE.<benchmark>.<mode>
# counts the runs of each benchmark and mode).
# Only rank 0 prints, as OSU does.
[ "${PMI_RANK:-0}" = 0 ] || exit 0
# One launch fails, with no output and before counting a run, while FAKE_OSU_FAIL_ONCE names an
# existing file (removed then): a launcher that fails once; every launch fails with
# FAKE_OSU_FAIL_ALWAYS set.
[ -z "${FAKE_OSU_FAIL_ALWAYS:-}" ] || exit 3
if [ -n "${FAKE_OSU_FAIL_ONCE:-}" ] && [ -e "$FAKE_OSU_FAIL_ONCE" ]; then
  rm -f "$FAKE_OSU_FAIL_ONCE"
  exit 3
fi
sizes= full=0
while [ $# -gt 0 ]; do
  case $1 in -m) sizes=$2; shift ;; -f) full=1 ;; esac
  shift
done
min=${sizes%%:*} max=${sizes##*:}
case ${LD_PRELOAD:-} in *libcollsel.so*) base=100 mode=shim ;; *) base=200 mode=native ;; esac
counter=$FAKE_OSU_STEP_FILE.${0##*/}.$mode
step=$(cat "$counter" 2>/dev/null)
step=${step:-0}
# Written whole or not at all (a rename), so a reader never sees an empty file.
echo $((step + 1)) >"$counter.tmp.$$" && mv -f "$counter.tmp.$$" "$counter"
echo "# OSU MPI Fake Latency Test v5.3"
if [ $full = 1 ]; then
  printf '%-10s%18s%18s%18s%12s\n' "# Size" "Avg Latency(us)" "Min Latency(us)" "Max Latency(us)" "Iterations"
else
  printf '%-10s%18s\n' "# Size" "Avg Latency(us)"
fi
s=$min
while [ "$s" -le "$max" ]; do
  # The second run of each benchmark and mode is 30 us slower: the median of 3 is the base. It
  # stays so when a launch is counted twice (rank 0 ran, then the launcher failed and osu-compare
  # launched it again, as a loaded machine did once), where a shared counter shifted every run.
  avg=$((base + (step == 1) * 30))
  if [ $full = 1 ]; then  # the slowest rank: 10 us above the average
    printf "%-10d%18.2f%18.2f%18.2f%12d\n" "$s" "$avg.00" "$((avg - 5)).00" "$((avg + 10)).00" 2
  else
    printf "%-10d%18.2f\n" "$s" "$avg.00"
  fi
  s=$((s * 2))
done
