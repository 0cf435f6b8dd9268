#!/bin/sh
# A side-by-side table of the BBS paper's step counts and collsel-bbs-sim's, one row per
# (grid, algorithm), N = 100 / 500 / 2500, with the half-duplex lower bound ⌈(P−1)N/⌊P/2⌋⌉ per grid.
#   scripts/bbs-paper-table.sh [SIM [TABLE.tsv]]
# Defaults: build/bin/collsel-bbs-sim and tests/data/bbs-paper-tables.tsv. Markdown on stdout.
# The simulator validates every schedule it runs; a failed run stops the script.
set -eu
sim=${1:-build/bin/collsel-bbs-sim}
table=${2:-tests/data/bbs-paper-tables.tsv}
cell() {  # paper ours → "paper / ours (ratio)"
  awk -v p="$1" -v o="$2" 'BEGIN { printf "%d / %d (%.3f)", p, o, o / p }'
}
printf '| grid | P | algorithm | N = 100: paper / ours (ratio) | N = 500 | N = 2500 |\n'
printf '|---|---|---|---|---|---|\n'
last=
grep -v '^#' "$table" | while IFS='	' read -r topo p alg t100 _ t500 _ t2500 _; do
  case $alg in BBS) name=bbs ;; Greedy) name=greedy ;; BinaryTree) name=binarytree ;; SRDA) name=srda ;;
    *) echo "bbs-paper-table.sh: $table: unknown algorithm '$alg'" >&2; exit 2 ;; esac
  if [ "$topo" != "$last" ]; then
    half=$((p / 2))
    printf '| %s | %s | *bound* | %d | %d | %d |\n' "$topo" "$p" \
      $(( ((p - 1) * 100 + half - 1) / half )) $(( ((p - 1) * 500 + half - 1) / half )) \
      $(( ((p - 1) * 2500 + half - 1) / half ))
    last=$topo
  fi
  row="| $topo | $p | $alg"
  for n in 100 500 2500; do
    case $n in 100) paper=$t100 ;; 500) paper=$t500 ;; 2500) paper=$t2500 ;; esac
    ours=$("$sim" --topology "$topo" --packets "$n" --algorithms "$name" --csv | tail -n 1 | cut -d, -f5)
    row="$row | $(cell "$paper" "$ours")"
  done
  printf '%s |\n' "$row"
done
