#!/bin/sh
# The Debian packages work on their own (docs/testing.md, test `deb_package`):
#   1. `cpack -G DEB` builds collsel_<version>_<arch>.deb (runtime) and collsel-dev_<version>_<arch>.deb
#      from this build tree into a temporary directory; their control data name the packages, a
#      version, the shared libraries the runtime needs, and collsel-dev depends on that collsel;
#   2. `dpkg-deb -x` unpacks them into a temporary root (nothing is installed on the machine): the
#      runtime holds the tools, libcollsel.so.MAJOR (SONAME libcollsel.so.MAJOR) and the aids in
#      the multiarch libdir (usr/lib/<triplet>) and share/collsel, and no link, archive or header;
#      collsel-dev holds the libcollsel.so link, the static archives, headers, CMake and
#      pkg-config files;
#   3. from that root alone: the tools run (--help, --version), collsel-predict decides with the
#      packaged example model, and an unmodified MPI program (examples/matmul) runs on 3 ranks
#      with the packaged libcollsel.so.MAJOR preloaded (strict mode: any fallback aborts) and logs
#      model-made decisions.
# Usage: deb_test.sh CPACK BUILD_DIR MPIEXEC NPFLAG MATMUL
set -u
if [ $# -ne 5 ]; then
  echo "usage: $0 CPACK BUILD_DIR MPIEXEC NPFLAG MATMUL" >&2
  exit 2
fi
cpack=$1 build=$2 mpiexec=$3 npflag=$4 matmul=$5
fail() {
  echo "deb_package: FAIL: $*" >&2
  exit 1
}
step() { echo "deb_package: $*"; }
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v $tool >/dev/null || { echo "deb_package: SKIP: $tool not found (dpkg-dev)"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/collsel-deb-test.XXXXXX") || fail "mktemp"
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM
unset LD_LIBRARY_PATH DESTDIR

# 1. Build the packages.
step "cpack -G DEB"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$work"/out/collsel_*.deb 2>/dev/null | head -1)
dev=$(ls "$work"/out/collsel-dev_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { cat "$work/cpack.log" >&2; fail "no collsel_*.deb in $work/out"; }
[ -n "$dev" ] || { cat "$work/cpack.log" >&2; fail "no collsel-dev_*.deb in $work/out"; }
[ "$(dpkg-deb -f "$deb" Package)" = collsel ] || fail "$deb: package name is not collsel"
[ "$(dpkg-deb -f "$dev" Package)" = collsel-dev ] || fail "$dev: package name is not collsel-dev"
version=$(dpkg-deb -f "$deb" Version)
[ -n "$version" ] || fail "$deb: no version"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libmpich libhwloc libgsl libglpk; do
  case "$depends" in *"$lib"*) ;; *) fail "$deb: Depends lacks $lib: $depends" ;; esac
done
case "$(dpkg-deb -f "$dev" Depends)" in
  *"collsel (= $version)"*) ;;
  *) fail "$dev: Depends lacks collsel (= $version): $(dpkg-deb -f "$dev" Depends)" ;;
esac
step "$(basename "$deb"): version $version, depends: $depends; $(basename "$dev")"

# 2. Unpack into a private root, the runtime package alone first.
root=$work/root
list() { dpkg-deb -c "$1" | awk '{ sub(/^\.\//, "", $6); if ($6 !~ /\/$/) print $6 }' | sort; }
list "$deb" >"$work/files.txt"
list "$dev" >"$work/dev-files.txt"
for pattern in 'usr/bin/collsel-calibrate' 'usr/bin/collsel-predict' 'usr/bin/collsel-bench' \
               'usr/bin/collsel-bbs-sim' 'usr/bin/collsel-info' 'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/libcollsel\.so\.0' \
               'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/libcollsel-yield\.so' \
               'usr/share/collsel/collsel.toml' 'usr/share/collsel/models/hetero-8.toml'; do
  grep -q "^$pattern\$" "$work/files.txt" || { cat "$work/files.txt" >&2; fail "not in $(basename "$deb"): $pattern"; }
