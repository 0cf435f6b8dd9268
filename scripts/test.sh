#!/usr/bin/env bash
# Builds collsel and runs every test (unit tests and MPI integration tests) through ctest; then,
# where Open MPI is installed, a second build against Open MPI and the MPI tests labelled
# ci-openmpi under it (docs/mpi-libraries.md, docs/testing.md).
# Tests labelled `extended` (the P = 8 cross-product for roots other than 0 and 5) run only with
# COLLSEL_TEST_EXTENDED=1: CI's 25 minutes hold everything else, both libraries included.
# Usage: scripts/test.sh [extra ctest args]     Env: BUILD_DIR (default build), JOBS,
#   COLLSEL_OPENMPI=0 to leave the Open MPI part out, OPENMPI_BUILD_DIR (default BUILD_DIR-openmpi),
#   COLLSEL_TEST_EXTENDED=1 to run the `extended` tests too.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}
# The tests' build carries line tables only (-g1): a crash's backtrace still names file and line,
# and the build compiles a third faster than with full debug information.
test_flags="-O2 -g1 -DNDEBUG"
flags_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$test_flags"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$test_flags" "-DCMAKE_Fortran_FLAGS_RELWITHDEBINFO=$test_flags")
cmake -S . -B "$BUILD_DIR" -G Ninja "${flags_args[@]}" ${CMAKE_ARGS:-}
cmake --build "$BUILD_DIR" -j "$JOBS"
extended=(-LE extended)
if [ "${COLLSEL_TEST_EXTENDED:-0}" = 1 ]; then extended=(); fi
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS" "${extended[@]}" "$@"

if [ "${COLLSEL_OPENMPI:-1}" = 0 ]; then
  echo "test.sh: Open MPI part left out (COLLSEL_OPENMPI=0)"
  exit 0
fi
if ! command -v mpicc.openmpi >/dev/null || ! command -v mpirun.openmpi >/dev/null; then
  echo "test.sh: Open MPI is not installed (mpicc.openmpi, mpirun.openmpi): Open MPI part left out"
  exit 0
fi
# Only what the chosen tests need: the shim, the yield aid, the cross-product, the shim's tests,
# skewed verification, the large-count test and the Fortran example (no benchmarks, no SimGrid build); models/ has no MPI, so the MPICH build's
# library serves (COLLSEL_MODELS_LIBRARY).
OPENMPI_BUILD_DIR=${OPENMPI_BUILD_DIR:-$BUILD_DIR-openmpi}
cmake -S . -B "$OPENMPI_BUILD_DIR" -G Ninja "${flags_args[@]}" \
  -DMPI_C_COMPILER=mpicc.openmpi -DMPI_CXX_COMPILER=mpicxx.openmpi -DMPI_Fortran_COMPILER=mpifort.openmpi \
  -DMPIEXEC_EXECUTABLE="$(command -v mpirun.openmpi)" -DCOLLSEL_BUILD_BENCHMARKS=OFF -DCOLLSEL_WITH_SMPI=OFF \
  -DCOLLSEL_MODELS_LIBRARY="$(realpath "$BUILD_DIR")/lib/libcollsel_models.a" ${CMAKE_ARGS:-}
targets=(collsel collsel-yield collsel_mpi_crossproduct shim_smoke shim_preload_app shim_report_app
  collsel_mpi_verify)
all_targets=$(ninja -C "$OPENMPI_BUILD_DIR" -t targets all)
for t in collsel_mpi_large_count collsel_fortran_collectives collsel_fortran_collectives_f08; do  # where the library and a compiler have them
  if grep -q "^$t:" <<<"$all_targets"; then targets+=("$t"); fi
done
cmake --build "$OPENMPI_BUILD_DIR" -j "$JOBS" --target "${targets[@]}"
# Open MPI refuses root and more ranks than cores unless told; waiting ranks yield the core. One
# test at a time: two mpirun.openmpi jobs at once share /tmp/ompi.<host>.<uid>, and one's cleanup
# can remove it while the other creates its session directory there ("A call to mkdir was unable
# to create the desired directory", orte_init failed); the 25 tests take about 30 s in a row.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
  OMPI_MCA_mpi_yield_when_idle=1 \
  ctest --test-dir "$OPENMPI_BUILD_DIR" --output-on-failure -j 1 -L ci-openmpi
