#!/bin/sh
# Every tool prints "NAME VERSION" on --version, without an MPI launcher and with no MPI
# environment; the MPI tools add "(MPI: LIBRARY)", the library's own version line.
# Usage: version_test.sh VERSION TOOL...
set -u
version=$1
shift
fail() { echo "FAIL: $*"; exit 1; }
for tool in "$@"; do
  name=$(basename "$tool")
  out=$(env -u PMI_RANK -u PMI_SIZE -u OMPI_COMM_WORLD_SIZE "$tool" --version 2>&1) || fail "$name --version exited $?: $out"
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "$name --version printed more than one line: $out"
  case $name in
    collsel-calibrate|collsel-bench|collsel_channels_probe)
      case $out in
        "$name $version (MPI: "?*")") ;;
        *) fail "$name --version: '$out' is not '$name $version (MPI: LIBRARY)'" ;;
      esac ;;
    *)
      [ "$out" = "$name $version" ] || fail "$name --version: '$out' is not '$name $version'" ;;
  esac
  echo "ok: $out"
done