done
for pattern in 'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/libcollsel\.so' 'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/libcollsel_models\.a' \
               'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/libcollsel_exec\.a' 'usr/include/collsel/collsel\.h' \
               'usr/include/collsel/version\.hpp' 'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/cmake/collsel/collselConfig\.cmake' \
               'usr/lib/[a-z0-9_]*-linux-gnu[a-z]*/pkgconfig/collsel\.pc'; do
  grep -q "^$pattern\$" "$work/dev-files.txt" || { cat "$work/dev-files.txt" >&2; fail "not in $(basename "$dev"): $pattern"; }
done
grep -E '\.a$|\.so$|^usr/include/|\.pc$|\.cmake$' "$work/files.txt" | grep -v 'libcollsel-yield\.so$\|libcollsel-pmi-progress\.so$' &&
  fail "$(basename "$deb") holds development files (above): they belong in collsel-dev"
grep -q '^usr/lib/libcollsel' "$work/files.txt" "$work/dev-files.txt" && fail "a library in usr/lib, not the multiarch libdir"
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x $deb failed"
lib=$(dirname "$root/$(grep '/libcollsel\.so\.0$' "$work/files.txt")")
soname=$(readelf -d "$lib/libcollsel.so.0" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libcollsel.so.0 ] || fail "libcollsel.so.0: SONAME '$soname', not libcollsel.so.0"
model=$root/usr/share/collsel/models/hetero-8.toml
step "unpacked $(wc -l <"$work/files.txt") files into $root; SONAME $soname"

# 3. Run from the unpacked root.
cd "$work" || fail "cd $work"
for tool in collsel-predict collsel-bbs-sim collsel-calibrate collsel-bench collsel-info; do
  "$root/usr/bin/$tool" --help >"$work/help.txt" 2>&1 || { cat "$work/help.txt" >&2; fail "$tool --help failed"; }
  "$root/usr/bin/$tool" --version >"$work/version.txt" 2>&1 || { cat "$work/version.txt" >&2; fail "$tool --version failed"; }
  grep -q "^$tool $version" "$work/version.txt" || { cat "$work/version.txt" >&2; fail "$tool --version is not $version"; }
done
"$root/usr/bin/collsel-predict" --model "$model" --op scatter --procs 8 --bytes 1M >"$work/predict.txt" 2>&1 ||
  { cat "$work/predict.txt" >&2; fail "packaged collsel-predict failed"; }
grep -q '^ *\* ' "$work/predict.txt" || { cat "$work/predict.txt" >&2; fail "packaged collsel-predict chose nothing"; }
log=$work/collsel.jsonl
env LD_PRELOAD="$lib/libcollsel.so.0:$lib/libcollsel-yield.so" COLLSEL_MODEL="$model" \
    COLLSEL_CONFIG="$root/usr/share/collsel/collsel.toml" COLLSEL_PLACEMENT=model COLLSEL_STRICT=1 \
    COLLSEL_LOG="$log" "$mpiexec" "$npflag" 3 "$matmul" -n 120 --speeds 4,2,1 --repeat 2 >"$work/matmul.txt" 2>&1
rc=$?
cat "$work/matmul.txt"
[ $rc -eq 0 ] || fail "matmul under the packaged shim exited $rc"
grep -q "result verified" "$work/matmul.txt" || fail "matmul did not verify its result"
[ -s "$log" ] || fail "no log: the packaged shim was not active"
grep '"kind": "summary"' "$log" | grep '"algorithm": "' | grep -q -v '"algorithm": "native"' ||
  { cat "$log"; fail "the packaged shim chose native everywhere; expected at least one collsel algorithm"; }
step "matmul on 3 ranks under the packaged libcollsel.so.0: result verified, decisions logged"
step "PASS"
