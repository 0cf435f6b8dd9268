#include "drift.hpp"

#include <algorithm>

namespace collsel::shim {

double window_median(std::span<const double> calls) {
  std::vector<double> t(calls.begin(), calls.end());
  std::ranges::sort(t);
  const std::size_t k = t.size();
  return k == 0 ? 0.0 : k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
}

DriftMonitor::DriftMonitor(double threshold, int max_reverifications)
    : threshold_(threshold), max_(max_reverifications) {}

DriftMonitor::Outcome DriftMonitor::window_done(std::span<const double> slowest) {
  last_ = window_median(slowest);
  if (baseline_ < 0) {
    baseline_ = last_;
    return Outcome::baseline;
  }
  if (!watching() || !(last_ > baseline_ * (1.0 + threshold_))) return Outcome::steady;
  ++reverified_;
  baseline_ = -1;
  return Outcome::drift;
}

int next_drift_every(int every, int window, double agreement_seconds, double median_seconds) {
  const double watched = double(every) * double(window) * median_seconds;
  if (every < kMaxDriftEvery && agreement_seconds > kDriftAgreementShare * watched)
    return std::min(2 * every, kMaxDriftEvery);
  return every;
}

}  // namespace collsel::shim
