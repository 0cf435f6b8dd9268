// Cost of the MPI library's own algorithm ("native"), from collsel-calibrate's timings of the
// PMPI_ collectives over a grid of sizes.
#pragma once

#include <cstddef>
#include <functional>
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
  // The root collsel-calibrate measures the library's collectives at.
  static constexpr int kMeasuredRoot = 0;

  // Where a measurement at kMeasuredRoot speaks for a call. A rooted schedule's measurement is
  // its root's links' (an incast into a shaped link, say) and says nothing of another root's:
  // measured_root. Where the library's schedule has every rank exchanging at once
  // (exchanges_on_every_rank), the measurement carries what the point-to-point model misses there
  // — every link loaded together — and that is the same at any root: any_root
  // (docs/design/0007).
  enum class CorrectionReach { measured_root, any_root };

  // native's prediction: `modelled(shape)` is the cost of MPICH's own schedule for a shape under
  // the p2p model the candidates are costed with (mpich_native.hpp). Where this op was measured
  // at this process count and the call is within `reach` of the measured root, the measurement
  // corrects it: at each measured size b the ratio measured(b) / modelled(the measured shape at b,
  // equal blocks), interpolated in log(bytes) at the call's size (the nearest ratio outside the
  // measured sizes), multiplies modelled(shape). The ratio is not bounded: at a measured size with
  // equal blocks at the measured root the prediction is the measurement itself, however far the
  // model is from it (docs/design/0019). So the level comes from the measurement, the growth
  // beyond it and the blocks' spread (and another root's links) from the model. Out of reach, or
  // with no series at this process count: modelled(shape).
  double calibrated(const CallShape& shape, const std::function<double(const CallShape&)>& modelled,
                    CorrectionReach reach = CorrectionReach::measured_root) const;
  // The factor of calibrated() alone (1 where nothing corrects the call): `modelled` is asked only
  // for the measured shapes, so a caller that has priced the call itself applies the factor to
  // that price (and to any other reading of it, predict()'s rested call).
  double correction(const CallShape& shape, const std::function<double(const CallShape&)>& modelled,
                    CorrectionReach reach = CorrectionReach::measured_root) const;

  const std::map<std::pair<Collective, int>, std::vector<Point>>& series() const { return series_; }

 private:
  std::map<std::pair<Collective, int>, std::vector<Point>> series_;
};

}  // namespace collsel
