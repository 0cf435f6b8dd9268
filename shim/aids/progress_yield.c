/* libcollsel-yield.so, an aid for oversubscribed MPI (more ranks than cores, as in CI on 2 cores,
 * or the emulated cluster): preloaded into the MPI tests, collsel-calibrate or any program, it
 * wraps UCX's ucp_worker_progress, through which MPICH ch4:ucx polls while it waits, and yields
 * the core whenever a poll found nothing to do. MPICH itself never yields
 * (MPIR_CVAR_POLLS_BEFORE_YIELD is not used by ch4), so a waiting rank would spin for its whole
 * time slice while the rank it waits for cannot run; with the yield a message
 * between two ranks sharing a core costs a context switch instead of a time slice (about 5x
 * faster at 8 ranks on 2 cores, docs/testing.md). Changes no result: it only gives up the core.
 * With an MPI library that does not use UCX the wrapper is never called.
 *
 * COLLSEL_YIELD_NAP_US=N (default 0: off): after kEmptyPollsBeforeNap empty polls in a row, sleep
 * instead of yielding, 5 us doubling up to N us (the kernel's timer slack adds ~50 us to each),
 * until a poll finds work. A yielding rank stays runnable and takes its share of the cores back at
 * once: on the emulated cluster an unshaped pair's 1 MB transfer took 1.7 ms alone and 12.7 ms
 * beside a pair waiting on a 250 Mbit/s link; napping, 3.3 ms. Asleep, waiting ranks leave the
 * cores to those moving data, as separate hosts would (docs/emulated-cluster.md, "Waiting ranks
 * nap"). The price: a message that arrives during a nap is noticed up to one nap later. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned (*progress_fn)(void *worker);

enum { kEmptyPollsBeforeNap = 16 };
static const long kFirstNapNs = 5000;
static const long kLongestNapUs = 1000000; /* a nap of up to a second is accepted, not more */

/* COLLSEL_YIELD_NAP_US as nanoseconds; 0 when unset, empty or invalid (said once on stderr). */
static long read_nap_cap_ns(void) {
  const char *text = getenv("COLLSEL_YIELD_NAP_US");
  if (!text || !*text) return 0;
  char *end = NULL;
  errno = 0;
  const long us = strtol(text, &end, 10);
  if (errno || *end || us < 0 || us > kLongestNapUs) {
    fprintf(stderr, "libcollsel-yield: COLLSEL_YIELD_NAP_US=\"%s\" is not a whole number of microseconds in 0..%ld; "
            "not napping, yielding only\n", text, kLongestNapUs);
    return 0;
  }
  return us * 1000;
}

static progress_fn real_progress;
static long nap_cap_ns;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void setup(void) {
  real_progress = (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
  nap_cap_ns = read_nap_cap_ns();
}

unsigned ucp_worker_progress(void *worker) {
  static __thread unsigned empty_polls;
  static __thread long nap_ns;
  pthread_once(&setup_once, setup);
  const unsigned events = real_progress(worker);
  if (events) {
    empty_polls = 0;
    nap_ns = 0;
    return events;
  }
  if (nap_cap_ns <= 0 || ++empty_polls < kEmptyPollsBeforeNap) {
    sched_yield();
    return events;
  }
  nap_ns = nap_ns ? nap_ns * 2 : kFirstNapNs;
  if (nap_ns > nap_cap_ns) nap_ns = nap_cap_ns;
  const struct timespec nap = {nap_ns / 1000000000L, nap_ns % 1000000000L};
  nanosleep(&nap, NULL);
  return events;
}
