#!/usr/bin/env bash
# MPICH's own collective tests (test/mpi/coll of an MPICH source tree you provide) under the shim:
# with auto and with every algorithm forced, one forced configuration per registry algorithm.
#
#   scripts/mpich-coll-suite.sh [-b BUILD_DIR] [-o WORK_DIR] [-c CONFIGS] [-t SECONDS] [-f FILTER] MPICH_SRC
#
# MPICH_SRC: an unpacked MPICH source tree of the version installed here (Debian 12: 4.0.2, e.g.
# `apt-get source mpich` with a deb-src line, or the release tarball); nothing of it is copied into
# this project. The suite is configured against the installed MPICH (mpicc) out of tree in
# WORK_DIR (default ./mpich-coll), its test utilities and test/mpi/coll are built, and every row of
# coll/testlist and coll/testlist.dtp (program, process count, arguments) whose program calls one of the six collectives
# collsel intercepts is run:
#   native     no shim (the reference: what the library itself passes here)
#   auto       libcollsel.so preloaded, the model (BUILD_DIR's example hetero-8 model, placed by
#              rank) deciding, measured verification on
#   ALG        libcollsel.so with COLLSEL_<OP>_ALGORITHM=ALG for every op ALG applies to
# CONFIGS (-c, comma-separated) picks configurations (default: native,auto and every algorithm).
# A row passes when it exits 0 within SECONDS (default 120) and prints "No Errors", as MPICH's
# runtests requires. Excluded, with the reason: uop_equal (the test reads a non-root's receive
# buffer that MPI leaves unwritten; it fails natively too). -f FILTER: only rows whose program
# matches this extended regex.
# MPICH's own time limit for a row is its timeLimit= (runtests' default 180 s). SECONDS replaces
# it (an oversubscribed machine may need more, a quick look less); a row that passes but took
# longer than MPICH's own limit is listed as "SLOW" and counted apart (it is still a pass here,
# runtests would have killed it). Every row's time is appended to WORK_DIR/times.tsv.
# Output: one line per failure and per slow pass, a summary per configuration, and the last line
# "N passed, M failed" (", K of the passes beyond MPICH's own time limit" when K > 0). Exit 0 when
# nothing failed, 1 otherwise, 2 on a usage or build error.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$here/build work=$PWD/mpich-coll configs="" limit=120 filter=""
usage() { echo "usage: $0 [-b BUILD_DIR] [-o WORK_DIR] [-c CONFIGS] [-t SECONDS] [-f FILTER] MPICH_SRC" >&2; exit 2; }
while getopts ":b:o:c:t:f:" opt; do
  case $opt in
    b) build=$OPTARG ;; o) work=$OPTARG ;; c) configs=$OPTARG ;; t) limit=$OPTARG ;; f) filter=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
src=$(cd "$1" 2>/dev/null && pwd) || { echo "mpich-coll-suite: $1: no such directory" >&2; exit 2; }
[[ -f $src/test/mpi/configure && -f $src/test/mpi/coll/testlist.in ]] ||
  { echo "mpich-coll-suite: $src has no test/mpi/configure and test/mpi/coll/testlist.in (an MPICH source tree?)" >&2; exit 2; }
# Absolute: every row runs from inside WORK_DIR, where a relative LD_PRELOAD names nothing (the
# loader only warns, and the row runs without the shim).
build=$(cd "$build" 2>/dev/null && pwd) || { echo "mpich-coll-suite: -b: no such directory" >&2; exit 2; }
mkdir -p "$work" && work=$(cd "$work" && pwd) || { echo "mpich-coll-suite: -o: cannot create the directory" >&2; exit 2; }
shim=$build/lib/libcollsel.so yield=$build/lib/libcollsel-yield.so predict=$build/bin/collsel-predict
model=$here/examples/models/hetero-8.toml
for f in "$shim" "$yield" "$predict"; do
  [[ -e $f ]] || { echo "mpich-coll-suite: $f missing (build collsel first: scripts/test.sh)" >&2; exit 2; }
done
[[ $limit =~ ^[1-9][0-9]*$ ]] || usage
export HYDRA_LAUNCHER=${HYDRA_LAUNCHER:-fork}

# Build the suite once (configure ~1 min, the coll tests a few minutes on 2 cores).
mkdir -p "$work/build" || exit 2
if [[ ! -x $work/build/coll/bcasttest ]]; then
  echo "mpich-coll-suite: configuring MPICH's test suite against $(command -v mpicc) in $work/build"
  (cd "$work/build" && "$src/test/mpi/configure" CC=mpicc CXX=mpicxx FC=mpifort F77=mpifort \
     --disable-fortran --disable-cxx --disable-romio --disable-spawn --disable-ft-tests \
     >"$work/configure.log" 2>&1) || { tail -20 "$work/configure.log"; echo "mpich-coll-suite: configure failed ($work/configure.log)" >&2; exit 2; }
  echo "mpich-coll-suite: building (log: $work/build.log)"
  (cd "$work/build" && make -C util >"$work/build.log" 2>&1 && make -C dtpools >>"$work/build.log" 2>&1 &&
     make -C coll -k -j"$(nproc)" >>"$work/build.log" 2>&1)
  [[ -x $work/build/coll/bcasttest ]] || { tail -20 "$work/build.log"; echo "mpich-coll-suite: build failed ($work/build.log)" >&2; exit 2; }
