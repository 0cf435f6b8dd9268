// MPIBlib's stopping rule: the Student-t confidence interval of the mean, over the samples left
// after removing interrupted repetitions (far-out slow outliers). O(n log n) per check.
#include <cmath>
#include <limits>
#include <numeric>

#include <algorithm>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include "collsel/fit.hpp"

namespace collsel::fit {

double SampleStats::relative() const {
  if (mean != 0) return half_width / std::abs(mean);
  return half_width == 0 ? 0.0 : std::numeric_limits<double>::infinity();
}

SampleStats sample_stats(std::span<const double> samples, double cl) {
  SampleStats s;
  s.n = int(samples.size());
  if (s.n == 0) {
    s.half_width = std::numeric_limits<double>::infinity();
    return s;
  }
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / s.n;
  if (s.n < 2) {
    s.half_width = std::numeric_limits<double>::infinity();
    return s;
  }
  double ss = 0;
  for (double v : samples) ss += (v - s.mean) * (v - s.mean);
  const double sd = std::sqrt(ss / (s.n - 1));
  // Two-sided interval: the (1 + cl) / 2 quantile of t with n - 1 degrees of freedom.
  const double t = gsl_cdf_tdist_Pinv(0.5 + 0.5 * cl, double(s.n - 1));
  s.half_width = t * sd / std::sqrt(double(s.n));
  return s;
}

std::vector<double> without_interruptions(std::span<const double> samples) {
  std::vector<double> kept(samples.begin(), samples.end());
  if (kept.size() < 4) return kept;
  std::vector<double> sorted = kept;
  std::sort(sorted.begin(), sorted.end());
  const double q1 = gsl_stats_quantile_from_sorted_data(sorted.data(), 1, sorted.size(), 0.25);
  const double q3 = gsl_stats_quantile_from_sorted_data(sorted.data(), 1, sorted.size(), 0.75);
  const double fence = q3 + 3 * (q3 - q1);
  kept.erase(std::remove_if(kept.begin(), kept.end(), [&](double v) { return v > fence; }), kept.end());
  return kept;
}

SampleStats robust_stats(std::span<const double> samples, double cl) {
  return sample_stats(without_interruptions(samples), cl);
}

bool converged(std::span<const double> samples, const Precision& p) {
  if (int(samples.size()) < std::max(2, p.min_reps)) return false;
  const std::vector<double> kept = without_interruptions(samples);
  if (int(kept.size()) < std::max(2, p.min_reps)) return false;
  return sample_stats(kept, p.cl).relative() <= p.eps;
}

bool precise_enough(std::span<const double> samples, const Precision& p, double elapsed) {
  const int n = int(samples.size());
  if (n >= p.max_reps) return true;
  if (n < p.min_reps || n < 2) return false;
  if (p.max_seconds > 0 && elapsed >= p.max_seconds) return true;
  return converged(samples, p);
}

Stop next_step(std::span<const double> samples, const Precision& p, double elapsed, const MeasureOn& on,
               MeasureOnState& state) {
  state.last = elapsed;
  if (state.capped_at < 0) {
    if (!precise_enough(samples, p, elapsed)) return Stop::more;
    if (converged(samples, p)) return Stop::converged;
    // At a cap of the preset, short of the precision.
    if (on.budget <= 0 || on.per_experiment <= 0) return Stop::preset_cap;
    state.capped_at = elapsed;
    state.checked = samples.size();
    return Stop::more;
  }
  const std::size_t n = samples.size();
  if (n >= state.checked + std::max<std::size_t>(1, state.checked / 8)) {
    state.checked = n;
    if (converged(samples, p)) return Stop::converged;
  }
  const double on_for = elapsed - state.capped_at;
  if (on_for >= std::min(on.budget, on.per_experiment) || (on.max_reps > 0 && int(n) >= on.max_reps)) {
    // The last check may be up to an eighth of the series old: look once more before giving up.
    return converged(samples, p) ? Stop::converged : Stop::time_cap;
  }
  return Stop::more;
}

}  // namespace collsel::fit
