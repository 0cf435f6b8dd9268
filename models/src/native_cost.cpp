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

double NativeCostTable::predict(const CallShape& shape) const {
  const std::vector<Point>* best = nullptr;
  int best_procs = 0;
  for (const auto& [key, pts] : series_) {
    if (key.first != shape.op || pts.empty()) continue;
    if (!best || std::abs(key.second - shape.procs) < std::abs(best_procs - shape.procs)) {
      best = &pts;
      best_procs = key.second;
    }
  }
  if (!best) return -1.0;
  double x = double(shape.bytes);
  if (!shape.block_bytes.empty())
    x = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0) / double(shape.procs);
  const auto& p = *best;
  double t;
  if (p.size() == 1) {
    t = p[0].seconds;
  } else {
    std::size_t k = 1;
    while (k + 1 < p.size() && double(p[k].bytes) < x) ++k;
    const double x0 = double(p[k - 1].bytes), x1 = double(p[k].bytes);
    const double slope = x1 > x0 ? (p[k].seconds - p[k - 1].seconds) / (x1 - x0) : 0.0;
    t = std::max(p[k - 1].seconds + slope * (x - x0), 0.0);
  }
  if (best_procs != shape.procs && best_procs > 1 && shape.procs > 1)
    t *= std::log2(double(shape.procs)) / std::log2(double(best_procs));
  return t;
}

}  // namespace collsel
