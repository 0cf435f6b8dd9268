#!/bin/sh
# Side-by-side table of collsel-bbs-sim against the BBS paper's step counts.
#   compare.sh SIM TABLE.tsv "16 64" [TOLERANCE_PERCENT "ALGORITHMS" ["AT_MOST_ALGORITHMS"]]
# Runs every (topology, algorithm, N) row of TABLE.tsv whose P is listed (the simulator validates
# each schedule and exits non-zero if one is invalid), prints paper T, our T, their ratio and the
# half-duplex bound ⌈(P−1)N/⌊P/2⌋⌉. With a tolerance, exits 1 if |ours/paper − 1| exceeds it for a
# row of one of the given algorithms (names as in the TSV, e.g. "BBS Greedy"), or if ours exceeds
# paper·(1 + tolerance) for one of AT_MOST_ALGORITHMS (fewer steps than the paper is allowed), and
# 1 if T is below the bound for any row.
set -eu
sim=$1 table=$2 procs=$3 tol=${4:-} checked=${5:-} at_most=${6:-}
status=0
printf '| topology | P | algorithm | N | paper T | our T | ours/paper | bound |\n|---|---|---|---|---|---|---|---|\n'
grep -v '^#' "$table" | while IFS='	' read -r topo p alg t100 ae100 t500 ae500 t2500 ae2500; do
  case " $procs " in *" $p "*) ;; *) continue ;; esac
  case $alg in BBS) name=bbs ;; Greedy) name=greedy ;; BinaryTree) name=binarytree ;; SRDA) name=srda ;;
    *) echo "compare.sh: $table: unknown algorithm '$alg'" >&2; exit 2 ;; esac
  for n in 100 500 2500; do
    case $n in 100) paper=$t100 ;; 500) paper=$t500 ;; 2500) paper=$t2500 ;; esac
    line=$("$sim" --topology "$topo" --packets "$n" --algorithms "$name" --csv | tail -n 1) || {
      echo "compare.sh: $topo $name N=$n: simulator failed" >&2; exit 3; }
    ours=$(echo "$line" | cut -d, -f5)
    echo "$topo $p $alg $n $paper $ours" | awk -v tol="$tol" -v checked=" $checked " -v at_most=" $at_most " '{
      half = int($2 / 2); bound = int((($2 - 1) * $4 + half - 1) / half); r = $6 / $5
      printf "| %s | %d | %s | %d | %d | %d | %.3f | %d |\n", $1, $2, $3, $4, $5, $6, r, bound
      bad = 0
      if ($6 < bound) { printf "BELOW BOUND: %s %s N=%d\n", $1, $3, $4 > "/dev/stderr"; bad = 1 }
      if (tol != "" && index(checked, " " $3 " ") > 0 && (r - 1 > tol / 100 || 1 - r > tol / 100)) {
        printf "OUT OF TOLERANCE: %s %s N=%d paper %d ours %d\n", $1, $3, $4, $5, $6 > "/dev/stderr"; bad = 1 }
      if (tol != "" && index(at_most, " " $3 " ") > 0 && r - 1 > tol / 100) {
        printf "ABOVE PAPER: %s %s N=%d paper %d ours %d\n", $1, $3, $4, $5, $6 > "/dev/stderr"; bad = 1 }
      exit bad }' || echo fail >> "${TMPDIR:-/tmp}/bbs-compare.$$"
  done
done
if [ -e "${TMPDIR:-/tmp}/bbs-compare.$$" ]; then rm -f "${TMPDIR:-/tmp}/bbs-compare.$$"; status=1; fi
exit $status
