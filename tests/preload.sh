# Sourced by the tests that preload libcollsel.so into a program: preload_list LIB prints the
# LD_PRELOAD value for LIB. A library built with -DCOLLSEL_SANITIZE=ON needs the AddressSanitizer
# runtime first in the process's library list, so the runtime is put in front of it then.
preload_list() {
  if nm -D "$1" 2>/dev/null | grep -q __asan_init; then
    printf '%s:%s\n' "$(gcc -print-file-name=libasan.so)" "$1"
  else
    printf '%s\n' "$1"
  fi
}
