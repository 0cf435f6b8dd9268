// Cost of the MPI library's own algorithm ("native"), from collsel-calibrate's timings of the
// PMPI_ collectives over a grid of sizes.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
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
  // Returns a negative value when nothing was measured for `op`. (The raw table; predict() uses
  // calibrated() below.)
  double predict(const CallShape& shape) const;

  // native's prediction: `modelled(bytes)` is the cost of MPICH's own schedule for this shape at
  // `bytes` under the p2p model of kind `kind` (mpich_native.hpp), the same model every candidate
  // is costed with. Where this op was measured at this process count and the call is within the
  // measured sizes, the measurement is the better estimate, but it is scaled by that model's
  // validation bias (predicted / measured over collsel's own schedules, [validation] bias), so the
  // model's systematic error applies to native as to the candidates and cancels in the ranking.
  // Beyond the measured sizes: modelled(bytes) times the same ratio at the largest measured size
  // (the MPICH schedule's shape carries the growth; the measurement, its level). Elsewhere (no
  // series at this process count): modelled(bytes).
  double calibrated(const CallShape& shape, std::string_view kind, const std::function<double(double)>& modelled) const;

  // Validation bias per model kind (1 = unbiased); kept within [0.5, 2].
  void set_model_bias(const std::map<std::string, double>& bias) { bias_ = bias; }
  double model_bias(std::string_view kind) const;

  const std::map<std::pair<Collective, int>, std::vector<Point>>& series() const { return series_; }

 private:
  std::map<std::pair<Collective, int>, std::vector<Point>> series_;
  std::map<std::string, double> bias_;
};

}  // namespace collsel
