#!/bin/bash
# check-no-hashes.sh [SOURCE_DIR]: no commit of this repository is named in README.md, in docs/
# outside docs/results/ (where a campaign's README names the commit it ran at), or in the sources of
# models/, shim/ and tools/: docs and comments say what is, and history belongs to the commit log.
# A word of 7-40 hex digits counts when `git` resolves it to a commit of this repository. Prints
# FILE:LINE: HASH for each and exits 1 if there is one; 0 if none; 77 (skipped) when SOURCE_DIR is
# not a git checkout with history.
set -u
src=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$src" || exit 2
if ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  echo "check-no-hashes: $src is not a git checkout with history: skipped"
  exit 77
fi
files=$(git ls-files -- README.md 'docs/*' models shim tools | grep -v '^docs/results/' |
        grep -E '\.(md|txt|h|hpp|c|cc|cpp|cxx|in|cmake|sh|py|toml)$|CMakeLists\.txt$')
[[ -n $files ]] || { echo "check-no-hashes: no files to check"; exit 0; }
# Every candidate word (at least one letter: plain numbers are sizes and counts) with its place;
# each distinct word is then asked of git once.
hits=$(grep -noEw '[0-9a-f]{7,40}' $files /dev/null | grep -E ':[0-9a-f]*[a-f][0-9a-f]*$')
[[ -n $hits ]] || exit 0
found=$(printf '%s\n' "$hits" | sed 's/.*://' | sort -u |
        while read -r h; do git cat-file -e "$h^{commit}" 2>/dev/null && echo "$h"; done)
[[ -n $found ]] || exit 0
bad=0
while read -r h; do
  printf '%s\n' "$hits" | grep -E ":$h\$" | sed -E 's/^([^:]*:[0-9]+):(.*)$/\1: \2/'
  bad=1
done <<<"$found"
exit $bad
