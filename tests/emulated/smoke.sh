#!/bin/bash
# smoke.sh EMU_DIR BCAST_TIMER [LIBCOLLSEL]: up (4 hosts) -> checks -> down, always down on exit.
# Checks: every namespace and both tbf qdiscs of the slow host exist; `up` again is a no-op;
# a 4 MB bcast over 2 unshaped hosts is faster than over 4 hosts including a 100 Mbit one, which
# must take >= 0.3 s (bound 4 MiB / 12.5 MB/s = 0.34 s), i.e. traffic crosses the shaped links;
# with LIBCOLLSEL, the same broadcast through the shim (forced binomial tree, data checked by the
# timer) works across the emulated hosts; every job ends by itself (a job that hangs, e.g. in
# MPI_Finalize, fails the test); `down` leaves nothing of the test's prefix behind.
# Env CSL_BUILD: the build directory whose lib/ holds the aids `run` preloads.
# Exit 0 pass, 77 skip, 1 fail.
set -u
emu=$1; timer=$2; shim=${3:-}
export CSL_PREFIX=cslt CSL_SUBNET=10.78.0 HYDRA_LAUNCHER=${HYDRA_LAUNCHER:-fork}
conf=$(mktemp /tmp/cslt-conf.XXXXXX)
printf 'unshaped\nunshaped\n1gbit\n100mbit\n' >"$conf"
fail() { echo "emulated_cluster_smoke: FAIL: $*" >&2; exit 1; }
cleanup() { "$emu/down" -q; rm -f "$conf"; }
"$emu/up" -c "$conf"; rc=$?
if (( rc == 77 )); then
  echo "emulated_cluster_smoke: SKIP: cannot emulate a cluster here (needs root and network namespaces)"
  rm -f "$conf"; exit 77
fi
trap cleanup EXIT
(( rc == 0 )) || fail "up exited $rc"
for ns in cslt-sw cslt-h0 cslt-h1 cslt-h2 cslt-h3; do
  ip netns list | awk '{print $1}' | grep -qx "$ns" || fail "namespace $ns missing after up"
done
tc -n cslt-h3 qdisc show dev cslt-eth | grep -q 'tbf.*rate 100Mbit' || fail "no 100 Mbit tbf on cslt-h3 upload"
tc -n cslt-sw qdisc show dev cslt-p3 | grep -q 'tbf.*rate 100Mbit' || fail "no 100 Mbit tbf on cslt-h3 download"
"$emu/up" -c "$conf" | grep -q 'already up' || fail "second up is not a no-op"

ms() { sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p'; }
job() {
  local out rc
  out=$(timeout 30 "$emu/run" -n "$1" "$timer" 4194304 3 0 2>&1); rc=$?
  (( rc == 124 )) && fail "run -n $1 did not end within 30 s (hung; output: $out)"
  (( rc == 0 )) || fail "run -n $1 exited $rc: $out"
  echo "$out"
}
out2=$(job 2) || exit 1
out4=$(job 4) || exit 1
out4b=$(job 4) || exit 1
echo "$out2"; echo "$out4"; echo "$out4b"
if [[ -n $shim ]]; then
  outs=$(LD_PRELOAD=$shim COLLSEL_BCAST_ALGORITHM=binomial COLLSEL_VERBOSE=1 job 4) || exit 1
  grep -q 'bcast on 4 ranks.*binomial' <<<"$outs" || fail "the shim did not run its binomial bcast: $outs"
  echo "$(grep median_ms <<<"$outs") (collsel, binomial)"
fi
t2=$(ms <<<"$out2"); t4=$(ms <<<"$out4")
[[ -n $t2 && -n $t4 ]] || fail "no timing in output"
awk -v t="$t4" 'BEGIN{exit !(t >= 300)}' || fail "4 MB bcast to a 100 Mbit host took $t4 ms < 300 ms: traffic bypasses the shaped links"
awk -v a="$t2" -v b="$t4" 'BEGIN{exit !(a < b)}' || fail "2 unshaped hosts ($t2 ms) not faster than with the slow host ($t4 ms)"

trap - EXIT
cleanup
left=$(ip netns list | awk '{print $1}' | grep -E '^cslt-' || true)
[[ -z $left ]] || fail "down left namespaces: $left"
ip link show cslt-ctl >/dev/null 2>&1 && fail "down left link cslt-ctl"
echo "emulated_cluster_smoke: PASS (2 hosts $t2 ms, 4 hosts incl. 100 Mbit $t4 ms)"
