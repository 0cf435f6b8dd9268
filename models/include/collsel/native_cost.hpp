// Cost of the MPI library's own algorithm ("native"), from collsel-calibrate's timings of the
// PMPI_ collectives over a grid of sizes.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "collsel/collective.hpp"
#include "collsel/schedule.hpp"

namespace collsel {

class NativeCostTable {
 public:
  struct Point {
    std::size_t bytes;  // CallShape::bytes (per-rank block for scatter/gather, mean block for v)
    double seconds;
  };
  // Series measured at `procs` processes for `op` (root 0). Points are kept sorted by bytes.
  void add(Collective op, int procs, std::vector<Point> points);
  bool has(Collective op, int procs) const;
  // Piecewise-linear interpolation in bytes (linear extrapolation past the ends) of the series at
  // the nearest measured process count, scaled by log2 ratio of process counts when they differ.
  // Returns a negative value when nothing was measured for `op`.
  double predict(const CallShape& shape) const;

  const std::map<std::pair<Collective, int>, std::vector<Point>>& series() const { return series_; }

 private:
  std::map<std::pair<Collective, int>, std::vector<Point>> series_;
};

}  // namespace collsel
