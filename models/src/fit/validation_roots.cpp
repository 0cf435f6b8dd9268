// Roots of the validation's schedules: 0, n - 1 and the rank where the models disagree most.
// O(kinds x n x min(n, 64)) model calls.
#include <algorithm>
#include <limits>

#include "collsel/fit.hpp"

namespace collsel::fit {

std::vector<int> validation_roots(std::span<const P2PModel* const> kinds, int n, double bytes) {
  std::vector<int> roots;
  if (n <= 0) return roots;
  roots.push_back(0);
  if (n > 1) roots.push_back(n - 1);
  if (kinds.size() < 2 || n < 3) return roots;
  constexpr int kMaxPeers = 64;
  const int stride = std::max(1, n / kMaxPeers);
  // Seconds between the slowest and the fastest kind's time to reach every sampled peer from r
  // and be reached by it: where a wrong model costs the most time. (A ratio would pick the fast
  // hosts, where a few microseconds of disagreement are a large share.)
  auto disagreement = [&](int r) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const P2PModel* m : kinds) {
      double sum = 0;
      for (int j = 0; j < n; j += stride)
        if (j != r) sum += m->p2p(r, j, bytes) + m->p2p(j, r, bytes);
      lo = std::min(lo, sum);
      hi = std::max(hi, sum);
    }
    return hi - lo;
  };
  const double known = std::max(disagreement(0), disagreement(n - 1));
  int best = -1;
  double most = known * (1 + 1e-9) + 1e-12;
  for (int r = 1; r < n - 1; ++r)
    if (const double d = disagreement(r); d > most) most = d, best = r;
  if (best >= 0) roots.push_back(best);
  return roots;
}

}  // namespace collsel::fit
