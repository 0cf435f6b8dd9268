/* libcollsel-pmi-progress.so: keeps UCX progressing while MPICH waits for the process manager.
 *
 * Why: MPICH 4.0.2 (ch4:ucx) finalizes in three steps: disconnect every UCX endpoint (progressing
 * the worker until its own disconnects complete), then a blocking PMI barrier (a read() on the
 * PMI socket), then destroy the worker. Over UCX's tcp transport a disconnect can need an answer
 * from the peer. A rank whose own disconnects finished early sits in the PMI read and no longer
 * progresses UCX, so the peer waiting for that answer never finishes its disconnect and never
 * joins the barrier: the job hangs in MPI_Finalize. On the emulated cluster (8 hosts, tcp) this
 * hung about one job in three, with or without collsel: the rank still in MPI_Finalize spins in
 * ucp_worker_progress while the others block in read() with the peer's 25-byte message unread in
 * their socket (seen with gdb and ss).
 *
 * What: preloaded (LD_PRELOAD) into the MPI ranks, it remembers the UCX worker MPICH progresses,
 * and while a read() on the PMI socket (PMI_FD, set by hydra) has nothing to read yet, it keeps
 * calling ucp_worker_progress on that worker, 1 ms poll at a time. Once the worker is destroyed
 * the read is plain again. Reads on other descriptors, and every read before MPICH's first
 * progress call (MPI_Init's PMI exchange), are untouched. It changes no result: the progress
 * calls only answer protocol messages that the blocked rank would otherwise leave unread.
 * With an MPI library that neither uses UCX nor a PMI socket the wrappers pass straight through. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

typedef unsigned (*progress_fn)(void *worker);
typedef void (*destroy_fn)(void *worker);
typedef ssize_t (*read_fn)(int fd, void *buf, size_t count);

static void *worker_seen;  /* the worker MPICH last progressed; NULL once destroyed */
static int pmi_fd = -1;

static void *next_symbol(const char *name) { return dlsym(RTLD_NEXT, name); }

__attribute__((constructor)) static void read_pmi_fd(void) {
  const char *text = getenv("PMI_FD");
  if (text) {
    char *end = NULL;
    long fd = strtol(text, &end, 10);
    if (end != text && *end == '\0' && fd >= 0) pmi_fd = (int)fd;
  }
}

static progress_fn real_progress(void) {
  static progress_fn fn;
  progress_fn f = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);
  if (!f) {
    f = (progress_fn)next_symbol("ucp_worker_progress");
    __atomic_store_n(&fn, f, __ATOMIC_RELEASE);
  }
  return f;
}

unsigned ucp_worker_progress(void *worker) {
  __atomic_store_n(&worker_seen, worker, __ATOMIC_RELEASE);
  return real_progress()(worker);
}

void ucp_worker_destroy(void *worker) {
  static destroy_fn fn;
  destroy_fn f = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);
  if (!f) {
    f = (destroy_fn)next_symbol("ucp_worker_destroy");
    __atomic_store_n(&fn, f, __ATOMIC_RELEASE);
  }
  void *expected = worker;
  __atomic_compare_exchange_n(&worker_seen, &expected, NULL, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  f(worker);
}

ssize_t read(int fd, void *buf, size_t count) {
  static read_fn fn;
  read_fn f = __atomic_load_n(&fn, __ATOMIC_ACQUIRE);
  if (!f) {
    f = (read_fn)next_symbol("read");
    __atomic_store_n(&fn, f, __ATOMIC_RELEASE);
  }
  if (fd >= 0 && fd == pmi_fd) {
    for (;;) {
      void *worker = __atomic_load_n(&worker_seen, __ATOMIC_ACQUIRE);
      if (!worker) break;
      struct pollfd want = {.fd = fd, .events = POLLIN, .revents = 0};
      const int ready = poll(&want, 1, 1);
      if (ready > 0 || (ready < 0 && errno != EINTR)) break;  /* readable, closed or an error: read() reports it */
      real_progress()(worker);
    }
  }
  return f(fd, buf, count);
}
