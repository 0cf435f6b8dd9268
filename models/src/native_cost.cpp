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

double NativeCostTable::model_bias(std::string_view kind) const {
  const auto it = bias_.find(std::string(kind));
  if (it == bias_.end() || !(it->second > 0)) return 1.0;
  return std::clamp(it->second, 0.5, 2.0);
}

double NativeCostTable::calibrated(const CallShape& shape, std::string_view kind,
                                   const std::function<double(double)>& modelled) const {
  double x = double(shape.bytes);
  if (!shape.block_bytes.empty())
    x = std::accumulate(shape.block_bytes.begin(), shape.block_bytes.end(), 0.0) / double(shape.procs);
  const auto it = series_.find({shape.op, shape.procs});
  if (it == series_.end() || it->second.size() < 2) return modelled(x);
  const std::vector<Point>& p = it->second;
  const double bias = model_bias(kind);
  const double last = double(p.back().bytes);
  if (x <= last) return predict(shape) * bias;
  const double at_edge = modelled(last);
  if (!(at_edge > 0)) return modelled(x);
  const double ratio = std::clamp(p.back().seconds * bias / at_edge, 0.25, 4.0);
  return modelled(x) * ratio;
}

}  // namespace collsel
