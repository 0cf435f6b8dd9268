// MPIBlib's stopping rule: the Student-t confidence interval of the mean. O(n) per check.
#include <cmath>
#include <limits>
#include <numeric>

#include <gsl/gsl_cdf.h>

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

bool precise_enough(std::span<const double> samples, const Precision& p) {
  const int n = int(samples.size());
  if (n >= p.max_reps) return true;
  if (n < p.min_reps || n < 2) return false;
  return sample_stats(samples, p.cl).relative() <= p.eps;
}

}  // namespace collsel::fit
