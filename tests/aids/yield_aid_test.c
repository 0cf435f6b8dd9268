/* yield_aid_test: libcollsel-yield.so (shim/aids/progress_yield.c) preloaded ahead of a fake
 * ucp_worker_progress (fake_progress.c), COLLSEL_YIELD_NAP_US set to argv[1]. Checks:
 *   - every call reaches the library's progress and returns its events;
 *   - naps on (N > 0): 30 empty polls in a row take at least the naps of polls 16..30, 5 us
 *     doubling up to N (a sleep is never shorter than asked);
 *   - a poll with events starts over: with N = 100000 the 15 empty polls after it only yield
 *     (under 150 ms, where asleep they would take 400 ms or more; 10 ms of scheduling delay per
 *     yield is allowed) and the 16th naps 5 us, not the 100 ms reached before (under 50 ms);
 *   - naps off (N = 0 or an invalid value): the same polls return the same values.
 * Exit 0 when every check held, 1 otherwise (each failure printed), 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

unsigned ucp_worker_progress(void *worker);
void fake_progress_set_events(unsigned events);
unsigned long fake_progress_calls(void);

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e6 * (double)t.tv_sec + 1e-3 * (double)t.tv_nsec;
}

static int failures;
static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    ++failures;
  }
}

/* Microseconds the aid naps at least over `polls` empty polls in a row, naps capped at cap_us. */
static double least_nap_us(int polls, double cap_us) {
  double total = 0, nap = 0;
  for (int k = 16; k <= polls; ++k) {
    nap = nap ? nap * 2 : 5;
    if (nap > cap_us) nap = cap_us;
    total += nap;
  }
  return total;
}

/* `polls` empty polls; returns their elapsed microseconds. */
static double empty_polls(int polls) {
  fake_progress_set_events(0);
  const double start = now_us();
  for (int k = 0; k < polls; ++k) check(ucp_worker_progress(NULL) == 0, "an empty poll returns 0");
  return now_us() - start;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: yield_aid_test NAP_US (0 when the aid should not nap)\n");
    return 2;
  }
  const double cap_us = atof(argv[1]);

  fake_progress_set_events(3);
  check(ucp_worker_progress(NULL) == 3, "a poll with events returns them");
  check(fake_progress_calls() == 1, "the poll reached the library's progress once");

  const double napping = empty_polls(30);
  check(fake_progress_calls() == 31, "every empty poll reached the library's progress");
  if (cap_us > 0) {
    printf("30 empty polls: %.0f us (naps at least %.0f us)\n", napping, least_nap_us(30, cap_us));
    check(napping >= least_nap_us(30, cap_us), "empty polls from the 16th on nap, doubling up to the cap");
  }

  fake_progress_set_events(1);
  check(ucp_worker_progress(NULL) == 1, "a poll with events after naps returns them");
  const double yielding = empty_polls(15);
  const double first_nap = empty_polls(1);
  check(fake_progress_calls() == 48, "every poll reached the library's progress");
  if (cap_us >= 100000) {
    printf("after an event: 15 empty polls %.0f us, the 16th %.0f us\n", yielding, first_nap);
    check(yielding < 150000, "a poll with events starts the count over: the next 15 empty polls only yield");
    check(first_nap < 50000, "a poll with events starts the naps over: the 16th empty poll naps 5 us");
  }
  return failures ? 1 : 0;
}
