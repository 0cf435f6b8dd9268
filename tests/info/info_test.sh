#!/bin/sh
# collsel-info without MPI: the table, the effective values from the environment and a TOML file
# (--config) with their sources, the yield aid's variable accepted silently, an unknown COLLSEL_*
# variable warned about, and a bad file an error (exit 1).
# Usage: info_test.sh PATH/TO/collsel-info
set -u
prog=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# A clean environment: no COLLSEL_* of the caller's.
# shellcheck disable=SC2046  # one -u NAME word pair per variable, split on purpose
clean() { env $(env | sed -n 's/^\(COLLSEL_[A-Za-z0-9_]*\)=.*/-u \1/p') "$@"; }

clean "$prog" >"$tmp/out" 2>"$tmp/err" || fail "plain run exited $?"
grep -q '^placement  *COLLSEL_PLACEMENT  *host or model (default host)$' "$tmp/out" || fail "no placement row"
grep -q '^<op>.p2p_model  *COLLSEL_<OP>_P2P_MODEL ' "$tmp/out" || fail "no p2p_model row"
grep -q '^  model = ""  *(default)$' "$tmp/out" || fail "effective model not the default"
[ -s "$tmp/err" ] && fail "stderr not empty: $(cat "$tmp/err")"

cat >"$tmp/job.toml" <<'TOML'
verify_calls = 4
[bcast]
algorithm = "chain"
segment_bytes = 8192
TOML
clean COLLSEL_REDUCE_MARGIN=0.2 COLLSEL_YIELD_NAP_US=50 COLLSEL_SHIM=/x COLLSEL_NOT_A_SETTING=1 \
  "$prog" --config "$tmp/job.toml" >"$tmp/out" 2>&1 || fail "run with --config exited $?"
grep -q "^  verify_calls = 4  *($tmp/job.toml:1)$" "$tmp/out" || fail "verify_calls from the file: $(grep verify_calls "$tmp/out")"
grep -q "^  bcast.algorithm = \"chain\"  *($tmp/job.toml:3)$" "$tmp/out" || fail "bcast.algorithm from the file"
grep -q "^  bcast.segment_bytes = 8192 " "$tmp/out" || fail "bcast.segment_bytes from the file"
grep -q '^  reduce.margin = 0.2  *(env COLLSEL_REDUCE_MARGIN)$' "$tmp/out" || fail "reduce.margin from the environment"
grep -q "^  config = \"$tmp/job.toml\"" "$tmp/out" || fail "config not shown"
grep -q 'COLLSEL_NOT_A_SETTING: not a collsel setting' "$tmp/out" || fail "unknown variable not warned about"
grep -q 'COLLSEL_YIELD_NAP_US: not a' "$tmp/out" && fail "the yield aid's variable warned about"
grep -q 'COLLSEL_SHIM: not a' "$tmp/out" && fail "the Spack module's variable warned about"

printf '[bcast]\nalgorithm = "chian"\n' >"$tmp/bad.toml"
clean "$prog" --config "$tmp/bad.toml" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a bad file exited $rc, not 1"
grep -q "configuration error: $tmp/bad.toml:2: bcast.algorithm: unknown algorithm 'chian'" "$tmp/out" || fail "bad file: $(cat "$tmp/out")"

"$prog" --list >"$tmp/list" || fail "--list exited $?"
[ "$(grep -c . "$tmp/list")" -ge 20 ] || fail "--list has fewer than 20 settings"
grep -q "$(printf '^segment_bytes\top\tCOLLSEL_<OP>_SEGMENT_BYTES\tinteger ≥ 1024 or auto\tauto\t')" "$tmp/list" || fail "--list segment_bytes row"
echo "ok"
