// The 10%-escalation stride search for the LMO gather threshold M1: each pass measures one
// series (about (hi - lo) / stride points the first time, 3 afterwards) and halves the stride, so
// log2(stride / min_stride) + 1 passes.
#include <cmath>

#include "collsel/fit.hpp"

namespace collsel::fit {
namespace {

// Index of the first point above (1 + jump) times the line through the two points before it.
std::optional<std::size_t> first_escalation(const std::vector<double>& t, double jump) {
  for (std::size_t k = 2; k < t.size(); ++k) {
    const double expected = 2 * t[k - 1] - t[k - 2];
    if (t[k] > (1 + jump) * std::max(expected, t[k - 1])) return k;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> escalation_search(const std::function<std::vector<double>(const std::vector<double>&)>& measure,
                                        double lo, double hi, double stride, double min_stride, double jump) {
  if (!(stride > 0) || !(hi > lo)) return std::nullopt;
  std::optional<double> found;
  double start = lo, end = hi;
  while (stride >= min_stride) {
    std::vector<double> sizes;
    for (double m = start; m <= end + 1e-9; m += stride) sizes.push_back(std::round(m));
    if (sizes.size() < 3) break;
    const std::vector<double> t = measure(sizes);
    const auto k = first_escalation(t, jump);
    if (!k) break;  // the finer series is smooth: keep what the coarser one found
    found = sizes[*k - 1];
    // Zoom in: from two strides before the jump (to extrapolate) to the jump itself.
    start = sizes[*k - 2];
    end = sizes[*k];
    stride /= 2;
  }
  return found;
}

}  // namespace collsel::fit
