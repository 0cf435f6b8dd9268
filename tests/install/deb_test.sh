#!/bin/sh
# The Debian package works on its own (docs/testing.md, test `deb_package`):
#   1. `cpack -G DEB` builds collsel_<version>_<arch>.deb from this build tree into a temporary
#      directory; its control data names the package, a version and the shared libraries it needs;
#   2. `dpkg-deb -x` unpacks it into a temporary root (nothing is installed on the machine); the
#      tools, libcollsel.so, the aids, headers, CMake and pkg-config files and share/collsel are
#      there under usr/;
#   3. from that root alone: the tools run, collsel-predict decides with the packaged example
#      model, and an unmodified MPI program (examples/matmul) runs on 3 ranks with the packaged
#      libcollsel.so preloaded (strict mode: any fallback aborts) and logs model-made decisions.
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

# 1. Build the package.
step "cpack -G DEB"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$work"/out/collsel_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { cat "$work/cpack.log" >&2; fail "no collsel_*.deb in $work/out"; }
[ "$(dpkg-deb -f "$deb" Package)" = collsel ] || fail "$deb: package name is not collsel"
version=$(dpkg-deb -f "$deb" Version)
[ -n "$version" ] || fail "$deb: no version"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libmpich libhwloc libgsl libglpk; do
  case "$depends" in *"$lib"*) ;; *) fail "$deb: Depends lacks $lib: $depends" ;; esac
done
step "$(basename "$deb"): version $version, depends: $depends"

# 2. Unpack into a private root.
root=$work/root
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x failed"
find "$root" -type f | sed "s|^$root/||" | sort >"$work/files.txt"
for pattern in 'usr/bin/collsel-calibrate' 'usr/bin/collsel-predict' 'usr/bin/collsel-bench' \
               'usr/bin/collsel-bbs-sim' 'usr/lib.*/libcollsel.so' 'usr/lib.*/libcollsel-yield.so' \
               'usr/include/collsel/collsel.h' 'usr/lib.*/cmake/collsel/collselConfig.cmake' \
               'usr/lib.*/pkgconfig/collsel.pc' 'usr/share/collsel/collsel.toml' \
               'usr/share/collsel/models/hetero-8.toml'; do
  grep -q "^$pattern\$" "$work/files.txt" || { cat "$work/files.txt" >&2; fail "not in the package: $pattern"; }
done
lib=$(dirname "$root/$(grep '/libcollsel.so$' "$work/files.txt")")
model=$root/usr/share/collsel/models/hetero-8.toml
step "unpacked $(wc -l <"$work/files.txt") files into $root"

# 3. Run from the unpacked root.
cd "$work" || fail "cd $work"
for tool in collsel-predict collsel-bbs-sim collsel-calibrate collsel-bench; do
  "$root/usr/bin/$tool" --help >"$work/help.txt" 2>&1 || { cat "$work/help.txt" >&2; fail "$tool --help failed"; }
done
"$root/usr/bin/collsel-predict" --model "$model" --op scatter --procs 8 --bytes 1M >"$work/predict.txt" 2>&1 ||
  { cat "$work/predict.txt" >&2; fail "packaged collsel-predict failed"; }
grep -q '^ *\* ' "$work/predict.txt" || { cat "$work/predict.txt" >&2; fail "packaged collsel-predict chose nothing"; }
log=$work/collsel.jsonl
env LD_PRELOAD="$lib/libcollsel.so:$lib/libcollsel-yield.so" COLLSEL_MODEL="$model" \
    COLLSEL_CONFIG="$root/usr/share/collsel/collsel.toml" COLLSEL_PLACEMENT=model COLLSEL_STRICT=1 \
    COLLSEL_LOG="$log" "$mpiexec" "$npflag" 3 "$matmul" -n 120 --speeds 4,2,1 --repeat 2 >"$work/matmul.txt" 2>&1
rc=$?
cat "$work/matmul.txt"
[ $rc -eq 0 ] || fail "matmul under the packaged shim exited $rc"
grep -q "result verified" "$work/matmul.txt" || fail "matmul did not verify its result"
[ -s "$log" ] || fail "no log: the packaged shim was not active"
grep '"kind": "summary"' "$log" | grep '"algorithm": "' | grep -q -v '"algorithm": "native"' ||
  { cat "$log"; fail "the packaged shim chose native everywhere; expected at least one collsel algorithm"; }
step "matmul on 3 ranks under the packaged libcollsel.so: result verified, decisions logged"
step "PASS"
