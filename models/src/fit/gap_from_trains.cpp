// PLogP gap per message from trains of 2^x back-to-back messages (as logp_mpi measures it): the
// least-squares slope of train time over train length. O(number of trains).
#include <algorithm>

#include "collsel/fit.hpp"

namespace collsel::fit {

double gap_from_trains(std::span<const double> counts, std::span<const double> times) {
  const LineFit f = fit_line(counts, times);
  // A gap is a time: noise on a machine that overlaps everything may tilt the line below zero.
  return std::max(0.0, f.slope);
}

}  // namespace collsel::fit
