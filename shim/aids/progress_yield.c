/* libcollsel-yield.so, an aid for oversubscribed MPI (more ranks than cores, as in CI on 2 cores,
 * or the emulated cluster): preloaded into the MPI tests, collsel-calibrate or any program, it wraps UCX's ucp_worker_progress, through which MPICH ch4:ucx
 * polls while it waits, and yields the core whenever a poll found nothing to do. MPICH itself
 * never yields (MPIR_CVAR_POLLS_BEFORE_YIELD is not used by ch4), so a waiting rank would spin
 * for its whole time slice while the rank it waits for cannot run; with the yield a message
 * between two ranks sharing a core costs a context switch instead of a time slice (about 5x
 * faster at 8 ranks on 2 cores, docs/testing.md). Changes no result: it only gives up the core.
 * With an MPI library that does not use UCX the wrapper is never called. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>

typedef unsigned (*progress_fn)(void *worker);

unsigned ucp_worker_progress(void *worker) {
  static progress_fn real; /* looked up once; threads may race to store the same value */
  progress_fn f = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (!f) {
    f = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
    __atomic_store_n(&real, f, __ATOMIC_RELEASE);
  }
  const unsigned events = f(worker);
  if (events == 0) sched_yield();
  return events;
}
