# Sourced by the tests that preload libcollsel.so into a program: preload_list LIB prints the
# LD_PRELOAD value for LIB. A library built with -DCOLLSEL_SANITIZE=ON needs the AddressSanitizer
# runtime first in the process's library list: ctest passes it in COLLSEL_TEST_ASAN_RUNTIME
# (COLLSEL_ASAN_RUNTIME in the top CMakeLists.txt; empty in a normal build).
preload_list() {
  printf '%s%s\n' "${COLLSEL_TEST_ASAN_RUNTIME:+$COLLSEL_TEST_ASAN_RUNTIME:}" "$1"
}
