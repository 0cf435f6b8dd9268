#!/bin/bash
# check-doc-links.sh [SOURCE_DIR]: every relative link in the project's Markdown files points at a
# file or directory that exists. Checks [text](target) and <img src="target"> in the tracked *.md
# files (every *.md under SOURCE_DIR outside build trees when it is not a git checkout); skips
# URLs (scheme:), pure #anchors, and the #anchor part of a target. Prints each broken link as
# FILE: TARGET and exits 1 if there is one, 0 otherwise.
set -u
src=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$src" || exit 2
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files -- '*.md')
else
  files=$(find . -name '*.md' -not -path './build*' -not -path './.git/*' | sed 's|^\./||')
fi
bad=0
for f in $files; do
  [[ -f $f ]] || continue
  dir=$(dirname "$f")
  # Code spans and fenced blocks hold examples, not links: drop them before matching.
  targets=$(awk '/^```/ { fence = !fence; next } !fence' "$f" | sed 's/`[^`]*`//g' |
            grep -oE '\]\([^)[:space:]]+\)|<img [^>]*src="[^"]+"' |
            sed -E 's/^\]\((.*)\)$/\1/; s/^<img .*src="([^"]+)".*/\1/')
  for t in $targets; do
    case $t in *:*|'#'*) continue ;; esac
    p=${t%%#*}
    [[ -z $p ]] && continue
    if [[ $p == /* ]]; then q=.$p; else q=$dir/$p; fi
    if [[ ! -e $q ]]; then echo "$f: $t"; bad=1; fi
  done
done
exit $bad
