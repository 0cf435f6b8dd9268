#!/bin/sh
# The Debian packages work on their own and install beside the other MPI flavour's (docs/testing.md,
# test `deb_package`; FLAVOUR is mpich or openmpi, SUFFIX "" or -openmpi):
#   1. `cpack -G DEB` builds collsel-FLAVOUR, collsel-FLAVOUR-dev, collsel-common and
#      collsel-common-dev (<name>_<version>_<arch>.deb) from this build tree into a temporary
#      directory; their control data name the packages and a version; collsel-FLAVOUR depends on
#      collsel-common of that version, its MPI and the shared libraries dpkg-shlibdeps found (the
#      MPI library among them); collsel-FLAVOUR-dev on collsel-FLAVOUR and collsel-common-dev;
#   2. their contents: collsel-FLAVOUR holds libcollsel${SUFFIX}.so.MAJOR (SONAME
#      libcollsel${SUFFIX}.so.MAJOR) in the multiarch libdir (usr/lib/<triplet>) and the MPI tools,
#      collsel-FLAVOUR-dev the shim's link, the executors' archive, cmake/collsel${SUFFIX}/ and
#      collsel${SUFFIX}.pc — nothing else, every name the flavour's own, so the other flavour's
#      packages share no file with them; collsel-common the tools without MPI, the aids and
#      share/collsel, linking no MPI library; collsel-common-dev the headers and
#      libcollsel_models.a; no runtime package holds a link, archive, header or CMake file; no
#      library is in usr/lib itself; dpkg installs the four together into a private root;
#   3. from that root alone: the tools run (--help, --version), collsel-predict decides with the
#      packaged example model, and an unmodified MPI program (examples/matmul) runs on 3 ranks
#      with the packaged shim preloaded (strict mode: any fallback aborts) and logs model-made
#      decisions.
# Usage: deb_test.sh CPACK BUILD_DIR MPIEXEC NPFLAG MATMUL FLAVOUR
set -u
if [ $# -ne 6 ]; then
  echo "usage: $0 CPACK BUILD_DIR MPIEXEC NPFLAG MATMUL FLAVOUR" >&2
  exit 2
fi
cpack=$1 build=$2 mpiexec=$3 npflag=$4 matmul=$5 flavour=$6
fail() {
  echo "deb_package: FAIL: $*" >&2
  exit 1
}
step() { echo "deb_package: $*"; }
case "$flavour" in
  mpich) suffix="" tool_suffix="" mpi_package=mpich mpi_lib=libmpich ;;
  openmpi) suffix=-openmpi tool_suffix=.openmpi mpi_package=openmpi-bin mpi_lib=libopenmpi ;;
  *) fail "unknown MPI flavour '$flavour'" ;;
esac
for tool in dpkg dpkg-deb dpkg-shlibdeps; do
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
package() {  # NAME: the path of NAME_<version>_<arch>.deb
  found=$(ls "$work"/out/"$1"_*.deb 2>/dev/null | head -1)
  [ -n "$found" ] || { ls "$work/out" >&2; fail "no $1_*.deb in $work/out"; }
  [ "$(dpkg-deb -f "$found" Package)" = "$1" ] || fail "$found: package name is not $1"
  echo "$found"
}
deb=$(package "collsel-$flavour") || exit 1
dev=$(package "collsel-$flavour-dev") || exit 1
common=$(package collsel-common) || exit 1
common_dev=$(package collsel-common-dev) || exit 1
[ "$(ls "$work"/out/*.deb | wc -l)" -eq 4 ] || { ls "$work/out" >&2; fail "not 4 packages"; }
version=$(dpkg-deb -f "$deb" Version)
[ -n "$version" ] || fail "$deb: no version"
for p in "$dev" "$common" "$common_dev"; do
  [ "$(dpkg-deb -f "$p" Version)" = "$version" ] || fail "$p: version is not $version"
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in "collsel-common (= $version)" "$mpi_package," $mpi_lib libhwloc libgsl libglpk; do
  case "$depends" in *"$lib"*) ;; *) fail "$deb: Depends lacks $lib: $depends" ;; esac
