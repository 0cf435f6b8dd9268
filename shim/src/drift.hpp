// The drift rule of a frozen shape, without MPI (docs/shim.md, "Drift"; the shim's calls:
// measured_calls.hpp). Unit-tested in tests/unit.
#pragma once

#include <span>
#include <vector>

namespace collsel::shim {

// A shape's verdict, once frozen, keeps being measured cheaply: every drift_every-th call is timed
// on every rank, and after `window` such calls the ranks agree on their times (one reduction, the
// slowest rank's time per call). A window's time is the median of its calls: one preempted call
// does not move it, a slowdown of more than half the calls does. The first window after each
// freeze is the baseline; a later window whose median exceeds it by more than `threshold` is a
// drift: the shape is verified again, at most `max_reverifications` times per job, after which
// the monitor stops (no more samples, no more agreements). After a re-verification the next
// freeze starts a new baseline. The same on every rank: it sees only agreed times.
class DriftMonitor {
 public:
  DriftMonitor(double threshold, int max_reverifications);

  enum class Outcome { baseline, steady, drift };
  // A window's agreed seconds per sampled call. On a drift the baseline is dropped: the first
  // window after the next freeze sets the new one.
  Outcome window_done(std::span<const double> slowest);
  // Whether the shape is still sampled: on (threshold > 0) and re-verifications left.
  bool watching() const { return threshold_ > 0 && reverified_ < max_; }
  double baseline() const { return baseline_; }        // seconds; negative: none yet
  double last_window() const { return last_; }         // the latest window's median, seconds
  int reverifications() const { return reverified_; }  // drifts found so far

 private:
  double threshold_;
  int max_;
  double baseline_ = -1, last_ = -1;
  int reverified_ = 0;
};

// Counts `covered` more calls of a frozen shape (`calls` so far) and tells whether this one is a
// sample: whether the count passed a multiple of `every`. One call at a time, that is every
// every-th call. Scatterv and gatherv, whose root alone counts and tells the others in its header
// (v_header.hpp), count a call that starts a held native (v_native_recheck) with the calls it holds
// for, which go without the header: such a call is sampled when those calls reach the interval.
inline bool drift_sample_due(long& calls, long covered, int every) {
  const long before = calls;
  calls += covered;
  return calls / every > before / every;
}

// The median of a window's calls (0 for none).
double window_median(std::span<const double> calls);

// What the window agreements may cost: at most this share of the time of the calls they watch.
inline constexpr double kDriftAgreementShare = 0.01;
// The sampling interval stretches to at most this many calls.
inline constexpr int kMaxDriftEvery = 4096;

// The sampling interval after a window: `every` doubled (up to kMaxDriftEvery) when the latest
// agreement took more than kDriftAgreementShare of the time of the every x window calls it
// watched (each as long as the window's median); else `every`. Its inputs are agreed (the slowest
// rank's), so every rank stretches alike.
int next_drift_every(int every, int window, double agreement_seconds, double median_seconds);

}  // namespace collsel::shim
