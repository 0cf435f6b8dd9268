#include "collsel/native_cost.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

namespace collsel {

void NativeCostTable::add(Collective op, int procs, std::vector<Point> points) {
  std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.bytes < b.bytes; });
  series_[{op, procs}] = std::move(points);
}

bool NativeCostTable::has(Collective op, int procs) const { return series_.count({op, procs}) != 0; }

double NativeCostTable::calibrated(const CallShape& shape,
                                   const std::function<double(const CallShape&)>& modelled,
                                   CorrectionReach reach) const {
  return modelled(shape) * correction(shape, modelled, reach);
}

double NativeCostTable::correction(const CallShape& shape, const std::function<double(const CallShape&)>& modelled,
                                   CorrectionReach reach) const {
  const auto it = series_.find({shape.op, shape.procs});
  if (it == series_.end() || it->second.empty()) return 1.0;
  if (reach == CorrectionReach::measured_root && shape.root != kMeasuredRoot) return 1.0;
  const std::vector<Point>& p = it->second;
  double x = double(shape.bytes);
  if (!shape.block_bytes.empty())
    x = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0) / double(shape.procs);
  // The correction at measured point k: what native took there over what the model says it takes,
  // or 0 where the model has no cost to correct.
  auto ratio_at = [&](std::size_t k) {
    const CallShape measured{.op = shape.op, .procs = shape.procs, .root = kMeasuredRoot, .bytes = p[k].bytes,
                             .element_bytes = shape.element_bytes, .native_library = shape.native_library};
    const double m = modelled(measured);
    return m > 0 && p[k].seconds > 0 ? p[k].seconds / m : 0.0;
  };
  std::size_t hi = 0;
  while (hi < p.size() && double(p[hi].bytes) < x) ++hi;
  double ratio;
  if (hi == 0 || hi == p.size()) {
    ratio = ratio_at(hi == 0 ? 0 : p.size() - 1);
  } else {
    const double r0 = ratio_at(hi - 1), r1 = ratio_at(hi);
    const double x0 = std::log(std::max(1.0, double(p[hi - 1].bytes)));
    const double x1 = std::log(std::max(1.0, double(p[hi].bytes)));
    const double w = x1 > x0 ? (std::log(std::max(1.0, x)) - x0) / (x1 - x0) : 1.0;
    ratio = r0 > 0 && r1 > 0 ? r0 + w * (r1 - r0) : std::max(r0, r1);
  }
  // Not clamped: at a measured size the ratio is the measurement's own, and a bound would hold
  // native away from what it was measured to take (docs/design/0019).
  return ratio > 0 ? ratio : 1.0;
}

}  // namespace collsel