done
case "$(dpkg-deb -f "$dev" Depends)" in
  *"collsel-$flavour (= $version)"*"collsel-common-dev (= $version)"*) ;;
  *) fail "$dev: Depends lacks collsel-$flavour and collsel-common-dev (= $version): $(dpkg-deb -f "$dev" Depends)" ;;
esac
step "$(basename "$deb"): version $version, depends: $depends; $(basename "$dev"), $(basename "$common"), $(basename "$common_dev")"

# 2. Contents.
root=$work/root
list() { dpkg-deb -c "$1" | awk '{ sub(/^\.\//, "", $6); if ($6 !~ /\/$/) print $6 }' | sort; }
list "$deb" >"$work/files.txt"
list "$dev" >"$work/dev-files.txt"
list "$common" >"$work/common-files.txt"
list "$common_dev" >"$work/common-dev-files.txt"
L='usr/lib/[a-z0-9_]*-linux-gnu[a-z]*'
# only PACKAGE_FILES PATTERN...: the file list holds exactly the patterns, each at least once.
only() {
  files=$1
  shift
  for pattern in "$@"; do
    grep -q "^$pattern\$" "$files" || { cat "$files" >&2; fail "not in $(basename "$files" .txt): $pattern"; }
  done
  for f in $(cat "$files"); do
    ok=
    for pattern in "$@"; do
      if echo "$f" | grep -q "^$pattern\$"; then ok=1; break; fi
    done
    [ -n "$ok" ] || { cat "$files" >&2; fail "$(basename "$files" .txt): $f is none of the flavour's own names"; }
  done
}
only "$work/files.txt" "usr/bin/collsel-calibrate$tool_suffix" "usr/bin/collsel-bench$tool_suffix" \
  "$L/libcollsel$suffix\\.so\\.0" "$L/libcollsel$suffix\\.so\\.0\\.[0-9.]*"
only "$work/dev-files.txt" "$L/libcollsel$suffix\\.so" "$L/libcollsel_exec$suffix\\.a" \
  "$L/cmake/collsel$suffix/collselConfig\\.cmake" "$L/cmake/collsel$suffix/collselConfigVersion\\.cmake" \
  "$L/cmake/collsel$suffix/collselTargets[a-z-]*\\.cmake" "$L/pkgconfig/collsel$suffix\\.pc"
for pattern in 'usr/bin/collsel-predict' 'usr/bin/collsel-bbs-sim' 'usr/bin/collsel-info' "$L/libcollsel-yield\\.so" \
               'usr/share/collsel/collsel\.toml' 'usr/share/collsel/models/hetero-8\.toml'; do
  grep -q "^$pattern\$" "$work/common-files.txt" || { cat "$work/common-files.txt" >&2; fail "not in collsel-common: $pattern"; }
done
for pattern in "$L/libcollsel_models\\.a" 'usr/include/collsel/collsel\.h' 'usr/include/collsel/exec\.hpp' \
               'usr/include/collsel/version\.hpp' 'usr/include/collsel/predict\.hpp'; do
  grep -q "^$pattern\$" "$work/common-dev-files.txt" ||
    { cat "$work/common-dev-files.txt" >&2; fail "not in collsel-common-dev: $pattern"; }
done
grep -v '^usr/include/collsel/[a-z0-9_]*\.hp*$' "$work/common-dev-files.txt" | grep -v "^$L/libcollsel_models\\.a\$" &&
  fail "collsel-common-dev holds more than headers and libcollsel_models.a (above)"
cat "$work/files.txt" "$work/common-files.txt" | grep -E '\.a$|\.so$|^usr/include/|\.pc$|\.cmake$' |
  grep -v 'libcollsel-yield\.so$\|libcollsel-pmi-progress\.so$' &&
  fail "a runtime package holds development files (above): they belong in the -dev packages"
