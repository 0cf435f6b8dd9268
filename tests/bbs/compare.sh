#!/bin/sh
# Side-by-side table of collsel-bbs-sim against the BBS paper's step counts.
#   compare.sh SIM TABLE.tsv "16 64" ["ALG:PCT ..." ["ALG:PCT ..."]]
# Runs every (topology, algorithm, N) row of TABLE.tsv whose P is listed (the simulator validates
# each schedule and exits non-zero if one is invalid), prints paper T, our T, their ratio and the
# half-duplex bound ⌈(P−1)N/⌊P/2⌋⌉. Exits 1 if T is below the bound for any row; if
# |ours/paper − 1| exceeds PCT % for an algorithm of the first list (names as in the TSV, e.g.
# "Greedy:3 SRDA:8"); or if ours exceeds paper·(1 + PCT %) for one of the second list (fewer
# steps than the paper is allowed).
set -eu
sim=$1 table=$2 procs=$3 within=${4:-} at_most=${5:-}
fails=${TMPDIR:-/tmp}/bbs-compare.$$
rm -f "$fails"
printf '| topology | P | algorithm | N | paper T | our T | ours/paper | bound |\n|---|---|---|---|---|---|---|---|\n'
grep -v '^#' "$table" | while IFS='	' read -r topo p alg t100 ae100 t500 ae500 t2500 ae2500; do
  case " $procs " in *" $p "*) ;; *) continue ;; esac
  case $alg in BBS) name=bbs ;; Greedy) name=greedy ;; BinaryTree) name=binarytree ;; SRDA) name=srda ;;
    *) echo "compare.sh: $table: unknown algorithm '$alg'" >&2; exit 2 ;; esac
  for n in 100 500 2500; do
    case $n in 100) paper=$t100 ;; 500) paper=$t500 ;; 2500) paper=$t2500 ;; esac
    line=$("$sim" --topology "$topo" --packets "$n" --algorithms "$name" --csv | tail -n 1) || {
      echo "compare.sh: $topo $name N=$n: simulator failed" >&2; echo fail >> "$fails"; continue; }
    ours=$(echo "$line" | cut -d, -f5)
    echo "$topo $p $alg $n $paper $ours" | awk -v within=" $within " -v at_most=" $at_most " '
      function tol(list, a,   i, k, parts) {  # PCT for algorithm a in "ALG:PCT ...", or -1
        k = split(list, parts, " ")
        for (i = 1; i <= k; ++i) if (index(parts[i], a ":") == 1) return substr(parts[i], length(a) + 2) + 0
        return -1 }
      {
      half = int($2 / 2); bound = int((($2 - 1) * $4 + half - 1) / half); r = $6 / $5
      printf "| %s | %d | %s | %d | %d | %d | %.3f | %d |\n", $1, $2, $3, $4, $5, $6, r, bound
      bad = 0
      if ($6 < bound) { printf "BELOW BOUND: %s %s N=%d\n", $1, $3, $4 > "/dev/stderr"; bad = 1 }
      t = tol(within, $3)
      if (t >= 0 && (r - 1 > t / 100 || 1 - r > t / 100)) {
        printf "OUT OF TOLERANCE (%s%%): %s %s N=%d paper %d ours %d\n", t, $1, $3, $4, $5, $6 > "/dev/stderr"; bad = 1 }
      t = tol(at_most, $3)
      if (t >= 0 && r - 1 > t / 100) {
        printf "ABOVE PAPER (%s%%): %s %s N=%d paper %d ours %d\n", t, $1, $3, $4, $5, $6 > "/dev/stderr"; bad = 1 }
      exit bad }' || echo fail >> "$fails"
  done
done
if [ -e "$fails" ]; then rm -f "$fails"; exit 1; fi
exit 0
