#!/bin/sh
# The installed tree works on its own (docs/testing.md, test `install_tree`):
#   1. `cmake --install BUILD --prefix P` into a fresh temporary directory;
#   2. the installed tools and libraries carry no RPATH/RUNPATH into the build or source tree,
#      resolve every library (ldd), and run from P with no LD_LIBRARY_PATH (--help and --version);
#      libcollsel.so links to libcollsel.so.0, its SONAME;
#   3. an unmodified MPI program (examples/matmul) runs on 3 ranks with P/LIBDIR/libcollsel.so
#      preloaded, P's example model and P's default configuration (COLLSEL_STRICT=1: any fallback
#      aborts); its own result check must pass and the shim's log must show its collectives
#      decided from the model;
#   4. a project outside collsel (tests/install/consumer) finds the package with
#      find_package(collsel CONFIG) through CMAKE_PREFIX_PATH, links collsel::models and
#      collsel::collsel, and its programs run;
#   5. pkg-config: `cc $(pkg-config --cflags --libs collsel)` compiles and links a C MPI program
#      using the control API against P (collsel.pc found through PKG_CONFIG_PATH), and it runs.
# Usage: install_test.sh CMAKE BUILD_DIR SOURCE_DIR MPIEXEC NPFLAG MATMUL GENERATOR MAKE_PROGRAM
#                        C_COMPILER CXX_COMPILER
# Env: COLLSEL_INSTALL_{BINDIR,LIBDIR,INCLUDEDIR,DATADIR}, the GNUInstallDirs paths relative to
# the prefix (default bin, lib, include, share; LIBDIR is lib/<multiarch> on Debian); COLLSEL_KEEP_INSTALL_TEST=1 keeps the temporary
# directory.
set -u
if [ $# -ne 10 ]; then
  echo "usage: $0 CMAKE BUILD_DIR SOURCE_DIR MPIEXEC NPFLAG MATMUL GENERATOR MAKE_PROGRAM CC CXX" >&2
  exit 2
fi
cmake=$1 build=$2 source=$3 mpiexec=$4 npflag=$5 matmul=$6 generator=$7 make_program=$8 cc=$9
shift 9
cxx=$1
bindir=${COLLSEL_INSTALL_BINDIR:-bin} libdir=${COLLSEL_INSTALL_LIBDIR:-lib}
includedir=${COLLSEL_INSTALL_INCLUDEDIR:-include} datadir=${COLLSEL_INSTALL_DATADIR:-share}

fail() {
  echo "install_tree: FAIL: $*" >&2
  exit 1
}
step() { echo "install_tree: $*"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/collsel-install-test.XXXXXX") || fail "mktemp"
cleanup() {
  if [ "${COLLSEL_KEEP_INSTALL_TEST:-0}" = 1 ]; then
    echo "install_tree: kept $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
prefix=$work/prefix
case "$work/" in
  "$source"/* | "$build"/*) fail "temporary directory $work is inside the source or build tree (TMPDIR)" ;;
esac
command -v readelf >/dev/null || fail "readelf (binutils) not found"
# Nothing of the build tree may be found through the environment.
unset LD_LIBRARY_PATH CMAKE_PREFIX_PATH collsel_DIR DESTDIR

# 1. Install.
step "cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "cmake --install failed"; }
for f in "$bindir"/collsel-calibrate "$bindir"/collsel-predict "$bindir"/collsel-bench \
         "$bindir"/collsel-bbs-sim "$bindir"/collsel-info "$libdir"/libcollsel.so "$libdir"/libcollsel.so.0 \
         "$libdir"/libcollsel-yield.so "$includedir"/collsel/version.hpp \
         "$includedir"/collsel/collsel.h "$includedir"/collsel/exec.hpp \
         "$includedir"/collsel/model_file.hpp "$datadir"/collsel/collsel.toml \
         "$datadir"/collsel/models/hetero-8.toml "$datadir"/collsel/models/epyc-channels.toml \
         "$libdir"/cmake/collsel/collselConfig.cmake "$libdir"/cmake/collsel/collselConfigVersion.cmake \
         "$libdir"/cmake/collsel/collselTargets.cmake "$libdir"/pkgconfig/collsel.pc; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
# The shim is versioned: libcollsel.so links to libcollsel.so.MAJOR, its SONAME.
soname=$(readelf -d "$prefix/$libdir/libcollsel.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libcollsel.so.0 ] || fail "libcollsel.so: SONAME '$soname', not libcollsel.so.0"
# Every header the installed headers include from collsel/ is installed too.
for h in "$prefix/$includedir"/collsel/*; do
  # shellcheck disable=SC2013  # header names have no blanks
  for inc in $(sed -n 's|^#include "\(collsel/[^"]*\)".*|\1|p' "$h"); do
    [ -e "$prefix/$includedir/$inc" ] || fail "$h includes $inc, which is not installed"
  done
done

# 2. Installed binaries stand alone.
model=$prefix/$datadir/collsel/models/hetero-8.toml
lib=$prefix/$libdir
for f in "$prefix/$bindir"/collsel-* "$lib"/libcollsel*.so; do
  paths=$(readelf -d "$f" 2>/dev/null | sed -n 's/.*(R\(UN\)\{0,1\}PATH).*\[\(.*\)\]/\2/p')
  case "$paths" in
    *"$build"* | *"$source"*) fail "$f: RPATH/RUNPATH points into the build or source tree: $paths" ;;
  esac
  deps=$(ldd "$f" 2>&1) || fail "ldd $f: $deps"
  case "$deps" in
    *"not found"*) fail "$f: unresolved libraries: $deps" ;;
    *"$build"* | *"$source"*) fail "$f: loads libraries from the build or source tree: $deps" ;;
  esac
done
cd "$work" || fail "cd $work"
PATH=$prefix/$bindir:$PATH
export PATH
for tool in collsel-predict collsel-bbs-sim collsel-calibrate collsel-bench collsel-info; do
  "$tool" --help >"$work/help.txt" 2>&1 || { cat "$work/help.txt" >&2; fail "$tool --help failed"; }
  grep -q "^Usage: .*$tool \[OPTIONS\]" "$work/help.txt" || { cat "$work/help.txt" >&2; fail "$tool --help: no usage line"; }
  "$tool" --version >"$work/version.txt" 2>&1 || { cat "$work/version.txt" >&2; fail "$tool --version failed"; }
  grep -q "^$tool [0-9]" "$work/version.txt" || { cat "$work/version.txt" >&2; fail "$tool --version: no version"; }
done
collsel-predict --model "$model" --op bcast --procs 8 --bytes 64K >"$work/predict.txt" 2>&1 ||
  { cat "$work/predict.txt" >&2; fail "collsel-predict on the installed model failed"; }
grep -q '^ *\* ' "$work/predict.txt" || { cat "$work/predict.txt" >&2; fail "collsel-predict chose nothing"; }
collsel-bbs-sim --topology grid4x4 --packets 10 --algorithms bbs --csv >"$work/bbs.csv" 2>&1 ||
  { cat "$work/bbs.csv" >&2; fail "collsel-bbs-sim run failed"; }
grep -q '^grid4x4,16,bbs,10,[0-9]' "$work/bbs.csv" || { cat "$work/bbs.csv" >&2; fail "collsel-bbs-sim: no bbs row"; }
step "installed tools run from $prefix/$bindir; no RPATH or library into $build"

# 3. An unmodified MPI program under the installed shim.
case $(ldd "$matmul") in
  *libcollsel*) fail "$matmul is linked to collsel; it must be a plain MPI program" ;;
esac
log=$work/collsel.jsonl
# COLLSEL_PLACEMENT=model: this host is not one of the model's, ranks map to its processes by rank
# (as in the MPI tests), so the model makes real choices. libcollsel-yield.so: oversubscribed CI.
env LD_PRELOAD="$lib/libcollsel.so:$lib/libcollsel-yield.so" \
    COLLSEL_MODEL="$model" COLLSEL_CONFIG="$prefix/$datadir/collsel/collsel.toml" \
    COLLSEL_PLACEMENT=model COLLSEL_STRICT=1 COLLSEL_LOG="$log" \
    "$mpiexec" "$npflag" 3 "$matmul" -n 120 --speeds 4,2,1 --repeat 2 >"$work/matmul.txt" 2>&1
rc=$?
cat "$work/matmul.txt"
[ $rc -eq 0 ] || fail "matmul under the installed shim exited $rc"
grep -q "result verified" "$work/matmul.txt" || fail "matmul did not verify its result"
[ -s "$log" ] || fail "no log at $log: the installed shim was not active"
cat "$log"
for op in scatterv bcast gatherv; do
  grep '"kind": "summary"' "$log" | grep "\"op\": \"$op\"" | grep -q '"calls": [1-9]' ||
    fail "log has no $op line with calls > 0"
done
# (A scatterv/gatherv call held native without the root's header has no shape to predict.)
grep '"kind": "summary"' "$log" | grep -v 'held without the header' | grep -q '"predicted_us": -' &&
  fail "log shows a decision without a model (predicted_us < 0)"
grep '"kind": "summary"' "$log" | grep '"algorithm": "' | grep -q -v '"algorithm": "native"' ||
  fail "the model chose native everywhere; expected at least one collsel algorithm"
step "matmul on 3 ranks under $lib/libcollsel.so: result verified, decisions logged"

# 4. A consumer project through find_package(collsel CONFIG).
cbuild=$work/consumer
"$cmake" -S "$source/tests/install/consumer" -B "$cbuild" -G "$generator" \
    -DCMAKE_MAKE_PROGRAM="$make_program" -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
    >"$work/consumer-configure.log" 2>&1 ||
  { cat "$work/consumer-configure.log" >&2; fail "consumer project: configure failed"; }
found=$(sed -n 's/^collsel_DIR:PATH=//p' "$cbuild/CMakeCache.txt")
[ "$found" = "$lib/cmake/collsel" ] || fail "consumer found collsel at '$found', not in $prefix"
"$cmake" --build "$cbuild" >"$work/consumer-build.log" 2>&1 ||
  { cat "$work/consumer-build.log" >&2; fail "consumer project: build failed"; }
"$cbuild/consumer_models" "$model" || fail "consumer_models failed"
case $(ldd "$cbuild/consumer_shim") in
  *"$lib/libcollsel.so"*) ;;
  *) fail "consumer_shim does not load $lib/libcollsel.so" ;;
esac
env LD_PRELOAD="$lib/libcollsel-yield.so" COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model \
    COLLSEL_STRICT=1 "$mpiexec" "$npflag" 2 "$cbuild/consumer_shim" || fail "consumer_shim failed"
step "consumer project built with find_package(collsel CONFIG) from $prefix and ran"

# 5. pkg-config.
command -v pkg-config >/dev/null || fail "pkg-config not found"
PKG_CONFIG_PATH=$lib/pkgconfig
export PKG_CONFIG_PATH
pc_version=$(pkg-config --modversion collsel) || fail "pkg-config does not find collsel in $lib/pkgconfig"
pc_flags=$(pkg-config --cflags --libs collsel) || fail "pkg-config --cflags --libs collsel failed"
case "$pc_flags" in
  *"-I$prefix/$includedir"* | *"-I$lib/pkgconfig/"*) ;;
  *) fail "collsel.pc: include directory outside $prefix: $pc_flags" ;;
esac
# shellcheck disable=SC2086  # pkg-config's flags are meant to split
"$cc" -o "$work/pc_consumer" "$source/tests/install/consumer/consumer_shim.c" $pc_flags >"$work/pc.log" 2>&1 ||
  { cat "$work/pc.log" >&2; fail "cc \$(pkg-config --cflags --libs collsel) consumer_shim.c failed (flags: $pc_flags)"; }
env LD_LIBRARY_PATH="$lib" LD_PRELOAD="$lib/libcollsel-yield.so" COLLSEL_MODEL="$model" COLLSEL_PLACEMENT=model \
    COLLSEL_STRICT=1 "$mpiexec" "$npflag" 2 "$work/pc_consumer" || fail "the pkg-config-built program failed"
step "pkg-config: collsel $pc_version, built with '$pc_flags', ran"
step "PASS"