grep -q '^usr/lib/libcollsel' "$work"/*files.txt && fail "a library in usr/lib, not the multiarch libdir"
# dpkg accepts the four together (a private root and database; dependencies outside them ignored).
mkdir -p "$work/dpkg/var/lib/dpkg/info" "$work/dpkg/var/lib/dpkg/updates" "$work/dpkg/var/log"
: >"$work/dpkg/var/lib/dpkg/status"
dpkg --root="$work/dpkg" --force-depends --force-not-root --force-script-chrootless -i \
  "$deb" "$dev" "$common" "$common_dev" >"$work/dpkg.log" 2>&1 ||
  { cat "$work/dpkg.log" >&2; fail "dpkg could not install the four packages together"; }
for p in "$deb" "$dev" "$common" "$common_dev"; do
  dpkg-deb -x "$p" "$root" || fail "dpkg-deb -x $p failed"
done
lib=$(dirname "$root/$(grep "/libcollsel$suffix\\.so\\.0\$" "$work/files.txt")")
shim=$lib/libcollsel$suffix.so.0
soname=$(readelf -d "$shim" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libcollsel$suffix.so.0" ] || fail "$shim: SONAME '$soname', not libcollsel$suffix.so.0"
for f in $(grep '^usr/bin/\|\.so$' "$work/common-files.txt"); do
  readelf -d "$root/$f" | grep -q 'NEEDED.*lib\(mpi\|mpich\|open-rte\|open-pal\)' &&
    fail "collsel-common's $f links an MPI library"
done
model=$root/usr/share/collsel/models/hetero-8.toml
step "unpacked $(cat "$work"/*files.txt | wc -l) files into $root; SONAME $soname; dpkg installs the four together"

# 3. Run from the unpacked root.
cd "$work" || fail "cd $work"
for tool in collsel-predict collsel-bbs-sim "collsel-calibrate$tool_suffix" "collsel-bench$tool_suffix" collsel-info; do
  "$root/usr/bin/$tool" --help >"$work/help.txt" 2>&1 || { cat "$work/help.txt" >&2; fail "$tool --help failed"; }
  "$root/usr/bin/$tool" --version >"$work/version.txt" 2>&1 || { cat "$work/version.txt" >&2; fail "$tool --version failed"; }
  grep -q "^$tool $version" "$work/version.txt" || { cat "$work/version.txt" >&2; fail "$tool --version is not $version"; }
done
"$root/usr/bin/collsel-predict" --model "$model" --op scatter --procs 8 --bytes 1M >"$work/predict.txt" 2>&1 ||
  { cat "$work/predict.txt" >&2; fail "packaged collsel-predict failed"; }
grep -q '^ *\* ' "$work/predict.txt" || { cat "$work/predict.txt" >&2; fail "packaged collsel-predict chose nothing"; }
log=$work/collsel.jsonl
env LD_PRELOAD="$shim:$lib/libcollsel-yield.so" COLLSEL_MODEL="$model" \
    COLLSEL_CONFIG="$root/usr/share/collsel/collsel.toml" COLLSEL_PLACEMENT=model COLLSEL_STRICT=1 \
    COLLSEL_LOG="$log" "$mpiexec" "$npflag" 3 "$matmul" -n 120 --speeds 4,2,1 --repeat 2 >"$work/matmul.txt" 2>&1
rc=$?
cat "$work/matmul.txt"
[ $rc -eq 0 ] || fail "matmul under the packaged shim exited $rc"
grep -q "result verified" "$work/matmul.txt" || fail "matmul did not verify its result"
[ -s "$log" ] || fail "no log: the packaged shim was not active"
grep '"kind": "summary"' "$log" | grep '"algorithm": "' | grep -q -v '"algorithm": "native"' ||
  { cat "$log"; fail "the packaged shim chose native everywhere; expected at least one collsel algorithm"; }
step "matmul on 3 ranks under the packaged $(basename "$shim"): result verified, decisions logged"
step "PASS"
