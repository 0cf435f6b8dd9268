/* A stand-in for UCX's ucp_worker_progress, for testing the yield aid without UCX: returns the
 * number of events it was told to, and counts its calls. */
static unsigned next_events;
static unsigned long calls;

unsigned ucp_worker_progress(void *worker) {
  (void)worker;
  ++calls;
  return next_events;
}

void fake_progress_set_events(unsigned events) { next_events = events; }
unsigned long fake_progress_calls(void) { return calls; }
