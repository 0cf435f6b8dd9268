#!/bin/bash
# function_length_test.sh CTAGS SOURCE_DIR (test `function_length`): no function in models/, shim/
# or tools/ is longer than 100 lines, measured by universal-ctags (its `end:` field). The functions
# listed in long_functions.txt beside this script are longer today; each may not grow past the
# length recorded there, and a listed one that shrinks to the limit must leave the list.
set -u
ctags=${1:?usage: function_length_test.sh CTAGS SOURCE_DIR} src=${2:?usage: function_length_test.sh CTAGS SOURCE_DIR}
known="$(dirname "$0")/long_functions.txt"
limit=100
cd "$src" || exit 2
"$ctags" --version 2>/dev/null | grep -q "Universal Ctags" || { echo "function_length: FAIL: $ctags is not universal-ctags"; exit 1; }
# "LINES FILE FUNCTION" for every function over the limit.
"$ctags" -R --languages=C++ --kinds-C++=f --fields=+ne -o - models shim tools 2>/dev/null |
  awk -F'\t' -v limit="$limit" '{
    line = 0; end = 0
    for (i = 4; i <= NF; i++) {
      if ($i ~ /^line:/) line = substr($i, 6) + 0
      if ($i ~ /^end:/) end = substr($i, 5) + 0
    }
    if (end > 0 && end - line + 1 > limit) print end - line + 1, $2, $1
  }' | sort -k2,3 >"${TMPDIR:-/tmp}/function_length.$$"
trap 'rm -f "${TMPDIR:-/tmp}/function_length.$$"' EXIT
count=$(grep -c "" "${TMPDIR:-/tmp}/function_length.$$")
[ "$("$ctags" -R --languages=C++ --kinds-C++=f --fields=+ne -o - models shim tools 2>/dev/null | grep -c 'end:')" -gt 100 ] ||
  { echo "function_length: FAIL: ctags found (almost) no functions with their end line"; exit 1; }
fail=0
while read -r lines file function; do
  allowed=$(awk -v f="$file" -v fn="$function" '!/^#/ && $2 == f && $3 == fn { print $1 }' "$known")
  if [ -z "$allowed" ]; then
    echo "function_length: FAIL: $file: $function is $lines lines (limit $limit)"
    fail=1
  elif [ "$lines" -gt "$allowed" ]; then
    echo "function_length: FAIL: $file: $function grew to $lines lines (listed at $allowed; limit $limit)"
    fail=1
  fi
done <"${TMPDIR:-/tmp}/function_length.$$"
while read -r allowed file function; do
  case $allowed in '#'*|'') continue ;; esac
  grep -q " $file $function\$" "${TMPDIR:-/tmp}/function_length.$$" ||
    { echo "function_length: FAIL: $file: $function is within $limit lines now: remove it from $known"; fail=1; }
done <"$known"
echo "function_length: $count functions over $limit lines, $(grep -vc '^#' "$known") listed"
exit $fail