fi
# The plain list and the derived-datatype list configure generates (dtpools: bcast, reduce, ...).
testlists=()
for f in "$work/build/coll/testlist" "$work/build/coll/testlist.dtp"; do [[ -f $f ]] && testlists+=("$f"); done
[[ ${#testlists[@]} -gt 0 ]] || testlists=("$src/test/mpi/coll/testlist.in")

# Which ops each algorithm applies to: the algorithms collsel-predict lists for each op, at a small
# and a large message (a registry restriction may leave a row out of one of them:
# pipelined_tree_narrow is a candidate from two 64 KiB segments up).
declare -A ops_of=()
for op in bcast reduce scatter gather scatterv gatherv; do
  while read -r alg; do
    ops_of[$alg]+="$op "
  done < <("$predict" --model "$model" --op "$op" --procs 8 --bytes 1K,1M --csv 2>/dev/null |
           cut -d, -f5 | grep -vx -e algorithm -e native | sort -u)
done
all_configs="native auto $(printf '%s\n' "${!ops_of[@]}" | sort | tr '\n' ' ')"
[[ -n $configs ]] || configs=$all_configs
configs=${configs//,/ }

# Rows: "program nprocs [arg=...] [env=K=V] [xfail=...] [timeLimit=...]" whose source calls one of
# the six intercepted collectives.
rows=()
while read -r prog np rest; do
  [[ -z $prog || $prog == \#* || ! $np =~ ^[0-9]+$ ]] && continue
  [[ -n $filter && ! $prog =~ $filter ]] && continue
  [[ $prog == uop_equal ]] && continue  # excluded: reads an unwritten non-root buffer (fails natively)
  [[ -x $work/build/coll/$prog ]] || continue
  csrc=$src/test/mpi/coll/$prog.c
  [[ -f $csrc ]] && ! grep -qE 'MPI_(Bcast|Reduce|Scatter|Scatterv|Gather|Gatherv)\(' "$csrc" && continue
  rows+=("$prog $np $rest")
done < <(cat "${testlists[@]}")
echo "mpich-coll-suite: ${#rows[@]} testlist rows call the intercepted collectives; configurations: $configs"

passed=0 failed=0 slow=0
times=$work/times.tsv
[[ -s $times ]] || printf 'config\trow\tseconds\tmpich_limit\tresult\n' >"$times"
for config in $configs; do
  env_args=()
  case $config in
    native) ;;
    auto) env_args=(-genv LD_PRELOAD "$shim:$yield" -genv COLLSEL_MODEL "$model" -genv COLLSEL_PLACEMENT model) ;;
    *)
      [[ -n ${ops_of[$config]:-} ]] || { echo "mpich-coll-suite: unknown algorithm '$config'" >&2; exit 2; }
      env_args=(-genv LD_PRELOAD "$shim:$yield" -genv COLLSEL_MODEL "$model" -genv COLLSEL_PLACEMENT model)
      for op in ${ops_of[$config]}; do env_args+=(-genv "COLLSEL_${op^^}_ALGORITHM" "$config"); done ;;
  esac
  [[ $config == native ]] && env_args=(-genv LD_PRELOAD "$yield")
  cp=0 cf=0 cs=0
  for row in "${rows[@]}"; do
    read -r prog np rest <<<"$row"
    args=() extra_env=() mpich_limit=180
    for item in $rest; do
      case $item in
        arg=*) args+=("${item#arg=}") ;;
        env=*) kv=${item#env=}; extra_env+=(-genv "${kv%%=*}" "${kv#*=}") ;;
        timeLimit=*) [[ ${item#timeLimit=} =~ ^[0-9]+$ ]] && mpich_limit=${item#timeLimit=} ;;
      esac
    done
    start=$(date +%s.%N)
    out=$(cd "$work/build/coll" && timeout -k 5 "$limit" mpiexec "${env_args[@]}" "${extra_env[@]}" -n "$np" \
            "./$prog" "${args[@]}" 2>&1)
    rc=$?
    took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    what="$prog -n $np ${args[*]}"
    # A row the loader ran without the shim tested the library alone: a failure, whatever it printed.
    if [[ $out == *"cannot be preloaded"* ]]; then
      rc=127 out="the loader did not preload: $(grep -m1 'cannot be preloaded' <<<"$out")"
    fi
    if [[ $rc -eq 0 && $out == *"No Errors"* ]]; then
      cp=$((cp + 1)) result=pass
      if awk -v t="$took" -v l="$mpich_limit" 'BEGIN { exit !(t > l) }'; then
        cs=$((cs + 1)) result=slow
        echo "SLOW [$config] $what: passed in $took s, beyond MPICH's own limit of $mpich_limit s"
      fi
    else
      cf=$((cf + 1)) result=fail
      why="exit $rc"; [[ $rc -eq 124 || $rc -eq 137 ]] && why="timeout after ${limit} s"
      echo "FAIL [$config] $what: $why: $(grep -m1 -v '^\s*$' <<<"$out" | cut -c1-160)"
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$config" "$what" "$took" "$mpich_limit" "$result" >>"$times"
  done
  echo "[$config] $cp passed, $cf failed$( ((cs > 0)) && echo ", $cs of the passes beyond MPICH's own time limit")"
  passed=$((passed + cp)) failed=$((failed + cf)) slow=$((slow + cs))
done
echo "$passed passed, $failed failed$( ((slow > 0)) && echo ", $slow of the passes beyond MPICH's own time limit")"
[[ $failed -eq 0 ]]
