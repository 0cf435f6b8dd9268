// A large message's PLogP gap against the pair's send overhead and Hockney one-way time
// (fit.hpp, cross_checked_gap). O(1).
#include <algorithm>

#include "collsel/fit.hpp"

namespace collsel::fit {

double cross_checked_gap(double gap, double send_overhead, double one_way, double tolerance) {
  const double low = std::min(send_overhead, one_way), high = std::max(send_overhead, one_way);
  // Without two positive witnesses there is nothing to check against.
  if (!(low > 0) || !(tolerance >= 1)) return gap;
  if (gap >= low / tolerance && gap <= high * tolerance) return gap;
  // The median of three: the two witnesses bracket it unless the gap lies between them.
  return std::clamp(gap, low, high);
}

}  // namespace collsel::fit
