# Shared definitions for the emulated-cluster scripts (sourced, not run).
#
# Every object the scripts create carries the prefix $CSL_PREFIX (default "csl"), so `down`
# can remove exactly what `up` made and nothing else:
#   namespace  ${P}-sw              the switch: one Linux bridge ${P}-br
#   namespace  ${P}-h<i>            host i (i = 0..N-1), interface ${P}-eth = SUBNET.(i+1)/24
#   veth       ${P}-p<i>            switch port of host i (inside ${P}-sw, enslaved to ${P}-br)
#   veth       ${P}-ctl             root-namespace leg into the switch, SUBNET.254/24: mpiexec
#                                   listens here and the hydra proxies connect back to it
#   qdisc      tbf on ${P}-eth      host i upload   (egress of the host side)
#   qdisc      tbf on ${P}-p<i>     host i download (egress of the switch side)
#   directory  /run/${P}-emu        state: hosts file for hydra, rates, the config signature
# The subnet is private to these namespaces: nothing is routed anywhere else.

CSL_PREFIX=${CSL_PREFIX:-csl}
CSL_SUBNET=${CSL_SUBNET:-10.77.0}

# Exit codes shared by all scripts (documented in README.md).
CSL_EXIT_FAIL=1      # something went wrong while running
CSL_EXIT_USAGE=2     # bad option or bad config file
CSL_EXIT_SKIP=77     # cannot emulate here: not root, or no netns/veth/bridge/tbf support
CSL_EXIT_NOTUP=3     # `run` called but the cluster is not up

if ! [[ $CSL_PREFIX =~ ^[a-z][a-z0-9]{0,7}$ ]]; then
  echo "emulated-cluster: CSL_PREFIX='$CSL_PREFIX' must be 1-8 lowercase letters/digits" >&2
  exit $CSL_EXIT_USAGE
fi
if ! [[ $CSL_SUBNET =~ ^(10|192\.168|172\.(1[6-9]|2[0-9]|3[01]))(\.[0-9]{1,3}){1,2}$ ]] ||
   [[ $(tr -cd . <<<"$CSL_SUBNET" | wc -c) -ne 2 ]]; then
  echo "emulated-cluster: CSL_SUBNET='$CSL_SUBNET' must be the first three octets of a private /24 (e.g. 10.77.0)" >&2
  exit $CSL_EXIT_USAGE
fi

CSL_SW=${CSL_PREFIX}-sw
CSL_BR=${CSL_PREFIX}-br
CSL_CTL=${CSL_PREFIX}-ctl
CSL_CTLP=${CSL_PREFIX}-ctlp
CSL_ETH=${CSL_PREFIX}-eth
CSL_STATE=/run/${CSL_PREFIX}-emu
CSL_CTL_IP=${CSL_SUBNET}.254

csl_host_ns()   { echo "${CSL_PREFIX}-h$1"; }
csl_host_port() { echo "${CSL_PREFIX}-p$1"; }
csl_host_ip()   { echo "${CSL_SUBNET}.$(( $1 + 1 ))"; }

# Namespaces that belong to this prefix (exact pattern, so nothing else is ever touched).
csl_own_namespaces() {
  ip netns list 2>/dev/null | awk '{print $1}' |
    grep -E "^${CSL_PREFIX}-(sw|h[0-9]+)\$" || true
}

# Root and a working `ip netns`: otherwise one clear message and CSL_EXIT_SKIP.
csl_require_root_netns() {
  local who=$1
  if [[ $(id -u) -ne 0 ]]; then
    echo "$who: SKIP: needs root (network namespaces, veth, tc); running as uid $(id -u)" >&2
    exit $CSL_EXIT_SKIP
  fi
  if ! command -v ip >/dev/null || ! command -v tc >/dev/null; then
    echo "$who: SKIP: needs iproute2 (ip, tc)" >&2
    exit $CSL_EXIT_SKIP
  fi
  if ! ip netns list >/dev/null 2>&1; then
    echo "$who: SKIP: this system does not support network namespaces (ip netns list failed)" >&2
    exit $CSL_EXIT_SKIP
  fi
}

# Parse a rate config: one host per non-comment line, "<rate> [burst=<size>]" where rate is
# "unshaped" or a tc rate (e.g. 1gbit, 400mbit, 100mbit) and the optional burst is the tbf
# bucket in bytes (k/m suffixes = 1024-based; default: ~1 ms of traffic, at least 10 frames).
# Prints "<rate> <burst bytes or ->" per host; errors name file:line.
csl_read_config() {
  local file=$1 lineno=0 line rate opt extra burst
  if [[ ! -r $file ]]; then
    echo "emulated-cluster: cannot read config '$file'" >&2
    return $CSL_EXIT_USAGE
  fi
  while IFS= read -r line || [[ -n $line ]]; do
    lineno=$((lineno + 1))
    line=${line%%#*}
    read -r rate opt extra <<<"$line"
    [[ -z $rate ]] && continue
    if [[ -n $extra ]]; then
      echo "$file:$lineno: expected '<rate> [burst=<size>]', got '$line'" >&2
      return $CSL_EXIT_USAGE
    fi
    if [[ $rate != unshaped ]] && ! [[ ${rate,,} =~ ^[0-9]+(\.[0-9]+)?(kbit|mbit|gbit)$ ]]; then
      echo "$file:$lineno: rate '$rate' is neither 'unshaped' nor <number>kbit|mbit|gbit" >&2
      return $CSL_EXIT_USAGE
    fi
    burst=-
    if [[ -n $opt ]]; then
      if ! [[ ${opt,,} =~ ^burst=([0-9]+)(k|m)?$ ]]; then
        echo "$file:$lineno: '$opt' is not burst=<bytes>[k|m]" >&2
        return $CSL_EXIT_USAGE
      fi
      burst=${BASH_REMATCH[1]}
      case ${BASH_REMATCH[2]} in k) burst=$((burst * 1024)) ;; m) burst=$((burst * 1048576)) ;; esac
      if (( burst < 1600 || burst > 64 * 1048576 )); then
        echo "$file:$lineno: burst $burst bytes outside [1600, 64m]" >&2
        return $CSL_EXIT_USAGE
      fi
      [[ $rate == unshaped ]] && { echo "$file:$lineno: burst= needs a shaped rate" >&2; return $CSL_EXIT_USAGE; }
    fi
    echo "${rate,,} $burst"
  done <"$file"
}

# A tc rate in bit/s (for the bcast bound and burst sizing).
csl_rate_bps() {
  local r=${1,,}
  case $r in
    *gbit) awk -v v="${r%gbit}" 'BEGIN{printf "%.0f", v*1e9}' ;;
    *mbit) awk -v v="${r%mbit}" 'BEGIN{printf "%.0f", v*1e6}' ;;
    *kbit) awk -v v="${r%kbit}" 'BEGIN{printf "%.0f", v*1e3}' ;;
    *) echo 0 ;;
  esac
}
