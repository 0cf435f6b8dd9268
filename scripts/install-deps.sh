#!/usr/bin/env bash
# Installs every build, test and demo dependency of collsel from Debian 12's archive.
# Used by the README's commands and by .ci/run. Idempotent; needs root (or sudo).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  mpich libmpich-dev gfortran
  libhwloc-dev hwloc
  libgsl-dev
  libtomlplusplus-dev
  libboost-graph-dev
  libgtest-dev libgmock-dev
  libglpk-dev
  libbenchmark-dev
  libcli11-dev
  iproute2 gnuplot-nox
  universal-ctags
  libsimgrid-dev
  libjemalloc2
)
# Open MPI, for the second build scripts/test.sh makes (left out with COLLSEL_OPENMPI=0).
[ "${COLLSEL_OPENMPI:-1}" = 0 ] || packages+=(openmpi-bin libopenmpi-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Open MPI is installed beside MPICH (docs/mpi-libraries.md) and ranks higher in Debian's
# alternatives: the unqualified mpicc, mpiexec and <mpi.h> stay MPICH's, so the default build is
# MPICH's; the Open MPI build names mpicc.openmpi and mpirun.openmpi.
pin_mpich() {
  local SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  local arch
  arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine)
  for pin in "mpi /usr/bin/mpicc.mpich" "mpirun /usr/bin/mpirun.mpich" \
             "mpi-$arch /usr/include/$arch/mpich"; do
    set -- $pin
    if [ -e "$2" ] && [ "$(update-alternatives --query "$1" 2>/dev/null | sed -n 's/^Value: //p')" != "$2" ]; then
      $SUDO update-alternatives --set "$1" "$2"
    fi
  done
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  pin_mpich
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
pin_mpich
